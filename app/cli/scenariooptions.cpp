#include "scenariooptions.h"

#include <headroom/io/gpuspectext.h>

#include <headroom/io/frameworkconfig.h>
#include <headroom/io/hfconfigtext.h>
#include <headroom/io/safefile.h>

#include <QTextStream>

#include <headroom/memory/lora.h>
#include <headroom/memory/model.h>
#include <headroom/memory/parametertensors.h>
#include <headroom/memory/validation.h>

#include "cliio.h"
#include "wording.h"

namespace headroom::cli {

namespace {

/*
 * Choices validate() accepts that would change nothing, refused so that the user learns it.
 * They are checked here, not in validate(): its issues have no room for the model's targets and
 * its fields no sequence-parallel entry (a new Field would leave the window's labels without a
 * name for it); the window's sequence-parallel box is off below t = 2 anyway.
 */
bool choicesTakeEffect(const ScenarioSpec &spec)
{
    const Scenario &s = spec.scenario;
    bool ok = true;
    // Korthikanti et al. 2022 split the norms' and dropouts' activations over the tensor-parallel
    // group: with t = 1 there is no group.
    if (s.parallel.sequenceParallel && s.parallel.tensorParallel < 2) {
        err() << Cli::tr("error: --sp: sequence parallelism splits activations over the tensor-parallel group, so it "
                         "needs --tp 2 or more (it is %1)")
                         .arg(groupedDigits(s.parallel.tensorParallel))
              << Qt::endl;
        ok = false;
    }
    // Every named target must match a projection, but "all" (every bit: whatever the model has).
    unsigned all = 0;
    for (const LoraTarget t : kAllLoraTargets)
        all |= t;
    const unsigned named = s.lora.targets;
    if (s.lora.mode != AdapterMode::None && named != 0 && named != all) {
        const unsigned has = modelLoraTargets(s.model);
        if (const unsigned missing = named & ~has; missing != 0) {
            err() << Cli::tr("error: --lora-targets: \"%1\" matches no projection of this model; its targets: %2 (or all)")
                             .arg(QString::fromStdString(loraTargetsText(missing)), QString::fromStdString(loraTargetsText(has)))
                  << Qt::endl;
            ok = false;
        }
    }
    return ok;
}

} // namespace

void addScenarioOptions(QCommandLineParser &parser, OptionText text)
{
    const bool described = text == OptionText::Described;
    // Without a description an option still needs a value name: that is what makes it take a value.
    const QString path = described ? Cli::tr("path") : QStringLiteral("path");
    const QString file = described ? Cli::tr("file") : QStringLiteral("file");
    const QString value = described ? Cli::tr("value") : QStringLiteral("value");
    auto add = [&parser, described](const char *name, auto describe, const QString &valueName) {
        parser.addOption({ QLatin1String(name), described ? describe() : QString(), valueName });
    };
    add("hf-config", [] {
        return Cli::tr("A Hugging Face config.json, or a folder holding one (its .safetensors headers give the "
                       "checkpoint's exact count): the model to estimate. Options refine it.");
    }, path);
    add("hf-family", [] {
        return Cli::tr("Read --hf-config's model as this supported model_type (a config with the usual fields "
                       "and another name): %1.").arg(supportedModelTypes().join(QStringLiteral(", ")));
    }, described ? Cli::tr("model_type") : QStringLiteral("model_type"));
    add("scenario", [] { return Cli::tr("Read the scenario from a JSON file (schema 1); options override it."); }, file);
    // Training-framework configs (frameworkconfig.h), applied after --scenario, before
    // --hf-config and the other options, which override them.
    add("deepspeed", [] {
        return Cli::tr("A DeepSpeed config JSON: ZeRO stage, offload, fp16/bf16, batch sizes, buckets (\"auto\" "
                       "filled as Hugging Face does). Options override it.");
    }, file);
    add("accelerate", [] {
        return Cli::tr("An Accelerate config YAML: distributed type, processes, mixed precision, FSDP or DeepSpeed "
                       "plugin settings. Options override it.");
    }, file);
    add("torchtune", [] {
        return Cli::tr("A torchtune recipe YAML: model builder and LoRA, batch, dtype, optimizer, checkpointing, "
                       "offloading, compile, loss. Options override it.");
    }, file);
    add("axolotl", [] {
        return Cli::tr("An axolotl config YAML: base model, sequence length and packing, micro-batch, precision, optimizer, "
                       "checkpointing, attention, LoRA/QLoRA, DeepSpeed or FSDP, preference and RL methods. Options override it.");
    }, file);
    add("llamafactory", [] {
        return Cli::tr("A LLaMA-Factory training YAML: model, stage, fine-tuning type and LoRA, quantization, cutoff length, "
                       "batch, precision, optimizer, DeepSpeed. Options override it.");
    }, file);
    add("torchtitan", [] {
        return Cli::tr("A torchtitan training TOML: model flavor, batch, sequence, FSDP2 sharding and parallel degrees, "
                       "mixed precision, activation checkpointing, compile, FP8, optimizer. Options override it.");
    }, file);
    add("trl", [] {
        return Cli::tr("A TRL trainer config YAML (trl sft|dpo|grpo --config; alignment-handbook and open-r1 recipes): model, "
                       "method, lengths, batch, precision, PEFT, generations and vLLM. Options override it.");
    }, file);
    for (const ScenarioKey &k : scenarioKeys()) {
        const QString name = QLatin1String(k.option);
        const QString allowed = QLatin1String(k.allowed);
        // A switch takes an optional value (normaliseSwitches() writes "--tied" as
        // "--tied=true"), so that --tied false turns off what a scenario file or stack set.
        if (k.kind == ValueKind::Bool)
            parser.addOption({ name, described ? Cli::tr("Set %1 (%2); --%1 alone means true.").arg(name, allowed) : QString(),
                               QStringLiteral("true|false") });
        else
            parser.addOption({ name, described ? Cli::tr("%1: %2.").arg(name, allowed) : QString(), value });
    }
}

QStringList normaliseSwitches(const QStringList &arguments, const QStringList &commandValueOptions)
{
    QStringList switches;
    QStringList valued = commandValueOptions;
    valued << QStringLiteral("hf-config") << QStringLiteral("hf-family") << QStringLiteral("scenario") << QStringLiteral("deepspeed")
           << QStringLiteral("accelerate") << QStringLiteral("torchtune") << QStringLiteral("axolotl") << QStringLiteral("llamafactory")
           << QStringLiteral("trl") << QStringLiteral("torchtitan");
    for (const ScenarioKey &k : scenarioKeys())
        (k.kind == ValueKind::Bool ? switches : valued).append(QLatin1String(k.option));
    QStringList out;
    for (qsizetype i = 0; i < arguments.size(); ++i) {
        const QString &a = arguments.at(i);
        out.append(a);
        if (i == 0 || !a.startsWith(QLatin1String("--")) || a.contains(QLatin1Char('=')))
            continue;
        if (a.size() == 2) { // "--": the rest are positional
            out.append(arguments.mid(i + 1));
            break;
        }
        const QString name = a.mid(2);
        if (valued.contains(name)) {
            // Its value, even one that looks like a switch, is not rewritten.
            if (i + 1 < arguments.size())
                out.append(arguments.at(++i));
        } else if (switches.contains(name)) {
            // The next word is the switch's value unless it is another option: "--tied yes" is
            // then refused naming --tied, not as an "unexpected argument" (no command takes one).
            const QString next = i + 1 < arguments.size() ? arguments.at(i + 1) : QString();
            const bool given = i + 1 < arguments.size() && !next.startsWith(QLatin1String("--"));
            out.last() = a + QLatin1Char('=') + (given ? next : QStringLiteral("true"));
            if (given)
                ++i;
        }
    }
    return out;
}

bool loadCatalogueOrComplain(Catalogue &catalogue, PresetConfigs configs, GpuList gpus)
{
    const QString dir = findDataDir();
    const CatalogueError e = loadCatalogue(dir, catalogue, configs, gpus);
    if (e.code == CatalogueError::Code::None)
        return true;
    err() << Cli::tr("error: cannot load the catalogue %1: %2 (set HEADROOM_DATA_DIR to the folder holding models/ and gpus.json)")
                     .arg(e.file, e.detail)
          << Qt::endl;
    return false;
}

namespace {

} // namespace

void explainCatalogueProblems(const Catalogue &catalogue)
{
    for (const ModelPreset &p : catalogue.presets)
        if (!p.configProblem.isEmpty())
            err() << Cli::tr("error: the preset \"%1\" cannot be used: %2").arg(p.id, p.configProblem) << Qt::endl;
    if (!catalogue.gpusProblem.isEmpty())
        err() << Cli::tr("error: the GPU catalogue cannot be read: %1").arg(catalogue.gpusProblem) << Qt::endl;
}

bool scenarioFromOptions(const QCommandLineParser &parser, const Catalogue &catalogue, ScenarioSpec &spec,
                         HfModel *imported, QList<FrameworkImport> *frameworks)
{
    if (parser.isSet(QStringLiteral("scenario"))) {
        const ScenarioError e = readScenarioFile(parser.value(QStringLiteral("scenario")), catalogue, spec);
        if (!e.ok()) {
            err() << Cli::tr("error: ") << scenarioErrorText(e, false) << Qt::endl;
            explainCatalogueProblems(catalogue);
            return false;
        }
    }
    // Framework configs, in this order, each applied on what the ones before made; before
    // --hf-config, whose model is more specific than a torchtune recipe's builder.
    for (const FrameworkKind kind : kFrameworkKinds) {
        const QString option = frameworkKindName(kind);
        if (!parser.isSet(option))
            continue;
        FrameworkImport import;
        FrameworkError e = readFrameworkConfig(kind, parser.value(option), spec.scenario, import);
        const bool modelGiven = parser.isSet(QStringLiteral("preset")) || parser.isSet(QStringLiteral("hf-config"));
        if (e.ok())
            e = applyFrameworkImport(import, catalogue, spec, modelGiven ? FrameworkModel::GivenElsewhere : FrameworkModel::FromFile);
        if (!e.ok()) {
            err() << Cli::tr("error: --%1: %2").arg(option, e.text()) << Qt::endl;
            return false;
        }
        for (const QString &w : frameworkImportWarnings(import))
            err() << Cli::tr("warning: %1: %2").arg(import.file, w) << Qt::endl;
        if (frameworks)
            frameworks->append(import);
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
        takeModel(spec, model.model);
        spec.presetId.clear();
        spec.modelName = model.name; // bounded and escaped on reading (boundedName())
        // The config's dropout is the one the model trains with; --dropout still overrides it.
        spec.scenario.activations.dropout = model.dropout;
        // A quantized checkpoint's format is the frozen base's under --lora qlora.
        if (model.hasQuantBase) {
            spec.scenario.stack.quantBase = model.quantBase;
            spec.scenario.stack.quantGroupSize = model.quantGroupSize;
        }
        if (imported)
            *imported = model;
    }
    // A card outside the catalogue: its own message, naming the key, before the overlay (whose
    // complaint could only say the whole value is not allowed).
    if (parser.isSet(QStringLiteral("gpu-spec"))) {
        if (parser.isSet(QStringLiteral("gpu"))) {
            err() << Cli::tr("error: --gpu and --gpu-spec both name the GPU; give one") << Qt::endl;
            return false;
        }
        GpuSpec custom;
        QString problem;
        if (!parseGpuSpec(parser.value(QStringLiteral("gpu-spec")), custom, problem)) {
            err() << Cli::tr("error: --gpu-spec: %1").arg(problem) << Qt::endl;
            return false;
        }
        if (catalogue.gpu(custom.id)) {
            err() << Cli::tr("error: --gpu-spec: name=%1 is a catalogue kind; give the card another name, or --gpu %1")
                             .arg(custom.id)
                  << Qt::endl;
            return false;
        }
    }
    // Options become a schema-1 overlay so that they are parsed, and complained about, exactly
    // as file values are.
    QJsonObject overlay{ { QStringLiteral("schema"), kScenarioSchema } };
    for (const ScenarioKey &k : scenarioKeys()) {
        const QString name = QLatin1String(k.option);
        if (!parser.isSet(name))
            continue;
        QJsonObject group = overlay.value(QLatin1String(k.group)).toObject();
        if (k.kind == ValueKind::Bool) {
            // true or false; anything else goes in as text, refused as a wrong type naming the option.
            const QString v = parser.value(name);
            if (v == QLatin1String("true") || v == QLatin1String("false"))
                group.insert(QLatin1String(k.key), v == QLatin1String("true"));
            else
                group.insert(QLatin1String(k.key), v);
        } else if (k.kind == ValueKind::Real) {
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
        explainCatalogueProblems(catalogue);
        return false;
    }
    // Without a GPU count (--gpus, or gpu.count in the file) the run is one model replica:
    // t × p × c GPUs, so that --tp 2 alone means two GPUs (and `fit`, which searches the count
    // itself, takes it). Out-of-range degrees are left for validate() to name.
    Parallelism &par = spec.scenario.parallel;
    if (!spec.gpuCountGiven) {
        const FieldRange tp = fieldRange(Field::TensorParallel), pp = fieldRange(Field::PipelineParallel),
                         cp = fieldRange(Field::ContextParallel);
        if (par.tensorParallel >= tp.min && par.tensorParallel <= tp.max && par.pipelineParallel >= pp.min
            && par.pipelineParallel <= pp.max && par.contextParallel >= cp.min && par.contextParallel <= cp.max)
            par.gpus = par.replicaGpus();
    }
    const ValidationIssues issues = validate(spec.scenario);
    for (const ValidationIssue &issue : issues)
        err() << Cli::tr("error: ") << issueText(issue, spec.scenario) << Qt::endl;
    if (!issues.empty() && spec.presetId.isEmpty() && spec.scenario.model.layers == 0)
        err() << Cli::tr("hint: name a model with --preset, or give --layers, --hidden and --heads") << Qt::endl;
    return issues.empty() && choicesTakeEffect(spec);
}

} // namespace headroom::cli

namespace headroom::cli {

void addCustomGpu(Catalogue &catalogue, const ScenarioSpec &spec)
{
    if (spec.customGpu.id.isEmpty())
        return;
    catalogue.gpu(spec.customGpu.id); // reads gpus.json first if it waits to be read (GpuList::OnFirstUse)
    for (const GpuSpec &g : catalogue.gpus)
        if (g.id == spec.customGpu.id)
            return;
    catalogue.gpus.append(spec.customGpu);
}

} // namespace headroom::cli
