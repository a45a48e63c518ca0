#pragma once

// An emulation of PyTorch's CUDA caching allocator, as far as the bytes it reserves go: what
// torch.cuda.max_memory_reserved() reports, and what nvidia-smi shows beyond the CUDA context.
// Written from c10/cuda/CUDACachingAllocator.cpp (PyTorch 2.4; the constants moved to
// c10/core/AllocatorConfig.h in 2.8 unchanged), default configuration (no max_split_size_mb, no
// roundup_power2_divisions, no garbage_collection_threshold), one stream:
//  - round_size(): every request rounded up to a multiple of 512 bytes, 512 at least;
//  - get_pool(): up to 1 MiB the small pool, above it the large pool; blocks never move between
//    pools;
//  - get_allocation_size(): a new segment (cudaMalloc) of 2 MiB for a small request, 20 MiB for
//    a request under 10 MiB, else the request rounded up to 2 MiB;
//  - get_free_block(): the smallest cached free block of the pool that is large enough (best
//    fit, lowest address among equals);
//  - should_split(): the rest of a block becomes a free block of its own when it is at least
//    512 bytes (small pool) or more than 1 MiB (large pool); otherwise the request keeps the
//    whole block;
//  - free_block(): a freed block merges with free neighbours of its segment and stays cached;
//    segments are returned to the driver only by empty_cache() or when cudaMalloc fails
//    (neither is emulated: the emulation answers how much a run reserves when it has room).
// With PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True (PyTorch 2.1 and later) each pool is one
// segment mapped in pages (2 MiB small, 20 MiB large) that grows at its end when no free block
// fits: a request first takes the free space at the end and maps only what is missing.
//
// Its tables grow to the largest run emulated and are kept: an emulation after that allocates
// nothing, and a reset clears only the handles the last run used (a command line that emulates
// once touches no more memory than its run needs). Requests beyond the capacity or above 2^62
// bytes make the emulation give up (ok() false) instead of answering wrongly.

#include <cstdint>
#include <vector>

namespace headroom {

struct CachingAllocatorCounters
{
    std::int64_t allocated = 0;     //!< bytes in live blocks (rounded to 512), torch's memory_allocated()
    std::int64_t reserved = 0;      //!< bytes in segments, torch's memory_reserved()
    std::int64_t peakAllocated = 0;
    std::int64_t peakReserved = 0;
    std::int64_t requested = 0;     //!< bytes asked for, before rounding
    std::int64_t peakRequested = 0;
    int segments = 0;
};

class CachingAllocatorEmulator
{
public:
    static constexpr std::int64_t kMinBlockSize = 512;
    static constexpr std::int64_t kSmallSize = 1 << 20;
    static constexpr std::int64_t kSmallBuffer = 2 << 20;
    static constexpr std::int64_t kLargeBuffer = 20 << 20;
    static constexpr std::int64_t kMinLargeAlloc = 10 << 20;
    static constexpr std::int64_t kRoundLarge = 2 << 20;

    //! Room for \a handles live tensors at once (each request has a caller's handle in
    //! [0, handles)); the handle tables grow to the largest handle used.
    explicit CachingAllocatorEmulator(int handles = 1 << 15);

    //! Forgets every block and segment; keeps the capacity.
    void reset(bool expandableSegments);
    //! Sizes the handle tables for handles [0, \a handles) at once (at most the capacity), for a
    //! caller that knows its range: grown by doubling, each step copies the tables, pages a
    //! command that emulates once touches for nothing.
    void reserveHandles(int handles);

    //! cudaCachingAllocator malloc of \a bytes for \a handle (which must not be live).
    void allocate(int handle, std::int64_t bytes);
    //! Frees the block of \a handle (nothing if it is not live).
    void release(int handle);
    //! torch.cuda.reset_peak_memory_stats(): peaks back to the current figures.
    void resetPeaks();

    bool ok() const { return m_ok; }
    const CachingAllocatorCounters &counters() const { return m_counters; }
    int handleCapacity() const { return m_handleCapacity; }

    static std::int64_t roundSize(std::int64_t bytes);
    static bool isSmall(std::int64_t rounded) { return rounded <= kSmallSize; }
    static std::int64_t allocationSize(std::int64_t rounded);

private:
    struct Block
    {
        std::int64_t size = 0;
        std::int64_t offset = 0;
        int segment = -1;
        int prev = -1;
        int next = -1;
        bool allocated = false;
        bool small = false;
        bool inUse = false; //!< the slot holds a block (slots of merged blocks are recycled)
    };
    //! A free block in its pool's ordered list: (size, segment, offset) as PyTorch's
    //! BlockComparatorSize orders (stream, size, address).
    struct FreeEntry
    {
        std::int64_t size;
        int segment;
        std::int64_t offset;
        int block;
    };

    int newBlock();
    void insertFree(int block);
    void eraseFree(int block);
    int takeBestFit(bool small, std::int64_t size);
    int newSegment(bool small, std::int64_t size);
    int growExpandable(bool small, std::int64_t size);
    void split(int block, std::int64_t size);
    void fail() { m_ok = false; }
    bool growHandles(int handle);

    std::vector<Block> m_blocks;
    std::vector<int> m_freeSlots;
    //! Free blocks per pool ([0] large, [1] small) and per size class, each list in descending
    //! order: a best fit looks in its size's list, else takes the smallest (the last) of the next
    //! non-empty one, found from a mask of the non-empty lists; an insert or erase moves the tail
    //! of one short list, not all free blocks. A class is an eighth of a power of two (the power
    //! and the three bits after the leading one): with one class per power of two, the lists of
    //! a long run's many similar blocks grew long enough that shifting them was a third of the
    //! emulation's time.
    static constexpr int kSubClassBits = 3;
    static constexpr int kSizeClasses = 64 << kSubClassBits;
    static constexpr int kMaskWords = kSizeClasses / 64;
    std::vector<FreeEntry> m_free[2][kSizeClasses];
    std::uint64_t m_nonEmpty[2][kMaskWords] = {}; //!< bit c: m_free[pool][c] holds a block
    static int sizeClass(std::int64_t size);
    //! The first non-empty class above \a c in pool \a p; -1 if none.
    int nextNonEmpty(int p, int c) const;
    void markNonEmpty(int p, int c) { m_nonEmpty[p][c / 64] |= std::uint64_t(1) << (c % 64); }
    void markEmpty(int p, int c) { m_nonEmpty[p][c / 64] &= ~(std::uint64_t(1) << (c % 64)); }
    std::vector<int> m_handleBlock;
    std::vector<std::int64_t> m_handleRequest;
    int m_handleCapacity = 0;
    int m_handlesUsed = 0; //!< one past the largest handle allocated since the reset
    int m_expandableSegment[2] = { -1, -1 };
    int m_expandableLast[2] = { -1, -1 }; //!< the block at the end of each expandable segment
    std::int64_t m_expandableSize[2] = { 0, 0 };
    int m_nextSegment = 0;
    bool m_expandable = false;
    bool m_ok = true;
    CachingAllocatorCounters m_counters;
};

} // namespace headroom
