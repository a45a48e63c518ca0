// The activation bucket, mirroring TextbookActivations::estimate() (textbookactivations.cpp),
// TransformerActivations::estimate() (transformeractivations.cpp) and addAdapterActivations()
// (lora.cpp).

#include <headroom/memory/korthikanti.h>
#include <headroom/memory/lora.h>
#include <headroom/memory/posttraining.h>
#include <headroom/memory/transformeractivations.h>

#include "derivationbuilder.h"
#include "fp8body.h"
#include "lorabody.h"
#include "posttrainingbody.h"

namespace headroom::derivation {

using detail::kTeFp8WeightCopiesPerParameter;
using detail::teFp8WeightBytesHeld;

namespace {

const char *kTextbookSource = QT_TRANSLATE_NOOP("Derivation", 
        "the textbook formula 2·(19·B·S·H + 3·B·A·S²) per layer, after Korthikanti et al. 2022 (arXiv:2205.05198) as the "
        "practitioner article on training memory and mixed precision (显存都去哪儿了) teaches it; tensor and sequence "
        "parallelism divided as in the paper's Table 2");
const char *kItemizedSource = QT_TRANSLATE_NOOP("Derivation", 
        "the itemized model: every tensor a layer saves for backward (tools/calibrate/SAVED_TENSORS.md, listed in "
        "activation_items), measured against PyTorch on CPU");
const char *kVisionSource = QT_TRANSLATE_NOOP("Derivation",
        "the vision tower's blocks itemized from transformers' modeling files (visiontower.cpp), measured against PyTorch on "
        "CPU (tests/fixtures/calibration/vision-cpu.json)");
const char *kTeFp8Source = QT_TRANSLATE_NOOP("Derivation",
        "Transformer Engine 2.20.0.dev0, pytorch/module/linear.py: each linear keeps the column-wise FP8 copy of its input "
        "(1 byte per element; blockwise scaling adds an FP32 scale per 128) and its FP8 weight with the transpose Hopper's "
        "GEMMs need (2 bytes per parameter)");
const char *kPipelineSource = QT_TRANSLATE_NOOP("Derivation",
        "1F1B pipeline schedule: rank r holds its layers for min(p - r, m) micro-batches, the first rank the most "
        "(Narayanan et al. 2021; Korthikanti et al. 2022, section 4.2.3; Megatron-LM d98e8a6 schedules.py)");

const char *kOpPolicySource = QT_TRANSLATE_NOOP("Derivation",
        "torchtitan distributed/activation_checkpoint.py _apply_op_sac: saves the outputs of the ops in _op_sac_save_list "
        "(aten.mm, the SDPA kernels, reduce_scatter) except every second mm, recomputes the rest");

// pipelineLayersHeld(): L, or the pipeline rank's L_h (derivationcounts.cpp derivePipelineRank()).
Formula layersHeld(Builder &b)
{
    if (b.s.parallel.pipelineParallel <= 1)
        return b.symbol("L");
    return b.symbol("L_h");
}

// The article's 19·B·S·H and 3·B·A·S² in elements, one GPU's share (textbookactivations.cpp).
struct TextbookShares
{
    Formula linear, quadratic, input;
};

TextbookShares textbookShares(Builder &b)
{
    const Scenario &s = b.s;
    const Formula B = b.symbol("B"), S = b.symbol("S"), H = b.symbol("H"), A = b.symbol("A");
    TextbookShares x;
    x.linear = Formula::number(19) * B * S * H;
    x.quadratic = Formula::number(3) * B * A * Formula::square(S);
    x.input = B * S * H;
    const Count tp = s.parallel.tensorParallel;
    if (tp > 1) {
        const Formula t = b.symbol("t");
        if (s.parallel.sequenceParallel) {
            x.linear = Formula::floorDiv(x.linear, t);
            x.input = Formula::floorDiv(x.input, t);
        } else {
            x.linear = Formula::floorDiv(x.linear * (Formula::number(10) * t + Formula::number(24)), Formula::number(34) * t);
        }
        x.quadratic = Formula::floorDiv(x.quadratic, t);
    }
    return x;
}

void deriveTextbook(Builder &b, BucketDerivation &k)
{
    const Scenario &s = b.s;
    // The model's own figures before the adapters' tensors are added (addAdapterActivations()).
    const ActivationEstimate a = activationModel(ActivationModelKind::Textbook).estimate(s);
    const TextbookShares x = textbookShares(b);
    const Formula e = Formula::perElement(dtypeSize(activationDtype(s.training.precision.recipe)));
    const Formula L = layersHeld(b);
    const Formula perLayer = e * (x.linear + x.quadratic);
    switch (s.training.recompute) {
    case Recompute::None:
        Builder::addTerm(k, "all-layers", QT_TRANSLATE_NOOP("Derivation", "every layer's activations"), L * perLayer, a.layers, kTextbookSource);
        break;
    case Recompute::Full:
    case Recompute::Op: // validate() refuses it for the textbook model
        Builder::addTerm(k, "layer-inputs", QT_TRANSLATE_NOOP("Derivation", "each layer's input, kept by its checkpoint"), L * (e * x.input),
                         a.layers, kTextbookSource);
        Builder::addTerm(k, "recomputed-layer", QT_TRANSLATE_NOOP("Derivation", "one layer recomputed during backward"), perLayer, a.recompute,
                         kTextbookSource);
        break;
    case Recompute::Selective:
        Builder::addTerm(k, "linear-part", QT_TRANSLATE_NOOP("Derivation", "every layer's 19·B·S·H tensors"), L * (e * x.linear), a.layers,
                         kTextbookSource);
        Builder::addTerm(k, "recomputed-scores", QT_TRANSLATE_NOOP("Derivation", "one layer's attention scores, recomputed"), e * x.quadratic,
                         a.recompute, kTextbookSource);
        break;
    }
}

void deriveItemized(Builder &b, BucketDerivation &k)
{
    const Scenario &s = b.s;
    // The model's own figures before the adapters' tensors are added, and its region sums.
    const ActivationEstimate a = activationModel(ActivationModelKind::Transformer).estimate(s);
    const TransformerTerms t = transformerTerms(s);
    const Formula L = layersHeld(b);
    const Bytes keptBytes = t.heldActivations + t.heldWeightCopies;
    const Formula kept = s.training.recompute == Recompute::Op
            // torchtitan's per-operator policy: the checkpoint's input and the saved outputs.
            ? b.derived("a_kept", QT_TRANSLATE_NOOP("Derivation", "what one layer keeps from forward to backward, in bytes"), countOf(keptBytes),
                        b.input("a_in", QT_TRANSLATE_NOOP("Derivation", "one checkpoint's stored input, in bytes"), countOf(t.checkpointInput),
                                kItemizedSource)
                                + b.input("a_op", QT_TRANSLATE_NOOP("Derivation", "the outputs the per-operator policy saves: every other bias-free "
                                                                                  "matmul's (q, v, gate, down in a LLaMA block) and the attention "
                                                                                  "kernel's output and log-sum-exp, in bytes"),
                                          countOf(keptBytes - t.checkpointInput), kOpPolicySource),
                        kOpPolicySource)
            : b.input("a_kept", QT_TRANSLATE_NOOP("Derivation", "what one layer keeps from forward to backward, in bytes (activation_items)"),
                      countOf(keptBytes), kItemizedSource);
    // The first layers with a list of their own (estimate(): LoRA's first layer, whose input needs
    // no grad; an MoE model's dense first layers) keep their own figure.
    const Count first = firstLayersHeld(s, t);
    const Bytes firstBytes = t.heldFirstActivations + t.heldFirstWeightCopies;
    const Count held = pipelineLayersHeld(s);
    const Count stage = rankLayers(s);
    const LayerRecomputePlan plan = layerRecomputePlan(s, stage, t.firstLayers < stage ? t.firstLayers : stage);
    if (plan.partial) {
        // Layer-level checkpointing (scenario.h layerRecomputePlan()): the checkpoints' stored
        // inputs, and the layers kept whole with everything they save.
        const Count inFlight = stage > 0 ? held / stage : 1;
        const char *source = s.training.recomputeLayers > 0
                ? QT_TRANSLATE_NOOP("Derivation", "Megatron-LM d98e8a6 transformer_block.py _checkpointed_forward: uniform "
                                                  "groups of N layers share one checkpoint; block checkpoints the first N")
                : QT_TRANSLATE_NOOP("Derivation", "torchtitan before 114151ad4, activation_checkpoint.py: blocks N, 2N, ... "
                                                  "checkpoint-wrapped, the others keep everything");
        const Formula inputs = b.input("L_ckpt", QT_TRANSLATE_NOOP("Derivation", "checkpoints this GPU stores: one input each (per micro-batch in flight)"),
                                       plan.inputs * inFlight, source);
        const Formula input = b.input("a_in", QT_TRANSLATE_NOOP("Derivation", "one checkpoint's stored input, in bytes"),
                                      countOf(t.checkpointInput), kItemizedSource);
        const Bytes inputBytes = t.checkpointInput * (plan.inputs * inFlight);
        Builder::addTerm(k, "checkpoint-inputs", QT_TRANSLATE_NOOP("Derivation", "the checkpointed layers' stored inputs"),
                         inputs * input, inputBytes, source);
        Builder::addTerm(k, "layers-kept-whole", QT_TRANSLATE_NOOP("Derivation", "the layers not checkpointed, everything they save"),
                         b.input("A_whole", QT_TRANSLATE_NOOP("Derivation", "the saved tensors of the layers kept whole, in bytes"),
                                 countOf(a.layers - inputBytes), kItemizedSource),
                         a.layers - inputBytes, source);
    } else if (first > 0 && firstBytes != keptBytes) {
        // A hybrid's mixer layers use the same slot (transformerbody.h firstLayersIn()).
        const bool mixers = s.model.hybrid.enabled();
        const Formula n = mixers
                ? b.input("L_mix", QT_TRANSLATE_NOOP("Derivation", "layers whose mixer replaces attention (the config's layer_types)"), first,
                          kItemizedSource)
                : b.input("L_first", QT_TRANSLATE_NOOP("Derivation", "first layers this GPU holds whose saves differ: LoRA's first layer (its input needs no grad), an MoE model's dense layers"),
                          first, kItemizedSource);
        const Formula keptFirst = mixers
                ? b.input("a_mix", QT_TRANSLATE_NOOP("Derivation", "what one mixer layer keeps from forward to backward, in bytes: the kernels' saved "
                                                                   "tensors (mixerblock.h: fla 0.5.2's chunk_gated_delta_rule, mamba_ssm 2.3.2's "
                                                                   "mamba_split_conv1d_scan_combined, LFM2's short convolution)"),
                          countOf(firstBytes), kItemizedSource)
                : b.input("a_first", QT_TRANSLATE_NOOP("Derivation", "what one of those first layers keeps from forward to backward, in bytes"),
                          countOf(firstBytes), kItemizedSource);
        Builder::addTerm(k, "layers-held", mixers ? QT_TRANSLATE_NOOP("Derivation", "the attention layers' kept tensors")
                                                  : QT_TRANSLATE_NOOP("Derivation", "every other layer's kept tensors"),
                         (L - n) * kept, keptBytes * (held - first), kItemizedSource);
        Builder::addTerm(k, mixers ? "mixer-layers" : "first-layers",
                         mixers ? QT_TRANSLATE_NOOP("Derivation", "the mixer layers' kept tensors")
                                : QT_TRANSLATE_NOOP("Derivation", "the first layers' kept tensors"),
                         n * keptFirst, firstBytes * first, kItemizedSource);
    } else if (const Bytes fp8 = teFp8WeightBytesHeld(s, t); fp8 > bytes(0)) {
        // Transformer Engine's FP8 weights and transposes apart from the rest of what a layer
        // keeps, which then holds the linears' inputs in FP8 (precision.h, Fp8Recipe).
        const Formula rest = b.input("a_kept8", QT_TRANSLATE_NOOP("Derivation", "what one layer keeps besides its FP8 weights, in bytes: the linears' inputs as FP8 copies (activation_items)"),
                                     countOf(keptBytes - fp8), kTeFp8Source);
        const Formula weights = b.input("P_lin", QT_TRANSLATE_NOOP("Derivation", "one layer's linear weights on this GPU, the ones FP8 training converts"),
                                        countOf(fp8) / kTeFp8WeightCopiesPerParameter, kTeFp8Source);
        Builder::addTerm(k, "layers-held", QT_TRANSLATE_NOOP("Derivation", "every layer's kept tensors"), L * rest,
                         (keptBytes - fp8) * pipelineLayersHeld(s), kTeFp8Source);
        Builder::addTerm(k, "fp8-weights", QT_TRANSLATE_NOOP("Derivation", "every layer's FP8 weights and their transposes, saved for backward"),
                         L * Builder::times(weights, bytesPer(kTeFp8WeightCopiesPerParameter), false),
                         fp8 * pipelineLayersHeld(s), kTeFp8Source);
    } else {
        Builder::addTerm(k, "layers-held", QT_TRANSLATE_NOOP("Derivation", "every layer's kept tensors"), L * kept, a.layers, kItemizedSource);
    }
    Builder::addTerm(k, "recomputed-layer",
                     plan.group > 1 ? QT_TRANSLATE_NOOP("Derivation", "one group of layers rebuilt at once during backward (Megatron's uniform method)")
                                    : QT_TRANSLATE_NOOP("Derivation", "one layer rebuilt during backward"),
                     b.input("a_rec", QT_TRANSLATE_NOOP("Derivation", "what one recomputed layer saves again, in bytes"), countOf(a.recompute),
                             kItemizedSource),
                     a.recompute, kItemizedSource);
    if (s.parallel.pipelineParallel <= 1) {
        const Bytes below = t.embedding + t.shared;
        const Formula belowF = b.input("a_emb", QT_TRANSLATE_NOOP("Derivation", "embedding and shared tensors (token ids, RoPE tables), in bytes"),
                                       countOf(below), kItemizedSource);
        Builder::addTerm(k, "embedding", QT_TRANSLATE_NOOP("Derivation", "embedding and tensors shared by the layers"), belowF, below, kItemizedSource);
        Builder::addTerm(k, "head-and-loss", QT_TRANSLATE_NOOP("Derivation", "final norm, LM head input and the loss's FP32 log-softmax"),
                         b.input("a_head", QT_TRANSLATE_NOOP("Derivation", "final norm, LM head and loss tensors, in bytes"), countOf(a.outsideHead),
                                 kItemizedSource),
                         a.outsideHead, kItemizedSource);
        return;
    }
    // A pipeline rank (pipelinestage.h): the embedding's output on the first, for each micro-batch
    // in flight there; the tensors every layer reads on each; the head and loss on the last.
    const PipelineShare rank = pipelineShareOf(s, describedRank(s), s.model.layers, 0);
    const Formula forwards = b.input("f", QT_TRANSLATE_NOOP("Derivation", "forward passes this rank holds in flight"),
                                     rank.forwardsInFlight, kPipelineSource);
    if (rank.embedding && t.embedding > bytes(0)) {
        const Formula embeddings = rank.embeddingsInFlight == rank.forwardsInFlight
                ? forwards
                : b.input("f_emb", QT_TRANSLATE_NOOP("Derivation", "of them, the first model chunk's (the embedding's)"),
                          rank.embeddingsInFlight, kPipelineSource);
        Builder::addTerm(k, "embedding", QT_TRANSLATE_NOOP("Derivation", "the embedding's output and token ids, once per micro-batch in flight"),
                         b.input("a_emb", QT_TRANSLATE_NOOP("Derivation", "the embedding's tensors, in bytes"), countOf(t.embedding),
                                 kItemizedSource) * embeddings,
                         t.embedding * rank.embeddingsInFlight, kPipelineSource);
    }
    if (t.shared > bytes(0))
        Builder::addTerm(k, "shared", QT_TRANSLATE_NOOP("Derivation", "tensors shared by the rank's layers (RoPE tables; the mask and "
                                                                      "positions under checkpointing), once per forward in flight"),
                         b.input("a_shared", QT_TRANSLATE_NOOP("Derivation", "the shared tensors, in bytes"), countOf(t.shared),
                                 kItemizedSource) * forwards,
                         t.shared * rank.forwardsInFlight, kPipelineSource);
    if (rank.head)
        Builder::addTerm(k, "head-and-loss", QT_TRANSLATE_NOOP("Derivation", "the last rank's final norm, LM head input and the loss's FP32 "
                                                                             "log-softmax, for the one micro-batch whose backward follows at once"),
                         b.input("a_head", QT_TRANSLATE_NOOP("Derivation", "final norm, LM head and loss tensors, in bytes"), countOf(a.outsideHead),
                                 kItemizedSource),
                         a.outsideHead, kPipelineSource);
}

// addAdapterActivations(): each adapter keeps A's output, B·S·r, for B's weight gradient, where
// the activation model does not list the adapters itself.
void deriveAdapterActivations(Builder &b, BucketDerivation &k)
{
    const Scenario &s = b.s;
    // The itemized model lists the plain LLaMA block's adapters itself (lorablock.h).
    if (s.lora.mode == AdapterMode::None || transformerItemizesAdapters(s))
        return;
    const BytesPer size = dtypeSize(activationDtype(s.training.precision.recipe));
    const Bytes perLayer = size.times(adapterActivationElements(s, b.r.lora));
    const Formula f = Formula::perElement(size) * b.symbol("B") * b.symbol("S") * b.symbol("R_lora");
    const char *source = QT_TRANSLATE_NOOP("Derivation", "LoRA (Hu et al. 2021): B's weight gradient needs A's output; PEFT's default "
                                 "lora_dropout = 0 saves no copy of the input");
    if (s.training.recompute == Recompute::Full)
        Builder::addTerm(k, "lora-recomputed", QT_TRANSLATE_NOOP("Derivation", "the adapters' A outputs of the recomputed layer"), f, perLayer, source);
    else
        Builder::addTerm(k, "lora-outputs", QT_TRANSLATE_NOOP("Derivation", "the adapters' A outputs, every layer"), layersHeld(b) * f,
                         perLayer * pipelineLayersHeld(s), source);
    if (const Count inputs = b.r.lora.quantizedInputsPerLayer; inputs > 0) {
        const Bytes bnbLayer = size.times(s.training.microBatch * sequencePerGpu(s) * inputs);
        const Formula h = Formula::perElement(size) * b.symbol("B") * b.symbol("S")
                * b.input("I_q", QT_TRANSLATE_NOOP("Derivation", "the quantized linears' inputs in one layer, added up"), inputs);
        // Which kernel keeps them: LLM.int8 and HQQ today, or bitsandbytes' NF4 before 0.43.2.
        const QuantBase q = s.stack.quantBase;
        const bool hqq = q == QuantBase::Hqq, int8 = q == QuantBase::Int8, awq = q == QuantBase::Awq;
        const char *bnbSource = int8  ? QT_TRANSLATE_NOOP("Derivation", "bitsandbytes MatMul8bitLt.forward (95f9af3): ctx.tensors = (CAt, subA, A) "
                                                                        "whenever the input requires grad; each input counted apart")
                              : hqq ? QT_TRANSLATE_NOOP("Derivation", "hqq 0.2.8 HQQLinear.forward_pytorch_backprop: HQQMatmulNoCacheMul saves x and the "
                                                                        "bias whenever the input requires grad; each input counted apart")
                              : awq ? QT_TRANSLATE_NOOP("Derivation", "GPTQModel v7.3.4 AwqGemmFn (AutoAWQ's WQLinearMMFunction): save_for_backward(x, ...) "
                                                                        "with x cast to FP16 unless already 16-bit; each input counted apart")
                                    : QT_TRANSLATE_NOOP("Derivation", "bitsandbytes 0.39.1 to 0.43.1 MatMul4Bit.forward: ctx.tensors = (A, B) whenever "
                                                                        "the input requires grad (fixed in 0.43.2, PR #1270); each input counted apart");
        if (s.training.recompute == Recompute::Full)
            Builder::addTerm(k, "bnb-inputs-recomputed",
                             int8  ? QT_TRANSLATE_NOOP("Derivation", "LLM.int8's saved inputs of the recomputed layer")
                             : hqq ? QT_TRANSLATE_NOOP("Derivation", "HQQ's saved inputs of the recomputed layer")
                             : awq ? QT_TRANSLATE_NOOP("Derivation", "AWQ's saved inputs of the recomputed layer")
                                   : QT_TRANSLATE_NOOP("Derivation", "older bitsandbytes' saved inputs of the recomputed layer"),
                             h, bnbLayer, bnbSource);
        else
            Builder::addTerm(k, "bnb-inputs",
                             int8  ? QT_TRANSLATE_NOOP("Derivation", "LLM.int8's saved inputs, every layer")
                             : hqq ? QT_TRANSLATE_NOOP("Derivation", "HQQ's saved inputs, every layer")
                             : awq ? QT_TRANSLATE_NOOP("Derivation", "AWQ's saved inputs, every layer")
                                   : QT_TRANSLATE_NOOP("Derivation", "older bitsandbytes' saved inputs, every layer"),
                             layersHeld(b) * h, bnbLayer * pipelineLayersHeld(s), bnbSource);
    }
    if (!s.lora.dora)
        return;
    // DoRA (lora.h doraSavedBytes()): the base and adapter outputs of each adapted module, and
    // three FP32 vectors of out.
    const detail::AdapterDtypes d = detail::adapterDtypesOf(s);
    const Count outs = b.r.lora.doraOutputsPerLayer;
    const Bytes doraLayer = doraSavedBytes(s.training.microBatch * sequencePerGpu(s), outs, d.baseOut, d.adapter);
    const Formula outputs = b.input("O_dora", QT_TRANSLATE_NOOP("Derivation", "the adapted modules' outputs in one layer, added up"), outs);
    const Formula g = (Formula::perElement(dtypeSize(d.baseOut)) + Formula::perElement(dtypeSize(d.adapter))) * b.symbol("B")
                    * b.symbol("S") * outputs
            + Formula::number(12) * outputs;
    const char *doraSource = QT_TRANSLATE_NOOP("Derivation", "DoRA (PEFT 0.20 DoraLinearVariant.forward): the magnitude's rescaling saves the "
                                                             "base output and lora_B's output, and three FP32 vectors of out");
    if (s.training.recompute == Recompute::Full)
        Builder::addTerm(k, "dora-recomputed", QT_TRANSLATE_NOOP("Derivation", "DoRA's saved outputs of the recomputed layer"), g, doraLayer,
                         doraSource);
    else
        Builder::addTerm(k, "dora-outputs", QT_TRANSLATE_NOOP("Derivation", "DoRA's saved outputs, every layer"), layersHeld(b) * g,
                         doraLayer * pipelineLayersHeld(s), doraSource);
}

// What a post-training run saves beyond the policy's own tensors (estimate.cpp): PPO's value
// model's saved tensors, and GKD's generalized JSD loss over the completion's logits.
void derivePostTrainingActivations(Builder &b, BucketDerivation &k)
{
    const Scenario &s = b.s;
    if (b.b.side.criticActivations > bytes(0))
        Builder::addTerm(k, "value-model", QT_TRANSLATE_NOOP("Derivation", "the value model's saved tensors, same sequences"),
                         b.input("A_v", QT_TRANSLATE_NOOP("Derivation", "what the value model saves for backward, in bytes (activation_items of its architecture)"),
                                 countOf(b.b.side.criticActivations), kItemizedSource),
                         b.b.side.criticActivations,
                         QT_TRANSLATE_NOOP("Derivation", "TRL v0.19 ppo_trainer.py PolicyAndValueWrapper.forward: the critic backbone, then the policy"));
    // b.s is the saving scenario (B = 2·B_pair); the cross-entropy runs on the chosen half.
    Scenario pairs = s;
    pairs.training.microBatch = s.training.microBatch / 2;
    if (const Bytes nll = detail::chosenNllBytes(pairs); nll > bytes(0)) {
        const Formula tokens = b.symbol("B_pair") * (b.symbol("S") - Formula::number(1));
        const BytesPer z = dtypeSize(logProbsDtype(s));
        Builder::addTerm(k, "chosen-nll", QT_TRANSLATE_NOOP("Derivation", "the chosen half's cross-entropy: its log-softmax and labels"),
                         tokens * b.symbol("V") * Formula::perElement(z) + tokens * Formula::perElement(dtypeSize(Dtype::Int64)), nll,
                         QT_TRANSLATE_NOOP("Derivation", "TRL v0.19 orpo_trainer.py, cpo_trainer.py (cpo_alpha 1.0): cross_entropy_loss(all_logits[:len_chosen])"));
    }
    if (!keepsTeacher(s.training.method) || s.activations.model == ActivationModelKind::Textbook)
        return;
    const BytesPer z = dtypeSize(returnedLogitsDtype(s));
    const Count C = completionLength(s) > 0 ? completionLength(s) : s.training.sequence;
    const Formula n = b.symbol("B") * b.input("C", QT_TRANSLATE_NOOP("Derivation", "completion tokens: S less the prompt"), C) * b.symbol("V");
    Builder::addTerm(k, "distillation-loss", QT_TRANSLATE_NOOP("Derivation", "GKD's JSD loss: the student's log-probs, the stacked pair and its logsumexp, the KL terms' operands"),
                     Formula::number(7) * n * Formula::perElement(z), z.times(7 * s.training.microBatch * C * s.model.vocab),
                     QT_TRANSLATE_NOOP("Derivation", "TRL v0.19 gkd_trainer.py generalized_jsd_loss, beta 0.5: 7 B·C·V tensors saved for backward"));
}

// A trained vision tower's saved tensors (visiontower.h), held until its backward, which runs last.
void deriveVisionActivations(Builder &b, BucketDerivation &k)
{
    if (b.b.side.visionActivations > bytes(0))
        Builder::addTerm(k, "vision-tower", QT_TRANSLATE_NOOP("Derivation", "the trained vision tower's saved tensors, for the micro-batch's images"),
                         b.input("A_vis", QT_TRANSLATE_NOOP("Derivation", "what the vision tower saves for backward, in bytes (its blocks, "
                                                                          "the patch embedding's input and the merger, for N_img images of "
                                                                          "N_patch patches)"),
                                 countOf(b.b.side.visionActivations), kVisionSource),
                         b.b.side.visionActivations,
                         QT_TRANSLATE_NOOP("Derivation", "transformers 00b676f8 modeling_qwen2_vl.py, modeling_qwen2_5_vl.py, modeling_siglip.py; "
                                                         "visiontower.cpp, held to tools/calibrate/vision_measure.py"));
}

} // namespace

void deriveActivations(Builder &b)
{
    BucketDerivation &k = b.out.activations;
    k.key = "activations";
    k.label = QT_TRANSLATE_NOOP("Derivation", "Activations");
    const bool textbook = b.s.activations.model == ActivationModelKind::Textbook;
    k.source = textbook ? kTextbookSource : kItemizedSource;
    if (textbook)
        deriveTextbook(b, k);
    else
        deriveItemized(b, k);
    deriveAdapterActivations(b, k);
    derivePostTrainingActivations(b, k);
    deriveVisionActivations(b, k);
    Builder::close(k, b.b.activations);
}

} // namespace headroom::derivation
