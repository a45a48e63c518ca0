#pragma once

// Test helper: whether the derivation's five buckets give the estimate's bytes, both as the
// figure they state and as the value of their formula (derivation.h: the same figure, derived
// once and shown twice).

#include <QTest>

#include <headroom/memory/derivation.h>
#include <headroom/memory/estimate.h>

namespace headroom::test {

//! QCOMPAREs each bucket of derive(\a s) with estimate(\a s); false after the first mismatch.
inline bool derivationAgrees(const Scenario &s)
{
    const Breakdown b = estimate(s);
    const Derivation d = derive(s);
    const std::pair<const BucketDerivation *, Bytes> buckets[] = {
        { &d.parameters, b.parameters }, { &d.gradients, b.gradients }, { &d.masterWeights, b.masterWeights },
        { &d.optimizerStates, b.optimizerStates }, { &d.activations, b.activations } };
    for (const auto &[k, expected] : buckets) {
        if (!QTest::qCompare(qint64(countOf(k->bytes)), qint64(countOf(expected)), "bucket bytes", "estimate", __FILE__, __LINE__))
            return false;
        if (!QTest::qCompare(qint64(k->formula.value()), qint64(countOf(expected)), "bucket formula", "estimate", __FILE__, __LINE__))
            return false;
    }
    return true;
}

} // namespace headroom::test
