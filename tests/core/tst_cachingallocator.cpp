// The caching allocator's emulation against its rules, each case worked by hand from
// c10/cuda/CUDACachingAllocator.cpp (PyTorch 2.4): round_size, get_allocation_size, the small and
// large pools, best fit, should_split, the merging of freed neighbours, and expandable segments.

#include <QtTest>

#include <headroom/memory/cachingallocator.h>

using namespace headroom;

namespace {

constexpr std::int64_t kKiB = 1024;
constexpr std::int64_t kMiB = 1024 * kKiB;

} // namespace

class TestCachingAllocator : public QObject
{
    Q_OBJECT

private slots:
    void roundingAndSegmentSizes()
    {
        using E = CachingAllocatorEmulator;
        QCOMPARE(E::roundSize(0), std::int64_t(512));
        QCOMPARE(E::roundSize(1), std::int64_t(512));
        QCOMPARE(E::roundSize(512), std::int64_t(512));
        QCOMPARE(E::roundSize(513), std::int64_t(1024));
        QCOMPARE(E::allocationSize(1 * kMiB), 2 * kMiB);           // small: a 2 MiB segment
        QCOMPARE(E::allocationSize(1 * kMiB + 512), 20 * kMiB);    // 1 to 10 MiB: a 20 MiB segment
        QCOMPARE(E::allocationSize(10 * kMiB - 512), 20 * kMiB);
        QCOMPARE(E::allocationSize(10 * kMiB), 10 * kMiB);         // from 10 MiB: rounded up to 2 MiB
        QCOMPARE(E::allocationSize(10 * kMiB + 512), 12 * kMiB);
    }

    // Four 512 KiB tensors share one 2 MiB small segment; the fifth opens another.
    void smallPoolPacks()
    {
        CachingAllocatorEmulator e(64);
        e.reset(false);
        for (int i = 0; i < 4; ++i)
            e.allocate(i, 512 * kKiB);
        QCOMPARE(e.counters().reserved, 2 * kMiB);
        QCOMPARE(e.counters().segments, 1);
        e.allocate(4, 512 * kKiB);
        QCOMPARE(e.counters().reserved, 4 * kMiB);
        QCOMPARE(e.counters().allocated, 5 * 512 * kKiB);
    }

    // 12 MiB + 1 byte: a 14 MiB segment; the 2 MiB - 512 B rest (> 1 MiB) is split off and takes
    // a later 1.5 MiB request (large pool) without a new segment.
    void largeRestIsSplitAndReused()
    {
        CachingAllocatorEmulator e(64);
        e.reset(false);
        e.allocate(0, 12 * kMiB + 1);
        QCOMPARE(e.counters().reserved, 14 * kMiB);
        QCOMPARE(e.counters().allocated, 12 * kMiB + 512);
        e.allocate(1, 3 * kMiB / 2);
        QCOMPARE(e.counters().reserved, 14 * kMiB);
        QCOMPARE(e.counters().segments, 1);
    }

    // 13.5 MiB in a 14 MiB segment: the 0.5 MiB rest is not split (large blocks split only above
    // 1 MiB), so the tensor holds the whole block and allocated counts 14 MiB.
    void smallRestIsNotSplit()
    {
        CachingAllocatorEmulator e(64);
        e.reset(false);
        e.allocate(0, 27 * kMiB / 2);
        QCOMPARE(e.counters().reserved, 14 * kMiB);
        QCOMPARE(e.counters().allocated, 14 * kMiB);
    }

    // Cached blocks of 30 and 20 MiB: an 18 MiB request takes the smaller (best fit).
    void bestFit()
    {
        CachingAllocatorEmulator e(64);
        e.reset(false);
        e.allocate(0, 30 * kMiB);
        e.allocate(1, 20 * kMiB);
        e.release(0);
        e.release(1);
        e.allocate(2, 18 * kMiB);
        e.allocate(3, 30 * kMiB); // fits only the 30 MiB block, still free if the 20 was taken
        QCOMPARE(e.counters().reserved, 50 * kMiB);
        QCOMPARE(e.counters().segments, 2);
    }

