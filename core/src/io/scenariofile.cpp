#include <headroom/io/scenariofile.h>

#include <cmath>

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>

#include <headroom/memory/implementationprofile.h>
#include <headroom/memory/lora.h>
#include <headroom/memory/placement.h>
#include <headroom/io/jsonduplicates.h>
#include <headroom/io/quantityparse.h>
#include <headroom/io/safefile.h>
#include <headroom/memory/formula.h>
#include <headroom/memory/validation.h>

namespace headroom {

namespace {

// A parsed value of one key, before it is applied.
struct Value
{
    Count count = 0;
    bool flag = false;
    double real = 0;
    QString name;
};

using Apply = bool (*)(ScenarioSpec &, const Value &, const Catalogue &);

struct KeyEntry
{
    ScenarioKey key;
    Apply apply;
};

template<typename E>
bool setEnum(std::optional<E> parsed, E &target)
{
    if (!parsed)
        return false;
    target = *parsed;
    return true;
}

const QList<KeyEntry> &entries()
{
    static const QList<KeyEntry> table = {
        { { "model", "preset", "preset", ValueKind::Name, "see `headroom-cli presets`" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &c) {
              const ModelPreset *p = c.preset(v.name);
              if (!p)
                  return false;
              s.scenario.model = p->model;
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
        { { "model", "fused-projections", "fused-projections", ValueKind::Bool, "true|false: one matmul for q, k, v and one for gate and up (Phi-3)" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) { s.scenario.model.fusedProjections = v.flag; return true; } },
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
        { { "training", "batch", "batch", ValueKind::Count, "micro-batch B" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) { s.scenario.training.microBatch = v.count; return true; } },
        { { "training", "seq", "seq", ValueKind::Count, "sequence length S" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) { s.scenario.training.sequence = v.count; return true; } },
        { { "training", "recipe", "recipe", ValueKind::Name, "fp32|amp-fp16|amp-bf16|fp16-master|bf16-master|fp16-pure|bf16-pure" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) {
              return setEnum(recipeFromName(v.name.toStdString()), s.scenario.training.precision.recipe);
          } },
        { { "training", "optimizer", "optimizer", ValueKind::Name, "adamw|adam|sgd|sgd-momentum|adam8bit|lion|adafactor" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) {
              return setEnum(optimizerFromName(v.name.toStdString()), s.scenario.training.precision.optimizer);
          } },
        { { "training", "optimizer-dtype", "optimizer-dtype", ValueKind::Name, "fp32|weight" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) {
              return setEnum(stateDtypeFromName(v.name.toStdString()), s.scenario.training.precision.stateDtype);
          } },
        { { "training", "fp32-grad-buffer", "fp32-grad-buffer", ValueKind::Bool, "true|false" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) { s.scenario.training.precision.fp32GradBuffer = v.flag; return true; } },
        { { "training", "recompute", "recompute", ValueKind::Name, "none|full|selective" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) {
              return setEnum(recomputeFromName(v.name.toStdString()), s.scenario.training.recompute);
          } },
        { { "training", "grad-accum", "grad-accum", ValueKind::Count, "gradient accumulation steps" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) { s.scenario.training.gradAccumSteps = v.count; return true; } },
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
        { { "gpu", "kind", "gpu", ValueKind::Name, "see `headroom-cli gpus`" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &c) {
              const GpuSpec *g = c.gpu(v.name);
              if (!g)
                  return false;
              s.gpuId = g->id;
              s.scenario.gpu.capacity = g->capacity;
              s.scenario.gpu.supportsBf16 = g->bf16;
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
            "comma list of q,k,v,o,gate,up,down, or all (default q,v; implies --lora lora)" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) {
              const auto targets = loraTargetsFromText(v.name.toStdString());
              if (!targets)
                  return false;
              s.scenario.lora.targets = *targets;
              if (s.scenario.lora.mode == AdapterMode::None)
                  s.scenario.lora.mode = AdapterMode::Lora;
              return true;
          } },
        { { "lora", "dropout", "lora-dropout", ValueKind::Real, "lora_dropout, 0 <= p < 1 (PEFT default 0)" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) { s.scenario.lora.dropout = v.real; return true; } },
        { { "lora", "base", "qlora-base", ValueKind::Name, "nf4|nf4-dq: QLoRA's base with FP32 block scales, or double-quantized scales" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) { return setEnum(quantBaseFromName(v.name.toStdString()), s.scenario.stack.quantBase); } },
        { { "lora", "mode", "lora", ValueKind::Name, "none|lora|qlora" },
          [](ScenarioSpec &s, const Value &v, const Catalogue &) {
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

const char *kindName(ValueKind kind)
{
    switch (kind) {
    case ValueKind::Count: return "a whole number";
    case ValueKind::Bytes: return "a byte size";
    case ValueKind::Bool: return "true or false";
    case ValueKind::Name: return "a name";
    case ValueKind::Real: return "a number";
    }
    return "";
}

enum class Read { Ok, WrongType, TooLarge };

// Reads one JSON value as the key's kind; counts may be numbers or strings ("7B").
Read readValue(const QJsonValue &json, ValueKind kind, Value &out)
{
    switch (kind) {
    case ValueKind::Count:
    case ValueKind::Bytes: {
        if (json.isDouble()) {
            // A whole number beyond +-9e15 (JSON numbers are doubles, exact to 2^53) is out of
            // every field's range rather than "not a whole number".
            const double d = json.toDouble();
            if (std::isfinite(d) && d != std::trunc(d))
                return Read::WrongType;
            if (!std::isfinite(d) || d < -9e15 || d > 9e15)
                return Read::TooLarge;
            out.count = json.toInteger();
            return Read::Ok;
        }
        if (!json.isString())
            return Read::WrongType;
        std::string text = json.toString().trimmed().toStdString();
        // A leading minus is read so that validation can say "out of range" rather than
        // "not a number" for a negative size.
        const bool negative = !text.empty() && text.front() == '-';
        if (negative)
            text.erase(0, 1);
        bool tooLarge = false;
        if (kind == ValueKind::Count) {
            const auto c = parseCount(text, &tooLarge);
            if (!c)
                return tooLarge ? Read::TooLarge : Read::WrongType;
            out.count = *c;
        } else {
            const auto b = parseBytes(text, &tooLarge);
            if (!b)
                return tooLarge ? Read::TooLarge : Read::WrongType;
            out.count = countOf(*b);
        }
        if (negative)
            out.count = -out.count;
        return Read::Ok;
    }
    case ValueKind::Bool:
        if (!json.isBool())
            return Read::WrongType;
        out.flag = json.toBool();
        return Read::Ok;
    case ValueKind::Name:
        if (!json.isString())
            return Read::WrongType;
        out.name = json.toString();
        return Read::Ok;
    case ValueKind::Real:
        if (!json.isDouble())
            return Read::WrongType;
        out.real = json.toDouble();
        return Read::Ok;
    }
    return Read::WrongType;
}

// The offending value as a message quotes it: strings escaped and cut short (excerpt()).
QString shown(const QJsonValue &v)
{
    if (v.isString())
        return QLatin1Char('"') + excerpt(v.toString()) + QLatin1Char('"');
    if (v.isArray() || v.isObject())
        return v.isArray() ? QStringLiteral("an array") : QStringLiteral("an object");
    return QString::fromUtf8(QJsonDocument(QJsonArray{ v }).toJson(QJsonDocument::Compact)).mid(1).chopped(1);
}

// The range a key's messages give: its field's, the overhead's that of the CUDA context it is
// stored as, else every count a file can hold exactly.
FieldRange allowedRange(const ScenarioKey &key)
{
    if (qstrcmp(key.option, "overhead") == 0)
        return fieldRange(Field::CudaContext);
    if (const std::optional<Field> f = fieldFromName(key.option))
        return fieldRange(*f);
    return { -9'000'000'000'000'000, 9'000'000'000'000'000 };
}

// Counts the scenario cannot keep as given, refused when read (quoting the value as given)
// instead of being clamped or stored elsewhere for validate() to misname: the ZeRO stage is an
// enum that holds -1 to 1,000,000 (so that validate() still names a 5 itself), and the overhead
// is stored as the CUDA context, which validate() would blame.
std::optional<FieldRange> heldRange(const ScenarioKey &key)
{
    if (qstrcmp(key.option, "zero") == 0)
        return FieldRange{ -1, 1'000'000 };
    if (qstrcmp(key.option, "overhead") == 0)
        return fieldRange(Field::CudaContext);
    // Kept as given, these would read as "the default" or "the stack's" (0 or a negative is how
    // the scenario stores that) and validate() would let them pass: they are refused with the
    // field's range instead. A file never holds them (scenarioToJson() writes the default out).
    for (const char *aliasesDefault : { "params", "ffn", "kv-heads", "loss-chunks", "max-live-parameters",
                                        "prefetch-bucket", "persistence-threshold", "reduce-bucket" })
        if (qstrcmp(key.option, aliasesDefault) == 0)
            return fieldRange(*fieldFromName(key.option));
    return std::nullopt;
}

QString rangeText(const FieldRange &r)
{
    return QString::fromStdString(groupedNumber(r.min) + " to " + groupedNumber(r.max));
}

} // namespace

const QList<ScenarioKey> &scenarioKeys()
{
    static const QList<ScenarioKey> keys = [] {
        QList<ScenarioKey> k;
        for (const KeyEntry &e : entries())
            k.append(e.key);
        return k;
    }();
    return keys;
}

ScenarioError applyScenarioJson(const QJsonObject &input, const Catalogue &catalogue, ScenarioSpec &spec)
{
    // Schema-1 files written before model.family was renamed model.arch (saved sessions, the
    // calibration harness's gpu_peak.py) still read: the old key is taken as the new one.
    QJsonObject root = input;
    if (const QJsonValue m = root.value(QStringLiteral("model")); m.isObject()) {
        QJsonObject model = m.toObject();
        if (model.contains(QStringLiteral("family")) && !model.contains(QStringLiteral("arch"))) {
            model.insert(QStringLiteral("arch"), model.take(QStringLiteral("family")));
            root.insert(QStringLiteral("model"), model);
        }
    }
    const QJsonValue schema = root.value(QStringLiteral("schema"));
    if (!schema.isDouble() || schema.toInt() != kScenarioSchema)
        return { ScenarioError::Code::WrongSchema, QStringLiteral("schema"), QString::number(kScenarioSchema),
                 schema.isUndefined() ? QStringLiteral("nothing") : shown(schema), {} };
    for (auto it = root.begin(); it != root.end(); ++it) {
        if (it.key() == QLatin1String("schema"))
            continue;
        bool known = false;
        for (const KeyEntry &e : entries())
            known = known || it.key() == QLatin1String(e.key.group);
        if (!known)
            return { ScenarioError::Code::UnknownKey, excerpt(it.key()),
                     QStringLiteral("model, training, activations, runtime, gpu, parallel, lora or stack"), excerpt(it.key()), {} };
        if (!it.value().isObject())
            return { ScenarioError::Code::WrongType, it.key(), QStringLiteral("an object"), shown(it.value()), {} };
        const QJsonObject group = it.value().toObject();
        for (auto k = group.begin(); k != group.end(); ++k) {
            bool found = false;
            for (const KeyEntry &e : entries())
                found = found || (it.key() == QLatin1String(e.key.group) && k.key() == QLatin1String(e.key.key));
            if (!found)
                return { ScenarioError::Code::UnknownKey, it.key() + QLatin1Char('.') + excerpt(k.key()),
                         QStringLiteral("a key listed in the README's scenario schema"), excerpt(k.key()), {} };
        }
    }

    ScenarioSpec result = spec;
    // The preset goes first so that the file's own model keys refine it, whatever their order.
    for (int pass = 0; pass < 2; ++pass) {
        for (const KeyEntry &e : entries()) {
            // The preset and the stack go first: the other keys refine them.
            const bool isPreset = qstrcmp(e.key.key, "preset") == 0 || (qstrcmp(e.key.group, "stack") == 0 && qstrcmp(e.key.key, "name") == 0);
            if ((pass == 0) != isPreset)
                continue;
            const QJsonValue json = root.value(QLatin1String(e.key.group)).toObject().value(QLatin1String(e.key.key));
            if (json.isUndefined())
                continue;
            const QString field = QLatin1String(e.key.group) + QLatin1Char('.') + QLatin1String(e.key.key);
            Value v;
            const Read read = readValue(json, e.key.kind, v);
            // Named with the field's own range, as validation would name it.
            if (read == Read::TooLarge)
                return { ScenarioError::Code::OutOfRange, field, rangeText(allowedRange(e.key)), shown(json), {} };
            if (read != Read::Ok)
                return { ScenarioError::Code::WrongType, field,
                         QLatin1String(kindName(e.key.kind)) + QStringLiteral(" (") + QLatin1String(e.key.allowed) + QLatin1Char(')'),
                         shown(json), {} };
            if (const std::optional<FieldRange> held = heldRange(e.key); held && (v.count < held->min || v.count > held->max))
                return { ScenarioError::Code::OutOfRange, field, rangeText(allowedRange(e.key)), shown(json), {} };
            if (!e.apply(result, v, catalogue))
                return { ScenarioError::Code::UnknownName, field, QLatin1String(e.key.allowed), shown(json), {} };
        }
    }
    spec = result;
    return {};
}

ScenarioSpec realisticDefaults()
{
    ScenarioSpec spec;
    applyStackDefaults(spec.scenario, TrainingStack::HfTrainer);
    return spec;
}

ScenarioError applyScenarioFileJson(const QJsonObject &input, const Catalogue &catalogue, ScenarioSpec &spec,
                                    QList<PinnedScenario> *pinned)
{
    QJsonObject root = input;
    const QJsonValue compare = root.take(QStringLiteral("compare"));
    QList<PinnedScenario> read;
    if (!compare.isUndefined()) {
        if (!compare.isArray())
            return { ScenarioError::Code::WrongType, QStringLiteral("compare"), QStringLiteral("an array of pinned scenarios"),
                     shown(compare), {} };
        const QJsonArray entries = compare.toArray();
        if (entries.size() > kMaxPinnedScenarios)
            return { ScenarioError::Code::OutOfRange, QStringLiteral("compare"),
                     QStringLiteral("0 to %1 pinned scenarios").arg(kMaxPinnedScenarios), QString::number(entries.size()), {} };
        for (qsizetype i = 0; i < entries.size(); ++i) {
            const QString at = QStringLiteral("compare[%1]").arg(i);
            if (!entries.at(i).isObject())
                return { ScenarioError::Code::WrongType, at, QStringLiteral("an object with name and scenario"),
                         shown(entries.at(i)), {} };
            const QJsonObject entry = entries.at(i).toObject();
            for (auto it = entry.begin(); it != entry.end(); ++it)
                if (it.key() != QLatin1String("name") && it.key() != QLatin1String("scenario"))
                    return { ScenarioError::Code::UnknownKey, at + QLatin1Char('.') + excerpt(it.key()),
                             QStringLiteral("name or scenario"), excerpt(it.key()), {} };
            const QJsonValue name = entry.value(QStringLiteral("name"));
            if (!name.isString() || name.toString().trimmed().isEmpty() || name.toString().size() > kMaxPinnedNameLength)
                return { ScenarioError::Code::WrongType, at + QStringLiteral(".name"),
                         QStringLiteral("a name of 1 to %1 characters").arg(kMaxPinnedNameLength), shown(name), {} };
            const QJsonValue scenario = entry.value(QStringLiteral("scenario"));
            if (!scenario.isObject())
                return { ScenarioError::Code::WrongType, at + QStringLiteral(".scenario"), QStringLiteral("a scenario object"),
                         shown(scenario), {} };
            PinnedScenario p{ name.toString().trimmed(), realisticDefaults() };
            ScenarioError e = applyScenarioJson(scenario.toObject(), catalogue, p.spec);
            if (!e.ok()) {
                e.field = at + QStringLiteral(".scenario.") + e.field;
                return e;
            }
            read.append(p);
        }
    }
    ScenarioSpec result = spec;
    const ScenarioError e = applyScenarioJson(root, catalogue, result);
    if (!e.ok())
        return e;
    spec = result;
    if (pinned)
        *pinned = read;
    return {};
}

QJsonObject scenarioFileToJson(const ScenarioSpec &spec, const QList<PinnedScenario> &pinned)
{
    QJsonObject root = scenarioToJson(spec);
    if (pinned.isEmpty())
        return root;
    QJsonArray compare;
    for (const PinnedScenario &p : pinned)
        compare.append(QJsonObject{ { QStringLiteral("name"), p.name }, { QStringLiteral("scenario"), scenarioToJson(p.spec) } });
    root.insert(QStringLiteral("compare"), compare);
    return root;
}

ScenarioError readScenarioFile(const QString &path, const Catalogue &catalogue, ScenarioSpec &spec,
                               QList<PinnedScenario> *pinned)
{
    QByteArray data;
    const FileProblem problem = readRegularFile(path, data);
    switch (problem.code) {
    case FileProblem::Code::None: break;
    case FileProblem::Code::NotRegularFile: return { ScenarioError::Code::NotRegularFile, path, {}, {}, {} };
    case FileProblem::Code::TooLarge:
        return { ScenarioError::Code::TooLarge, path, QString::number(kMaxInputFileBytes), {}, {} };
    default: return { ScenarioError::Code::CannotOpen, path, {}, {}, problem.detail };
    }
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(data, &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        // QJsonDocument takes only an object or an array at the top level; a lone number,
        // string, true, false or null is valid JSON all the same, and wrapped in an array it
        // parses: say that the top level must be an object rather than "not valid JSON".
        if (const QJsonDocument wrapped = QJsonDocument::fromJson('[' + data + ']'); wrapped.isArray() && wrapped.array().size() == 1)
            return { ScenarioError::Code::NotJson, path, QStringLiteral("a JSON object"), QStringLiteral("a single value"), {} };
        return { ScenarioError::Code::NotJson, path, {}, {},
                 parseError.errorString() + QStringLiteral(" at offset ") + QString::number(parseError.offset) };
    }
    if (!doc.isObject())
        return { ScenarioError::Code::NotJson, path, QStringLiteral("a JSON object"),
                 doc.isArray() ? QStringLiteral("an array") : QStringLiteral("a single value"), {} };
    // QJsonDocument keeps the last of duplicated keys; a file that names one twice is refused
    // (worded as a wrong value so that every front end already has words for it).
    if (const std::optional<DuplicateKey> twice = firstDuplicateKey(data))
        return { ScenarioError::Code::WrongType, excerpt(twice->path, 120), QStringLiteral("each key at most once in its object"),
                 QLatin1Char('"') + excerpt(twice->key) + QStringLiteral("\" a second time"), {} };
    return applyScenarioFileJson(doc.object(), catalogue, spec, pinned);
}

QJsonObject scenarioToJson(const ScenarioSpec &spec)
{
    const Scenario &s = spec.scenario;
    const ModelSpec &m = s.model;
    QJsonObject model{
        { QStringLiteral("arch"), QString::fromLatin1(familyName(m.family).data()) },
        { QStringLiteral("layers"), qint64(m.layers) },
        { QStringLiteral("hidden"), qint64(m.hidden) },
        { QStringLiteral("heads"), qint64(m.heads) },
        { QStringLiteral("kv-heads"), qint64(m.kvHeadsOrHeads()) },
        { QStringLiteral("ffn"), qint64(m.ffnOrDefault()) },
        { QStringLiteral("vocab"), qint64(m.vocab) },
        { QStringLiteral("max-positions"), qint64(m.maxPositions) },
        { QStringLiteral("tied"), m.tiedEmbeddings },
        { QStringLiteral("qkv-bias"), m.qkvBias },
        { QStringLiteral("out-bias"), m.outBias },
        { QStringLiteral("mlp-bias"), m.mlpBias },
        { QStringLiteral("qk-norm"), m.qkNorm },
        { QStringLiteral("fused-projections"), m.fusedProjections },
        { QStringLiteral("head-dim"), qint64(m.headDim) },
        { QStringLiteral("type-vocab"), qint64(m.typeVocab) },
        { QStringLiteral("norms-per-layer"), qint64(m.normsPerLayer) },
        { QStringLiteral("rotary-fraction"), m.rotaryFraction },
        { QStringLiteral("parallel-residual"), QString::fromLatin1(switchName(m.parallelResidual).data()) },
        { QStringLiteral("softcap"), QString::fromLatin1(switchName(m.softcap).data()) },
        { QStringLiteral("encoder-head"), QString::fromLatin1(encoderHeadName(m.encoderHead).data()) },
    };
    // Experts and latent attention only where the model has them.
    if (m.moe.enabled()) {
        model.insert(QStringLiteral("experts"), qint64(m.moe.experts));
        model.insert(QStringLiteral("experts-per-token"), qint64(m.moe.perToken));
        model.insert(QStringLiteral("expert-ffn"), qint64(m.moe.expertFfn));
        model.insert(QStringLiteral("shared-experts"), qint64(m.moe.sharedExperts));
        model.insert(QStringLiteral("shared-ffn"), qint64(m.moe.sharedFfn));
        model.insert(QStringLiteral("shared-gate"), m.moe.sharedGate);
        model.insert(QStringLiteral("dense-layers"), qint64(m.moe.denseLayers));
        model.insert(QStringLiteral("router-bias"), m.moe.routerBias);
    }
    if (m.mla.enabled()) {
        model.insert(QStringLiteral("q-lora-rank"), qint64(m.mla.qLoraRank));
        model.insert(QStringLiteral("kv-lora-rank"), qint64(m.mla.kvLoraRank));
        model.insert(QStringLiteral("rope-head-dim"), qint64(m.mla.ropeHeadDim));
        model.insert(QStringLiteral("nope-head-dim"), qint64(m.mla.nopeHeadDim));
        model.insert(QStringLiteral("v-head-dim"), qint64(m.mla.valueHeadDim));
    }
    if (!spec.presetId.isEmpty())
        model.insert(QStringLiteral("preset"), spec.presetId);
    if (!spec.modelName.isEmpty())
        model.insert(QStringLiteral("name"), spec.modelName);
    if (m.paramsOverride > 0)
        model.insert(QStringLiteral("params"), qint64(m.paramsOverride));
    const TrainingSetup &t = s.training;
    const QJsonObject training{
        { QStringLiteral("batch"), qint64(t.microBatch) },
        { QStringLiteral("seq"), qint64(t.sequence) },
        { QStringLiteral("recipe"), QString::fromLatin1(recipeName(t.precision.recipe).data()) },
        { QStringLiteral("optimizer"), QString::fromLatin1(optimizerName(t.precision.optimizer).data()) },
        { QStringLiteral("optimizer-dtype"), QString::fromLatin1(stateDtypeName(t.precision.stateDtype).data()) },
        { QStringLiteral("fp32-grad-buffer"), t.precision.fp32GradBuffer },
        { QStringLiteral("recompute"), QString::fromLatin1(recomputeName(t.recompute).data()) },
        { QStringLiteral("grad-accum"), qint64(t.gradAccumSteps) },
    };
    const QJsonObject activations{
        { QStringLiteral("model"), QString::fromLatin1(activationModelName(s.activations.model).data()) },
        { QStringLiteral("profile"), QString::fromLatin1(profileName(s.activations.profile).data()) },
        { QStringLiteral("attention"), QString::fromLatin1(attentionKernelName(s.activations.attention).data()) },
        { QStringLiteral("dropout"), s.activations.dropout },
        { QStringLiteral("gelu"), QString::fromLatin1(geluImplName(s.activations.gelu).data()) },
        { QStringLiteral("capacity-factor"), s.activations.capacityFactor },
    };
    const QJsonObject runtime{
        { QStringLiteral("cuda-context"), qint64(countOf(s.overhead.cudaContext)) },
        { QStringLiteral("allocator-reserve"), qint64(countOf(s.overhead.allocatorReserve)) },
    };
    QJsonObject gpu{ { QStringLiteral("count"), qint64(s.parallel.gpus) } };
    if (!spec.gpuId.isEmpty())
        gpu.insert(QStringLiteral("kind"), spec.gpuId);
    const Parallelism &par = s.parallel;
    QJsonObject parallel{
        { QStringLiteral("zero"), static_cast<int>(par.zero) },
        { QStringLiteral("offload"), QString::fromLatin1(offloadName(par.offload).data()) },
        { QStringLiteral("tp"), qint64(par.tensorParallel) },
        { QStringLiteral("pp"), qint64(par.pipelineParallel) },
        { QStringLiteral("ep"), qint64(par.expertParallel) },
        { QStringLiteral("sp"), par.sequenceParallel },
        { QStringLiteral("gpus-per-node"), qint64(par.gpusPerNode) },
    };
    if (par.reduceBucket >= 0)
        parallel.insert(QStringLiteral("reduce-bucket"), qint64(par.reduceBucket));
    if (s.stack.virtualStages != 1)
        parallel.insert(QStringLiteral("vpp"), qint64(s.stack.virtualStages));
    const StackOptions &o = s.stack;
    QJsonObject stack{
        { QStringLiteral("name"), QString::fromLatin1(stackName(o.stack).data()) },
        { QStringLiteral("loss"), QString::fromLatin1(lossName(o.loss).data()) },
        { QStringLiteral("optimizer-in-backward"), o.optimizerInBackward },
        { QStringLiteral("activation-offload"), o.activationOffload },
        { QStringLiteral("compile"), o.compile },
        { QStringLiteral("paged-optimizer"), o.pagedOptimizer },
        { QStringLiteral("fused-optimizer"), o.fusedOptimizer ? QStringLiteral("on") : QStringLiteral("off") },
        { QStringLiteral("overlap-comm"), QString::fromLatin1(stackSwitchName(o.overlapComm).data()) },
        { QStringLiteral("zero-init"), o.zeroInit ? QStringLiteral("on") : QStringLiteral("off") },
        { QStringLiteral("distributed-optimizer"), o.distributedOptimizer },
    };
    // The stack's own values (-1, 0) stay unwritten: they follow the scenario when it changes.
    if (o.lossChunks > 0)
        stack.insert(QStringLiteral("loss-chunks"), qint64(o.lossChunks));
    if (o.maxLiveParameters >= 0)
        stack.insert(QStringLiteral("max-live-parameters"), qint64(o.maxLiveParameters));
    if (o.prefetchBucket >= 0)
        stack.insert(QStringLiteral("prefetch-bucket"), qint64(o.prefetchBucket));
    if (o.persistenceThreshold >= 0)
        stack.insert(QStringLiteral("persistence-threshold"), qint64(o.persistenceThreshold));
    // Rank and targets only with adapters: on reading they would switch LoRA on.
    QJsonObject lora{ { QStringLiteral("mode"), QString::fromLatin1(adapterModeName(s.lora.mode).data()) } };
    if (s.lora.mode != AdapterMode::None) {
        lora.insert(QStringLiteral("rank"), qint64(s.lora.rank));
        lora.insert(QStringLiteral("targets"),
                    QString::fromStdString(loraTargetsText(s.lora.targets != 0 ? s.lora.targets : kDefaultLoraTargets)));
        lora.insert(QStringLiteral("dropout"), s.lora.dropout);
        lora.insert(QStringLiteral("base"), QString::fromLatin1(quantBaseName(s.stack.quantBase).data()));
    }
    return QJsonObject{
        { QStringLiteral("schema"), kScenarioSchema },
        { QStringLiteral("model"), model },
        { QStringLiteral("training"), training },
        { QStringLiteral("activations"), activations },
        { QStringLiteral("runtime"), runtime },
        { QStringLiteral("gpu"), gpu },
        { QStringLiteral("parallel"), parallel },
        { QStringLiteral("lora"), lora },
        { QStringLiteral("stack"), stack },
    };
}

ScenarioError writeScenarioFile(const QString &path, const ScenarioSpec &spec, const QList<PinnedScenario> &pinned)
{
    const FileProblem problem
            = writeFileAtomically(path, QJsonDocument(scenarioFileToJson(spec, pinned)).toJson(QJsonDocument::Indented));
    if (problem.code == FileProblem::Code::CannotOpen)
        return { ScenarioError::Code::CannotOpen, path, {}, {}, problem.detail };
    if (!problem.ok())
        return { ScenarioError::Code::WriteFailed, path, {}, {}, problem.detail };
    return {};
}

} // namespace headroom
