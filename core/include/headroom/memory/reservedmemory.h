#pragma once

// What the caching allocator reserves beyond what is allocated: the step's tensors, one by one,
// fed to the allocator's emulation (cachingallocator.h) through loading and three training steps.
//
// The sequence, per GPU, in the order PyTorch allocates and frees (each tensor its own request):
//  - loading (LoadPath): every parameter tensor, layer by layer, in its stored dtype
//    (from_pretrained, torchtune's and torchtitan's meta-device initialisation); or, with
//    LoadPath::Fp32OnGpu, the model built in FP32 on the GPU first (nn.Module constructors under
//    torch.device("cuda")), then cast or quantized tensor by tensor, the FP32 tensor freed after;
//  - forward, layer by layer: one layer's forward scratch, then the tensors the layer saves
//    (the itemized activation model's list, ActivationItem), the scratch freed; then the head's
//    saved tensors and the loss's logits;
//  - backward: the loss's gradient buffer; then layer by layer, last first, the layer's
//    recomputed tensors under checkpointing, its backward scratch, its saved tensors freed in
//    reverse order while its parameters' gradients appear (PyTorch allocates a .grad when its
//    weight's backward runs);
//  - optimizer step: in the first step the states created (zeros_like per parameter, in order);
//    the optimizer's temporaries (foreach AdamW: one per parameter, the size of its moment),
//    then freed; zero_grad(set_to_none=True) frees the gradients unless they are kept.
// Tensors are the per-GPU share of each bucket in proportion to each parameter tensor's
// elements (so sharding and dtypes follow the buckets). Only the itemized activation model
// lists tensors; under the textbook model nothing is emulated and reserved equals allocated.

#include <optional>
#include <string_view>

#include <headroom/memory/breakdown.h>
#include <headroom/memory/scenario.h>

namespace headroom {

std::string_view loadPathName(LoadPath p);
std::optional<LoadPath> loadPathFromName(std::string_view name);

struct ReservedMemory
{
    bool emulated = false;       //!< false: no tensor list (textbook model) or beyond the emulation's capacity
    Bytes allocatedPeak = bytes(0); //!< the emulated sequence's peak of allocated (512-byte rounded) bytes
    Bytes reservedPeak = bytes(0);  //!< its peak of reserved bytes: torch.cuda.max_memory_reserved()
    Bytes loadingReserved = bytes(0); //!< reserved when the weights are loaded, before the first step
    Bytes loadingAllocatedPeak = bytes(0); //!< the loading's own peak of allocated bytes
    int segments = 0;            //!< cudaMalloc'ed segments at the end
    int tensors = 0;             //!< requests emulated
    //! Reserved beyond allocated at the peak of each: what the allocator caches and rounds.
    Bytes cache() const { return reservedPeak > allocatedPeak ? reservedPeak - allocatedPeak : bytes(0); }
};

/*!
 * The three figures of one GPU's peak, each what a tool reports:
 *  - allocated: the step's highest point of allocated bytes (steptimeline.h), what
 *    torch.cuda.max_memory_allocated() reports;
 *  - reserved: allocated plus what the caching allocator holds beyond it at its peak (rounding,
 *    cached free blocks, segments split among tensors), torch.cuda.max_memory_reserved();
 *  - device: reserved plus the runtime's own share outside the allocator (the CUDA context and
 *    kernel images), what nvidia-smi shows for the process.
 */
struct MemoryFigures
{
    Bytes allocated = bytes(0);
    Bytes cache = bytes(0);   //!< reserved - allocated: modelled (ReservedMemory::cache()) or given
    Bytes reserved = bytes(0);
    Bytes context = bytes(0); //!< RuntimeOverhead::cudaContext
    Bytes device = bytes(0);
    bool cacheModelled = false;
    ReservedMemory emulation;

    Bytes of(PeakFigure f) const
    {
        return f == PeakFigure::Allocated ? allocated : f == PeakFigure::Reserved ? reserved : device;
    }
};

//! The three figures of \a breakdown (an estimate of \a scenario).
MemoryFigures memoryFigures(const Scenario &scenario, const Breakdown &breakdown);

//! \a breakdown's peak without the runtime's fixed share (RuntimeOverhead::total()): the
//! allocated figure.
Bytes allocatedPeak(const Scenario &scenario, const Breakdown &breakdown);

//! The compared figure without a modelled allocator cache: what it is at least, known without
//! an emulation (all of it for the allocated figure or a given reserve).
Bytes comparedFloor(const Scenario &scenario, const Breakdown &breakdown);

//! The figure the scenario compares (GpuLimits::compared) of \a breakdown: memoryFigures()'s,
//! without the emulation where the figure does not need it (allocated, or a given reserve), and
//! with searchCache() inside a CacheShareScope.
Bytes comparedPeak(const Scenario &scenario, const Breakdown &breakdown);

/*!
 * While alive, the probes of a search (fits(), comparedPeak()) take their allocator cache from
 * one emulation of \a base, scaled with each probe's allocated peak, instead of emulating each
 * probe (~0.2-1 ms an emulation; a search probes tens to thousands of scenarios). The searches
 * over the micro-batch, the sequence, GPU counts and layouts, the sweeps and grids open one; the
 * figures a view shows of its own scenario (memoryFigures()) are always emulated for it. Scopes
 * nest, per thread: the outermost's share holds for the searches it encloses.
 */
class CacheShareScope
{
public:
    explicit CacheShareScope(const Scenario &base);
    //! A share emulated for \a base whatever encloses it: a search re-run near an answer its
    //! enclosing share got wrong (fitsearch.cpp's confirmed searches).
    enum Rebase { Rebased };
    CacheShareScope(const Scenario &base, Rebase);
    ~CacheShareScope();
    CacheShareScope(const CacheShareScope &) = delete;
    CacheShareScope &operator=(const CacheShareScope &) = delete;

private:
    friend Bytes searchCache(const Scenario &, const Breakdown &);
    const CacheShareScope *m_outer = nullptr;
    Count m_cache = 0;
    Count m_allocated = 0;
};

//! The allocator's cache fits() assumes for \a breakdown of \a scenario: scaled from the
//! innermost CacheShareScope's emulation, or emulated for the scenario itself without one.
Bytes searchCache(const Scenario &scenario, const Breakdown &breakdown);

//! Whether the figure the scenario compares (GpuLimits::compared) fits its GPU (false without one).
bool fitsGpu(const Scenario &scenario, const MemoryFigures &figures);

/*!
 * The caching allocator's emulation over \a scenario's step (steps 1 to 3 after loading).
 * Allocates nothing after the first call of each thread (the emulator's tables are kept).
 */
ReservedMemory emulateReserved(const Scenario &scenario, const Breakdown &breakdown);

} // namespace headroom
