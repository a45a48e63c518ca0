#pragma once

// How much of a card's best matmul rate a training step's GEMMs reach, from their shapes and
// dtype. GpuSpec::matmulEfficiency is the best share a card reaches over many shapes (the
// maximum-achievable-matmul sweeps it is measured with); a given GEMM loses to two effects the
// NVIDIA Matrix Multiplication Background User's Guide (DU-09799-001_v001, February 2023)
// describes:
//  - tile and wave quantization (its sections 2.3 and 3): the output is cut into tiles, one
//    thread block each; the tiles run in waves of one per SM, and a partial last wave or a
//    partial edge tile costs a whole one. cuBLAS picks among tile shapes per GEMM; the largest,
//    256 x 128, 128 x 256 and 128 x 128 (the guide's section 2.3), are taken as equally fast,
//    and the one with the fewest wasted tile-waves is used;
//  - the memory bound (its section 2): a GEMM moving more bytes per FLOP than the card's
//    rate / bandwidth takes its bytes' time instead (thin matrices: the router, a small model's
//    LM head, small micro-batches).
// The dtype enters through the rate and the element size: FP8 doubles the rate and halves the
// bytes, so an FP8 GEMM turns memory-bound at a larger size than its BF16 twin.
//
// Allocation-free: the step time calls it for every candidate of the plan search.

#include <headroom/hardware/gpuspec.h>
#include <headroom/memory/scenario.h>

namespace headroom {

//! One GEMM: an (m x k) by (k x n) product, m x n outputs.
struct GemmShape
{
    double m = 0;
    double n = 0;
    double k = 0;
};

//! The card's side of a GEMM.
struct GemmCard
{
    double peakFlops = 0;       //!< the dtype's dense peak, FLOP/s
    double efficiency = 1;      //!< GpuSpec::matmulEfficiency: the best share of it
    Count sms = 0;              //!< streaming multiprocessors (compute units); 0: not quantized
    double bandwidth = 0;       //!< HBM, bytes/s; 0: no memory bound
    double elementBytes = 2;    //!< bytes of one input or output element
};

//! The share of full waves of full tiles a GEMM's m x n outputs fill, with the best of the
//! three tile shapes: m n / (waves x SMs x tile area); 1 without an SM count.
double tileWaveShare(double m, double n, Count sms);

//! Seconds one GEMM takes on \a card: the larger of its FLOPs at the quantized rate and its
//! bytes (both inputs read, the output written once) at the bandwidth.
double gemmSeconds(const GemmShape &g, const GemmCard &card);

//! A step's GEMMs against their ideal: FLOPs / (peak x efficiency) summed, and their modelled
//! seconds summed, per dtype group.
struct GemmShapeTotals
{
    double idealS = 0;
    double modelledS = 0;
    //! modelled over ideal: what the shapes cost on top of the card's best rate (>= 1).
    double slowdown() const { return idealS > 0 && modelledS > idealS ? modelledS / idealS : 1.0; }
};

//! The shape slowdowns of one micro-batch's GEMMs on one GPU of \a s: the layers' linears
//! (q/k/v/o, the MLP or the experts with the tokens routed to each, sharded t ways as Megatron
//! and torchtitan split them: columns for the input projections, rows for o and down) forward,
//! input gradient and weight gradient (none under a frozen base), and the LM head, each over the
//! micro-batch's B S / c tokens. \a layers times the FP8 recipe's layer linears at the FP8 rate
//! and one byte an element; the head stays 16-bit.
struct GemmShapeSlowdowns
{
    GemmShapeTotals layers; //!< the decoder layers' linears (FP8 under an FP8 recipe)
    GemmShapeTotals head;   //!< the LM head (16-bit)
};
GemmShapeSlowdowns gemmShapeSlowdowns(const Scenario &s, const GpuSpec &gpu, double peak16, double peak8);

} // namespace headroom
