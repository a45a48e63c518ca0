#pragma once

// A GPU outside the catalogue, as the user writes it on one line (`--gpu-spec`, and the
// scenario file's gpu.spec): "name=h100-96gb,memory=96GiB,bf16=989T,fp8=1979T,hbm=3.35TB/s,
// nvlink=450GB/s,pcie=64GB/s". Read into the GpuSpec the planning code takes, and written back
// in the same form.

#include <QString>

#include <headroom/hardware/gpuspec.h>

namespace headroom {

/*!
 * Reads \a text into \a out. Keys (each at most once, separated by commas):
 *  - name: the card's id, letters, digits, '-', '_' and '.', 1 to 40 characters (required);
 *  - memory: its total as the driver reports it, with a unit (96GiB, 80GB, 81559MiB; required);
 *  - bf16, fp16, fp8: dense tensor TFLOP/s with FP32 accumulation ("989T", "989" or "989TFLOPS");
 *    bf16 or fp16 required (the other defaults to it), fp8 optional;
 *  - hbm: memory bandwidth ("3.35TB/s", "3350GB/s"; required);
 *  - nvlink: NVLink per GPU, one direction ("450GB/s"; default none), nvlink-gpus: the GPUs one
 *    NVLink domain joins (default 8 with nvlink, else 0);
 *  - pcie: the host link, one direction ("64GB/s"; default 63 GB/s, PCIe 5.0 x16);
 *  - efficiency: the share of the dense peak large matmuls reach (default 0.8, the measured
 *    A100/H100 range); attention-efficiency and fused-attention-efficiency: the shares the
 *    attention kernels reach (PyTorch's SDPA or flash-attn 2; Transformer Engine's fused
 *    attention under Megatron; default: efficiency), gpus-per-node (default 8), network: Gbit/s per node (default 3200),
 *    power: W (default 700), price: USD per GPU-hour, purchase: USD per card (default 0).
 * On error returns false and names the key and the allowed range in \a error.
 */
bool parseGpuSpec(const QString &text, GpuSpec &out, QString &error);

//! \a gpu as parseGpuSpec() reads it: every key written, so that reading it back gives the same card.
QString gpuSpecText(const GpuSpec &gpu);

} // namespace headroom
