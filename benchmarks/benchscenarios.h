#pragma once

// The scenarios the benchmarks time. Architectures are written out (the published configs of
// resources/models/), so that the timings do not depend on the data files; only the
// catalogue-wide fit reads the GPU catalogue.

#include <headroom/memory/scenario.h>
#include <headroom/memory/stack.h>

namespace headroom::bench {

inline ModelSpec llama2_7b()
{
    ModelSpec m;
    m.family = BlockFamily::Llama;
    m.layers = 32;
    m.hidden = 4096;
    m.heads = 32;
    m.ffn = 11008;
    m.vocab = 32000;
    return m;
}

inline ModelSpec llama32_1b()
{
    ModelSpec m;
    m.family = BlockFamily::Llama;
    m.layers = 16;
    m.hidden = 2048;
    m.heads = 32;
    m.kvHeads = 8;
    m.ffn = 8192;
    m.vocab = 128256;
    m.tiedEmbeddings = true;
    return m;
}

inline ModelSpec llama2_70b()
{
    ModelSpec m;
    m.family = BlockFamily::Llama;
    m.layers = 80;
    m.hidden = 8192;
    m.heads = 64;
    m.kvHeads = 8;
    m.ffn = 28672;
    m.vocab = 32000;
    return m;
}

inline ModelSpec mixtral8x7b()
{
    ModelSpec m;
    m.family = BlockFamily::Llama;
    m.layers = 32;
    m.hidden = 4096;
    m.heads = 32;
    m.kvHeads = 8;
    m.ffn = 14336;
    m.vocab = 32000;
    m.moe.experts = 8;
    m.moe.perToken = 2;
    m.moe.expertFfn = 14336;
    return m;
}

inline Scenario withActivations(Scenario s, ActivationModelKind kind)
{
    s.activations.model = kind;
    return s;
}

/*!
 * The speed targets' scenario (docs/performance.md): LLaMA-2-7B, B = 1, S = 2048, bf16-master
 * AdamW, one 80 GiB GPU, the core's defaults otherwise (the paper stack: no framework buffers).
 */
inline Scenario llama7bSingle(ActivationModelKind kind)
{
    Scenario s;
    s.model = llama2_7b();
    s.training.microBatch = 1;
    s.training.sequence = 2048;
    s.gpu.capacity = bytes(80 * kGiB);
    return withActivations(s, kind);
}

//! LLaMA-2-70B under DeepSpeed ZeRO-3 on 8 GPUs of 80 GiB.
inline Scenario llama70bZero3(ActivationModelKind kind)
{
    Scenario s;
    applyStackDefaults(s, TrainingStack::DeepSpeed);
    s.model = llama2_70b();
    s.training.sequence = 4096;
    s.parallel.gpus = 8;
    s.parallel.zero = ZeroStage::Stage3;
    s.training.recompute = Recompute::Full;
    s.gpu.capacity = bytes(80 * kGiB);
    return withActivations(s, kind);
}

//! QLoRA (rank 16 on q and v, NF4 with double quantization) of LLaMA-2-7B with the Hugging
//! Face Trainer on one 24 GiB GPU.
inline Scenario qlora7b(ActivationModelKind kind)
{
    Scenario s;
    applyStackDefaults(s, TrainingStack::HfTrainer);
    s.model = llama2_7b();
    s.lora.mode = AdapterMode::Qlora;
    s.lora.rank = 16;
    s.training.microBatch = 4;
    s.training.sequence = 1024;
    s.gpu.capacity = bytes(24 * kGiB);
    return withActivations(s, kind);
}

//! Mixtral-8x7B (8 routed experts, 2 per token) with FSDP FULL_SHARD on 8 GPUs of 80 GiB.
inline Scenario mixtralFsdp(ActivationModelKind kind)
{
    Scenario s;
    applyStackDefaults(s, TrainingStack::Fsdp);
    s.model = mixtral8x7b();
    s.parallel.gpus = 8;
    s.parallel.zero = ZeroStage::Stage3;
    s.gpu.capacity = bytes(80 * kGiB);
    return withActivations(s, kind);
}

/*!
 * The growth series, and the scenario of the searches and sweeps: the Hugging Face Trainer with
 * ZeRO-3 on 64 GPUs of 80 GiB (8 nodes), B = 1, S = 2048, for LLaMA-3.2-1B, LLaMA-2-7B and
 * LLaMA-2-70B (size 0, 1, 2). All three fit, so that every search has probes to make.
 */
inline Scenario scaled(int size, ActivationModelKind kind)
{
    Scenario s;
    applyStackDefaults(s, TrainingStack::HfTrainer);
    s.model = size == 0 ? llama32_1b() : size == 1 ? llama2_7b() : llama2_70b();
    s.training.sequence = 2048;
    s.parallel.gpus = 64;
    s.parallel.zero = ZeroStage::Stage3;
    s.gpu.capacity = bytes(80 * kGiB);
    return withActivations(s, kind);
}

inline Scenario scaled7b(ActivationModelKind kind) { return scaled(1, kind); }

inline const char *sizeLabel(int size) { return size == 0 ? "1B" : size == 1 ? "7B" : "70B"; }

} // namespace headroom::bench
