#include <headroom/planning/steptimeexplain.h>

#include <QtGlobal>

#include <cstdio>

namespace headroom {

namespace {

// Four significant digits: the terms are estimates, not byte counts.
std::string num(double v)
{
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.4g", v);
    return buffer;
}

std::string whole(Count v) { return std::to_string(static_cast<long long>(v)); }

std::string bandwidth(double bytesPerSecond) { return num(bytesPerSecond / 1e9) + " GB/s"; }

} // namespace

const char *stepTermName(StepTerm term)
{
    switch (term) {
    case StepTerm::Compute: return "compute";
    case StepTerm::Communication: return "communication";
    case StepTerm::Bubble: return "bubble";
    case StepTerm::Offload: return "offload";
    }
    return "";
}

std::vector<StepTimeTerm> explainStepTime(const Scenario &s, const GpuSpec &gpu, const StepTimeOptions &options,
                                          const StepTime &time)
{
    std::vector<StepTimeTerm> terms;
    if (!time.known)
        return terms;
    const Count t = s.parallel.tensorParallel, p = s.parallel.pipelineParallel, n = s.parallel.gpus;
    const Count d = n / (t * p);
    const Count m = s.training.gradAccumSteps;
    const std::string N = whole(n);

    if (options.computeFractionOverride > 0) {
        terms.push_back({ "matmul", QT_TRANSLATE_NOOP("StepTime", "compute at the given utilisation"),
                          "F_step / (N x peak x MFU)",
                          num(time.hardwareFlopsPerStep) + " / (" + N + " x " + num(time.peakFlops) + " x "
                                  + num(options.computeFractionOverride) + ")",
                          time.computeS, true, QT_TRANSLATE_NOOP("StepTime", "--mfu: the compute term at this share of the dense peak") });
    } else if (time.fp8FlopsPerStep > 0) {
        terms.push_back({ "matmul", QT_TRANSLATE_NOOP("StepTime", "matmuls at the card's achievable rates, FP8 linears at the FP8 rate"),
                          "(F_step - F_fp8 - F_att) x q / (N x peak x eta) + F_fp8 x q_fp8 / (N x peak_fp8 x eta)",
                          "(" + num(time.hardwareFlopsPerStep) + " - " + num(time.fp8FlopsPerStep) + " - " + num(time.attentionFlopsPerStep)
                                  + ") x " + num(time.gemmShapeSlowdown) + " / (" + N + " x " + num(time.peakFlops) + " x "
                                  + num(gpu.matmulEfficiency) + ") + " + num(time.fp8FlopsPerStep) + " x " + num(time.fp8GemmShapeSlowdown)
                                  + " / (" + N + " x " + num(time.fp8PeakFlops) + " x " + num(gpu.matmulEfficiency) + ")",
                          time.matmulS - time.attentionS, true,
                          QT_TRANSLATE_NOOP("StepTime", "the layers' linears run on the FP8 tensor cores at the same share of their "
                                                        "peak as 16-bit matmuls reach of theirs (torchao's roofline model, "
                                                        "roofline_utils.py); the LM head and attention stay 16-bit; q and q_fp8: what "
                                                        "the GEMMs' shapes cost over the card's best rate (tile and wave quantization, "
                                                        "the memory bound)") });
    } else {
        terms.push_back({ "matmul", QT_TRANSLATE_NOOP("StepTime", "matmuls at the card's achievable rate"),
                          "(F_step - F_att) x q / (N x peak x eta)",
                          "(" + num(time.hardwareFlopsPerStep) + " - " + num(time.attentionFlopsPerStep) + ") x " + num(time.gemmShapeSlowdown)
                                  + " / (" + N + " x " + num(time.peakFlops) + " x " + num(gpu.matmulEfficiency) + ")",
                          time.matmulS - time.attentionS, true,
                          QT_TRANSLATE_NOOP("StepTime", "per token 2 P' forward and 4 P' backward, one more forward under "
                                                        "recomputation (Kaplan et al. 2020; Narayanan et al. 2021, eq. 3; Korthikanti "
                                                        "et al. 2022); eta: the card's measured best matmul efficiency; q: what the "
                                                        "GEMMs' shapes cost over it, from their tiles' waves on the card's SMs and the "
                                                        "memory bound (NVIDIA's Matrix Multiplication Background guide)") });
    }
    if (time.attentionS > 0) {
        const double forward = time.attentionFlopsPerStep - time.attentionBackwardFlopsPerStep;
        const double backward = time.attentionBackwardFlopsPerStep;
        std::string values = num(forward) + " / (" + N + " x " + num(time.peakFlops) + " x " + num(time.attentionEfficiency) + ")";
        if (backward > 0)
            values += " + " + num(backward) + " / (" + N + " x " + num(time.peakFlops) + " x " + num(time.attentionEfficiency) + " x "
                    + num(kAttentionBackwardShare) + ")";
        terms.push_back({ "attention", QT_TRANSLATE_NOOP("StepTime", "attention in its own kernels"),
                          backward > 0 ? "F_att,fwd / (N x peak x eta_att) + F_att,bwd / (N x peak x eta_att x 0.56)"
                                       : "F_att / (N x peak x eta_att)",
                          values, time.attentionS, true,
                          QT_TRANSLATE_NOOP("StepTime", "attention 4 L S' A d_h forward and twice that backward (S' = S/2 causal); "
                                                        "eta_att: the share of the peak the card's flash / SDPA kernels reach, or "
                                                        "Transformer Engine's fused attention under Megatron; backward kernels at 0.56 "
                                                        "of it (docs/procurement.md)") });
    }
    if (!(options.computeFractionOverride > 0)) {
        const bool eager = attentionKernelOf(s) == AttentionKernel::Eager;
        const std::string e = num(elementwiseBytesPerTokenLayerHidden(s));
        terms.push_back({ "memory-bound", QT_TRANSLATE_NOOP("StepTime", "element-wise work at memory bandwidth"),
                          eager ? "T_replica x L/p x (e H + 16 A S) / t / BW_hbm" : "T_replica x L/p x e H / t / BW_hbm",
                          num(time.tokensPerStep / static_cast<double>(d)) + " x " + whole(s.model.layers) + "/" + whole(p) + " x (" + e
                                  + " x " + whole(s.model.hidden) + (eager ? " + 16 x " + whole(s.model.heads) + " x " + whole(s.training.sequence) : "")
                                  + ")" + (checkpointsLayers(s.training.recompute) ? " x 4/3" : "") + " / " + whole(t) + " / "
                                  + bandwidth(gpu.hbmGBps * 1e9),
                          time.memoryBoundS - time.fp8CastS, true,
                          QT_TRANSLATE_NOOP("StepTime", "norms, residuals, activation functions and casts read and write e = 830 bytes "
                                                        "per token, layer and hidden unit as PyTorch runs them unfused (the value that "
                                                        "reproduces MosaicML's A100 and H100 runs), 0.68 of that under torch.compile, "
                                                        "0.8 under Megatron with Transformer Engine (docs/procurement.md); eager "
                                                        "attention moves the S x S scores eight times") });
        if (time.fp8CastS > 0) {
            const Fp8CastBytes c = fp8CastBytes(s);
            terms.push_back({ "fp8-casts", QT_TRANSLATE_NOOP("StepTime", "FP8 casts of the linears' inputs, gradients and weights"),
                              "(T_replica x L/p x (c_x x sum in + c_g x sum out) + casts x L/p x P_lin x c_w) / t / BW_hbm",
                              "c_x = " + num(c.input) + ", c_g = " + num(c.gradOutput) + ", c_w = "
                                      + (s.training.precision.fp8AllGather ? std::string("5/d + 2") : num(c.weight)) + " bytes, "
                                      + bandwidth(gpu.hbmGBps * 1e9),
                              time.fp8CastS, true,
                              QT_TRANSLATE_NOOP("StepTime", "each cast reads the 16-bit tensor and writes its FP8 layouts, as torchao's "
                                                            "roofline model counts its kernels unfused (roofline_utils.py) and Transformer "
                                                            "Engine's fused cast-transpose runs; inputs again in a recomputed forward, "
                                                            "weights each micro-batch (once a step in Megatron's workspace)") });
        }
    }
    if (time.optimizerS > 0)
        terms.push_back({ "optimizer", QT_TRANSLATE_NOOP("StepTime", "optimizer step on the GPU"),
                          "Psi_owned x (2 (w + master + states) + g) / BW_hbm", bandwidth(gpu.hbmGBps * 1e9), time.optimizerS, true,
                          QT_TRANSLATE_NOOP("StepTime", "memory-bound: each parameter the GPU owns (a d-th under ZeRO) reads its "
                                                        "gradient and reads and writes its weight, master copy and states once") });
    if (d > 1) {
        const char *formula = "";
        switch (s.parallel.zero) {
        case ZeroStage::Stage0: formula = "2 (d-1)/d x Psi x g / BW_dp"; break;
        case ZeroStage::Stage1: formula = "(d-1)/d x Psi x (g + w) / BW_dp"; break;
        case ZeroStage::Stage2: formula = "(d-1)/d x Psi x (m g + w) / BW_dp"; break;
        case ZeroStage::Stage3: formula = "m x (d-1)/d x Psi x (2 w + g) / BW_dp"; break;
        }
        terms.push_back({ "data-parallel", QT_TRANSLATE_NOOP("StepTime", "data-parallel gradients and weights"), formula,
                          "d = " + whole(d) + ", m = " + whole(m) + ", BW_dp = " + bandwidth(time.dataParallelBandwidth)
                                  + (time.dataParallelCrossesNodes ? " (across nodes)" : " (inside a node)") + ", overlap "
                                  + num(100 * dataParallelOverlap(s)) + " %, latency " + num(time.dataParallelLatencyS) + " s",
                          time.dataParallelS, false,
                          QT_TRANSLATE_NOOP("StepTime", "ring reduce-scatter and all-gather move (d-1)/d of a buffer, an all-reduce "
                                                        "twice that (Patarasuk and Yuan 2009); ZeRO-3 gathers the weights for forward "
                                                        "and again for backward (Rajbhandari et al. 2020); each collective adds NCCL's "
                                                        "latency (tuning.cc: 8.4 µs and 3.4 / 5.7 / 9.6 µs a ring step over NVLink, PCIe, "
                                                        "the network; its tree for all-reduces across nodes), ZeRO-3 one per layer and "
                                                        "pass, the others one per bucket; 90 % of it overlaps backward (bucketed "
                                                        "reduction, FSDP prefetch, DeepSpeed overlap_comm), none under DeepSpeed without "
                                                        "overlap_comm (its default below stage 3); links at 80 % of nominal (nccl-tests)") });
    }
    if (t > 1)
        terms.push_back({ "tensor-parallel", QT_TRANSLATE_NOOP("StepTime", "tensor-parallel all-reduces"),
                          "m x L/p x (4 or 6) x 2 (t-1)/t x B S H a / BW_tp",
                          "t = " + whole(t) + ", BW_tp = " + bandwidth(time.tensorParallelBandwidth)
                                  + (time.tensorParallelCrossesNodes ? " (across nodes)" : " (inside a node)") + ", latency "
                                  + num(time.tensorParallelLatencyS) + " s",
                          time.tensorParallelS, true,
                          QT_TRANSLATE_NOOP("StepTime", "two all-reduces a layer forward, two backward, two more when the forward "
                                                        "is recomputed (Shoeybi et al. 2019; Korthikanti et al. 2022); not overlapped") });
    if (s.parallel.contextParallel > 1) {
        const bool ulysses = contextParallelKindOf(s) == ContextParallelKind::Ulysses;
        terms.push_back({ "context-parallel", QT_TRANSLATE_NOOP("StepTime", "context-parallel K/V exchange"),
                          ulysses ? "m x L/p x (2 or 3) x (c-1)/c x B S/c (2 A + 2 KV) d_h a / t / BW_cp"
                                  : "m x L/p x (3 or 4) x (c-1)/c x 2 B S KV d_h a / t / BW_cp",
                          "c = " + whole(s.parallel.contextParallel) + " (" + std::string(contextParallelKindName(contextParallelKindOf(s)))
                                  + "), BW_cp = " + bandwidth(time.contextParallelBandwidth)
                                  + (time.contextParallelCrossesNodes ? " (across nodes)" : " (inside a node)"),
                          time.contextParallelS, true,
                          ulysses ? QT_TRANSLATE_NOOP("StepTime", "Ulysses moves q, k, v and the output by all-to-all in forward "
                                                                  "and their gradients back, again in a recomputed forward "
                                                                  "(DeepSpeed sequence/layer.py); counted as not overlapped")
                                  : QT_TRANSLATE_NOOP("StepTime", "each layer brings (c-1)/c of the whole sequence's K and V to every "
                                                                  "GPU in forward, again in backward with dK and dV going back, "
                                                                  "and in a recomputed forward (Transformer Engine's ring, torch's "
                                                                  "all-gather); counted as not overlapped, though the ring overlaps "
                                                                  "attention: the upper end") });
    }
    if (time.expertParallelS > 0)
        terms.push_back({ "expert-parallel", QT_TRANSLATE_NOOP("StepTime", "expert-parallel all-to-alls"),
                          "m x L_moe/p x (4 or 6) x ((e-1)/e x k B S H a / t / BW_ep + latency)",
                          "e = " + whole(s.parallel.expertParallel) + ", k = " + whole(s.model.moe.perToken) + ", BW_ep = "
                                  + bandwidth(time.expertParallelBandwidth)
                                  + (time.expertParallelCrossesNodes ? " (across nodes)" : " (inside a node)"),
                          time.expertParallelS, true,
                          QT_TRANSLATE_NOOP("StepTime", "each MoE layer sends every token to its k experts and back (dispatch and "
                                                        "combine) in forward, their gradients in backward, again in a recomputed "
                                                        "forward (Lepikhin et al. 2020, GShard); not overlapped") });
    if (time.stageImbalanceS > 0) {
        terms.push_back({ "stage-imbalance", QT_TRANSLATE_NOOP("StepTime", "the slowest pipeline stage"),
                          "(L_max x p / L - 1) x (matmul + element-wise)",
                          "L_max x p / L = " + num(time.stageImbalance), time.stageImbalanceS, true,
                          QT_TRANSLATE_NOOP("StepTime", "the stages run in lock step, so the layers' work goes at the pace of "
                                                        "the stage with the most layers (L_max)") });
    }
    if (p > 1) {
        terms.push_back({ "pipeline-send", QT_TRANSLATE_NOOP("StepTime", "pipeline sends between stages"),
                          "2 m v x B S H a / t / BW_pp", "p = " + whole(p) + ", v = " + whole(s.stack.virtualStages), time.pipelineSendS, true,
                          QT_TRANSLATE_NOOP("StepTime", "activations forward and their gradients back, split over the tensor-parallel "
                                                        "ranks (Narayanan et al. 2021, scatter-gather)") });
        terms.push_back({ "bubble", QT_TRANSLATE_NOOP("StepTime", "pipeline bubble"), "(p-1)/(v m) x (compute + tensor-parallel)",
                          "(" + whole(p) + "-1)/(" + whole(s.stack.virtualStages) + " x " + whole(m) + ")", time.bubbleS, true,
                          QT_TRANSLATE_NOOP("StepTime", "1F1B fills and drains p-1 micro-batch slots; the interleaved schedule divides "
                                                        "them by v (Narayanan et al. 2021, section 2.2)") });
    }
    if (s.parallel.offload != Offload::None) {
        terms.push_back({ "offload-transfer", QT_TRANSLATE_NOOP("StepTime", "offload transfers over PCIe"),
                          s.parallel.offload == Offload::OptimizerAndParams ? "Psi/d x (g + w + 2 m w) / BW_pcie" : "Psi/d x (g + w) / BW_pcie",
                          gpu.pcieGBps > 0 ? "host link " + std::to_string(static_cast<long long>(gpu.pcieGBps)) + " GB/s"
                                          : "PCIe " + std::to_string(gpu.pcieGen) + ".0 x" + std::to_string(gpu.pcieLanes),
                          time.offloadTransferS, true,
                          QT_TRANSLATE_NOOP("StepTime", "gradients to the host, updated weights back (Ren et al. 2021, ZeRO-Offload); "
                                                        "weights offloaded too come up for each forward and backward") });
        terms.push_back({ "cpu-optimizer", QT_TRANSLATE_NOOP("StepTime", "optimizer step on the CPU"),
                          "Psi/d x GPUs per node / 1.6e9 per s", "", time.cpuOptimizerS, true,
                          QT_TRANSLATE_NOOP("StepTime", "DeepSpeed CPU Adam: 10.3 B parameters in 6.2-6.5 s in its ZeRO-Offload "
                                                        "tutorial's log; one host steps all its GPUs' partitions") });
    }
    return terms;
}

} // namespace headroom
