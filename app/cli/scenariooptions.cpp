#include "scenariooptions.h"

#include <headroom/io/hfconfigtext.h>
#include <headroom/io/safefile.h>

#include <QTextStream>

#include <headroom/memory/validation.h>

#include "clitext.h"

namespace headroom::cli {

void addScenarioOptions(QCommandLineParser &parser)
{
    parser.addOption({ QStringLiteral("hf-config"),
                       Cli::tr("A Hugging Face config.json, or a folder holding one (its .safetensors headers give the "
                               "checkpoint's exact count): the model to estimate. Options refine it."),
                       Cli::tr("path") });
    parser.addOption({ QStringLiteral("hf-family"),
                       Cli::tr("Read --hf-config's model as this supported model_type (a config with the usual fields "
                               "and another name): %1.").arg(supportedModelTypes().join(QStringLiteral(", "))),
                       Cli::tr("model_type") });
    parser.addOption({ QStringLiteral("scenario"), Cli::tr("Read the scenario from a JSON file (schema 1); options override it."),
                       Cli::tr("file") });
    for (const ScenarioKey &k : scenarioKeys()) {
        const QString name = QLatin1String(k.option);
        const QString allowed = QLatin1String(k.allowed);
        if (k.kind == ValueKind::Bool)
            parser.addOption({ name, Cli::tr("Set %1 (%2).").arg(name, allowed) });
        else
            parser.addOption({ name, Cli::tr("%1: %2.").arg(name, allowed), Cli::tr("value") });
    }
}

bool loadCatalogueOrComplain(Catalogue &catalogue)
{
    const QString dir = findDataDir();
    const CatalogueError e = loadCatalogue(dir, catalogue);
    if (e.code == CatalogueError::Code::None)
        return true;
    err() << Cli::tr("error: cannot load the catalogue %1: %2 (set HEADROOM_DATA_DIR to the folder holding models/ and gpus.json)")
                     .arg(e.file, e.detail)
          << Qt::endl;
    return false;
}

bool scenarioFromOptions(const QCommandLineParser &parser, const Catalogue &catalogue, ScenarioSpec &spec,
                         HfModel *imported)
{
    if (parser.isSet(QStringLiteral("scenario"))) {
        const ScenarioError e = readScenarioFile(parser.value(QStringLiteral("scenario")), catalogue, spec);
        if (!e.ok()) {
            err() << Cli::tr("error: ") << scenarioErrorText(e, false) << Qt::endl;
            return false;
        }
    }
    if (parser.isSet(QStringLiteral("hf-family")) && !parser.isSet(QStringLiteral("hf-config"))) {
        err() << Cli::tr("error: --hf-family reads a config given with --hf-config; give both") << Qt::endl;
        return false;
    }
    if (parser.isSet(QStringLiteral("hf-config"))) {
        HfModel model;
        const HfConfigError e = readHfConfig(parser.value(QStringLiteral("hf-config")), parser.value(QStringLiteral("hf-family")), model);
        if (!e.ok()) {
            err() << Cli::tr("error: ") << hfConfigErrorText(e);
            if (e.code == HfConfigError::Code::UnknownModelType)
                err() << Cli::tr(" (with --hf-family)");
            else if (e.code == HfConfigError::Code::UnknownFamily)
                err() << Cli::tr(" (--hf-family)");
            err() << Qt::endl;
            return false;
        }
        spec.scenario.model = model.model;
        spec.presetId.clear();
        spec.modelName = excerpt(model.name, 120);
        // The config's dropout is the one the model trains with; --dropout still overrides it.
        spec.scenario.activations.dropout = model.dropout;
        if (imported)
            *imported = model;
    }
    // Options become a schema-1 overlay so that they are parsed, and complained about, exactly
    // as file values are.
    QJsonObject overlay{ { QStringLiteral("schema"), kScenarioSchema } };
    for (const ScenarioKey &k : scenarioKeys()) {
        const QString name = QLatin1String(k.option);
        if (!parser.isSet(name))
            continue;
        QJsonObject group = overlay.value(QLatin1String(k.group)).toObject();
        if (k.kind == ValueKind::Bool)
            group.insert(QLatin1String(k.key), true);
        else if (k.kind == ValueKind::Real) {
            bool ok = false;
            const double d = parser.value(name).toDouble(&ok);
            group.insert(QLatin1String(k.key), ok ? QJsonValue(d) : QJsonValue(parser.value(name)));
        } else
            group.insert(QLatin1String(k.key), parser.value(name));
        overlay.insert(QLatin1String(k.group), group);
    }
    const ScenarioError e = applyScenarioJson(overlay, catalogue, spec);
    if (!e.ok()) {
        err() << Cli::tr("error: ") << scenarioErrorText(e, true) << Qt::endl;
        return false;
    }
    const ValidationIssues issues = validate(spec.scenario);
    for (const ValidationIssue &issue : issues)
        err() << Cli::tr("error: ") << issueText(issue, spec.scenario) << Qt::endl;
    if (!issues.empty() && spec.presetId.isEmpty() && spec.scenario.model.layers == 0)
        err() << Cli::tr("hint: name a model with --preset, or give --layers, --hidden and --heads") << Qt::endl;
    return issues.empty();
}

} // namespace headroom::cli
