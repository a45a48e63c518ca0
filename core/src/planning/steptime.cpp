#include <headroom/planning/steptime.h>

#include <algorithm>
#include <cmath>

#include <headroom/memory/fp8linears.h>
#include <headroom/memory/korthikanti.h>
#include <headroom/memory/pipelinestage.h>
#include <headroom/memory/lora.h>
#include <headroom/memory/oprecompute.h>
#include <headroom/memory/model.h>
#include <headroom/memory/precision.h>
#include <headroom/memory/stack.h>

namespace headroom {

namespace {

double toD(Count c) { return static_cast<double>(c); }

// Where a collective's members sit: Megatron's rank order puts tensor-parallel ranks next to
// each other, then data-parallel, then pipeline stages (tp-cp-ep-dp-pp), so a group of `size`
// ranks `stride` apart spans size x stride consecutive GPUs.
struct GroupLink
{
    double bytesPerSecond = 0;
    bool crossesNodes = false;
};

bool inNvlinkDomain(const GpuSpec &gpu, Count span, Count runGpus)
{
    const Count perNode = gpu.gpusPerNode > 0 ? gpu.gpusPerNode : 1;
    return gpu.nvlinkGpus > perNode && gpu.nvlinkGBps > 0 && span <= gpu.nvlinkGpus
            && (gpu.nvlinkGpus % span == 0 || runGpus <= gpu.nvlinkGpus);
}

GroupLink groupLink(const GpuSpec &gpu, double networkBytesPerSecond, Count size, Count stride, Count runGpus)
{
    GroupLink link;
    const Count span = size * stride;
    const Count perNode = gpu.gpusPerNode > 0 ? gpu.gpusPerNode : 1;
    // Inside a node NVLink carries the ring when the group's GPUs there share one NVLink
    // domain (NVSwitch joins the whole node; a bridge only its pair); otherwise PCIe does.
    const double nvlink = gpu.nvlinkGBps * 1e9;
    const Count spanInNode = span < perNode ? span : perNode;
    const double intra = gpu.nvlinkGpus > 0 && spanInNode <= gpu.nvlinkGpus && nvlink > 0
            ? nvlink
            : (gpu.pcieGBps > 0 ? gpu.pcieGBps * 1e9 : pcieBytesPerSecond(gpu.pcieGen, gpu.pcieLanes));
    if (span <= perNode) {
        link.bytesPerSecond = intra * kLinkEfficiency;
        return link;
    }
    // An NVLink domain larger than a node (GB200 NVL72: 72 GPUs on 18 trays of 4, NVLink
    // switches between the trays) carries a group that lies inside one domain: every group when
    // the whole run fits one domain, else groups whose span divides the domain, as consecutive
    // ranks fill it.
    if (inNvlinkDomain(gpu, span, runGpus)) {
        link.bytesPerSecond = nvlink * kLinkEfficiency;
        return link;
    }
    // Across nodes NCCL runs one ring per network interface, so a group gets the node's
    // network in proportion to its members there: a group holding every GPU of its node uses
    // all of the node's bandwidth, one of t groups sharing a node a t-th of it.
    link.crossesNodes = true;
    const double membersHere = static_cast<double>(std::min(size, std::max<Count>(1, perNode / stride)));
    const double network = networkBytesPerSecond * membersHere / static_cast<double>(perNode);
    link.bytesPerSecond = std::min(intra, network) * kLinkEfficiency;
    return link;
}

// NCCL's latency model for its Simple protocol (src/graph/tuning.cc at 01afd20, baseLat and
// hwLat): a ring collective costs 8.4 us plus, per step, 3.4 us over NVLink, 5.7 over PCIe and
// 9.6 for a step that crosses the network; all-gather and reduce-scatter take n - 1 steps
// ((nodes - 1) of them across), all-reduce twice that. Across nodes an all-reduce may take the
// tree instead, 2 ((n / nodes - 1) x 28 + log2(nodes) x 50) us, whichever is less.
enum class Collective : std::uint8_t { AllReduce, AllGather, ReduceScatter };

double collectiveLatencyS(Collective c, Count ranks, Count nodes, bool nvlink)
{
    if (ranks < 2)
        return 0;
    nodes = std::clamp<Count>(nodes, 1, ranks);
    const double intra = nvlink ? 3.4 : 5.7, inter = 9.6;
    const bool allReduce = c == Collective::AllReduce;
    const double steps = toD(allReduce ? 2 * (ranks - 1) : ranks - 1);
    const double interSteps = toD(nodes > 1 ? (allReduce ? 2 * (nodes - 1) : nodes - 1) : 0);
    double microseconds = 8.4 + (steps - interSteps) * intra + interSteps * inter;
    if (allReduce && nodes > 1)
        microseconds = std::min(microseconds, 2 * ((toD(ranks) / toD(nodes) - 1) * 28 + std::log2(toD(nodes)) * 50));
    return microseconds * 1e-6;
}

// The nodes a group of \a size ranks \a stride apart spans (one node where an NVLink domain
// larger than a node holds it, as groupLink() carries it).
Count groupNodes(const GpuSpec &gpu, Count size, Count stride, Count runGpus)
{
    const Count perNode = gpu.gpusPerNode > 0 ? gpu.gpusPerNode : 1;
    const Count span = size * stride;
    if (span <= perNode || inNvlinkDomain(gpu, span, runGpus))
        return 1;
    const Count membersPerNode = std::max<Count>(1, perNode / std::max<Count>(1, stride));
    return (size + membersPerNode - 1) / membersPerNode;
}

//! PyTorch DDP's gradient bucket (bucket_cap_mb = 25): the all-reduces a step issues, and the
//! buckets the other data-parallel collectives outside ZeRO-3 are counted in.
constexpr double kBucketBytes = 25.0 * 1024 * 1024;

double dtypeBytes(Dtype d) { return dtypeSize(d).value(); }

// The share of a given parameter count (a checkpoint's) over the architecture's, which
// matmulParameters() scales the matmuls by; \a counts are the model's own.
double parameterScale(const ModelSpec &model, const ParameterCounts &counts)
{
    const Count architecture = counts.total(model.layers);
    return model.paramsOverride > 0 && architecture > 0 && model.paramsOverride != architecture
            ? toD(model.paramsOverride) / toD(architecture)
            : 1.0;
}

double parameterScale(const ModelSpec &model) { return parameterScale(model, parameterCounts(model)); }

// Hardware FLOPs per token of the linears an FP8 recipe converts: 2 per weight forward, 4
// backward, 2 more for a recomputed forward (FP8 is refused with a frozen base, validation.h).
double fp8LinearFlopsPerToken(const Scenario &s)
{
    const double passes = s.training.recompute == Recompute::Full ? 4 : 3;
    return 2 * passes * toD(s.model.layers) * toD(fp8LayerLinears(s.model).weights) * parameterScale(s.model);
}

// The bytes one GPU's FP8 casts move in a step (fp8CastBytes()): each linear casts its input in
// every forward (again when recomputed) and its output gradient once, for its replica's tokens
// through its L / p layers, a t-th of each; the weights once per micro-batch, except under
// Megatron, whose Transformer Engine workspace quantizes them in the first micro-batch only
// (is_first_microbatch, fp8body.h). With torchao's FP8 all-gather each GPU casts its own shard
// before the gather (float8/fsdp_utils.py fsdp_pre_all_gather: 2 + 2 + 1 a shard element) and
// transposes the gathered FP8 weight for backward (1 + 1).
double fp8CastBytesPerGpu(const Scenario &s, double replicaTokens, double replicas)
{
    const Fp8Recipe recipe = s.training.precision.fp8;
    if (recipe == Fp8Recipe::Off)
        return 0;
    const Fp8CastBytes c = fp8CastBytes(s);
    const Fp8LayerLinears linears = fp8LayerLinears(s.model);
    const double t = toD(std::max<Count>(1, s.parallel.tensorParallel));
    const double layers = toD(s.model.layers) / toD(std::max<Count>(1, s.parallel.pipelineParallel));
    const double forwards = s.training.recompute == Recompute::Full ? 2 : 1;
    const double tokenBytes = replicaTokens * layers * (forwards * c.input * toD(linears.inputs) + c.gradOutput * toD(linears.outputs)) / t;
    // (A recomputed forward's weight cast is left out: weights are a small share of the casts
    // next to the tokens' at the micro-batches recomputation is used for.)
    const double weightCasts = isTeFp8(recipe) && s.stack.stack == TrainingStack::Megatron
            ? 1.0
            : toD(std::max<Count>(1, s.training.gradAccumSteps));
    const double weightBytesPerElement = s.training.precision.fp8AllGather ? (2 + 2 + 1) / replicas + (1 + 1) : c.weight;
    const double weightBytes = weightCasts * layers * toD(linears.weights) * parameterScale(s.model) / t * weightBytesPerElement;
    return tokenBytes + weightBytes;
}

} // namespace

Fp8CastBytes fp8CastBytes(Fp8Recipe recipe)
{
    switch (recipe) {
    case Fp8Recipe::Off: return {};
    case Fp8Recipe::Tensorwise: return { 2 + 2 + 1 + 1, 2 + 2 + 1 + 1, 2 + 3 + 3 };
    case Fp8Recipe::Rowwise: return { (2 + 1 + 2) + (2 + 1), (2 + 1 + 2) + (2 + 1), 3 + 4 + 3 };
    case Fp8Recipe::Mxfp8: return { 3 + 3, 3 + 3, 3 + 3 };
    case Fp8Recipe::TeDelayed:
    case Fp8Recipe::TeBlockwise: return { 2 + 1 + 1, 2 + 1 + 1, 2 + 1 + 1 };
    }
    return {};
}

Fp8CastBytes fp8CastBytes(const Scenario &s)
{
    Fp8CastBytes c = fp8CastBytes(s.training.precision.fp8);
    if (s.stack.compile && s.training.precision.fp8 == Fp8Recipe::Tensorwise) {
        c.input -= 2;
        c.gradOutput -= 2;
    }
    return c;
}

double dataParallelOverlap(const Scenario &s)
{
    const TrainingStack stack = s.stack.stack;
    const bool deepspeedEngine = stack == TrainingStack::DeepSpeed
            || (stack == TrainingStack::HfTrainer && s.parallel.zero != ZeroStage::Stage0);
    return deepspeedEngine && !resolveStack(s).overlapComm ? 0.0 : kDataParallelOverlap;
}

double pcieBytesPerSecond(int generation, int lanes)
{
    if (generation < 1 || lanes < 1)
        return 0;
    // 3.0: 8 GT/s a lane with 128b/130b coding = 0.985 GB/s; each generation doubles it.
    // (1.0 and 2.0 used 8b/10b: 0.25 and 0.5 GB/s a lane.)
    double perLane = 0.985e9;
    if (generation == 1)
        perLane = 0.25e9;
    else if (generation == 2)
        perLane = 0.5e9;
    else
        for (int g = 3; g < generation; ++g)
            perLane *= 2;
    return perLane * lanes;
}

double peakFlops(const GpuSpec &gpu, Recipe recipe)
{
    if (usesBf16(recipe))
        return gpu.bf16 ? gpu.tflopsBf16 * 1e12 : 0.0;
    if (usesFp16(recipe))
        return gpu.tflopsFp16 * 1e12;
    return 0.0;
}

double matmulParameters(const ModelSpec &model) { return matmulParameters(model, parameterCounts(model)); }

double matmulParameters(const ModelSpec &model, const ParameterCounts &counts)
{
    double p = toD(counts.active(model.layers)) - toD(counts.embedding);
    if (model.tiedHead())
        p += toD(model.vocab) * toD(model.hidden); // the shared table multiplies as the LM head
    // A given parameter count (a checkpoint's) scales the architecture's matmul share.
    return std::max(0.0, p * parameterScale(model, counts));
}

namespace {

// The share of a stage's layers whose forward runs again in backward (layerRecomputePlan()):
// 1 under plain full recomputation, k / n when only k of the n are checkpointed.
double recomputedShare(const Scenario &s)
{
    // torchtitan's per-operator policy reruns every op but the saved matmuls and attention:
    // all of the element-wise work (flopsPerToken() counts its matmuls).
    if (s.training.recompute == Recompute::Op)
        return 1.0;
    if (s.training.recompute != Recompute::Full)
        return 0;
    const Count n = rankLayers(s);
    const LayerRecomputePlan plan = layerRecomputePlan(s, n, 0);
    return n > 0 ? toD(plan.checkpointed) / toD(n) : 1.0;
}

} // namespace

double elementwiseBytesPerTokenLayerHidden(const Scenario &s)
{
    double share = 1.0;
    // Transformer Engine's layers (with its fused attention); Megatron's local implementation
    // with eager attention is 2021's, whose kernels the unfused constant prices.
    if (s.stack.stack == TrainingStack::Megatron && attentionKernelOf(s) != AttentionKernel::Eager)
        share = kMegatronElementwiseShare;
    if (s.stack.compile)
        share = std::min(share, kCompiledElementwiseShare);
    return kElementwiseBytesPerTokenLayerHidden * share;
}

double attentionKernelEfficiency(const Scenario &s, const GpuSpec &gpu)
{
    // Megatron runs Transformer Engine's fused attention (cuDNN's, FlashAttention-3 class on
    // Hopper); the other stacks PyTorch's SDPA or flash-attn 2.
    const double given = s.stack.stack == TrainingStack::Megatron ? gpu.fusedAttentionEfficiency : gpu.attentionEfficiency;
    if (given > 0)
        return given;
    return gpu.matmulEfficiency > 0 ? gpu.matmulEfficiency : 1.0;
}

FlopsPerToken flopsPerToken(const Scenario &s) { return flopsPerToken(s, parameterCounts(s.model)); }

FlopsPerToken flopsPerToken(const Scenario &s, const ParameterCounts &counts)
{
    const ModelSpec &model = s.model;
    const double S = toD(s.training.sequence);
    const double L = toD(model.layers), H = toD(model.hidden), A = toD(model.heads);
    const double headDim = model.headDim > 0 ? toD(model.headDim) : (A > 0 ? H / A : 0);
    // FLOPs per token (Kaplan et al. 2020; Narayanan et al. 2021, eq. 3): a matmul with P
    // weights costs 2 P forward and 4 P backward (input and weight gradients); a frozen base
    // (LoRA, QLoRA) computes no weight gradients: 2 P backward. Attention's scores and P V
    // cost 4 S' A d_h forward, twice that backward, S' = S / 2 under a causal mask the kernel
    // skips (SDPA, flash), S when it computes the whole square (eager, encoders).
    const bool frozenBase = s.lora.mode != AdapterMode::None;
    const bool fullRecompute = s.training.recompute == Recompute::Full;
    const bool attentionRecompute = fullRecompute || s.training.recompute == Recompute::Selective;
    const bool eager = attentionKernelOf(s) == AttentionKernel::Eager;
    const bool causal = !modelTraits(model).encoder;
    // Packed sequences under SDPA run the memory-efficient kernel with a dense mask: every block of
    // the square is computed.
    const bool denseMask = s.training.packed && attentionKernelOf(s) == AttentionKernel::Sdpa;
    const double keys = (causal && !eager && !denseMask) ? S / 2 : S;
    const double matmulForward = 2 * matmulParameters(model, counts);
    // A hybrid's mixer layers have no scores (their projections are in the matmuls; the chunked
    // scan's own work, about a tenth of them at Qwen3-Next's widths, is not counted).
    const double attentionForward = 4 * (L - toD(counts.mixerLayers)) * keys * A * headDim;
    // A trained copy of the LM head (PEFT's modules_to_save) computes its weight gradient:
    // 2 V H more per token (an embedding's gradient is a scatter, no matmul).
    const double headCopy = frozenBase && (s.lora.trainedModules & TrainedHead) != 0
            ? 2 * toD(model.headOutputs()) * toD(model.hidden)
            : 0;
    const double perTokenModel = matmulForward * (frozenBase ? 2 : 3) + headCopy + attentionForward * 3;
    // Full recomputation runs every layer's forward again; selective only the attention core
    // (Korthikanti et al. 2022, section 5).
    double perTokenHardware = perTokenModel + (fullRecompute ? recomputedShare(s) * (matmulForward + attentionForward) : 0)
            + (!fullRecompute && attentionRecompute ? attentionForward : 0);
    // The per-operator policy reruns the layers' unsaved linears (oprecompute.h) and, under eager
    // attention (no kernel in its save list), the attention.
    if (s.training.recompute == Recompute::Op) {
        const double q = toD(model.qDim()), kv = toD(model.kvHeadsOrHeads() * model.headDimOrDefault());
        const double F = toD(model.ffnOrDefault());
        const double layerLinears = H * q + 2 * H * kv + q * H + 3 * H * F;
        perTokenHardware += 2 * L * layerLinears * opRecomputedLinearShare(model) + (eager ? attentionForward : 0);
    }
    // MFU as most publications count it (PaLM's appendix B, Megatron's
    // num_floating_point_operations, torchtitan's get_num_flop_per_token): the whole S x S
    // square of attention, whether or not the kernel skips the masked half.
    const double perTokenFullAttention = perTokenModel + (keys < S ? 3 * 4 * (L - toD(counts.mixerLayers)) * (S - keys) * A * headDim : 0.0);
    // Of the hardware FLOPs, those of attention's scores and P V: three passes, the recomputed
    // forward under full recomputation (its share of the layers) or selective, and the per-op
    // policy's under eager attention.
    const double attentionHardware = attentionForward * 3 + (fullRecompute ? recomputedShare(s) * attentionForward : 0)
            + (!fullRecompute && attentionRecompute ? attentionForward : 0)
            + (s.training.recompute == Recompute::Op && eager ? attentionForward : 0);
    return { perTokenModel, perTokenHardware, perTokenFullAttention, attentionHardware, attentionForward * 2 };
}

StepTerm StepTime::dominant() const
{
    StepTerm best = StepTerm::Compute;
    double most = computeS;
    for (auto [term, seconds] : { std::pair{ StepTerm::Communication, communicationS }, std::pair{ StepTerm::Bubble, bubbleS },
                                  std::pair{ StepTerm::Offload, offloadS() } })
        if (seconds > most) {
            most = seconds;
            best = term;
        }
    return best;
}

double StepTime::share(StepTerm term) const
{
    if (!(totalS > 0))
        return 0;
    switch (term) {
    case StepTerm::Compute: return computeS / totalS;
    case StepTerm::Communication: return communicationS / totalS;
    case StepTerm::Bubble: return bubbleS / totalS;
    case StepTerm::Offload: return offloadS() / totalS;
    }
    return 0;
}

GemmShapeSlowdowns stepGemmShapes(const Scenario &s, const GpuSpec &gpu)
{
    const bool fp8 = s.training.precision.fp8 != Fp8Recipe::Off;
    return gemmShapeSlowdowns(s, gpu, peakFlops(gpu, s.training.precision.recipe), fp8 && gpu.fp8 ? gpu.tflopsFp8 * 1e12 : 0.0);
}

StepTime stepTime(const Scenario &s, const GpuSpec &gpu, const StepTimeOptions &options)
{
    StepTime r;
    r.peakFlops = peakFlops(gpu, s.training.precision.recipe);
    // FP8 linears need FP8 tensor cores: no step time, and no plan, on a card without them.
    const Fp8Recipe fp8 = s.training.precision.fp8;
    if (fp8 != Fp8Recipe::Off) {
        r.fp8PeakFlops = gpu.fp8 ? gpu.tflopsFp8 * 1e12 : 0.0;
        if (!(r.fp8PeakFlops > 0))
            r.peakFlops = 0;
    }
    const ModelSpec &model = s.model;
    const Count t = std::max<Count>(1, s.parallel.tensorParallel);
    const Count p = std::max<Count>(1, s.parallel.pipelineParallel);
    const Count n = std::max<Count>(1, s.parallel.gpus);
    // d: the GPUs sharing the model states (data- and context-parallel together), over which
    // the gradients are reduced; the replicas running micro-batches of their own are d / c.
    const Count d = std::max<Count>(1, n / (t * p));
    const Count c = std::max<Count>(1, s.parallel.contextParallel);
    const Count replicas = std::max<Count>(1, d / c);
    const Count v = std::max<Count>(1, s.stack.virtualStages);
    const double B = toD(s.training.microBatch), S = toD(s.training.sequence);
    const double localS = S / toD(c); // each GPU's tokens of a sequence
    const double m = toD(std::max<Count>(1, s.training.gradAccumSteps));
    const double L = toD(model.layers), H = toD(model.hidden), A = toD(model.heads);
    const Count perNode = gpu.gpusPerNode > 0 ? gpu.gpusPerNode : 1;
    r.nodes = (n + perNode - 1) / perNode;
    r.tokensPerStep = toD(replicas) * B * m * S;
    if (!(r.peakFlops > 0) || r.tokensPerStep <= 0)
        return r;
    r.known = true;

    const bool frozenBase = s.lora.mode != AdapterMode::None;
    const bool fullRecompute = s.training.recompute == Recompute::Full;
    const bool attentionRecompute = fullRecompute || s.training.recompute == Recompute::Selective;
    const bool eager = attentionKernelOf(s) == AttentionKernel::Eager;
    const ParameterCounts counts = options.prepared.counts ? *options.prepared.counts : parameterCounts(model);
    const FlopsPerToken perToken = flopsPerToken(s, counts);
    r.modelFlopsPerStep = perToken.model * r.tokensPerStep;
    r.hardwareFlopsPerStep = perToken.hardware * r.tokensPerStep;

    const double N = toD(n);
    if (options.computeFractionOverride > 0) {
        r.computeS = r.hardwareFlopsPerStep / (N * r.peakFlops * options.computeFractionOverride);
        r.matmulS = r.computeS;
    } else {
        const double efficiency = gpu.matmulEfficiency > 0 ? gpu.matmulEfficiency : 1.0;
        // FP8 recipes run the layers' linears on the FP8 tensor cores at the same share of
        // their peak as 16-bit matmuls reach of theirs (torchao's roofline model takes one
        // achievable share for both, roofline_utils.py); the LM head and attention stay 16-bit.
        r.fp8FlopsPerStep = fp8 != Fp8Recipe::Off ? std::min(r.hardwareFlopsPerStep, fp8LinearFlopsPerToken(s) * r.tokensPerStep) : 0.0;
        // Attention's FLOPs run in their own kernels (flash, SDPA, Transformer Engine's fused
        // attention) at the share of the peak those reach, not the dense GEMMs'; eager attention
        // runs batched GEMMs (and its score traffic is priced below).
        r.attentionFlopsPerStep = eager ? 0.0 : perToken.attentionHardware * r.tokensPerStep;
        r.attentionEfficiency = attentionKernelEfficiency(s, gpu);
        // Backward kernels reach kAttentionBackwardShare of the forward's share of the peak, where
        // the card gives its attention kernels' (forward) figure.
        const bool measured = (s.stack.stack == TrainingStack::Megatron ? gpu.fusedAttentionEfficiency : gpu.attentionEfficiency) > 0;
        const double backwardFlops = eager || !measured ? 0.0 : perToken.attentionBackward * r.tokensPerStep;
        r.attentionBackwardFlopsPerStep = backwardFlops;
        r.attentionS = r.attentionFlopsPerStep > 0
                ? (r.attentionFlopsPerStep - backwardFlops) / (N * r.peakFlops * r.attentionEfficiency)
                        + backwardFlops / (N * r.peakFlops * r.attentionEfficiency * kAttentionBackwardShare)
                : 0.0;
        // The GEMMs' shapes: tile and wave quantization and the memory bound (gemmshape.h) slow
        // each group below the card's best rate; eager attention's batched GEMMs go with the
        // 16-bit group.
        const GemmShapeSlowdowns shapes = options.prepared.gemmShapes ? *options.prepared.gemmShapes : stepGemmShapes(s, gpu);
        if (r.fp8FlopsPerStep > 0) {
            r.gemmShapeSlowdown = shapes.head.slowdown();
            r.fp8GemmShapeSlowdown = shapes.layers.slowdown();
        } else {
            GemmShapeTotals all = shapes.layers;
            all.idealS += shapes.head.idealS;
            all.modelledS += shapes.head.modelledS;
            r.gemmShapeSlowdown = all.slowdown();
        }
        r.matmulS = (r.hardwareFlopsPerStep - r.fp8FlopsPerStep - r.attentionFlopsPerStep) * r.gemmShapeSlowdown / (N * r.peakFlops * efficiency)
                + (r.fp8FlopsPerStep > 0 ? r.fp8FlopsPerStep * r.fp8GemmShapeSlowdown / (N * r.fp8PeakFlops * efficiency) : 0.0)
                + r.attentionS;
        // Element-wise work moves bytes, not FLOPs: each GPU runs its replica's tokens through
        // its L / p layers, a t-th of each; a recomputed forward adds its third again.
        const double replicaTokens = r.tokensPerStep / toD(d); // one GPU's: a replica's over its c GPUs
        double perTokenLayer = elementwiseBytesPerTokenLayerHidden(s) * H * (checkpointsLayers(s.training.recompute) ? 1.0 + recomputedShare(s) / 3.0 : 1.0);
        if (eager)
            perTokenLayer += kEagerScoreBytesPerKey * A * S * (attentionRecompute ? 4.0 / 3.0 : 1.0);
        const double bandwidth = gpu.hbmGBps * 1e9;
        r.memoryBoundS = bandwidth > 0 ? replicaTokens * (L / toD(p)) * perTokenLayer / toD(t) / bandwidth : 0;
        r.fp8CastS = bandwidth > 0 ? fp8CastBytesPerGpu(s, replicaTokens, toD(d)) / bandwidth : 0;
        r.memoryBoundS += r.fp8CastS;
        r.computeS = r.matmulS + r.memoryBoundS;
        // Every stage waits for the one with the most layers (pipelinestage.h): a split that is not
        // L/p layers each runs the layers' work at that stage's pace.
        if (p > 1 && L > 0) {
            r.stageImbalance = std::max(1.0, toD(largestStageLayers(s)) * toD(p) / L);
            r.stageImbalanceS = (r.stageImbalance - 1) * r.computeS;
            r.computeS += r.stageImbalanceS;
        }
    }

    const double network = (options.networkBitsPerSecond > 0 ? options.networkBitsPerSecond : gpu.networkGbps * 1e9) / 8;
    const PerParamBytes per = perParamBytes(s.training.precision);
    const double gradientBytes = per.gradients.value();
    // ZeRO-3 and FSDP gather the weights in the dtype the matmuls use.
    const double gatherBytes = dtypeBytes(activationDtype(s.training.precision.recipe));
    const double activationBytes = dtypeBytes(activationDtype(s.training.precision.recipe));

    // Data parallelism: the ring moves (d - 1) / d of a buffer per reduce-scatter or
    // all-gather, twice that per all-reduce (Patarasuk & Yuan 2009; NCCL's bus bandwidth).
    const double total = toD(model.paramsOverride > 0 ? model.paramsOverride : counts.total(model.layers)); // effectiveParameters()
    const LoraCounts adapters = frozenBase ? loraCounts(s) : LoraCounts{};
    const double trainable = frozenBase ? toD(adapters.adapterParameters + adapters.copiedParameters) : total;
    const double gathered = total / toD(t * p); // what ZeRO-3 gathers, frozen or not
    const double psi = trainable / toD(t * p);
    // The GPUs one shard of the states spans: d, or HSDP's shard group.
    const Count sharded = s.parallel.shardGroup > 0 && s.parallel.shardGroup < d ? s.parallel.shardGroup : d;
    // The optimizer step on the GPU is memory-bound: each parameter it owns (a d-th under ZeRO)
    // reads its gradient and reads and writes its weights, master copy and states once. On
    // the host under offload (below).
    if (s.parallel.offload == Offload::None && gpu.hbmGBps > 0 && !(options.computeFractionOverride > 0)) {
        const double owned = s.parallel.zero == ZeroStage::Stage0 ? psi : psi / toD(sharded);
        const double touched = 2 * (per.weights.value() + per.master.value() + per.optimizer.value()) + per.gradients.value();
        r.optimizerS = owned * touched / (gpu.hbmGBps * 1e9);
        r.computeS += r.optimizerS;
    }
    if (d > 1) {
        const GroupLink link = groupLink(gpu, network, d, t, n);
        r.dataParallelBandwidth = link.bytesPerSecond;
        r.dataParallelCrossesNodes = link.crossesNodes;
        const double f = toD(d - 1) / toD(d);
        double bytes = 0;
        switch (s.parallel.zero) {
        case ZeroStage::Stage0: bytes = 2 * f * psi * gradientBytes; break; // one all-reduce a step
        case ZeroStage::Stage1: bytes = f * psi * gradientBytes + f * psi * gatherBytes; break;
        // ZeRO-2 reduce-scatters each micro-batch's gradients into the owner's partition.
        case ZeroStage::Stage2: bytes = m * f * psi * gradientBytes + f * psi * gatherBytes; break;
        // ZeRO-3 / FSDP: every micro-batch gathers the weights for forward and again for
        // backward (resharded in between) and reduce-scatters the gradients.
        case ZeroStage::Stage3: bytes = m * (2 * f * gathered * gatherBytes + f * psi * gradientBytes); break;
        }
        r.dataParallelS = bytes / link.bytesPerSecond;
        // HSDP: the collectives above run within the shard group of g GPUs; the gradient shards
        // are then all-reduced across the d / g replicas of each shard, once a step (torch
        // FSDP's _inter_node_pg; torchtitan's dp_replicate).
        const Count g = s.parallel.shardGroup;
        if (g > 0 && g < d && s.parallel.zero != ZeroStage::Stage0) {
            const GroupLink inGroup = groupLink(gpu, network, g, t, n);
            const double fg = toD(g - 1) / toD(g);
            double grouped = 0;
            switch (s.parallel.zero) {
            case ZeroStage::Stage0: break;
            case ZeroStage::Stage1: grouped = fg * psi * gradientBytes + fg * psi * gatherBytes; break;
            case ZeroStage::Stage2: grouped = m * fg * psi * gradientBytes + fg * psi * gatherBytes; break;
            case ZeroStage::Stage3: grouped = m * (2 * fg * gathered * gatherBytes + fg * psi * gradientBytes); break;
            }
            const Count replicas = d / g;
            const GroupLink across = groupLink(gpu, network, replicas, t * g, n);
            const double fr = toD(replicas - 1) / toD(replicas);
            r.dataParallelS = grouped / inGroup.bytesPerSecond + 2 * fr * (psi / toD(g)) * gradientBytes / across.bytesPerSecond;
            r.dataParallelBandwidth = inGroup.bytesPerSecond;
            r.dataParallelCrossesNodes = across.crossesNodes || inGroup.crossesNodes;
        }
        // Each collective's own latency (NCCL's model above), as many as the stack issues: DDP
        // and ZeRO-1/2 in 25 MiB buckets, ZeRO-3 / FSDP one all-gather per layer in forward and
        // in backward and one reduce-scatter per layer, each micro-batch (three more for the
        // embedding and head).
        {
            // Under HSDP the sharded collectives run within the shard group, and the gradients'
            // all-reduce across the groups once a step.
            const Count g = s.parallel.shardGroup > 0 && s.parallel.shardGroup < d && s.parallel.zero != ZeroStage::Stage0
                    ? s.parallel.shardGroup
                    : d;
            const Count nodes = groupNodes(gpu, g, t, n);
            const bool nvlink = gpu.nvlinkGpus > 0 && gpu.nvlinkGBps > 0;
            // Megatron-Core buckets max(40e6, 1e6 d) parameters (distributed/distributed_data_parallel.py).
            const double bucketBytes = s.stack.stack == TrainingStack::Megatron
                    ? std::max(40e6, 1e6 * toD(d)) * gradientBytes
                    : kBucketBytes;
            auto buckets = [bucketBytes](double b) { return std::max(1.0, std::ceil(b / bucketBytes)); };
            const double layers = L / toD(p);
            double latency = 0;
            switch (s.parallel.zero) {
            case ZeroStage::Stage0:
                latency = buckets(psi * gradientBytes) * collectiveLatencyS(Collective::AllReduce, g, nodes, nvlink);
                break;
            case ZeroStage::Stage1:
            case ZeroStage::Stage2:
                latency = (s.parallel.zero == ZeroStage::Stage2 ? toD(m) : 1.0) * buckets(psi * gradientBytes)
                                * collectiveLatencyS(Collective::ReduceScatter, g, nodes, nvlink)
                        + buckets(psi * gatherBytes) * collectiveLatencyS(Collective::AllGather, g, nodes, nvlink);
                break;
            case ZeroStage::Stage3:
                latency = toD(m) * ((2 * layers + 2) * collectiveLatencyS(Collective::AllGather, g, nodes, nvlink)
                                    + (layers + 1) * collectiveLatencyS(Collective::ReduceScatter, g, nodes, nvlink));
                break;
            }
            if (g < d)
                latency += buckets(psi / toD(g) * gradientBytes)
                        * collectiveLatencyS(Collective::AllReduce, d / g, groupNodes(gpu, d / g, t * g, n), nvlink);
            r.dataParallelLatencyS = latency;
            r.dataParallelS += latency;
        }
    }
    // Tensor parallelism (Shoeybi et al. 2019): two all-reduces of B S H per layer in forward,
    // two in backward, two more in a recomputed forward; sequence parallelism replaces each by
    // an all-gather and a reduce-scatter of the same volume (Korthikanti et al. 2022).
    if (t > 1) {
        const GroupLink link = groupLink(gpu, network, t, 1, n);
        r.tensorParallelBandwidth = link.bytesPerSecond;
        r.tensorParallelCrossesNodes = link.crossesNodes;
        const double perAllReduce = 2 * toD(t - 1) / toD(t) * B * localS * H * activationBytes;
        const double count = m * (L / toD(p)) * (fullRecompute ? 4 + 2 * recomputedShare(s) : 4);
        r.tensorParallelLatencyS = count * collectiveLatencyS(Collective::AllReduce, t, groupNodes(gpu, t, 1, n),
                                                               gpu.nvlinkGpus > 0 && gpu.nvlinkGBps > 0);
        r.tensorParallelS = perAllReduce * count / link.bytesPerSecond + r.tensorParallelLatencyS;
    }
    // Pipeline: each micro-batch's activations go forward and their gradients back, B S H / t
    // each (the scatter-gather optimisation of Narayanan et al. 2021), v times interleaved.
    if (p > 1) {
        const GroupLink link = groupLink(gpu, network, p, t * d, n);
        r.pipelineSendS = 2 * m * toD(v) * B * localS * H * activationBytes / toD(t) / link.bytesPerSecond;
    }
    // Context parallelism: each layer's attention exchanges K and V over the c GPUs in forward
    // ((c - 1) / c of the whole sequence's K/V reaches each), again in backward with the dK/dV
    // going back, and again in a recomputed forward; Ulysses instead moves q, k, v and the output
    // by all-to-all, each (c - 1) / c of this GPU's share, there and back. Counted as exposed:
    // Transformer Engine overlaps the ring with the attention's compute, which this model does
    // not split out, so this is the upper end.
    if (c > 1) {
        const GroupLink link = groupLink(gpu, network, c, t, n);
        r.contextParallelBandwidth = link.bytesPerSecond;
        r.contextParallelCrossesNodes = link.crossesNodes;
        const double headDim = model.headDim > 0 ? toD(model.headDim) : (A > 0 ? H / A : 0);
        const double kvHeads = toD(model.kvHeads > 0 ? model.kvHeads : model.heads);
        const double f = toD(c - 1) / toD(c);
        const double kvWhole = 2 * B * S * kvHeads * headDim * activationBytes / toD(t);
        // Per layer and micro-batch: forward's share, and the backward's (and a recomputed
        // forward's) in proportion.
        double forward = 0, backward = 0;
        if (contextParallelKindOf(s) == ContextParallelKind::Ulysses) {
            forward = f * B * localS * (2 * A * headDim + 2 * kvHeads * headDim) * activationBytes / toD(t);
            backward = forward;
        } else {
            forward = f * kvWhole;
            backward = 2 * forward; // K/V again, and dK/dV
        }
        const double perLayer = forward * (fullRecompute ? 1 + recomputedShare(s) : 1) + backward;
        r.contextParallelS = m * (L / toD(p)) * perLayer / link.bytesPerSecond;
    }
    // Expert parallelism (Lepikhin et al. 2020, GShard; DeepSpeed-MoE; Megatron's
    // --expert-model-parallel-size): each MoE layer sends every token's hidden vector to its k
    // experts and back by all-to-all over the e GPUs of the expert group, (e - 1) / e of it
    // leaving the GPU: dispatch and combine in forward, their gradients in backward, again in a
    // recomputed forward; each all-to-all also pays a collective's latency. Not overlapped.
    const Count e = std::max<Count>(1, s.parallel.expertParallel);
    if (e > 1 && model.moe.enabled()) {
        const GroupLink link = groupLink(gpu, network, e, t, n);
        r.expertParallelBandwidth = link.bytesPerSecond;
        r.expertParallelCrossesNodes = link.crossesNodes;
        const double moeLayers = toD(model.layers - std::min(model.layers, model.moe.denseLayers)) / toD(p);
        const double k = toD(std::max<Count>(1, model.moe.perToken));
        const double perAllToAll = toD(e - 1) / toD(e) * k * B * localS * H * activationBytes / toD(t);
        const double count = m * moeLayers * (fullRecompute ? 4 + 2 * recomputedShare(s) : 4);
        const bool nvlink = gpu.nvlinkGpus > 0 && gpu.nvlinkGBps > 0;
        r.expertParallelS = count * (perAllToAll / link.bytesPerSecond
                                     + collectiveLatencyS(Collective::AllGather, e, groupNodes(gpu, e, t, n), nvlink));
    }
    // What overlaps: data-parallel traffic behind compute (dataParallelOverlap()), never more
    // than the compute there is to hide it behind; tensor- and pipeline-parallel not at all.
    const double hidden = std::min(dataParallelOverlap(s) * r.dataParallelS, r.computeS);
    r.dataParallelExposedS = r.dataParallelS - hidden;
    r.communicationS = r.dataParallelExposedS + r.tensorParallelS + r.pipelineSendS + r.contextParallelS + r.expertParallelS;
    // 1F1B's bubble: p - 1 micro-batch slots of the stage's forward and backward, divided by
    // v under the interleaved schedule (Narayanan et al. 2021, section 2.2).
    if (p > 1)
        r.bubbleS = toD(p - 1) / (toD(v) * m) * (r.computeS + r.tensorParallelS);

    // Offload (ZeRO-Offload, Ren et al. 2021): each GPU sends its gradient partition to the
    // host and takes the updated 16-bit weights back; with the weights offloaded too (ZeRO-3),
    // every micro-batch's forward and backward bring the partition up again. The CPU optimizer
    // steps every partition of its node.
    if (s.parallel.offload != Offload::None) {
        const double pcie = (gpu.pcieGBps > 0 ? gpu.pcieGBps * 1e9 : pcieBytesPerSecond(gpu.pcieGen, gpu.pcieLanes)) * kLinkEfficiency;
        const double partition = psi / toD(sharded);
        double moved = partition * (gradientBytes + gatherBytes);
        if (s.parallel.offload == Offload::OptimizerAndParams)
            moved += 2 * m * (gathered / toD(sharded)) * gatherBytes;
        r.offloadTransferS = pcie > 0 ? moved / pcie : 0;
        const double onNode = toD(std::min(n, perNode));
        r.cpuOptimizerS = partition * onNode / kCpuAdamParamsPerSecond;
    }
    r.totalS = r.computeS + r.communicationS + r.bubbleS + r.offloadS();
    r.mfu = r.modelFlopsPerStep / (r.totalS * N * r.peakFlops);
    r.hfu = r.hardwareFlopsPerStep / (r.totalS * N * r.peakFlops);
    r.mfuFullAttention = perToken.modelFullAttention * r.tokensPerStep / (r.totalS * N * r.peakFlops);
    return r;
}

} // namespace headroom
