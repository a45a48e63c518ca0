// The itemized transformer model against PyTorch's own account of a training step: every
// configuration of tests/fixtures/calibration/cpu.json (tools/calibrate/measure.py: the bytes
// torch 1.13 saved for backward on CPU, per layer, per recomputed layer and per region outside
// the layers, and the model states after one AdamW step). The scenario is built from the
// fixture's inputs, the model runs with the profile that describes what was measured
// (hf-eager-cpu), and each measured figure must come out within 3 % (the port is exact: the
// last test says so), model states exactly.

#include <QRegularExpression>
#include <QtTest>

#include <cmath>

#include <headroom/memory/estimate.h>
#include <headroom/memory/placement.h>
#include <headroom/memory/transformeractivations.h>

using namespace headroom;

namespace {

QJsonObject fixture()
{
    static const QJsonObject root = [] {
        QFile f(qEnvironmentVariable("HEADROOM_FIXTURES") + QStringLiteral("/calibration/cpu.json"));
        if (!f.open(QIODevice::ReadOnly))
            return QJsonObject();
        return QJsonDocument::fromJson(f.readAll()).object();
    }();
    return root;
}

Count integer(const QJsonValue &v) { return Count(v.toInteger()); }

// The LoRA targets a fixture names (PEFT module names) as LoraTarget bits.
unsigned loraTargets(const QJsonArray &names)
{
    unsigned bits = 0;
    for (const QJsonValue &v : names) {
        const QString n = v.toString();
        if (n == QStringLiteral("q_proj")) bits |= LoraQ;
        else if (n == QStringLiteral("k_proj")) bits |= LoraK;
        else if (n == QStringLiteral("v_proj")) bits |= LoraV;
        else if (n == QStringLiteral("o_proj")) bits |= LoraO;
        else if (n == QStringLiteral("gate_proj")) bits |= LoraGate;
        else if (n == QStringLiteral("up_proj")) bits |= LoraUp;
        else if (n == QStringLiteral("down_proj")) bits |= LoraDown;
    }
    return bits;
}

// The fixture's inputs as a scenario: the precision modes map onto recipes (fp32; autocast_bf16
// = amp-bf16, FP32 weights under torch.autocast; bf16 = bf16-pure, model.to(bfloat16) with
// AdamW's moments in the weights' dtype, as PyTorch allocates them). The architectures map as
// the Hugging Face importer (core/src/io/hfconfig.cpp) maps their model_type: Mixtral and
// Qwen2-MoE are the LLaMA block with experts (Qwen2-MoE: one shared expert with a sigmoid gate,
// q/k/v biases), DeepSeek-V2 the LLaMA block with latent attention (head dim rope + nope).
Scenario scenarioOf(const QJsonObject &config)
{
    const QJsonObject m = config.value(QStringLiteral("model")).toObject();
    const QString arch = m.value(QStringLiteral("arch")).toString();
    Scenario s;
    // models.py runs Hugging Face's code and PEFT's adapters (FP32 adapters, stack.h).
    s.stack.stack = TrainingStack::HfTrainer;
    if (arch == QStringLiteral("gpt2"))
        s.model.family = BlockFamily::Gpt2;
    else if (arch == QStringLiteral("gpt_neox"))
        s.model.family = BlockFamily::Neox;
    else if (arch == QStringLiteral("phi"))
        s.model.family = BlockFamily::Phi;
    else if (arch == QStringLiteral("gemma2"))
        s.model.family = BlockFamily::Gemma2;
    else
        s.model.family = BlockFamily::Llama; // llama, mixtral, qwen2_moe, deepseek_v2, lfm2
    s.model.layers = integer(m.value(QStringLiteral("layers")));
    s.model.hidden = integer(m.value(QStringLiteral("hidden")));
    s.model.heads = integer(m.value(QStringLiteral("heads")));
    s.model.kvHeads = integer(m.value(QStringLiteral("kv_heads")));
    s.model.ffn = integer(m.value(QStringLiteral("ffn")));
    s.model.vocab = integer(m.value(QStringLiteral("vocab")));
    s.model.maxPositions = arch == QStringLiteral("gpt2") ? integer(m.value(QStringLiteral("max_positions"))) : 0;
    s.model.tiedEmbeddings = m.value(QStringLiteral("tied")).toBool();
    if (m.contains(QStringLiteral("head_size")))
        s.model.headDim = integer(m.value(QStringLiteral("head_size")));
    if (m.contains(QStringLiteral("rotary_pct")))
        s.model.rotaryFraction = m.value(QStringLiteral("rotary_pct")).toDouble();
    if (m.contains(QStringLiteral("attn_softcap")) || m.contains(QStringLiteral("final_softcap")))
        s.model.softcap = Switch::On;
    if (arch == QStringLiteral("mixtral") || arch == QStringLiteral("qwen2_moe")) {
        const QJsonObject moe = config.value(QStringLiteral("moe")).toObject();
        s.model.moe.experts = integer(m.value(QStringLiteral("experts")));
        s.model.moe.perToken = integer(m.value(QStringLiteral("top_k")));
        s.model.moe.expertFfn = integer(moe.value(QStringLiteral("expert_ffn")));
        if (arch == QStringLiteral("qwen2_moe")) {
            s.model.qkvBias = true; // Qwen2MoeAttention: q, k, v with bias
            s.model.moe.sharedExperts = 1;
            s.model.moe.sharedFfn = integer(m.value(QStringLiteral("shared_ffn")));
            s.model.moe.sharedGate = true;
        }
    }
    if (arch == QStringLiteral("deepseek_v2")) {
        MlaSpec &a = s.model.mla;
        a.qLoraRank = integer(m.value(QStringLiteral("q_lora_rank")));
        a.kvLoraRank = integer(m.value(QStringLiteral("kv_lora_rank")));
        a.ropeHeadDim = integer(m.value(QStringLiteral("qk_rope_head_dim")));
        a.nopeHeadDim = integer(m.value(QStringLiteral("qk_nope_head_dim")));
        a.valueHeadDim = integer(m.value(QStringLiteral("v_head_dim")));
        s.model.headDim = a.ropeHeadDim + a.nopeHeadDim;
    }
    if (arch == QStringLiteral("lfm2")) {
        // LFM2: q/k norms over each head, and the first conv_layers layers a gated short
        // convolution of H channels (models.py Lfm2ShortConv, transformers' slow_forward).
        s.model.qkNorm = m.value(QStringLiteral("qk_norm")).toBool();
        s.model.hybrid = HybridSpec{ .kind = MixerKind::ShortConv, .layers = integer(m.value(QStringLiteral("conv_layers"))),
                                     .heads = 1, .headDim = s.model.hidden,
                                     .convKernel = integer(m.value(QStringLiteral("conv_kernel"))) };
    }
    if (m.value(QStringLiteral("gelu")).toString() == QStringLiteral("fused"))
        s.activations.gelu = GeluImpl::Fused;
    s.training.microBatch = integer(config.value(QStringLiteral("batch")));
    s.training.sequence = integer(config.value(QStringLiteral("seq")));
    const QString precision = config.value(QStringLiteral("precision")).toString();
    s.training.precision.optimizer = Optimizer::AdamW;
    if (precision == QStringLiteral("fp32")) {
        s.training.precision.recipe = Recipe::Fp32;
    } else if (precision == QStringLiteral("autocast_bf16")) {
        s.training.precision.recipe = Recipe::AmpBf16;
    } else {
        s.training.precision.recipe = Recipe::Bf16Pure;
        s.training.precision.stateDtype = StateDtype::WeightDtype;
    }
    s.training.recompute = config.value(QStringLiteral("checkpointing")).toString() == QStringLiteral("full")
            ? Recompute::Full : Recompute::None;
    s.activations.model = ActivationModelKind::Transformer;
    s.activations.profile = ImplementationProfile::HfEagerCpu;
    s.activations.attention = m.value(QStringLiteral("attn_impl")).toString() == QStringLiteral("eager")
            ? AttentionKernel::Eager : AttentionKernel::Flash;
    s.activations.dropout = m.value(QStringLiteral("dropout")).toDouble();
    if (config.contains(QStringLiteral("lora"))) {
        const QJsonObject lora = config.value(QStringLiteral("lora")).toObject();
        s.lora.mode = config.contains(QStringLiteral("qlora")) ? AdapterMode::Qlora : AdapterMode::Lora;
        s.lora.rank = integer(lora.value(QStringLiteral("r")));
        s.lora.targets = loraTargets(lora.value(QStringLiteral("targets")).toArray());
        s.lora.dropout = lora.value(QStringLiteral("dropout")).toDouble();
        // PEFT's modules_to_save, as the harness names the modules.
        for (const QJsonValue &saved : lora.value(QStringLiteral("modules_to_save")).toArray()) {
            if (saved.toString() == QStringLiteral("embed_tokens"))
                s.lora.trainedModules |= TrainedEmbedding;
            else if (saved.toString() == QStringLiteral("lm_head"))
                s.lora.trainedModules |= TrainedHead;
            else
                qFatal("unknown module to save: %s", qPrintable(saved.toString()));
        }
        if (config.contains(QStringLiteral("qlora"))) {
            const QJsonObject q = config.value(QStringLiteral("qlora")).toObject();
            if (q.value(QStringLiteral("format")).toString() == QStringLiteral("gptq")) {
                s.stack.quantBase = QuantBase::Gptq;
                s.stack.quantGroupSize = integer(q.value(QStringLiteral("group_size")));
            } else {
                s.stack.quantBase = q.value(QStringLiteral("double_quant")).toBool() ? QuantBase::Nf4DoubleQuant : QuantBase::Nf4;
            }
        }
    }
    const QString loss = config.value(QStringLiteral("loss_impl")).toString();
    const QJsonObject detail = config.value(QStringLiteral("loss_impl_detail")).toObject();
    if (loss == QStringLiteral("chunked_ce")) {
        // torchtune's CEWithChunkedOutputLoss, which upcasts each chunk.
        s.stack.stack = TrainingStack::Torchtune;
        s.stack.loss = LossKind::Chunked;
        s.stack.lossChunks = integer(detail.value(QStringLiteral("num_output_chunks")));
    } else if (loss == QStringLiteral("fused_linear_ce")) {
        s.stack.loss = LossKind::FusedLinear;
        s.stack.lossChunks = integer(detail.value(QStringLiteral("num_chunks")));
    }
    s.overhead = { bytes(0), bytes(0) };
    return s;
}

// Hybrid layers under adapters keep their full fine-tuning lists (mixerblock.h, docs/importers.md):
// an upper bound the lfm2-lora-* runs measure. Their comparisons are expected to fail, with the
// reason; an unexpected pass fails the test, so they go once the lists follow the adapters.
bool hybridUnderAdapters(const QJsonObject &config)
{
    const Scenario s = scenarioOf(config);
    return s.model.hybrid.enabled() && s.lora.mode != AdapterMode::None;
}

constexpr const char *kHybridAdaptersReason =
        "a hybrid's layers keep their full fine-tuning lists under adapters: frozen projections' inputs "
        "and, without checkpointing, the layers before the first adapted one (which save nothing) are "
        "counted whole";

double relativeError(Count predicted, Count measured)
{
    const double m = static_cast<double>(measured);
    return (static_cast<double>(predicted) - m) / (m != 0 ? std::abs(m) : 1.0);
}

// One comparison of the model with the measurement.
struct Check
{
    QString what;
    Count measured;
    Count predicted;
};

// Region totals of one configuration, measured and predicted. Each layer row is compared with
// its own figure: the first layers' (LoRA's first layer without checkpointing, whose input
// needs no grad) or the others'.
QList<Check> regionChecks(const QJsonObject &config)
{
    const Scenario s = scenarioOf(config);
    const TransformerTerms t = transformerTerms(s);
    const QJsonObject saved = config.value(QStringLiteral("saved")).toObject();
    const bool ckpt = s.training.recompute == Recompute::Full;
    QList<Check> checks;
    const QJsonArray rows = saved.value(QStringLiteral("per_layer")).toArray();
    checks.append({ QStringLiteral("layers"), Count(rows.size()), s.model.layers });
    for (qsizetype i = 0; i < rows.size(); ++i) {
        const QJsonObject row = rows.at(i).toObject();
        const QString region = row.value(QStringLiteral("region")).toString();
        const bool first = i < t.firstLayers;
        checks.append({ region + QStringLiteral(" activations"), integer(row.value(QStringLiteral("activation"))),
                        countOf(first ? t.heldFirstActivations : t.heldActivations) });
        checks.append({ region + QStringLiteral(" weight copies"), integer(row.value(QStringLiteral("autocast_weight_copy"))),
                        countOf(first ? t.heldFirstWeightCopies : t.heldWeightCopies) });
        if (ckpt) {
            const QJsonObject rec = row.value(QStringLiteral("recompute")).toObject();
            checks.append({ region + QStringLiteral(" recompute"), integer(rec.value(QStringLiteral("activation"))),
                            countOf(first ? t.recomputeFirstActivations : t.recomputeActivations) });
            checks.append({ region + QStringLiteral(" recompute weight copies"),
                            integer(rec.value(QStringLiteral("autocast_weight_copy"))),
                            countOf(first ? t.recomputeFirstWeightCopies : t.recomputeWeightCopies) });
        }
    }
    const QJsonObject outside = saved.value(QStringLiteral("outside")).toObject();
    auto region = [&outside](const char *name, const char *field) {
        return integer(outside.value(QLatin1String(name)).toObject().value(QLatin1String(field)));
    };
    checks.append({ QStringLiteral("embedding"), region("embedding", "activation"), countOf(t.embedding) });
    checks.append({ QStringLiteral("final_norm"), region("final_norm", "activation"), countOf(t.finalNorm) });
    checks.append({ QStringLiteral("lm_head"), region("lm_head", "activation"), countOf(t.lmHead) });
    checks.append({ QStringLiteral("lm_head weight copy"), region("lm_head", "autocast_weight_copy"),
                    countOf(t.lmHeadWeightCopy) });
    checks.append({ QStringLiteral("loss"), region("loss", "activation"), countOf(t.loss) });
    checks.append({ QStringLiteral("aux_loss"), region("aux_loss", "activation"), countOf(t.auxLoss) });
    checks.append({ QStringLiteral("shared"), region("shared", "shared"), countOf(t.shared) });
    checks.append({ QStringLiteral("unattributed"), region("other", "activation"), 0 });
    // A measured region the model does not know is compared against nothing.
    static const QStringList known = { QStringLiteral("embedding"), QStringLiteral("final_norm"), QStringLiteral("lm_head"),
                                       QStringLiteral("loss"), QStringLiteral("aux_loss"), QStringLiteral("shared"),
                                       QStringLiteral("other") };
    for (auto it = outside.begin(); it != outside.end(); ++it) {
        if (known.contains(it.key()))
            continue;
        const QJsonObject row = it.value().toObject();
        checks.append({ it.key(), integer(row.value(QStringLiteral("activation"))) + integer(row.value(QStringLiteral("shared")))
                                + integer(row.value(QStringLiteral("autocast_weight_copy"))),
                        0 });
    }
    return checks;
}

// What the fixture holds at the peak of backward: every layer's forward saves (with their
// weight copies), one layer's recomputation, and everything outside the layers.
Count measuredActivations(const QJsonObject &config)
{
    const QJsonObject saved = config.value(QStringLiteral("saved")).toObject();
    Count layers = 0, recompute = 0;
    for (const QJsonValue &v : saved.value(QStringLiteral("per_layer")).toArray()) {
        const QJsonObject row = v.toObject();
        layers += integer(row.value(QStringLiteral("activation"))) + integer(row.value(QStringLiteral("autocast_weight_copy")));
        const QJsonObject rec = row.value(QStringLiteral("recompute")).toObject();
        const Count r = integer(rec.value(QStringLiteral("activation"))) + integer(rec.value(QStringLiteral("autocast_weight_copy")));
        recompute = r > recompute ? r : recompute;
    }
    Count outside = 0;
    const QJsonObject out = saved.value(QStringLiteral("outside")).toObject();
    for (auto it = out.begin(); it != out.end(); ++it) {
        const QJsonObject row = it.value().toObject();
        outside += integer(row.value(QStringLiteral("activation"))) + integer(row.value(QStringLiteral("autocast_weight_copy")))
                + integer(row.value(QStringLiteral("shared")));
    }
    return layers + recompute + outside;
}

// name -> bytes, summed, of the non-zero saves of one itemized list (aliases carry 0 bytes).
using ItemBytes = QMap<QString, Count>;

// The model lists the routed experts together ("experts.*."): the fixture's per-expert items
// (their split follows the seed's routing, moe.tokens_per_expert) are summed under that name.
QString expertsTogether(QString name)
{
    static const QRegularExpression expert(QStringLiteral("experts\\.\\d+\\."));
    return name.replace(expert, QStringLiteral("experts.*."));
}

void addItems(const QJsonArray &items, ItemBytes &out, const QString &category)
{
    for (const QJsonValue &v : items) {
        const QJsonObject x = v.toObject();
        const Count b = integer(x.value(QStringLiteral("bytes")));
        if (x.value(QStringLiteral("category")).toString() == category && b > 0)
            out[expertsTogether(x.value(QStringLiteral("name")).toString())] += b;
    }
}

QString latin1(std::string_view s) { return QString::fromLatin1(s.data(), qsizetype(s.size())); }

} // namespace

