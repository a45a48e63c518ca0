#pragma once

// Exact fit searches on the estimate: the largest micro-batch, the longest sequence and the
// fewest GPUs at which a scenario's peak fits its GPU. Each is a binary search over a quantity
// the peak is monotone in, so it costs O(log n) calls of estimate() and allocates nothing.

#include <headroom/memory/scenario.h>
#include <headroom/memory/units.h>

namespace headroom {

//! Largest micro-batch B in [1, maxBatch] whose peak fits the scenario's GPU; 0 if even B = 1 does not.
//! The peak never falls as B grows (every activation term is linear in B).
Count largestFittingMicroBatch(const Scenario &s, Count maxBatch = 1'000'000);

//! Longest sequence S in [1, maxSequence] that fits; 0 if none.
//! The peak never falls as S grows (terms in S and S^2 with non-negative coefficients).
Count longestFittingSequence(const Scenario &s, Count maxSequence = 100'000'000);

//! Most layers L in [p, maxLayers] that fit (every pipeline stage needs a layer); 0 if none.
//! The peak never falls as L grows (more layers hold more activations and, unless P is given,
//! more parameters).
Count largestFittingLayers(const Scenario &s, Count maxLayers = 100'000);

//! Smallest GPU count N (data-parallel, same t and p) at which the scenario fits, under its ZeRO/offload; 0 if none up to maxGpus.
//! N = d t p; the peak never rises as the data-parallel degree d grows (ZeRO divides by d,
//! rounding up; nothing else depends on d), so the search is over d in [1, maxGpus / (t p)].
Count gpusNeeded(const Scenario &s, Count maxGpus = 4096);

/*!
 * gpusNeeded()'s answer \a found checked, and moved until right, with the allocator emulated for
 * each count it tries (memoryFigures(), as `estimate` and the window show that count), where
 * gpusNeeded() inside a search scales one emulation's cache (CacheShareScope): a count that
 * does not fit by its own emulation is never offered, and the count one replica fewer never fits
 * by it. 0 when none up to \a maxGpus fits. A few emulations: \a found and one replica fewer,
 * more only where the scaled cache was wrong.
 */
Count confirmedGpusNeeded(const Scenario &s, Count found, Count maxGpus = 4096);


//! Whether \a s fits its GPU with its allocator emulated for it (memoryFigures()), and its
//! options allow it (validate()).
bool fitsEmulated(const Scenario &s);

//! The figure \a s compares with its GPU (GpuLimits::compared), its allocator emulated for it.
Bytes emulatedComparedPeak(const Scenario &s);

//! Whether \a s fits its GPU: estimate(s).peak <= capacity (false without a GPU).
bool scenarioFits(const Scenario &s);

} // namespace headroom
