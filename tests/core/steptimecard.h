#pragma once

// The step-time tests' model and card (tst_steptime.cpp works its terms out by hand on them):
// a LLaMA layout small enough to count, L = 2, H = 64, A = 4, F = 128, V = 100, P = 95,040; and a
// made-up card: 100 TFLOP/s BF16 at 50 % matmul efficiency, 1,000 GB/s, NVLink 100 GB/s across
// 8 GPUs, PCIe 4.0 x16, 8 GPUs a node on 800 Gb/s, 500 W, $10,000.

#include <headroom/hardware/gpuspec.h>
#include <headroom/memory/scenario.h>

namespace headroom::test {

inline Scenario stepTimeLlama()
{
    Scenario s;
    s.model.family = BlockFamily::Llama;
    s.model.layers = 2;
    s.model.hidden = 64;
    s.model.heads = 4;
    s.model.kvHeads = 4;
    s.model.ffn = 128;
    s.model.vocab = 100;
    s.training.sequence = 32;
    s.training.precision.recipe = Recipe::Bf16Master;
    s.activations.attention = AttentionKernel::Sdpa;
    return s;
}

inline GpuSpec stepTimeCard()
{
    GpuSpec g;
    g.id = QStringLiteral("test");
    g.bf16 = true;
    g.tflopsBf16 = g.tflopsFp16 = 100;
    g.matmulEfficiency = 0.5;
    g.hbmGBps = 1000;
    g.nvlinkGBps = 100;
    g.nvlinkGpus = 8;
    g.pcieGen = 4;
    g.pcieLanes = 16;
    g.gpusPerNode = 8;
    g.networkGbps = 800;
    g.powerWatts = 500;
    g.purchaseUsd = 10000;
    return g;
}

} // namespace headroom::test