class TestCalibration : public QObject
{
    Q_OBJECT

private slots:
    void fixtureLoads()
    {
        const QJsonArray configs = fixture().value(QStringLiteral("configs")).toArray();
        QCOMPARE(configs.size(), fixture().value(QStringLiteral("grid_size")).toInt());
        QVERIFY(configs.size() >= 48);
        QCOMPARE(fixture().value(QStringLiteral("device")).toString(), QStringLiteral("cpu"));
    }

    void regions_data()
    {
        QTest::addColumn<QJsonObject>("config");
        for (const QJsonValue &v : fixture().value(QStringLiteral("configs")).toArray())
            QTest::newRow(qPrintable(v.toObject().value(QStringLiteral("id")).toString())) << v.toObject();
    }

    //! Per layer, per recomputed layer and per region outside the layers: within 3 %.
    void regions()
    {
        QFETCH(QJsonObject, config);
        if (hybridUnderAdapters(config)) {
            bool within = true;
            for (const Check &c : regionChecks(config))
                within = within && std::abs(relativeError(c.predicted, c.measured)) <= 0.03;
            QEXPECT_FAIL("", kHybridAdaptersReason, Continue);
            QVERIFY(within);
            return;
        }
        for (const Check &c : regionChecks(config)) {
            const double err = relativeError(c.predicted, c.measured);
            QVERIFY2(std::abs(err) <= 0.03,
                     qPrintable(QStringLiteral("%1: measured %2, model %3 (%4 %)")
                                        .arg(c.what).arg(qint64(c.measured)).arg(qint64(c.predicted)).arg(100 * err, 0, 'f', 3)));
        }
    }

