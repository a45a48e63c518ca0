#include <headroom/io/checkscript.h>

#include <algorithm>

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>

#include <headroom/io/jsoninteger.h>
#include <headroom/memory/estimate.h>
#include <headroom/memory/implementationprofile.h>
#include <headroom/memory/lora.h>
#include <headroom/memory/measuredcomparison.h>
#include <headroom/memory/tensorsizes.h>
#include <headroom/memory/steptimeline.h>

namespace headroom {

namespace {

QString latin1(std::string_view s) { return QString::fromLatin1(s.data(), qsizetype(s.size())); }

// Exact at any size: a validated scenario's byte counts can pass 2^63 (the S x S scores of a
// huge run), where a cast to qint64 wrapped (jsoninteger.h).
QJsonValue exact(Bytes b) { return exactJsonInteger(countOf(b)); }
QJsonValue exact(Count c) { return exactJsonInteger(c); }

Count smaller(Count a, Count b) { return a < b ? a : b; }

// The numbers the script builds and trains with (its "config"): what the Python side reads.
QJsonObject configJson(const Scenario &s)
{
    const ModelSpec &m = s.model;
    const PrecisionChoice &p = s.training.precision;
    QJsonValue lora;
    if (s.lora.mode == AdapterMode::Lora) {
        QJsonArray targets;
        const unsigned bits = s.lora.targets != 0 ? s.lora.targets : kDefaultLoraTargets;
        for (LoraTarget t : kAllLoraTargets)
            if (bits & t)
                targets.append(latin1(loraTargetName(t)));
        lora = QJsonObject{
            { QStringLiteral("rank"), exact(s.lora.rank) },
            { QStringLiteral("targets"), targets },
            { QStringLiteral("dropout"), s.lora.dropout },
            // PEFT's FP32 adapters or the model's dtype, as the estimate has them (stack.h).
            { QStringLiteral("adapter_dtype"), peftFp32Adapters(s) ? QStringLiteral("fp32") : QStringLiteral("weight") },
        };
    }
    return QJsonObject{
        { QStringLiteral("family"), latin1(familyName(m.family)) },
        { QStringLiteral("layers"), exact(m.layers) },
        { QStringLiteral("hidden"), exact(m.hidden) },
        { QStringLiteral("heads"), exact(m.heads) },
        { QStringLiteral("kv_heads"), exact(m.kvHeadsOrHeads()) },
        { QStringLiteral("head_dim"), exact(m.headDimOrDefault()) },
        { QStringLiteral("ffn"), exact(m.ffnOrDefault()) },
        { QStringLiteral("vocab"), exact(m.vocab) },
        { QStringLiteral("tied"), m.tiedEmbeddings },
        { QStringLiteral("qkv_bias"), m.qkvBias },
        { QStringLiteral("out_bias"), m.outBias },
        { QStringLiteral("mlp_bias"), m.mlpBias },
        { QStringLiteral("norm_eps"), 1e-5 },
        { QStringLiteral("batch"), exact(s.training.microBatch) },
        { QStringLiteral("seq"), exact(s.training.sequence) },
        { QStringLiteral("grad_accum"), exact(s.training.gradAccumSteps) },
        { QStringLiteral("recipe"), latin1(recipeName(p.recipe)) },
        { QStringLiteral("optimizer"), latin1(optimizerName(p.optimizer)) },
        { QStringLiteral("fused_optimizer"), s.stack.fusedOptimizer },
        { QStringLiteral("recompute"), latin1(recomputeName(s.training.recompute)) },
        { QStringLiteral("attention"), latin1(attentionKernelName(s.activations.attention)) },
        { QStringLiteral("dropout"), s.activations.dropout },
        { QStringLiteral("lora"), lora },
    };
}

QJsonObject estimateJson(const Scenario &s)
{
    const Breakdown b = estimate(s);
    const EstimatedFigures e = estimatedFigures(s, b);
    QJsonObject figures, events;
    for (MeasuredFigure f : kAllMeasuredFigures) {
        const QString key = latin1(measuredFigureKey(f));
        figures.insert(key, exact(e[f]));
        events.insert(key, latin1(timelineEventName(e.event(f))));
    }
    QJsonArray points;
    for (const TimelinePoint &p : stepTimeline(s, b))
        points.append(QJsonObject{
                { QStringLiteral("event"), latin1(timelineEventName(p.event)) },
                { QStringLiteral("phase"), latin1(stepPhaseName(p.phase)) },
                { QStringLiteral("total"), exact(p.total()) },
                { QStringLiteral("overhead"), exact(p.overhead) },
        });
    return QJsonObject{
        { QStringLiteral("figures"), figures },
        { QStringLiteral("events"), events },
        { QStringLiteral("overhead"), exact(b.overhead) },
        { QStringLiteral("peak"), QJsonObject{ { QStringLiteral("bytes"), exact(b.peak) },
                                                { QStringLiteral("phase"), latin1(stepPhaseName(b.peakPhase)) },
                                                { QStringLiteral("event"), latin1(timelineEventName(b.peakEvent)) } } },
        { QStringLiteral("timeline"), points },
    };
}

ScenarioSpec withScenario(const ScenarioSpec &spec, const Scenario &s, bool tiny)
{
    ScenarioSpec out = spec;
    out.scenario = s;
    if (tiny) {
        // No longer the preset's architecture: a file naming the preset would load it again.
        out.presetId.clear();
        out.modelName = QStringLiteral("tiny copy");
        out.imported = {};
    }
    return out;
}

} // namespace

std::vector<CheckScriptIssue> checkScriptIssues(const Scenario &s)
{
    using Code = CheckScriptIssue::Code;
    std::vector<CheckScriptIssue> issues;
    auto add = [&issues](Code code, const char *option) { issues.push_back({ code, option }); };
    const ModelSpec &m = s.model;
    if (m.family != BlockFamily::Llama)
        add(Code::Family, "arch");
    if (m.moe.enabled())
        add(Code::Experts, "experts");
    if (m.mla.enabled())
        add(Code::LatentAttention, "kv-lora-rank");
    if (m.qkNorm)
        add(Code::QkNorm, "qk-norm");
    if (m.attentionSinks)
        add(Code::Family, "attention-sinks");
    if (m.noBias)
        add(Code::Family, "no-bias");
    if (m.embeddingNorm)
        add(Code::Family, "embedding-norm");
    // A hybrid's mixer layers and Qwen3-Next's gated attention and zero-centred norms are not
    // LLaMA's: the script would build, and measure, another model.
    if (m.hybrid.enabled())
        add(Code::Family, "mixer");
    if (m.attentionGate)
        add(Code::Family, "attention-gate");
    if (m.zeroCenteredNorm)
        add(Code::Family, "zero-centered-norm");
    if (m.fusedProjections)
        add(Code::FusedProjections, "hf-config");
    if (m.fusedGateUp)
        add(Code::FusedProjections, "fused-gate-up");
    if (m.paramsOverride > 0)
        add(Code::GivenParameters, "params");
    const Parallelism &par = s.parallel;
    if (par.gpus > 1 || par.tensorParallel > 1 || par.pipelineParallel > 1 || par.expertParallel > 1)
        add(Code::MultipleGpus, "gpus");
    if (par.zero != ZeroStage::Stage0)
        add(Code::Zero, "zero");
    if (par.offload != Offload::None)
        add(Code::Offload, "offload");
    if (s.training.precision.optimizerOffload != OptimizerOffload::None)
        add(Code::Offload, "optimizer-offload");
    const Optimizer o = s.training.precision.optimizer;
    if (hasBnb8bitStates(o) || o == Optimizer::Lion || o == Optimizer::Adafactor || hasOptimizerStateExtra(o))
        add(Code::Optimizer, "optimizer");
    if (s.training.precision.fp32GradBuffer)
        add(Code::Fp32GradBuffer, "fp32-grad-buffer");
    if (s.lora.mode == AdapterMode::Qlora)
        add(Code::Qlora, "lora");
    if (s.stack.loss != LossKind::Plain)
        add(Code::Loss, "loss");
    if (s.stack.optimizerInBackward)
        add(Code::OptimizerInBackward, "optimizer-in-backward");
    if (s.stack.activationOffload)
        add(Code::ActivationOffload, "activation-offload");
    if (s.stack.compile)
        add(Code::Compile, "compile");
    if (s.stack.pagedOptimizer)
        add(Code::PagedOptimizer, "paged-optimizer");
    return issues;
}

Scenario tinyScenario(const Scenario &scenario)
{
    Scenario s = scenario;
    ModelSpec &m = s.model;
    const Count hidden = 128;
    const Count heads = smaller(m.heads, 8);
    // The same grouping of query heads per KV head where it divides, else one KV head.
    const Count groups = m.heads / m.kvHeadsOrHeads();
    Count kv = groups > 0 ? heads / groups : heads;
    if (kv < 1 || heads % kv != 0)
        kv = 1;
    const Count ffn = m.ffnOrDefault() * hidden / (m.hidden > 0 ? m.hidden : 1);
    m.layers = 2;
    m.hidden = hidden;
    m.heads = heads;
    m.kvHeads = kv;
    m.headDim = 0;
    m.ffn = std::max<Count>(8, (ffn + 7) / 8 * 8);
    m.vocab = 512;
    s.training.microBatch = smaller(s.training.microBatch, 2);
    s.training.sequence = smaller(s.training.sequence, 64);
    s.training.gradAccumSteps = smaller(s.training.gradAccumSteps, 2);
    s.lora.rank = smaller(s.lora.rank, 8);
    return s;
}

Scenario cpuScenario(const Scenario &scenario)
{
    Scenario s = scenario;
    s.activations.attention = AttentionKernel::Eager;
    s.activations.profile = ImplementationProfile::HfEagerCpu;
    Recipe &r = s.training.precision.recipe;
    if (r == Recipe::AmpFp16)
        r = Recipe::AmpBf16;
    else if (r == Recipe::Fp16Master)
        r = Recipe::Bf16Master;
    else if (r == Recipe::Fp16Pure)
        r = Recipe::Bf16Pure;
    return s;
}

QJsonObject checkScriptRun(const ScenarioSpec &spec)
{
    return QJsonObject{
        { QStringLiteral("config"), configJson(spec.scenario) },
        { QStringLiteral("scenario"), scenarioToJson(spec) },
        { QStringLiteral("estimate"), estimateJson(spec.scenario) },
    };
}

QByteArray checkScriptText(const ScenarioSpec &spec, const QString &version)
{
    QFile resource(QStringLiteral(":/headroom/checkscript/check.py.in"));
    if (!resource.open(QIODevice::ReadOnly))
        return {};
    QByteArray text = resource.readAll();
    const Scenario &s = spec.scenario;
    const Scenario tiny = tinyScenario(s);
    const QJsonObject runs{
        { QStringLiteral("full"), checkScriptRun(withScenario(spec, s, false)) },
        { QStringLiteral("full_cpu"), checkScriptRun(withScenario(spec, cpuScenario(s), false)) },
        { QStringLiteral("tiny"), checkScriptRun(withScenario(spec, tiny, true)) },
        { QStringLiteral("tiny_cpu"), checkScriptRun(withScenario(spec, cpuScenario(tiny), true)) },
    };
    const QJsonObject blob{
        { QStringLiteral("schema"), 1 },
        { QStringLiteral("headroom_version"), version },
        { QStringLiteral("runs"), runs },
    };
    // The object sits in a Python r'''...''' string: a quote can only appear inside a JSON
    // string (a model's name), where \u0027 is the same character and cannot end the literal.
    QByteArray json = jsonText(QJsonDocument(blob), QJsonDocument::Indented).trimmed();
    json.replace('\'', "\\u0027");
    text.replace("@HEADROOM_JSON@", json);
    text.replace("@HEADROOM_VERSION@", version.toUtf8());
    return text;
}

} // namespace headroom
