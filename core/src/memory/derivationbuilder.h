#pragma once

// Shared by the derivation's source files (derivation*.cpp): the scenario with everything the
// estimate computed for it, the symbol table, and the few ways the engine divides counts.
// Each derive*() mirrors the engine function its comment names, formula for formula; the
// randomized test (tests/core/tst_derivation.cpp) holds the two together byte for byte.

#include <QtGlobal> // QT_TRANSLATE_NOOP

#include <headroom/memory/activationmodel.h>
#include <headroom/memory/derivation.h>
#include <headroom/memory/placement.h>
#include <headroom/memory/resolved.h>
#include <headroom/memory/steptimeline.h>

// Labels, meanings and sources are English literals marked QT_TRANSLATE_NOOP("Derivation", ...)
// so that lupdate finds them; the views translate them when they print.

namespace headroom::derivation {

class Builder
{
public:
    Builder(const Scenario &scenario, const ResolvedScenario &resolved, const Placement &placement,
            const Breakdown &breakdown, Derivation &out);

    const Scenario &s;
    const ResolvedScenario &r;
    const Placement &pl;
    const Breakdown &b;
    Derivation &out;

    //! A value the scenario gives (B, S, t, d, ...): registered once, returned as a symbol.
    Formula input(std::string_view symbol, const char *meaning, Count value, const char *source = "");
    //! A value the engine derives: \a value is the engine's own figure, \a formula how it follows.
    Formula derived(std::string_view symbol, const char *meaning, Count value, Formula formula, const char *source = "",
                    bool hasFormula = true);
    //! The symbol of a value registered before.
    Formula symbol(std::string_view symbol) const;

    //! \a count parameters or elements at \a size bytes each, floored as BytesPer::times does.
    static Formula times(const Formula &count, BytesPer size, bool perParam = true);
    //! ⌈x · P_m / P⌉ when this rank holds a proportional share (model parallelism), else x.
    Formula sliced(Formula x);
    //! ⌈x / d⌉ when ZeRO divides over d > 1 replicas, else x.
    Formula sharded(Formula x);

    bool modelParallel() const; //!< t > 1 or p > 1
    bool slicedShare() const;   //!< the rank's share differs from the whole model

    //! Adds a term to \a bucket unless it is zero bytes.
    static void addTerm(BucketDerivation &bucket, const char *id, const char *label, Formula formula, Bytes bytes,
                        const char *source = "");
    //! Sets the bucket's formula to its terms' sum and checks nothing else (the tests do).
    static void close(BucketDerivation &bucket, Bytes bytes);
};

//! The parameters with gradients and optimizer states on this rank, as a symbol: P, P_m,
//! P_lora or P_train (derivationcounts.cpp registers them).
Formula trainedOnRank(const Builder &b);

// The parts, one source file each.
void deriveCounts(Builder &b);      // derivationcounts.cpp: P, P_m, adapters, trainable share
void deriveStates(Builder &b);      // derivationstates.cpp: parameters, gradients, master, optimizer
void deriveActivations(Builder &b); // derivationactivations.cpp: textbook and itemized
void deriveStackChoices(Builder &b); // derivationstack.cpp: the training stack's choices

} // namespace headroom::derivation
