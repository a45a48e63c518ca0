#include <headroom/memory/cachingallocator.h>

#include <algorithm>
#include <bit>

namespace headroom {

namespace {

constexpr std::int64_t kLargestRequest = std::int64_t(1) << 62;

// PyTorch's order (size, then address) reversed: the lists keep their best candidates at the end.
bool entryAfter(std::int64_t aSize, int aSegment, std::int64_t aOffset, std::int64_t bSize, int bSegment, std::int64_t bOffset)
{
    if (aSize != bSize)
        return aSize > bSize;
    if (aSegment != bSegment)
        return aSegment > bSegment;
    return aOffset > bOffset;
}

} // namespace

CachingAllocatorEmulator::CachingAllocatorEmulator(int handles)
{
    // Every live tensor is a block, and each can leave a free block beside it: twice the
    // handles, plus the segments' free ends.
    // Reserved, not touched: the pages a run never reaches cost nothing.
    m_blocks.reserve(static_cast<std::size_t>(handles) * 2 + 64);
    m_freeSlots.reserve(m_blocks.capacity());
    m_handleCapacity = handles > 0 ? handles : 0;
}

bool CachingAllocatorEmulator::growHandles(int handle)
{
    std::size_t n = std::max<std::size_t>(256, 2 * m_handleBlock.size());
    n = std::min(std::max(n, static_cast<std::size_t>(handle) + 1), static_cast<std::size_t>(m_handleCapacity));
    if (static_cast<std::size_t>(handle) >= n)
        return false;
    m_handleBlock.resize(n, -1);
    m_handleRequest.resize(n, 0);
    return true;
}

void CachingAllocatorEmulator::reserveHandles(int handles)
{
    const auto n = static_cast<std::size_t>(std::clamp(handles, 0, m_handleCapacity));
    if (n > m_handleBlock.size()) {
        m_handleBlock.resize(n, -1);
        m_handleRequest.resize(n, 0);
    }
}

void CachingAllocatorEmulator::reset(bool expandableSegments)
{
    m_blocks.clear();
    m_freeSlots.clear();
    for (int p = 0; p < 2; ++p) {
        for (int w = 0; w < kMaskWords; ++w) {
            for (std::uint64_t mask = m_nonEmpty[p][w]; mask != 0; mask &= mask - 1)
                m_free[p][64 * w + std::countr_zero(mask)].clear();
            m_nonEmpty[p][w] = 0;
        }
    }
    std::fill_n(m_handleBlock.begin(), m_handlesUsed, -1);
    std::fill_n(m_handleRequest.begin(), m_handlesUsed, 0);
    m_handlesUsed = 0;
    for (int p = 0; p < 2; ++p) {
        m_expandableSegment[p] = -1;
        m_expandableLast[p] = -1;
        m_expandableSize[p] = 0;
    }
    m_nextSegment = 0;
    m_expandable = expandableSegments;
    m_ok = true;
    m_counters = {};
}

std::int64_t CachingAllocatorEmulator::roundSize(std::int64_t bytes)
{
    if (bytes < kMinBlockSize)
        return kMinBlockSize;
    return kMinBlockSize * ((bytes + kMinBlockSize - 1) / kMinBlockSize);
}

std::int64_t CachingAllocatorEmulator::allocationSize(std::int64_t rounded)
{
    if (rounded <= kSmallSize)
        return kSmallBuffer;
    if (rounded < kMinLargeAlloc)
        return kLargeBuffer;
    return kRoundLarge * ((rounded + kRoundLarge - 1) / kRoundLarge);
}

int CachingAllocatorEmulator::newBlock()
{
    if (!m_freeSlots.empty()) {
        const int i = m_freeSlots.back();
        m_freeSlots.pop_back();
        m_blocks[static_cast<std::size_t>(i)] = Block{};
        m_blocks[static_cast<std::size_t>(i)].inUse = true;
        return i;
    }
    if (m_blocks.size() == m_blocks.capacity()) {
        fail();
        return -1;
    }
    m_blocks.push_back(Block{});
    m_blocks.back().inUse = true;
    return static_cast<int>(m_blocks.size()) - 1;
}

int CachingAllocatorEmulator::sizeClass(std::int64_t size)
{
    // floor(log2(size)) and the kSubClassBits bits below the leading one: never smaller for a
    // larger size, so that every block of a higher class is larger. Sizes are at least 512 and
    // below 2^63.
    if (size <= 0)
        return 0;
    const auto u = static_cast<std::uint64_t>(size);
    const int log2 = static_cast<int>(std::bit_width(u)) - 1;
    if (log2 < kSubClassBits)
        return log2 << kSubClassBits;
    const auto sub = static_cast<int>((u >> (log2 - kSubClassBits)) & ((1u << kSubClassBits) - 1));
    return (log2 << kSubClassBits) | sub;
}

int CachingAllocatorEmulator::nextNonEmpty(int p, int c) const
{
    int from = c + 1;
    while (from < kSizeClasses) {
        const int w = from / 64;
        const std::uint64_t mask = m_nonEmpty[p][w] & (~std::uint64_t(0) << (from % 64));
        if (mask != 0)
            return 64 * w + std::countr_zero(mask);
        from = 64 * (w + 1);
    }
    return -1;
}

void CachingAllocatorEmulator::insertFree(int i)
{
    const Block &b = m_blocks[static_cast<std::size_t>(i)];
    const int p = b.small ? 1 : 0;
    const int c = sizeClass(b.size);
    auto &list = m_free[p][c];
    const auto at = std::lower_bound(list.begin(), list.end(), b, [](const FreeEntry &e, const Block &k) {
        return entryAfter(e.size, e.segment, e.offset, k.size, k.segment, k.offset);
    });
    list.insert(at, FreeEntry{ b.size, b.segment, b.offset, i });
    markNonEmpty(p, c);
}

void CachingAllocatorEmulator::eraseFree(int i)
{
    const Block &b = m_blocks[static_cast<std::size_t>(i)];
    const int p = b.small ? 1 : 0;
    const int c = sizeClass(b.size);
    auto &list = m_free[p][c];
    const auto at = std::lower_bound(list.begin(), list.end(), b, [](const FreeEntry &e, const Block &k) {
        return entryAfter(e.size, e.segment, e.offset, k.size, k.segment, k.offset);
    });
    if (at != list.end() && at->block == i) {
        list.erase(at);
        if (list.empty())
            markEmpty(p, c);
    }
}

int CachingAllocatorEmulator::takeBestFit(bool small, std::int64_t size)
{
    const int p = small ? 1 : 0;
    int c = sizeClass(size);
    auto *list = &m_free[p][c];
    // The list runs from the largest block down: the best fit is the last one still large enough.
    auto fit = std::partition_point(list->begin(), list->end(), [size](const FreeEntry &e) { return e.size >= size; });
    if (fit == list->begin()) {
        // Every block of a larger class is larger: the smallest of the next non-empty class.
        c = nextNonEmpty(p, c);
        if (c < 0)
            return -1;
        list = &m_free[p][c];
        fit = list->end();
    }
    --fit;
    const int i = fit->block;
    list->erase(fit);
    if (list->empty())
        markEmpty(p, c);
    return i;
}

int CachingAllocatorEmulator::newSegment(bool small, std::int64_t size)
{
    const std::int64_t segmentBytes = small ? kSmallBuffer : allocationSize(size);
    // Beyond 2^62 bytes reserved the counters would near their range: give up instead.
    if (segmentBytes > kLargestRequest - m_counters.reserved)
        return -1;
    const int i = newBlock();
    if (i < 0)
        return -1;
    Block &b = m_blocks[static_cast<std::size_t>(i)];
    b.size = segmentBytes;
    b.offset = 0;
    b.segment = m_nextSegment++;
    b.small = small;
    m_counters.reserved += segmentBytes;
    ++m_counters.segments;
    return i;
}

int CachingAllocatorEmulator::growExpandable(bool small, std::int64_t size)
{
    const int p = small ? 1 : 0;
    const std::int64_t page = small ? kSmallBuffer : kLargeBuffer;
    if (m_expandableSegment[p] < 0) {
        m_expandableSegment[p] = m_nextSegment++;
        ++m_counters.segments;
    }
    int last = m_expandableLast[p];
    std::int64_t have = 0;
    if (last >= 0 && !m_blocks[static_cast<std::size_t>(last)].allocated) {
        eraseFree(last);
        have = m_blocks[static_cast<std::size_t>(last)].size;
    } else {
        const int i = newBlock();
        if (i < 0)
            return -1;
        Block &b = m_blocks[static_cast<std::size_t>(i)];
        b.offset = m_expandableSize[p];
        b.segment = m_expandableSegment[p];
        b.small = small;
        b.prev = last;
        if (last >= 0)
            m_blocks[static_cast<std::size_t>(last)].next = i;
        last = i;
        m_expandableLast[p] = i;
    }
    const std::int64_t pages = (size - have + page - 1) / page;
    if (pages * page > kLargestRequest - m_counters.reserved)
        return -1;
    m_blocks[static_cast<std::size_t>(last)].size = have + pages * page;
    m_expandableSize[p] += pages * page;
    m_counters.reserved += pages * page;
    return last;
}

void CachingAllocatorEmulator::split(int i, std::int64_t size)
{
    Block &b = m_blocks[static_cast<std::size_t>(i)];
    const std::int64_t remaining = b.size - size;
    const bool splits = b.small ? remaining >= kMinBlockSize : remaining > kSmallSize;
    if (!splits)
        return;
    const int r = newBlock();
    if (r < 0)
        return;
    Block &block = m_blocks[static_cast<std::size_t>(i)]; // newBlock() may not move storage (reserved), but be plain
    Block &rest = m_blocks[static_cast<std::size_t>(r)];
    rest.size = remaining;
    rest.offset = block.offset + size;
    rest.segment = block.segment;
    rest.small = block.small;
    rest.prev = i;
    rest.next = block.next;
    if (block.next >= 0)
        m_blocks[static_cast<std::size_t>(block.next)].prev = r;
    block.next = r;
    block.size = size;
    for (int p = 0; p < 2; ++p)
        if (m_expandableLast[p] == i)
            m_expandableLast[p] = r;
    insertFree(r);
}

void CachingAllocatorEmulator::allocate(int handle, std::int64_t bytes)
{
    if (!m_ok)
        return;
    if (handle < 0 || bytes < 0 || bytes > kLargestRequest
        || (static_cast<std::size_t>(handle) >= m_handleBlock.size() && !growHandles(handle))
        || m_handleBlock[static_cast<std::size_t>(handle)] >= 0) {
        fail();
        return;
    }
    m_handlesUsed = std::max(m_handlesUsed, handle + 1);
    const std::int64_t size = roundSize(bytes);
    const bool small = isSmall(size);
    int i = takeBestFit(small, size);
    if (i < 0)
        i = m_expandable ? growExpandable(small, size) : newSegment(small, size);
    if (i < 0) {
        fail();
        return;
    }
    split(i, size);
    Block &b = m_blocks[static_cast<std::size_t>(i)];
    b.allocated = true;
    m_handleBlock[static_cast<std::size_t>(handle)] = i;
    m_handleRequest[static_cast<std::size_t>(handle)] = bytes;
    m_counters.allocated += b.size;
    m_counters.requested += bytes;
    m_counters.peakAllocated = std::max(m_counters.peakAllocated, m_counters.allocated);
    m_counters.peakReserved = std::max(m_counters.peakReserved, m_counters.reserved);
    m_counters.peakRequested = std::max(m_counters.peakRequested, m_counters.requested);
}

void CachingAllocatorEmulator::release(int handle)
{
    if (!m_ok || handle < 0 || handle >= m_handlesUsed)
        return;
    const int i = m_handleBlock[static_cast<std::size_t>(handle)];
    if (i < 0)
        return;
    m_handleBlock[static_cast<std::size_t>(handle)] = -1;
    m_counters.requested -= m_handleRequest[static_cast<std::size_t>(handle)];
    m_handleRequest[static_cast<std::size_t>(handle)] = 0;
    Block *b = &m_blocks[static_cast<std::size_t>(i)];
    m_counters.allocated -= b->size;
    b->allocated = false;
    // Merge with the free neighbours of the same segment (try_merge_blocks).
    const int prev = b->prev;
    if (prev >= 0 && !m_blocks[static_cast<std::size_t>(prev)].allocated) {
        eraseFree(prev);
        Block &p = m_blocks[static_cast<std::size_t>(prev)];
        p.size += b->size;
        p.next = b->next;
        if (b->next >= 0)
            m_blocks[static_cast<std::size_t>(b->next)].prev = prev;
        for (int q = 0; q < 2; ++q)
            if (m_expandableLast[q] == i)
                m_expandableLast[q] = prev;
        b->inUse = false;
        m_freeSlots.push_back(i);
        b = &p;
    }
    const int self = b == &m_blocks[static_cast<std::size_t>(i)] ? i : prev;
    const int next = b->next;
    if (next >= 0 && !m_blocks[static_cast<std::size_t>(next)].allocated) {
        eraseFree(next);
        Block &n = m_blocks[static_cast<std::size_t>(next)];
        b->size += n.size;
        b->next = n.next;
        if (n.next >= 0)
            m_blocks[static_cast<std::size_t>(n.next)].prev = self;
        for (int q = 0; q < 2; ++q)
            if (m_expandableLast[q] == next)
                m_expandableLast[q] = self;
        n.inUse = false;
        m_freeSlots.push_back(next);
    }
    insertFree(self);
}

void CachingAllocatorEmulator::resetPeaks()
{
    m_counters.peakAllocated = m_counters.allocated;
    m_counters.peakReserved = m_counters.reserved;
    m_counters.peakRequested = m_counters.requested;
}

} // namespace headroom
