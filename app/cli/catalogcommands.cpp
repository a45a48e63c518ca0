#include "catalogcommands.h"

#include <QCommandLineParser>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>
#include <QTextStream>

#include <headroom/io/textwidth.h>
#include <headroom/io/catalogue.h>
#include <headroom/memory/scenario.h>

#include "cliio.h"
#include "wording.h"
#include "scenariooptions.h"

namespace headroom::cli {

namespace {

ParseOutcome parseListOptions(QCommandLineParser &parser, const QStringList &arguments, const QString &description,
                              const char *command)
{
    parser.setApplicationDescription(description);
    parser.addHelpOption();
    parser.addOption({ QStringLiteral("json"), Cli::tr("Print JSON.") });
    return parseCommand(parser, arguments, command);
}

} // namespace

int runPresetsCommand(const QStringList &arguments)
{
    QCommandLineParser parser;
    if (const ParseOutcome outcome = parseListOptions(parser, arguments, Cli::tr("List the model presets."), "presets");
        outcome != ParseOutcome::Run)
        return exitCodeOf(outcome);
    Catalogue catalogue;
    if (!loadCatalogueOrComplain(catalogue, PresetConfigs::ReadAll))
        return kBadInput;
    if (parser.isSet(QStringLiteral("json"))) {
        QJsonArray list;
        for (const ModelPreset &p : catalogue.presets)
            list.append(QJsonObject{ { QStringLiteral("id"), p.id }, { QStringLiteral("name"), p.name },
                                     { QStringLiteral("family"), nameText(familyName(p.model.family)) },
                                     { QStringLiteral("layers"), qint64(p.model.layers) },
                                     { QStringLiteral("hidden"), qint64(p.model.hidden) },
                                     { QStringLiteral("heads"), qint64(p.model.heads) },
                                     { QStringLiteral("kv_heads"), qint64(p.model.kvHeadsOrHeads()) },
                                     { QStringLiteral("ffn"), qint64(p.model.ffnOrDefault()) },
                                     { QStringLiteral("vocab"), qint64(p.model.vocab) },
                                     { QStringLiteral("params"), qint64(effectiveParameters(p.model)) },
                                     { QStringLiteral("published_params"), qint64(p.publishedParams) } });
        out() << QJsonDocument(QJsonObject{ { QStringLiteral("presets"), list } }).toJson(QJsonDocument::Indented);
        return 0;
    }
    QTextStream &o = out();
    o << padEnd(Cli::tr("id"), 20) << padEnd(Cli::tr("name"), 22) << padEnd(Cli::tr("family"), 12)
      << padStart(Cli::tr("L"), 4) << padStart(Cli::tr("H"), 6) << padStart(Cli::tr("A"), 4)
      << padStart(Cli::tr("KV"), 4) << padStart(Cli::tr("FFN"), 7) << padStart(Cli::tr("V"), 8)
      << padStart(Cli::tr("parameters"), 16) << Qt::endl;
    for (const ModelPreset &p : catalogue.presets) {
        const ModelSpec &m = p.model;
        o << padEnd(p.id, 20) << padEnd(p.name, 22) << padEnd(nameText(familyName(m.family)), 12)
          << padStart(QString::number(qint64(m.layers)), 4) << padStart(QString::number(qint64(m.hidden)), 6)
          << padStart(QString::number(qint64(m.heads)), 4) << padStart(QString::number(qint64(m.kvHeadsOrHeads())), 4)
          << padStart(QString::number(qint64(m.ffnOrDefault())), 7) << padStart(QString::number(qint64(m.vocab)), 8)
          << padStart(groupedDigits(effectiveParameters(m)), 16) << Qt::endl;
    }
    return 0;
}

int runGpusCommand(const QStringList &arguments)
{
    QCommandLineParser parser;
    if (const ParseOutcome outcome = parseListOptions(parser, arguments, Cli::tr("List the GPU catalogue."), "gpus");
        outcome != ParseOutcome::Run)
        return exitCodeOf(outcome);
    Catalogue catalogue;
    if (!loadCatalogueOrComplain(catalogue))
        return kBadInput;
    if (parser.isSet(QStringLiteral("json"))) {
        QJsonArray list;
        for (const GpuSpec &g : catalogue.gpus)
            list.append(QJsonObject{ { QStringLiteral("id"), g.id }, { QStringLiteral("name"), g.name },
                                     { QStringLiteral("capacity"), qint64(countOf(g.capacity)) },
                                     { QStringLiteral("bf16"), g.bf16 },
                                     { QStringLiteral("tflops_fp16"), g.tflopsFp16 },
                                     { QStringLiteral("tflops_bf16"), g.tflopsBf16 },
                                     { QStringLiteral("price_per_hour_usd"), g.pricePerHourUsd },
                                     { QStringLiteral("hbm_gb_s"), g.hbmGBps },
                                     { QStringLiteral("matmul_efficiency"), g.matmulEfficiency },
                                     { QStringLiteral("nvlink_gb_s"), g.nvlinkGBps },
                                     { QStringLiteral("nvlink_gpus"), qint64(g.nvlinkGpus) },
                                     { QStringLiteral("pcie_gen"), g.pcieGen },
                                     { QStringLiteral("pcie_lanes"), g.pcieLanes },
                                     { QStringLiteral("gpus_per_node"), qint64(g.gpusPerNode) },
                                     { QStringLiteral("network_gbps"), g.networkGbps },
                                     { QStringLiteral("power_w"), g.powerWatts },
                                     { QStringLiteral("purchase_usd"), g.purchaseUsd },
                                     { QStringLiteral("price_date"), g.priceDate } });
        out() << QJsonDocument(QJsonObject{ { QStringLiteral("gpus"), list } }).toJson(QJsonDocument::Indented);
        return 0;
    }
    QTextStream &o = out();
    o << padEnd(Cli::tr("id"), 13) << padEnd(Cli::tr("name"), 34) << padStart(Cli::tr("bytes"), 17)
      << padStart(Cli::tr("GiB"), 9) << padStart(Cli::tr("GB"), 9) << padStart(Cli::tr("BF16"), 6)
      << padStart(Cli::tr("TFLOP/s"), 9) << padStart(Cli::tr("NVLink"), 15) << padStart(Cli::tr("PCIe"), 9)
      << padStart(Cli::tr("node"), 6) << padStart(Cli::tr("network"), 10) << padStart(Cli::tr("watts"), 7)
      << padStart(Cli::tr("$/hour"), 8) << padStart(Cli::tr("$ each"), 9) << Qt::endl;
    for (const GpuSpec &g : catalogue.gpus) {
        o << padEnd(g.id, 13) << padEnd(g.name, 34) << padStart(groupedDigits(countOf(g.capacity)), 17)
          << padStart(QLocale().toString(toGiB(g.capacity), 'f', 2), 9) << padStart(QLocale().toString(toGB(g.capacity), 'f', 2), 9)
          << padStart((g.bf16 ? Cli::tr("yes") : Cli::tr("no")), 6)
          << padStart(QLocale().toString(g.bf16 ? g.tflopsBf16 : g.tflopsFp16, 'f', 1), 9)
          << padStart(g.nvlinkGpus > 0 ? Cli::tr("%1 GB/s x%2").arg(g.nvlinkGBps).arg(qint64(g.nvlinkGpus)) : Cli::tr("none"), 15)
          << padStart(QStringLiteral("%1.0 x%2").arg(g.pcieGen).arg(g.pcieLanes), 9) << padStart(QString::number(qint64(g.gpusPerNode)), 6)
          << padStart(Cli::tr("%1 Gb/s").arg(g.networkGbps), 10) << padStart(QString::number(g.powerWatts), 7)
          << padStart(QLocale().toString(g.pricePerHourUsd, 'f', 2), 8) << padStart(QLocale().toString(g.purchaseUsd, 'f', 0), 9)
          << Qt::endl;
    }
    return 0;
}

} // namespace headroom::cli
