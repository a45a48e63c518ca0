#include "catalogcommands.h"

#include <QCommandLineParser>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTextStream>

#include <headroom/io/catalogue.h>
#include <headroom/memory/scenario.h>

#include "clitext.h"
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
    if (!loadCatalogueOrComplain(catalogue))
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
    o << Cli::tr("id").leftJustified(14) << Cli::tr("name").leftJustified(22) << Cli::tr("family").leftJustified(7)
      << Cli::tr("L").rightJustified(4) << Cli::tr("H").rightJustified(6) << Cli::tr("A").rightJustified(4)
      << Cli::tr("KV").rightJustified(4) << Cli::tr("FFN").rightJustified(7) << Cli::tr("V").rightJustified(8)
      << Cli::tr("parameters").rightJustified(16) << Qt::endl;
    for (const ModelPreset &p : catalogue.presets) {
        const ModelSpec &m = p.model;
        o << p.id.leftJustified(14) << p.name.leftJustified(22) << nameText(familyName(m.family)).leftJustified(7)
          << QString::number(qint64(m.layers)).rightJustified(4) << QString::number(qint64(m.hidden)).rightJustified(6)
          << QString::number(qint64(m.heads)).rightJustified(4) << QString::number(qint64(m.kvHeadsOrHeads())).rightJustified(4)
          << QString::number(qint64(m.ffnOrDefault())).rightJustified(7) << QString::number(qint64(m.vocab)).rightJustified(8)
          << groupedDigits(effectiveParameters(m)).rightJustified(16) << Qt::endl;
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
                                     { QStringLiteral("price_per_hour_usd"), g.pricePerHourUsd } });
        out() << QJsonDocument(QJsonObject{ { QStringLiteral("gpus"), list } }).toJson(QJsonDocument::Indented);
        return 0;
    }
    QTextStream &o = out();
    o << Cli::tr("id").leftJustified(13) << Cli::tr("name").leftJustified(34) << Cli::tr("bytes").rightJustified(17)
      << Cli::tr("GiB").rightJustified(9) << Cli::tr("GB").rightJustified(9) << Cli::tr("BF16").rightJustified(6)
      << Cli::tr("TFLOP/s").rightJustified(9) << Qt::endl;
    for (const GpuSpec &g : catalogue.gpus) {
        o << g.id.leftJustified(13) << g.name.leftJustified(34) << groupedDigits(countOf(g.capacity)).rightJustified(17)
          << QString::number(toGiB(g.capacity), 'f', 2).rightJustified(9) << QString::number(toGB(g.capacity), 'f', 2).rightJustified(9)
          << (g.bf16 ? Cli::tr("yes") : Cli::tr("no")).rightJustified(6)
          << QString::number(g.bf16 ? g.tflopsBf16 : g.tflopsFp16, 'f', 1).rightJustified(9) << Qt::endl;
    }
    return 0;
}

} // namespace headroom::cli