    // Best fit among blocks of near sizes (the emulation files free blocks by eighths of a power
    // of two: 74 and 78 MiB share one such class, 36 and 38 MiB another): cached blocks of 78,
    // 74, 38 and 36 MiB; 73 MiB takes the 74 (its rest, 1 MiB, is not split off), 78 the 78, 37
    // the 38 and 36 the 36. Any other choice leaves a later request without a block large
    // enough and opens a fifth segment.
    void bestFitAmongNearSizes()
    {
        CachingAllocatorEmulator e(64);
        e.reset(false);
        const std::int64_t sizes[] = { 78 * kMiB, 74 * kMiB, 38 * kMiB, 36 * kMiB };
        for (int h = 0; h < 4; ++h)
            e.allocate(h, sizes[h]);
        for (int h = 0; h < 4; ++h)
            e.release(h);
        QCOMPARE(e.counters().reserved, 226 * kMiB);
        e.allocate(4, 73 * kMiB);
        QCOMPARE(e.counters().allocated, 74 * kMiB); // the whole 74 MiB block
        e.allocate(5, 78 * kMiB);
        e.allocate(6, 37 * kMiB);
        e.allocate(7, 36 * kMiB);
        QCOMPARE(e.counters().reserved, 226 * kMiB);
        QCOMPARE(e.counters().segments, 4);
        QCOMPARE(e.counters().allocated, (74 + 78 + 38 + 36) * kMiB);
    }

    // A 40 MiB segment split into two 10 MiB tensors and a 20 MiB rest; both freed, the three
    // free neighbours merge back and a 40 MiB tensor fits without a new segment.
    void freedNeighboursMerge()
    {
        CachingAllocatorEmulator e(64);
        e.reset(false);
        e.allocate(0, 40 * kMiB);
        e.release(0);
        e.allocate(1, 10 * kMiB);
        e.allocate(2, 10 * kMiB);
        e.release(1);
        e.release(2);
        e.allocate(3, 40 * kMiB);
        QCOMPARE(e.counters().reserved, 40 * kMiB);
        QCOMPARE(e.counters().segments, 1);
    }

    // Four 10 MiB tensors cut from one cached 40 MiB block; freeing the first and the third
    // leaves two 10 MiB holes that are not neighbours: a 20 MiB tensor needs a new segment.
    void fragmentationNeedsANewSegment()
    {
        CachingAllocatorEmulator e(64);
        e.reset(false);
        e.allocate(0, 40 * kMiB);
        e.release(0);
        for (int i = 1; i <= 4; ++i)
            e.allocate(i, 10 * kMiB);
        e.release(1);
        e.release(3);
        QCOMPARE(e.counters().allocated, 20 * kMiB);
        e.allocate(5, 20 * kMiB);
        QCOMPARE(e.counters().reserved, 60 * kMiB);
        QCOMPARE(e.counters().peakReserved, 60 * kMiB);
    }

    // Three 10 MiB tensors, the third freed, then a 20 MiB one. Without expandable segments each
    // 10 MiB request is a segment of its own (10 MiB and up: rounded to 2 MiB), 30 MiB; the freed
    // 10 MiB cannot hold 20, so a fourth segment: 50 MiB. With expandable_segments one large
    // segment is mapped in 20 MiB pages (get_or_create_expandable_segment: kLargeBuffer): the
    // first page holds the first two tensors, a second page the third and 10 MiB free; freed, the
    // third merges with that free end into 20 MiB, which takes the last tensor: 40 MiB in all.
    void expandableSegmentsGrowAtTheEnd()
    {
        for (const bool expandable : { true, false }) {
            CachingAllocatorEmulator e(64);
            e.reset(expandable);
            e.allocate(0, 10 * kMiB);
            e.allocate(1, 10 * kMiB);
            e.allocate(2, 10 * kMiB);
            QCOMPARE(e.counters().reserved, expandable ? 40 * kMiB : 30 * kMiB);
            e.release(2);
            e.allocate(3, 20 * kMiB);
            QCOMPARE(e.counters().reserved, expandable ? 40 * kMiB : 50 * kMiB);
        }
    }

    // Peaks follow reset_peak_memory_stats(): back to the current figures.
    void peaksReset()
    {
        CachingAllocatorEmulator e(64);
        e.reset(false);
        e.allocate(0, 100 * kMiB);
        e.release(0);
        QCOMPARE(e.counters().peakAllocated, 100 * kMiB);
        e.resetPeaks();
        QCOMPARE(e.counters().peakAllocated, std::int64_t(0));
        QCOMPARE(e.counters().peakReserved, 100 * kMiB); // the segment stays cached
    }

    // Beyond its capacity the emulation says so instead of answering.
    void givesUpBeyondCapacity()
    {
        CachingAllocatorEmulator e(2);
        e.reset(false);
        e.allocate(0, kMiB);
        e.allocate(5, kMiB); // no such handle
        QVERIFY(!e.ok());
        e.reset(false);
        QVERIFY(e.ok());
        e.allocate(0, std::int64_t(1) << 62);
        QVERIFY(e.ok());
        e.allocate(1, (std::int64_t(1) << 62) + 1);
        QVERIFY(!e.ok());
    }
};

QTEST_GUILESS_MAIN(TestCachingAllocator)
#include "tst_cachingallocator.moc"
