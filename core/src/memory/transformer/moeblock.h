#pragma once

// A sparse mixture-of-experts MLP as HF's MixtralSparseMoeBlock / Qwen2MoeSparseMoeBlock run it
// (SAVED_TENSORS.md, "Mixtral layer" and "Qwen2-MoE layer"): the router, the routed experts and
// Qwen2-MoE's gated shared expert, after LLaMA's attention. Internal.
//
// The routed experts are listed together, one tensor per kind over every routed row of the layer
// (k·B·S when dropless): each per-expert save is linear in that expert's rows, so the layer's
// bytes do not depend on how the router splits the tokens, only the per-expert breakdown does
// (which the fixture records per seed and this list does not try to reproduce).

#include "tensorlist.h"

namespace headroom::transformer {

struct MoeNames
{
    std::string_view gateInput, gateCopy, probs, topkIndices, topkClone, topkSum;
    std::string_view tokenIndex, w1Input, w3Input, w1Copy, w3Copy, w2Copy, actInput, actOut, upOut, gateUpOut,
            w2Input, expertOut, routingWeight, weightedOut;
};
constexpr MoeNames kMixtralMoe{
    "block_sparse_moe.gate.input", "block_sparse_moe.gate.weight_copy", "block_sparse_moe.routing_probs",
    "block_sparse_moe.topk_indices", "block_sparse_moe.topk_values_clone", "block_sparse_moe.topk_sum",
    "block_sparse_moe.experts.*.token_index", "block_sparse_moe.experts.*.w1.input",
    "block_sparse_moe.experts.*.w3.input", "block_sparse_moe.experts.*.w1.weight_copy",
    "block_sparse_moe.experts.*.w3.weight_copy", "block_sparse_moe.experts.*.w2.weight_copy",
    "block_sparse_moe.experts.*.act_fn.input", "block_sparse_moe.experts.*.act_out",
    "block_sparse_moe.experts.*.up_out", "block_sparse_moe.experts.*.gate_up_out",
    "block_sparse_moe.experts.*.w2.input", "block_sparse_moe.experts.*.expert_out",
    "block_sparse_moe.experts.*.routing_weight", "block_sparse_moe.experts.*.weighted_out",
};
constexpr MoeNames kQwenMoe{
    "mlp.gate.input", "mlp.gate.weight_copy", "mlp.routing_probs", "mlp.topk_indices", "mlp.topk_values_clone",
    "mlp.topk_sum", "mlp.experts.*.token_index", "mlp.experts.*.gate_proj.input", "mlp.experts.*.up_proj.input",
    "mlp.experts.*.gate_proj.weight_copy", "mlp.experts.*.up_proj.weight_copy", "mlp.experts.*.down_proj.weight_copy",
    "mlp.experts.*.act_fn.input", "mlp.experts.*.act_out", "mlp.experts.*.up_out", "mlp.experts.*.gate_up_out",
    "mlp.experts.*.down_proj.input", "mlp.experts.*.expert_out", "mlp.experts.*.routing_weight",
    "mlp.experts.*.weighted_out",
};

template<typename Emit>
void moeMlp(const Context &c, const Emit &emit)
{
    constexpr Region L = Region::Layer;
    const MoeContext &e = c.moe;
    const MoeNames &n = e.mixtralNames ? kMixtralMoe : kQwenMoe;
    const Count H = c.H, BS = c.BS, N = e.rows;
    const Dtype half = c.c;
    // The router reads the norm output (its bf16 cast under autocast), which the experts index into.
    emit(n.gateInput, "B×S×H", L, c.split() ? c.c : c.r, c.BSH, 0);
    if (c.copies)
        emit(n.gateCopy, "H×E", L, half, H * e.E, WeightCopy);
    // softmax(router_logits, dtype=float) and topk's indices; the in-place renormalisation
    // `routing_weights /= sum` saves a clone of the top-k values (autograd's rule for an in-place
    // op whose derivative needs the original) and the sum.
    emit(n.probs, "B×S×E", L, Dtype::Fp32, BS * e.E, 0);
    emit(n.topkIndices, "B×S×k", L, Dtype::Int64, BS * e.K, 0);
    if (e.renormalize) {
        emit(n.topkClone, "B×S×k", L, Dtype::Fp32, BS * e.K, 0);
        emit(n.topkSum, "B×S", L, Dtype::Fp32, BS, 0);
    }
    // Per expert, N_e rows (N = Σ N_e): torch.where returns idx and top_x as views of one
    // nonzero() result [N_e, 2] int64, which the gather, the routing-weight index and index_add_
    // all save (16·N_e bytes); the gathered tokens go to w1 and w3 (IndexBackward saves only the
    // index); the expert MLP saves as LLaMA's on N_e rows; the routing weight's product saves the
    // expert output and the weight; index_add_ saves its source (torch 1.13's derivative calls
    // expand_as(source)).
    emit(n.tokenIndex, "2·k·B·S", L, Dtype::Int64, 2 * N, 0);
    emit(n.w1Input, "k·B·S×H", L, c.split() ? c.c : c.r, N * H, LinearInput);
    if (c.split())
        emit(n.w3Input, "k·B·S×H", L, c.c, N * H, LinearInput);
    if (c.copies) {
        // One copy per expert that gets rows: an expert without tokens runs no matmul.
        emit(n.w1Copy, "E×H×F", L, half, e.hit * H * e.F, Sharded | WeightCopy);
        emit(n.w3Copy, "E×H×F", L, half, e.hit * H * e.F, Sharded | WeightCopy);
        emit(n.w2Copy, "E×F×H", L, half, e.hit * e.F * H, Sharded | WeightCopy);
    }
    if (c.x.fusedActivation) {
        emit(n.gateUpOut, "k·B·S×2F", L, c.c, 2 * N * e.F, Sharded);
    } else {
        emit(n.actInput, "k·B·S×F", L, c.c, N * e.F, Sharded);
        emit(n.actOut, "k·B·S×F", L, c.c, N * e.F, Sharded);
        emit(n.upOut, "k·B·S×F", L, c.c, N * e.F, Sharded);
    }
    emit(n.w2Input, "k·B·S×F", L, c.c, N * e.F, Sharded | LinearInput);
    emit(n.expertOut, "k·B·S×H", L, c.c, N * H, 0);
    emit(n.routingWeight, "k·B·S", L, c.r, N, 0);
    emit(n.weightedOut, "k·B·S×H", L, c.r, N * H, 0);
    if (e.SF == 0)
        return;
    // The shared expert: a full gated MLP on every token (fp32 / bf16: it reads the router's input
    // again; autocast casts for each projection), and Qwen2-MoE's sigmoid gate, whose output the
    // sigmoid and the product save, beside the shared expert's output.
    const Count SF = e.SF;
    // Granite 4.0's shared_mlp computes gate and up in one input_linear: one cast input.
    if (c.split()) {
        emit("mlp.shared_expert.gate_proj.input", "B×S×H", L, c.c, c.BSH, LinearInput);
        if (!c.fusedGateUp)
            emit("mlp.shared_expert.up_proj.input", "B×S×H", L, c.c, c.BSH, LinearInput);
    }
    if (c.copies) {
        emit("mlp.shared_expert.gate_proj.weight_copy", "H×SF", L, half, H * SF, Sharded | WeightCopy);
        emit("mlp.shared_expert.up_proj.weight_copy", "H×SF", L, half, H * SF, Sharded | WeightCopy);
        emit("mlp.shared_expert.down_proj.weight_copy", "SF×H", L, half, SF * H, Sharded | WeightCopy);
    }
    if (c.x.fusedActivation) {
        emit("mlp.shared_expert.gate_up_out", "B×S×2SF", L, c.c, 2 * BS * SF, Sharded);
    } else {
        emit("mlp.shared_expert.act_fn.input", "B×S×SF", L, c.c, BS * SF, Sharded);
        emit("mlp.shared_expert.act_out", "B×S×SF", L, c.c, BS * SF, Sharded);
        emit("mlp.shared_expert.up_out", "B×S×SF", L, c.c, BS * SF, Sharded);
    }
    emit("mlp.shared_expert.down_proj.input", "B×S×SF", L, c.c, BS * SF, Sharded | LinearInput);
    if (!e.sharedGate)
        return;
    if (c.split())
        emit("mlp.shared_expert_gate.input", "B×S×H", L, c.c, c.BSH, 0);
    if (c.copies)
        emit("mlp.shared_expert_gate.weight_copy", "H×1", L, half, H, WeightCopy);
    emit("mlp.shared_gate_sigmoid", "B×S", L, c.c, BS, 0);
    emit("mlp.shared_expert_out", "B×S×H", L, c.c, c.BSH, 0);
}

} // namespace headroom::transformer