    void activationTotal_data() { regions_data(); }

    //! estimate()'s activation bucket is the layers' saves, one recomputed layer and the outside.
    void activationTotal()
    {
        QFETCH(QJsonObject, config);
        const Breakdown b = estimate(scenarioOf(config));
        const Count measured = measuredActivations(config);
        const double err = relativeError(countOf(b.activations), measured);
        if (hybridUnderAdapters(config)) {
            // Above the measurement, never below it: an upper bound.
            QVERIFY2(err > 0, qPrintable(QStringLiteral("measured %1, model %2").arg(qint64(measured)).arg(qint64(countOf(b.activations)))));
            QEXPECT_FAIL("", kHybridAdaptersReason, Continue);
        }
        QVERIFY2(std::abs(err) <= 0.03, qPrintable(QStringLiteral("measured %1, model %2")
                                                           .arg(qint64(measured)).arg(qint64(countOf(b.activations)))));
    }

    void modelStates_data() { regions_data(); }

    //! Parameters, gradients and AdamW's two moments: exact. (AdamW's per-tensor FP32 step
    //! counters, 4 bytes per parameter tensor, are left out of the optimizer bucket.) Under
    //! adapters the bytes follow placement.cpp's conventions for the frozen base and the
    //! adapters' dtypes, which differ from the fixture's PEFT runs where noted (expected failures
    //! with the reason; an unexpected pass fails the test, so they go once placement agrees).
    void modelStates()
    {
        QFETCH(QJsonObject, config);
        const Scenario s = scenarioOf(config);
        const Breakdown b = estimate(s);
        const QJsonObject ms = config.value(QStringLiteral("model_state")).toObject();
        // Params4bit stores an NF4 weight of n values as n/2 uint8 codes, which param_count counts
        // as n/2 elements: the model's count of the n values is param_count plus the codes' bytes.
        // GPTQ keeps its codes in buffers, outside param_count: the fixture counts their weights.
        const qint64 packed = ms.value(QStringLiteral("param_bytes_by_dtype")).toObject().value(QStringLiteral("uint8")).toInteger();
        QCOMPARE(qint64(b.parameterCount), ms.value(QStringLiteral("param_count")).toInteger() + packed
                         + ms.value(QStringLiteral("quantized_weight_count")).toInteger());
        // QLoRA's quant state (absmax constants, code books) lives on the modules, outside
        // param_bytes; the model's NF4 bytes per parameter include it.
        const qint64 paramBytes = ms.value(QStringLiteral("param_bytes")).toInteger()
                + ms.value(QStringLiteral("quant_state_bytes")).toInteger();
        const Recipe recipe = s.training.precision.recipe;
        const bool adapters = s.lora.mode != AdapterMode::None;
        if (s.lora.mode == AdapterMode::Qlora && isBnbNf4(s.stack.quantBase))
            QEXPECT_FAIL("", "placement prices NF4 per parameter (2113/4096 bytes with double quantization, "
                             "2304/4096 without) and leaves out the per-matrix constants: the 64-byte NF4 code "
                             "table of each of the 14 matrices and, with double quantization, their offset and "
                             "rounded-up nested absmax (the emulation also lacks bitsandbytes' 1 KiB nested code "
                             "book). Negligible for real models (a few hundred KiB), a few percent of this tiny one",
                         Continue);
        // The Parameters bucket also holds the one dequantized matrix a quantized base's kernel
        // makes for its matmul (a transient kept for the whole step); the fixture's bytes are the
        // model's state alone.
        QCOMPARE(qint64(countOf(b.parameters) - countOf(placeModelStates(s).dequantBuffer)), paramBytes);
        QCOMPARE(qint64(countOf(b.gradients)), ms.value(QStringLiteral("grad_bytes")).toInteger());
        QCOMPARE(qint64(countOf(b.gradients)), ms.value(QStringLiteral("grad_bytes_after_backward")).toInteger());
        QCOMPARE(qint64(countOf(b.optimizerStates)), ms.value(QStringLiteral("adamw_exp_avg_bytes")).toInteger()
                         + ms.value(QStringLiteral("adamw_exp_avg_sq_bytes")).toInteger());
        QCOMPARE(qint64(countOf(b.masterWeights)), Q_INT64_C(0));
    }

