#pragma once

// One kind of GPU as the planning code needs it: its memory, its arithmetic and links, and what
// it costs. The hardware domain depends on the memory model's units only; io/catalogue.h reads
// resources/gpus.json into it.

#include <QString>

#include <headroom/memory/units.h>

namespace headroom {

struct GpuSpec
{
    QString id;
    QString name;
    Bytes capacity = bytes(0); //!< total memory as the card reports it (nvidia-smi memory.total)
    QString capacitySource;
    bool bf16 = false;         //!< BF16 tensor-core support
    bool fp8 = false;          //!< FP8 tensor cores (Ada Lovelace, Hopper and later: compute capability 8.9+)
    double tflopsFp16 = 0;     //!< dense FP16 tensor TFLOP/s (FP32 accumulate)
    double tflopsBf16 = 0;     //!< dense BF16 tensor TFLOP/s; 0 without BF16
    double tflopsFp8 = 0;      //!< dense FP8 tensor TFLOP/s (FP32 accumulate); 0 without FP8
    double pricePerHourUsd = 0; //!< indicative on-demand price per GPU-hour, user-editable
    // What the step time (steptime.h) and the cost of owning need; every entry gives them.
    double hbmGBps = 0;          //!< memory bandwidth, GB/s
    double matmulEfficiency = 0; //!< share of the dense peak large BF16/FP16 matmuls reach
    QString matmulEfficiencySource;
    //! Streaming multiprocessors (AMD: compute units), which a GEMM's tiles run on in waves
    //! (planning/gemmshape.h); 0 where not given: no tile or wave quantization.
    Count sms = 0;
    QString smsSource;
    //! Share of the dense peak the attention kernels of PyTorch's stacks reach (SDPA's flash
    //! backend, flash-attn 2) in forward; 0 where not measured (the matmul efficiency is used).
    double attentionEfficiency = 0;
    //! The same for fused attention of the FlashAttention-3 / cuDNN class (Transformer Engine
    //! under Megatron); 0 where not measured.
    double fusedAttentionEfficiency = 0;
    QString attentionEfficiencySource;
    double nvlinkGBps = 0;       //!< NVLink per GPU, one direction, GB/s; 0: none
    Count nvlinkGpus = 0;        //!< GPUs one NVLink domain joins (8: NVSwitch, 2: a bridge); 0: none
    int pcieGen = 0;             //!< the host link's PCIe generation
    int pcieLanes = 0;
    double pcieGBps = 0;         //!< > 0: the host link's bandwidth, one direction, GB/s, as given (a custom card)
    Count gpusPerNode = 0;       //!< GPUs in one server as usually sold or rented
    double networkGbps = 0;      //!< usual network per node of such servers, Gbit/s
    double powerWatts = 0;       //!< board power (TDP / TBP)
    double purchaseUsd = 0;      //!< indicative purchase price of one card, user-editable
    QString priceDate;           //!< when the prices were read (YYYY-MM)
};

} // namespace headroom
