#include "scenariokeytable.h"

#include <headroom/memory/reservedmemory.h>

#include <cmath>

#include <QFileInfo>

#include <headroom/memory/implementationprofile.h>
#include <headroom/memory/lora.h>
#include <headroom/memory/placement.h>
#include <headroom/memory/posttraining.h>
#include <headroom/io/gpuspectext.h>
#include <headroom/io/hfconfig.h>
#include <headroom/io/quantityparse.h>
#include <headroom/io/safefile.h>
#include <headroom/memory/validation.h>
#include <headroom/memory/visiontower.h>

#include <QRegularExpression>

namespace headroom::scenariokeys {

namespace {

template<typename E>
bool setEnum(std::optional<E> parsed, E &target)
{
    if (!parsed)
        return false;
    target = *parsed;
    return true;
}

// A model beside the policy (posttraining.h): "policy" (its architecture), a preset, or a
// Hugging Face config.json (a file, or a folder holding one).
bool setSideModel(ScenarioSpec &s, SideRole role, const QString &name, const Catalogue &c)
{
    SideModel &side = role == SideRole::Reward ? s.scenario.training.sideModels.reward
            : role == SideRole::Critic         ? s.scenario.training.sideModels.critic
                                               : s.scenario.training.sideModels.teacher;
    QString &source = s.sideModelSources[static_cast<int>(role)];
    if (name == QLatin1String("policy")) {
        side = SideModel{};
        source.clear();
        return true;
    }
    if (const ModelPreset *p = c.preset(name)) {
        side = SideModel{ false, p->model };
        source = p->id;
        return true;
    }
    HfModel imported;
    if (!QFileInfo::exists(name) || !readHfConfig(name, QString(), imported).ok())
        return false;
    side = SideModel{ false, imported.model };
    source = name;
    return true;
}

} // namespace

const QList<KeyEntry> &entries()
{
    static const QList<KeyEntry> table = {
        { { "model", "preset", "preset", ValueKind::Name, "see `headroom-cli presets`" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &c) {
              const ModelPreset *p = c.preset(v.name);
              if (!p)
                  return false;
              takeModel(s, p->model);
              s.presetId = p->id;
              return true;
          } },
        // A training front end's model line (axolotl base_model, model_name_or_path): the preset
        // of that checkpoint. Written back as the preset it resolved to.
        { { "model", "hub", "hub-model", ValueKind::Name,
            "a Hugging Face repository id, e.g. meta-llama/Llama-3.1-8B-Instruct: the preset whose checkpoint it is, or a "
            "variant of it (-Instruct, -it, -chat, -hf, -base); another model needs its config.json: --hf-config" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &c) {
              const ModelPreset *p = c.presetOfCheckpoint(v.name);
              if (!p)
                  return false;
              takeModel(s, p->model);
              s.presetId = p->id;
              return true;
          } },
        { { "model", "name", "model-name", ValueKind::Name, "a name for a custom or imported model" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) {
              s.modelName = boundedName(v.name, 120); // idempotent: the name survives save and open
              return true;
          } },
        { { "model", "arch", "arch", ValueKind::Name, "gpt2|llama|neox|phi|falcon|starcoder2|gemma|gemma2|bert" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) {
              return setEnum(familyFromName(v.name.toStdString()), s.scenario.model.family);
          } },
        { { "model", "params", "params", ValueKind::Count, "a parameter count: 7000000000, 7e9 or 7B" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) { s.scenario.model.paramsOverride = v.count; return true; } },
        { { "model", "layers", "layers", ValueKind::Count, "L" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) { s.scenario.model.layers = v.count; return true; } },
        { { "model", "hidden", "hidden", ValueKind::Count, "H" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) { s.scenario.model.hidden = v.count; return true; } },
        { { "model", "heads", "heads", ValueKind::Count, "A" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) { s.scenario.model.heads = v.count; return true; } },
        { { "model", "kv-heads", "kv-heads", ValueKind::Count, "key/value heads (default: heads)" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) { s.scenario.model.kvHeads = v.count; return true; } },
        { { "model", "ffn", "ffn", ValueKind::Count, "FFN inner size (default 4H)" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) { s.scenario.model.ffn = v.count; return true; } },
        { { "model", "vocab", "vocab", ValueKind::Count, "V" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) { s.scenario.model.vocab = v.count; return true; } },
        { { "model", "max-positions", "max-positions", ValueKind::Count, "learned position rows (GPT-2: 1024)" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) { s.scenario.model.maxPositions = v.count; return true; } },
        { { "model", "context-length", "context-length", ValueKind::Count,
            "rotary models: the context the config declares (max_position_embeddings); a longer --seq is warned about (0: not known)" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) { s.scenario.model.contextLength = v.count; return true; } },
        { { "model", "rope-scaling", "rope-scaling", ValueKind::Name,
            "none|linear|dynamic|yarn|llama3|longrope|other: the RoPE scaling the config declares (named in the context warning)" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) {
              return setEnum(ropeScalingFromName(v.name.toStdString()), s.scenario.model.ropeScaling);
          } },
        { { "model", "tied", "tied", ValueKind::Bool, "true|false" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) { s.scenario.model.tiedEmbeddings = v.flag; return true; } },
        { { "model", "qkv-bias", "qkv-bias", ValueKind::Bool, "true|false" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) { s.scenario.model.qkvBias = v.flag; return true; } },
        { { "model", "head-dim", "head-dim", ValueKind::Count, "per-head dimension d_h (0: H/A)" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) { s.scenario.model.headDim = v.count; return true; } },
        { { "model", "type-vocab", "type-vocab", ValueKind::Count, "BERT token types" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) { s.scenario.model.typeVocab = v.count; return true; } },
        { { "model", "out-bias", "out-bias", ValueKind::Bool, "true|false: a bias on the attention output" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) { s.scenario.model.outBias = v.flag; return true; } },
        { { "model", "mlp-bias", "mlp-bias", ValueKind::Bool, "true|false: biases on the MLP" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) { s.scenario.model.mlpBias = v.flag; return true; } },
        { { "model", "qk-norm", "qk-norm", ValueKind::Bool, "true|false: RMSNorm of q and k per head (Qwen3)" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) { s.scenario.model.qkNorm = v.flag; return true; } },
        { { "model", "qk-norm-whole", "qk-norm-whole", ValueKind::Bool, "true|false: with --qk-norm, one norm over all of q and one over all of k (OLMo-2)" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) { s.scenario.model.qkNormWhole = v.flag; return true; } },
        { { "model", "attention-sinks", "attention-sinks", ValueKind::Bool, "true|false: a learned logit per head beside the keys (gpt-oss)" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) { s.scenario.model.attentionSinks = v.flag; return true; } },
        { { "model", "attention-gate", "attention-gate", ValueKind::Bool,
            "true|false: a sigmoid gate on attention's output from q_proj (Qwen3-Next's gated attention)" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) { s.scenario.model.attentionGate = v.flag; return true; } },
        { { "model", "zero-centered-norm", "zero-centered-norm", ValueKind::Bool,
            "true|false: RMSNorms scaling by 1 + w in FP32, as Gemma's (Qwen3-Next)" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) { s.scenario.model.zeroCenteredNorm = v.flag; return true; } },
        // A hybrid model's mixer layers (model.h HybridSpec), as an imported config gives them.
        { { "model", "mixer", "mixer", ValueKind::Name, "none|gated-deltanet|mamba2|short-conv: what the layers without attention mix tokens with" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) {
              return setEnum(mixerKindFromName(v.name.toStdString()), s.scenario.model.hybrid.kind);
          } },
        { { "model", "mixer-layers", "mixer-layers", ValueKind::Count, "layers whose mixer replaces attention" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) { s.scenario.model.hybrid.layers = v.count; return true; } },
        { { "model", "mixer-heads", "mixer-heads", ValueKind::Count, "Gated DeltaNet's value heads, Mamba-2's heads, a short convolution's 1 (0: no mixer)" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) { s.scenario.model.hybrid.heads = v.count; return true; } },
        { { "model", "mixer-head-dim", "mixer-head-dim", ValueKind::Count, "a value head's width (Gated DeltaNet), a head's (Mamba-2), the channels (short convolution) (0: no mixer)" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) { s.scenario.model.hybrid.headDim = v.count; return true; } },
        { { "model", "mixer-key-heads", "mixer-key-heads", ValueKind::Count, "Gated DeltaNet's key heads, Mamba-2's groups (0: no mixer or a short convolution)" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) { s.scenario.model.hybrid.keyHeads = v.count; return true; } },
        { { "model", "mixer-key-dim", "mixer-key-dim", ValueKind::Count, "a key head's width (Gated DeltaNet), the state size (Mamba-2) (0: no mixer or a short convolution)" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) { s.scenario.model.hybrid.keyDim = v.count; return true; } },
        { { "model", "mixer-conv", "mixer-conv", ValueKind::Count, "the mixer's causal convolution width (4; LFM2: 3)" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) { s.scenario.model.hybrid.convKernel = v.count; return true; } },
        { { "model", "mixer-chunk", "mixer-chunk", ValueKind::Count, "Mamba-2's scan chunk in tokens (0: 256)" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) { s.scenario.model.hybrid.chunkSize = v.count; return true; } },
        { { "model", "mixer-conv-bias", "mixer-conv-bias", ValueKind::Bool, "true|false: the mixer's convolution bias (Mamba-2, LFM2)" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) { s.scenario.model.hybrid.convBias = v.flag; return true; } },
        { { "model", "mixer-bias", "mixer-bias", ValueKind::Bool, "true|false: the mixer's in_proj and out_proj biases (Mamba-2, LFM2)" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) { s.scenario.model.hybrid.projBias = v.flag; return true; } },
        { { "model", "mixer-split", "mixer-split", ValueKind::Bool, "true|false: Qwen3.5's four input projections apart" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) { s.scenario.model.hybrid.splitProjections = v.flag; return true; } },
        { { "model", "no-bias", "no-bias", ValueKind::Bool, "true|false: no biases anywhere, norms included (MPT)" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) { s.scenario.model.noBias = v.flag; return true; } },
        { { "model", "embedding-norm", "embedding-norm", ValueKind::Bool, "true|false: a norm after the token embedding (BLOOM)" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) { s.scenario.model.embeddingNorm = v.flag; return true; } },
        { { "model", "fused-projections", "fused-projections", ValueKind::Bool, "true|false: one matmul for q, k, v and one for gate and up (Phi-3)" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) { s.scenario.model.fusedProjections = v.flag; return true; } },
        { { "model", "fused-gate-up", "fused-gate-up", ValueKind::Bool,
            "true|false: one matmul for gate and up only, q, k and v apart (Granite 4.0's input_linear)" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) { s.scenario.model.fusedGateUp = v.flag; return true; } },
        { { "model", "norms-per-layer", "norms-per-layer", ValueKind::Count, "norms in a layer (0: the family's)" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) { s.scenario.model.normsPerLayer = v.count; return true; } },
        { { "model", "rotary-fraction", "rotary-fraction", ValueKind::Real, "share of the head dimension RoPE rotates, 0 to 1" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) { s.scenario.model.rotaryFraction = v.real; return true; } },
        { { "model", "parallel-residual", "parallel-residual", ValueKind::Name, "family|on|off" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) {
              return setEnum(switchFromName(v.name.toStdString()), s.scenario.model.parallelResidual);
          } },
        { { "model", "softcap", "softcap", ValueKind::Name, "family|on|off: Gemma-2's logit soft-capping" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) {
              return setEnum(switchFromName(v.name.toStdString()), s.scenario.model.softcap);
          } },
        { { "model", "encoder-head", "encoder-head", ValueKind::Name, "pooler|mlm: what an encoder (BERT) puts on top" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) {
              return setEnum(encoderHeadFromName(v.name.toStdString()), s.scenario.model.encoderHead);
          } },
        { { "model", "head", "head", ValueKind::Name, "lm|score: a decoder's LM head, or the score head (H -> 1) of a reward or value model" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) { return setEnum(modelHeadFromName(v.name.toStdString()), s.scenario.model.head); } },
        { { "model", "experts", "experts", ValueKind::Count, "routed experts E per MoE layer (0: dense)" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) { s.scenario.model.moe.experts = v.count; return true; } },
        { { "model", "experts-per-token", "experts-per-token", ValueKind::Count, "experts each token is routed to, k" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) { s.scenario.model.moe.perToken = v.count; return true; } },
        { { "model", "expert-ffn", "expert-ffn", ValueKind::Count, "one expert's inner size" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) { s.scenario.model.moe.expertFfn = v.count; return true; } },
        { { "model", "shared-experts", "shared-experts", ValueKind::Count, "experts every token goes through" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) { s.scenario.model.moe.sharedExperts = v.count; return true; } },
        { { "model", "shared-ffn", "shared-ffn", ValueKind::Count, "one shared expert's inner size (0: expert-ffn)" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) { s.scenario.model.moe.sharedFfn = v.count; return true; } },
        { { "model", "shared-gate", "shared-gate", ValueKind::Bool, "true|false: a sigmoid gate on the shared expert (Qwen-MoE)" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) { s.scenario.model.moe.sharedGate = v.flag; return true; } },
        { { "model", "dense-layers", "dense-layers", ValueKind::Count, "first layers kept dense (DeepSeek first_k_dense_replace)" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) { s.scenario.model.moe.denseLayers = v.count; return true; } },
        { { "model", "router-bias", "router-bias", ValueKind::Bool, "true|false: the router's correction bias (DeepSeek-V3)" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) { s.scenario.model.moe.routerBias = v.flag; return true; } },
        { { "model", "expert-bias", "expert-bias", ValueKind::Bool, "true|false: biases on every routed expert's matrices (gpt-oss)" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) { s.scenario.model.moe.expertBias = v.flag; return true; } },
        { { "model", "q-lora-rank", "q-lora-rank", ValueKind::Count, "latent attention: Q's low rank (0: none)" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) { s.scenario.model.mla.qLoraRank = v.count; return true; } },
        { { "model", "kv-lora-rank", "kv-lora-rank", ValueKind::Count, "latent attention: the KV latent's rank (0: no latent attention)" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) { s.scenario.model.mla.kvLoraRank = v.count; return true; } },
        { { "model", "rope-head-dim", "rope-head-dim", ValueKind::Count, "latent attention: rotary part of a q/k head" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) { s.scenario.model.mla.ropeHeadDim = v.count; return true; } },
        { { "model", "nope-head-dim", "nope-head-dim", ValueKind::Count, "latent attention: non-rotary part of a q/k head" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) { s.scenario.model.mla.nopeHeadDim = v.count; return true; } },
        { { "model", "v-head-dim", "v-head-dim", ValueKind::Count, "latent attention: a value head's dimension" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) { s.scenario.model.mla.valueHeadDim = v.count; return true; } },
        { { "model", "index-heads", "index-heads", ValueKind::Count, "sparse attention: the indexer's heads (DeepSeek-V3.2; 0: none)" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) { s.scenario.model.mla.indexHeads = v.count; return true; } },
        { { "model", "index-head-dim", "index-head-dim", ValueKind::Count, "sparse attention: the indexer's head dimension" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) { s.scenario.model.mla.indexHeadDim = v.count; return true; } },
        // A multimodal model's vision tower (model.h VisionSpec), as an imported config gives it.
        { { "model", "vision", "vision", ValueKind::Name, "none|qwen2-vl|qwen2.5-vl|qwen3-vl|siglip|clip: the model's vision tower" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) {
              return setEnum(visionTowerKindFromName(v.name.toStdString()), s.scenario.model.vision.kind);
          } },
        { { "model", "vision-params", "vision-params", ValueKind::Count, "the vision tower's and projector's parameters (0: no tower)" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) { s.scenario.model.vision.parameters = v.count; return true; } },
        { { "model", "vision-layers", "vision-layers", ValueKind::Count, "the vision tower's blocks (0: no tower)" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) { s.scenario.model.vision.layers = v.count; return true; } },
        { { "model", "vision-hidden", "vision-hidden", ValueKind::Count, "the vision tower's width (0: no tower)" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) { s.scenario.model.vision.hidden = v.count; return true; } },
        { { "model", "vision-heads", "vision-heads", ValueKind::Count, "the vision tower's attention heads (0: no tower)" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) { s.scenario.model.vision.heads = v.count; return true; } },
        { { "model", "vision-ffn", "vision-ffn", ValueKind::Count, "the vision tower's MLP width (0: no tower)" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) { s.scenario.model.vision.ffn = v.count; return true; } },
        { { "model", "vision-patch", "vision-patch", ValueKind::Count, "pixels a patch spans on each side (0: no tower)" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) { s.scenario.model.vision.patch = v.count; return true; } },
        { { "model", "vision-temporal-patch", "vision-temporal-patch", ValueKind::Count, "frames a patch spans (Qwen: 2)" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) { s.scenario.model.vision.temporalPatch = v.count; return true; } },
        { { "model", "vision-merge", "vision-merge", ValueKind::Count, "patches merged per side into one token (Qwen: 2)" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) { s.scenario.model.vision.merge = v.count; return true; } },
        { { "model", "vision-image-size", "vision-image-size", ValueKind::Count,
            "a fixed-size tower's image side in pixels (SigLIP); 0: each image at its own size" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) { s.scenario.model.vision.imageSize = v.count; return true; } },
        { { "model", "vision-tokens-per-image", "vision-tokens-per-image", ValueKind::Count,
            "tokens an image becomes when they are pooled (Gemma 3: 256); 0: patches / merge²" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) { s.scenario.model.vision.tokensPerImage = v.count; return true; } },
        { { "model", "vision-window", "vision-window", ValueKind::Count, "Qwen2.5-VL: a window's side in pixels (0: none)" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) { s.scenario.model.vision.windowSize = v.count; return true; } },
        { { "model", "vision-full-blocks", "vision-full-blocks", ValueKind::Count, "Qwen2.5-VL: blocks attending over the whole image" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) { s.scenario.model.vision.fullBlocks = v.count; return true; } },
        { { "model", "vision-deepstack", "vision-deepstack", ValueKind::Count, "Qwen3-VL: deepstack mergers" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) { s.scenario.model.vision.deepstackMergers = v.count; return true; } },
        { { "model", "vision-class-token", "vision-class-token", ValueKind::Bool, "true|false: CLIP: a class token beside each image's patches" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) { s.scenario.model.vision.classToken = v.flag; return true; } },
        { { "model", "vision-unused-blocks", "vision-unused-blocks", ValueKind::Count,
            "LLaVA: blocks after vision_feature_layer, their tensors freed before backward (0: none)" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) { s.scenario.model.vision.unusedBlocks = v.count; return true; } },
        // The training stack (stack.h) comes first, with the preset: its defaults are what the
        // other keys refine.
        { { "stack", "name", "stack", ValueKind::Name, "paper|hf-trainer|torchtune|litgpt|deepspeed|fsdp|fsdp2|megatron: the training stack, whose defaults the other options refine" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) {
              const auto stack = stackFromName(v.name.toStdString());
              if (!stack)
                  return false;
              applyStackDefaults(s.scenario, *stack);
              return true;
          } },
        { { "stack", "loss", "loss", ValueKind::Name, "plain|chunked|fused-linear: FP32 logits whole, the head and loss in chunks (torchtune, litgpt), or fused (Liger)" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) { return setEnum(lossFromName(v.name.toStdString()), s.scenario.stack.loss); } },
        { { "stack", "loss-chunks", "loss-chunks", ValueKind::Count, "chunks of a chunked or fused loss (default: the stack's; torchtune 8)" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) { s.scenario.stack.lossChunks = v.count; return true; } },
        { { "stack", "optimizer-in-backward", "optimizer-in-backward", ValueKind::Bool, "true|false: step and free each gradient during backward (torchtune optimizer_in_bwd)" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) { s.scenario.stack.optimizerInBackward = v.flag; return true; } },
        { { "stack", "activation-offload", "activation-offload", ValueKind::Bool, "true|false: saved activations to pinned host memory (torchtune enable_activation_offloading)" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) { s.scenario.stack.activationOffload = v.flag; return true; } },
        { { "stack", "compile", "compile", ValueKind::Bool, "true|false: torch.compile fuses norms and activations" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) { s.scenario.stack.compile = v.flag; return true; } },
        { { "stack", "paged-optimizer", "paged-optimizer", ValueKind::Bool, "true|false: bitsandbytes paged states in CUDA managed memory" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) { s.scenario.stack.pagedOptimizer = v.flag; return true; } },
        { { "stack", "fused-optimizer", "fused-optimizer", ValueKind::Name, "on|off: a fused optimizer kernel, or torch's foreach with its temporary (default: the stack's)" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) {
              if (v.name != QLatin1String("on") && v.name != QLatin1String("off"))
                  return false;
              s.scenario.stack.fusedOptimizer = v.name == QLatin1String("on");
              return true;
          } },
        { { "stack", "max-live-parameters", "max-live-parameters", ValueKind::Count, "DeepSpeed stage3_max_live_parameters (default 1e9)" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) { s.scenario.stack.maxLiveParameters = v.count; return true; } },
        { { "stack", "prefetch-bucket", "prefetch-bucket", ValueKind::Count, "DeepSpeed stage3_prefetch_bucket_size in elements (default 5e7; HF auto 0.9 H^2)" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) { s.scenario.stack.prefetchBucket = v.count; return true; } },
        { { "stack", "persistence-threshold", "persistence-threshold", ValueKind::Count, "DeepSpeed stage3_param_persistence_threshold in elements (default 1e5; HF auto 10 H)" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) { s.scenario.stack.persistenceThreshold = v.count; return true; } },
        { { "stack", "overlap-comm", "overlap-comm", ValueKind::Name, "stack|on|off: DeepSpeed overlap_comm (a second reduce bucket at stages 1-2)" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) {
              return setEnum(stackSwitchFromName(v.name.toStdString()), s.scenario.stack.overlapComm);
          } },
        { { "stack", "zero-init", "zero-init", ValueKind::Name, "on|off: ZeRO-3 builds the model partitioned (zero.Init), so no process loads it whole" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) {
              if (v.name != QLatin1String("on") && v.name != QLatin1String("off"))
                  return false;
              s.scenario.stack.zeroInit = v.name == QLatin1String("on");
              return true;
          } },
        { { "stack", "distributed-optimizer", "distributed-optimizer", ValueKind::Bool, "true|false: Megatron's distributed optimizer" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) { s.scenario.stack.distributedOptimizer = v.flag; return true; } },
        { { "parallel", "vpp", "vpp", ValueKind::Count, "model chunks per pipeline stage (Megatron's interleaved schedule, default 1)" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) { s.scenario.stack.virtualStages = v.count; return true; } },
        { { "parallel", "expert-shard", "expert-shard", ValueKind::Count,
            "a 2-D expert mesh: ZeRO shards the routed experts over N GPUs of each expert's data-parallel group (0: all d/e)" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) { s.scenario.parallel.expertShard = v.count; return true; } },
        { { "parallel", "pp-layers", "pp-layers", ValueKind::Name,
            "even|weighted|a,b,...: layers per pipeline stage (even: the first stages one more; weighted: the embedding and "
            "the output count as a layer each, torchtitan's default; a list: one count per stage, p x v under --vpp)" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) {
              return setPipelineSplit(v.name.toStdString(), s.scenario.parallel);
          } },
        { { "training", "images", "images", ValueKind::Count, "a multimodal model: images in each sequence (their tokens are part of S)" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) { s.scenario.training.images = v.count; return true; } },
        { { "training", "image-size", "image-size", ValueKind::Name, "WxH: each image's pixels as the processor hands them to the tower" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) {
              const QStringList sides = v.name.split(QRegularExpression(QStringLiteral("[x×X]")));
              bool okWidth = false, okHeight = false;
              const qlonglong width = sides.size() == 2 ? sides[0].trimmed().toLongLong(&okWidth) : 0;
              const qlonglong height = sides.size() == 2 ? sides[1].trimmed().toLongLong(&okHeight) : 0;
              if (!okWidth || !okHeight || width <= 0 || height <= 0)
                  return false;
              s.scenario.training.imageWidth = width;
              s.scenario.training.imageHeight = height;
              return true;
          } },
        { { "training", "vision-tower", "vision-tower", ValueKind::Name, "frozen|trained: whether the vision tower trains with the model" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) {
              return setEnum(visionTrainingFromName(v.name.toStdString()), s.scenario.training.visionTrained);
          } },
        { { "training", "packed", "packed", ValueKind::Bool,
            "true|false: each sequence packs documents up to S tokens, no padding; under SDPA a dense block-causal mask "
            "(a new additive copy saved by every layer), under flash none" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) { s.scenario.training.packed = v.flag; return true; } },
        { { "training", "batch", "batch", ValueKind::Count, "micro-batch B" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) { s.scenario.training.microBatch = v.count; return true; } },
        { { "training", "seq", "seq", ValueKind::Count, "sequence length S (default 2048, or a learned position table's rows when fewer)" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) { s.scenario.training.sequence = v.count; return true; } },
        { { "training", "recipe", "recipe", ValueKind::Name, "fp32|amp-fp16|amp-bf16|fp16-master|bf16-master|fp16-pure|bf16-pure" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) {
              return setEnum(recipeFromName(v.name.toStdString()), s.scenario.training.precision.recipe);
          } },
        { { "training", "optimizer", "optimizer", ValueKind::Name, "adamw|adam|sgd|sgd-momentum|adam8bit|lion|adafactor|adamw8bit-torchao|adamw4bit|adamw-fp8|muon|adam-mini|galore|galore-8bit|apollo" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) {
              return setEnum(optimizerFromName(v.name.toStdString()), s.scenario.training.precision.optimizer);
          } },
        { { "training", "projection-rank", "projection-rank", ValueKind::Count,
            "GaLore's and APOLLO's rank r of each 2-D weight's projected gradient (default 128, transformers' optim_args)" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) { s.scenario.training.precision.projectionRank = v.count; return true; } },
        { { "training", "optimizer-offload", "optimizer-offload", ValueKind::Name,
            "none|cpu|cpu+gradients: torchao's CPUOffloadOptimizer on one GPU (cpu+gradients: offload_gradients=True)" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) {
              return setEnum(optimizerOffloadFromName(v.name.toStdString()), s.scenario.training.precision.optimizerOffload);
          } },
        { { "training", "optimizer-dtype", "optimizer-dtype", ValueKind::Name, "fp32|weight" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) {
              return setEnum(stateDtypeFromName(v.name.toStdString()), s.scenario.training.precision.stateDtype);
          } },
        { { "training", "master-dtype", "master-dtype", ValueKind::Name,
            "fp32|bf16|fp16: the master copy's dtype under a *-master recipe (bf16 or fp16: the weights' own, DeepSpeed's "
            "bf16_master_weights_and_grads)" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) {
              return setEnum(masterDtypeFromName(v.name.toStdString()), s.scenario.training.precision.masterDtype);
          } },
        { { "training", "fp8", "fp8", ValueKind::Name,
            "off|tensorwise|rowwise|mxfp8|te-delayed|te-blockwise: FP8 training of the layers' linears (torchao's recipes, "
            "Transformer Engine's)" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) {
              return setEnum(fp8RecipeFromName(v.name.toStdString()), s.scenario.training.precision.fp8);
          } },
        { { "training", "fp8-all-gather", "fp8-all-gather", ValueKind::Bool,
            "true|false: FSDP gathers the linear weights in FP8 (torchao's enable_fsdp_float8_all_gather, tensorwise)" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) { s.scenario.training.precision.fp8AllGather = v.flag; return true; } },
        { { "training", "fp32-grad-buffer", "fp32-grad-buffer", ValueKind::Bool, "true|false" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) { s.scenario.training.precision.fp32GradBuffer = v.flag; return true; } },
        { { "training", "recompute", "recompute", ValueKind::Name,
            "none|full|selective|op (op: torchtitan's per-operator policy, every other matmul's output and attention's kept)" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) {
              return setEnum(recomputeFromName(v.name.toStdString()), s.scenario.training.recompute);
          } },
        // Layer-level checkpointing: either option alone means full recomputation of those layers.
        { { "training", "recompute-every", "recompute-every", ValueKind::Count,
            "checkpoint every N-th layer only (torchtitan's layer-level selective checkpointing; implies --recompute full; 1: every layer)" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) {
              s.scenario.training.recomputeEvery = v.count;
              if (v.count > 1)
                  s.scenario.training.recompute = Recompute::Full;
              return true;
          } },
        { { "training", "recompute-layers", "recompute-layers", ValueKind::Count,
            "Megatron's --recompute-num-layers N (implies --recompute full; 0: every layer, one a checkpoint)" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) {
              s.scenario.training.recomputeLayers = v.count;
              if (v.count > 0)
                  s.scenario.training.recompute = Recompute::Full;
              return true;
          } },
        { { "training", "recompute-method", "recompute-method", ValueKind::Name,
            "uniform|block: Megatron's --recompute-method (uniform: every layer in groups of N; block: the first N layers of each stage)" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) {
              return setEnum(recomputeMethodFromName(v.name.toStdString()), s.scenario.training.recomputeMethod);
          } },
        { { "training", "grad-accum", "grad-accum", ValueKind::Count, "gradient accumulation steps" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) { s.scenario.training.gradAccumSteps = v.count; return true; } },
        // Preference training (posttraining.h): TRL's trainer names.
        { { "training", "method", "method", ValueKind::Name,
            "sft|dpo|ipo|orpo|simpo|kto|grpo|reward|ppo|distill: what the run trains for (TRL's trainers; dpo, ipo, kto, grpo and ppo keep a reference model)" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) {
              const std::optional<TrainingMethod> m = trainingMethodFromName(v.name.toStdString());
              if (!m)
                  return false;
              setTrainingMethod(s.scenario, *m);
              return true;
          } },
        { { "training", "reward-model", "reward-model", ValueKind::Name,
            "PPO's reward model: policy (its architecture with a score head), a preset, or a Hugging Face config.json" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &c) { return setSideModel(s, SideRole::Reward, v.name, c); } },
        { { "training", "critic-model", "critic-model", ValueKind::Name,
            "PPO's value model, trained: policy (its architecture with a score head), a preset, or a Hugging Face config.json" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &c) { return setSideModel(s, SideRole::Critic, v.name, c); } },
        { { "training", "teacher", "teacher", ValueKind::Name,
            "distillation's frozen teacher: policy, a preset, or a Hugging Face config.json" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &c) { return setSideModel(s, SideRole::Teacher, v.name, c); } },
        { { "training", "reference", "reference", ValueKind::Name,
            "model|precomputed: the reference's log-probs from its forward during training, or computed before it (no reference on the GPU)" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) {
              return setEnum(referenceSourceFromName(v.name.toStdString()), s.scenario.training.reference);
          } },
        { { "training", "dpo-concat", "dpo-concat", ValueKind::Bool,
            "true|false: chosen and rejected in one forward of 2B sequences (TRL), or one after the other" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) { s.scenario.training.pairsConcatenated = v.flag; return true; } },
        // GRPO's rollouts (posttraining.h), as TRL's GRPOConfig names them.
        { { "training", "generations", "generations", ValueKind::Count, "GRPO: completions per prompt G (num_generations, default 8)" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) { s.scenario.training.generations = v.count; return true; } },
        { { "training", "prompt-length", "prompt-length", ValueKind::Count, "GRPO: prompt tokens of S (max_prompt_length, default 512); the completion is the rest" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) { s.scenario.training.promptLength = v.count; return true; } },
        // The completion is what the sequence holds beyond the prompt: S = prompt + completion.
        { { "training", "completion-length", "completion-length", ValueKind::Count,
            "GRPO: completion tokens (max_completion_length); sets S = prompt-length + completion-length" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) {
              s.scenario.training.sequence = s.scenario.training.promptLength + v.count;
              return true;
          } },
        { { "training", "rollout", "rollout", ValueKind::Name, "hf-generate|vllm-colocate|vllm-server: who generates GRPO's completions" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) {
              return setEnum(rolloutEngineFromName(v.name.toStdString()), s.scenario.training.rollout);
          } },
        { { "training", "rollout-memory-fraction", "rollout-memory-fraction", ValueKind::Real,
            "vLLM colocated: its share of the GPU, 0 < f <= 1 (gpu_memory_utilization, TRL default 0.3)" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) { s.scenario.training.rolloutMemoryFraction = v.real; return true; } },
        { { "training", "rollout-sleep", "rollout-sleep", ValueKind::Bool, "true|false: vLLM colocated frees its memory while training (sleep mode)" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) { s.scenario.training.rolloutSleep = v.flag; return true; } },
        { { "training", "rollout-gpus", "rollout-gpus", ValueKind::Count, "vLLM server: GPUs of its own (default 1)" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) { s.scenario.training.rolloutGpus = v.count; return true; } },
        // The itemized model's switches (implementationprofile.h). Naming any of them asks for
        // that model unless the model is named too: its key comes after them and has the last
        // word. A profile also sets its attention kernel, which a named kernel (next) overrides.
        { { "activations", "profile", "profile", ValueKind::Name,
            "hf-eager|hf-sdpa|megatron-fused|hf-eager-cpu (implies --activations transformer)" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) {
              const auto profile = profileFromName(v.name.toStdString());
              if (!profile)
                  return false;
              s.scenario.activations.profile = *profile;
              s.scenario.activations.attention = defaultAttention(*profile);
              s.scenario.activations.model = ActivationModelKind::Transformer;
              return true;
          } },
        { { "activations", "attention", "attention", ValueKind::Name, "eager|sdpa|flash (implies --activations transformer)" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) {
              if (!setEnum(attentionKernelFromName(v.name.toStdString()), s.scenario.activations.attention))
                  return false;
              s.scenario.activations.model = ActivationModelKind::Transformer;
              return true;
          } },
        { { "activations", "dropout", "dropout", ValueKind::Real, "dropout probability, 0 <= p < 1 (implies --activations transformer)" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) {
              s.scenario.activations.dropout = v.real;
              s.scenario.activations.model = ActivationModelKind::Transformer;
              return true;
          } },
        { { "activations", "gelu", "gelu", ValueKind::Name, "model|fused|python: the MLP's GELU as one kernel or written out (HF gelu_new)" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) { return setEnum(geluImplFromName(v.name.toStdString()), s.scenario.activations.gelu); } },
        { { "activations", "capacity-factor", "capacity-factor", ValueKind::Real, "mixture of experts: expert capacity factor (0: dropless, as Hugging Face routes)" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) { s.scenario.activations.capacityFactor = v.real; return true; } },
        { { "activations", "model", "activations", ValueKind::Name, "textbook|transformer" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) {
              return setEnum(activationModelFromName(v.name.toStdString()), s.scenario.activations.model);
          } },
        { { "runtime", "overhead", "overhead", ValueKind::Bytes, "bytes (e.g. 2GiB), 0 to leave the runtime's share out" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) {
              s.scenario.overhead.cudaContext = bytes(v.count);
              s.scenario.overhead.allocatorReserve = bytes(0);
              return true;
          } },
        { { "runtime", "cuda-context", "cuda-context", ValueKind::Bytes, "bytes" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) { s.scenario.overhead.cudaContext = bytes(v.count); return true; } },
        { { "runtime", "allocator-reserve", "allocator-reserve", ValueKind::Bytes, "bytes" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) { s.scenario.overhead.allocatorReserve = bytes(v.count); return true; } },
        { { "runtime", "allocator-cache", "allocator-cache", ValueKind::Name, "modelled: emulate PyTorch's caching allocator (the default); a fixed figure is --allocator-reserve" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) {
              if (v.name != QLatin1String("modelled"))
                  return false;
              s.scenario.overhead.allocatorReserve = bytes(-1);
              return true;
          } },
        { { "runtime", "expandable-segments", "expandable-segments", ValueKind::Name, "on|off: PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) {
              if (v.name != QLatin1String("on") && v.name != QLatin1String("off"))
                  return false;
              s.scenario.overhead.expandableSegments = v.name == QLatin1String("on");
              return true;
          } },
        { { "runtime", "load-path", "load-path", ValueKind::Name, "direct|fp32-on-gpu: weights created in their dtype (from_pretrained, meta-device init) or built in FP32 on the GPU, then converted" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) { return setEnum(loadPathFromName(v.name.toStdString()), s.scenario.overhead.loadPath); } },
        { { "gpu", "compare", "compare-with", ValueKind::Name, "allocated|reserved|device: the peak figure held against the GPU's memory (device, what nvidia-smi shows, by default)" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) { return setEnum(peakFigureFromName(v.name.toStdString()), s.scenario.gpu.compared); } },
        { { "gpu", "kind", "gpu", ValueKind::Name, "see `headroom-cli gpus`" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &c) {
              const GpuSpec *g = c.gpu(v.name);
              if (!g)
                  return false;
              s.customGpu = GpuSpec{};
              s.gpuId = g->id;
              s.scenario.gpu.capacity = g->capacity;
              s.scenario.gpu.supportsBf16 = g->bf16;
              s.scenario.gpu.supportsFp8 = g->fp8;
              return true;
          } },
        { { "gpu", "spec", "gpu-spec", ValueKind::Name,
            "a card outside the catalogue: name=ID,memory=96GiB,bf16=989T,hbm=3.35TB/s[,fp8=1979T,nvlink=450GB/s,pcie=64GB/s,...] "
            "(docs/procurement.md); its name must not be a catalogue kind" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &c) {
              GpuSpec g;
              QString problem;
              if (!parseGpuSpec(v.name, g, problem) || c.gpu(g.id))
                  return false;
              s.customGpu = g;
              s.gpuId = g.id;
              s.scenario.gpu.capacity = g.capacity;
              s.scenario.gpu.supportsBf16 = g.bf16;
              s.scenario.gpu.supportsFp8 = g.fp8;
              return true;
          } },
        { { "gpu", "count", "gpus", ValueKind::Count, "number of GPUs N" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) {
              s.scenario.parallel.gpus = v.count;
              s.gpuCountGiven = true;
              return true;
          } },
        // Scale-out (placement.h). The ZeRO stage is kept as given and validate() names the
        // allowed range; what the enum cannot hold is refused on reading (heldRange()), so the
        // clamp below only keeps the cast defined.
        { { "parallel", "zero", "zero", ValueKind::Count, "ZeRO stage 0-3 (FSDP SHARD_GRAD_OP = 2, FULL_SHARD = 3)" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) {
              const Count clamped = v.count < -1 ? -1 : (v.count > 1'000'000 ? 1'000'000 : v.count);
              s.scenario.parallel.zero = static_cast<ZeroStage>(static_cast<int>(clamped));
              return true;
          } },
        { { "parallel", "offload", "offload", ValueKind::Name, "none|optimizer|optimizer+params" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) {
              return setEnum(offloadFromName(v.name.toStdString()), s.scenario.parallel.offload);
          } },
        { { "parallel", "tp", "tp", ValueKind::Count, "tensor-parallel degree t (divides the heads)" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) { s.scenario.parallel.tensorParallel = v.count; return true; } },
        { { "parallel", "ep", "ep", ValueKind::Count, "expert-parallel degree e: the routed experts divided over e GPUs (divides E and N/(t p))" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) { s.scenario.parallel.expertParallel = v.count; return true; } },
        { { "parallel", "cp", "cp", ValueKind::Count,
            "context-parallel degree c: each sequence split over c GPUs (N = d t p c; S a multiple of 2c, of c under Ulysses)" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) { s.scenario.parallel.contextParallel = v.count; return true; } },
        { { "parallel", "cp-kind", "cp-kind", ValueKind::Name,
            "default|ring|allgather|ulysses: how context-parallel attention exchanges K and V (default: the stack's; Megatron ring, DeepSpeed ulysses, the others allgather)" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) {
              return setEnum(contextParallelKindFromName(v.name.toStdString()), s.scenario.parallel.contextKind);
          } },
        { { "parallel", "shard-group", "shard-group", ValueKind::Count,
            "HSDP: ZeRO shards within groups of this many GPUs and replicates across them (divides N/(t p); 0: over all of them)" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) { s.scenario.parallel.shardGroup = v.count; return true; } },
        { { "parallel", "pp", "pp", ValueKind::Count, "pipeline-parallel stages p (at most L)" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) { s.scenario.parallel.pipelineParallel = v.count; return true; } },
        { { "parallel", "sp", "sp", ValueKind::Bool, "true|false: sequence parallelism alongside tensor parallelism" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) { s.scenario.parallel.sequenceParallel = v.flag; return true; } },
        { { "parallel", "gpus-per-node", "gpus-per-node", ValueKind::Count, "GPUs per node, for host memory per node (default 8)" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) { s.scenario.parallel.gpusPerNode = v.count; return true; } },
        { { "parallel", "reduce-bucket", "reduce-bucket", ValueKind::Count,
            "ZeRO gradient reduce bucket in elements (default: the stack's: DeepSpeed 5e8, HF auto H^2, none for FSDP); 0 for none" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) { s.scenario.parallel.reduceBucket = v.count; return true; } },
        // A rank or targets alone mean LoRA; the mode key comes after them so that a file's (or
        // the option's) explicit mode, "none" included, has the last word.
        { { "lora", "rank", "lora-rank", ValueKind::Count, "adapter rank r (implies --lora lora)" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) {
              s.scenario.lora.rank = v.count;
              if (s.scenario.lora.mode == AdapterMode::None)
                  s.scenario.lora.mode = AdapterMode::Lora;
              return true;
          } },
        { { "lora", "targets", "lora-targets", ValueKind::Name,
            "comma list of q,k,v,o,gate,up,down and a hybrid's mixer-in,mixer-out, or all (default q,v; implies --lora lora)" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) {
              const auto targets = loraTargetsFromText(v.name.toStdString());
              if (!targets)
                  return false;
              s.scenario.lora.targets = *targets;
              if (s.scenario.lora.mode == AdapterMode::None)
                  s.scenario.lora.mode = AdapterMode::Lora;
              return true;
          } },
        { { "lora", "dora", "dora", ValueKind::Bool,
            "true|false: DoRA (PEFT use_dora): a trained magnitude per output of each adapted module, its saved outputs "
            "and its weight-norm scratch (implies --lora lora)" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) {
              s.scenario.lora.dora = v.flag;
              if (v.flag && s.scenario.lora.mode == AdapterMode::None)
                  s.scenario.lora.mode = AdapterMode::Lora;
              return true;
          } },
        { { "lora", "trainable", "lora-trainable", ValueKind::Name,
            "none|embed|head|embed,head: PEFT's modules_to_save, a trained copy of the token embedding and/or the LM head "
            "beside the frozen original, in the module's own dtype" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) {
              const auto modules = trainedModulesFromText(v.name.toStdString());
              if (!modules)
                  return false;
              s.scenario.lora.trainedModules = *modules;
              return true;
          } },
        { { "lora", "bnb-saves-input", "bnb-saves-input", ValueKind::Bool,
            "true|false: bitsandbytes before 0.43.2, whose 4-bit matmul kept each linear's input for backward (most QLoRA "
            "tables of 2023-24 were measured with it)" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) { s.scenario.lora.bnbSavesInput = v.flag; return true; } },
        { { "lora", "dropout", "lora-dropout", ValueKind::Real, "lora_dropout, 0 <= p < 1 (PEFT default 0)" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) { s.scenario.lora.dropout = v.real; return true; } },
        { { "lora", "base", "qlora-base", ValueKind::Name,
            "nf4|nf4-dq|gptq|awq|int8|hqq|fp8: the frozen base's quantized storage (bitsandbytes NF4 with FP32 or double-quantized "
            "scales, GPTQ and AWQ 4-bit, bitsandbytes LLM.int8, HQQ 4-bit, FP8 with per-channel scales)" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) { return setEnum(quantBaseFromName(v.name.toStdString()), s.scenario.stack.quantBase); } },
        { { "lora", "quant-group-size", "quant-group-size", ValueKind::Count,
            "weights per group of GPTQ, AWQ and HQQ (default 128, 128, 64)" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) { s.scenario.stack.quantGroupSize = v.count; return true; } },
        { { "lora", "mode", "lora", ValueKind::Name, "none|lora|qlora|dora|qdora (dora: --lora lora --dora true)" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) {
              if (v.name == QLatin1String("dora") || v.name == QLatin1String("qdora")) {
                  s.scenario.lora.mode = v.name == QLatin1String("dora") ? AdapterMode::Lora : AdapterMode::Qlora;
                  s.scenario.lora.dora = true;
                  return true;
              }
              return setEnum(adapterModeFromName(v.name.toStdString()), s.scenario.lora.mode);
          } },
        { { "lora", "qlora", "qlora", ValueKind::Bool, "true|false: QLoRA, adapters on a 4-bit NF4 base (--lora qlora)" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) {
              if (v.flag)
                  s.scenario.lora.mode = AdapterMode::Qlora;
              else if (s.scenario.lora.mode == AdapterMode::Qlora)
                  s.scenario.lora.mode = AdapterMode::Lora;
              return true;
          } },
    };
    return table;
}

} // namespace headroom::scenariokeys

namespace headroom {

const QList<ScenarioKey> &scenarioKeys()
{
    static const QList<ScenarioKey> keys = [] {
        QList<ScenarioKey> k;
        for (const scenariokeys::KeyEntry &e : scenariokeys::entries())
            k.append(e.key);
        return k;
    }();
    return keys;
}

} // namespace headroom