    void itemized_data() { regions_data(); }

    //! One layer's tensors (layer.1, as measured in forward, or in its recomputation under
    //! checkpointing) and the regions outside the layers: the same names with the same bytes.
    void itemized()
    {
        QFETCH(QJsonObject, config);
        const Scenario s = scenarioOf(config);
        const bool ckpt = s.training.recompute == Recompute::Full;
        const QJsonObject it = config.value(QStringLiteral("itemized")).toObject();

        QMap<QString, ItemBytes> measured;
        ItemBytes measuredCopies;
        addItems(it.value(QStringLiteral("forward")).toArray(), measured[QStringLiteral("layer")], QStringLiteral("activation"));
        addItems(it.value(QStringLiteral("forward")).toArray(), measuredCopies, QStringLiteral("autocast_weight_copy"));
        if (ckpt) {
            addItems(it.value(QStringLiteral("recompute")).toArray(), measured[QStringLiteral("layer")], QStringLiteral("activation"));
            addItems(it.value(QStringLiteral("recompute")).toArray(), measuredCopies, QStringLiteral("autocast_weight_copy"));
        }
        const QJsonObject outside = it.value(QStringLiteral("outside")).toObject();
        for (auto r = outside.begin(); r != outside.end(); ++r) {
            addItems(r.value().toArray(), measured[r.key()], QStringLiteral("activation"));
            addItems(r.value().toArray(), measured[r.key()], QStringLiteral("shared"));
            addItems(r.value().toArray(), measuredCopies, QStringLiteral("autocast_weight_copy"));
        }
        // Itemized lists hold one pass's saves; under checkpointing the shared tensors are saved
        // from inside the layers as well, so the shared region is compared by its total only.
        if (ckpt)
            measured.remove(QStringLiteral("shared"));

        std::vector<ActivationItem> items;
        activationModel(ActivationModelKind::Transformer).itemize(s, items);
        QMap<QString, ItemBytes> model;
        Count modelCopies = 0;
        for (const ActivationItem &i : items) {
            if (i.weightCopy) {
                modelCopies += countOf(i.bytes);
                continue;
            }
            const QString region = latin1(i.region);
            if (ckpt && region == QStringLiteral("shared"))
                continue;
            model[region][latin1(i.name)] += countOf(i.bytes);
        }
        for (auto r = model.begin(); r != model.end(); ++r)
            measured[r.key()]; // a region only the model has is compared against nothing
        if (hybridUnderAdapters(config)) {
            bool same = true;
            for (auto r = measured.begin(); r != measured.end(); ++r)
                same = same && r.value() == model.value(r.key());
            QEXPECT_FAIL("", kHybridAdaptersReason, Continue);
            QVERIFY(same);
            return;
        }
        for (auto r = measured.begin(); r != measured.end(); ++r) {
            const ItemBytes &m = r.value();
            const ItemBytes p = model.value(r.key());
            QStringList names = m.keys() + p.keys();
            names.removeDuplicates();
            for (const QString &name : names)
                QVERIFY2(m.value(name) == p.value(name),
                         qPrintable(QStringLiteral("%1: %2 measured %3, model %4")
                                            .arg(r.key(), name).arg(qint64(m.value(name))).arg(qint64(p.value(name)))));
        }
        Count copies = 0;
        for (Count b : measuredCopies)
            copies += b;
        QCOMPARE(qint64(modelCopies), qint64(copies));
    }

    //! The port of SAVED_TENSORS.md is exact: no region of any configuration is a byte off.
    void exactOnEveryFixture()
    {
        int checks = 0;
        QStringList off;
        int upperBounds = 0;
        for (const QJsonValue &v : fixture().value(QStringLiteral("configs")).toArray()) {
            const QJsonObject config = v.toObject();
            if (hybridUnderAdapters(config)) {
                ++upperBounds; // regions() holds them as expected failures
                continue;
            }
            for (const Check &c : regionChecks(config)) {
                ++checks;
                if (c.measured != c.predicted)
                    off << config.value(QStringLiteral("id")).toString() + QLatin1Char(' ') + c.what;
            }
        }
        qInfo("%d region checks over the fixture, %lld not exact; %d hybrid runs under adapters left to regions()", checks,
              static_cast<long long>(off.size()), upperBounds);
        QVERIFY2(off.isEmpty(), qPrintable(off.join(QStringLiteral("; "))));
    }
};

QTEST_APPLESS_MAIN(TestCalibration)
#include "tst_calibration.moc"
