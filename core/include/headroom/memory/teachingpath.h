#pragma once

// The teaching path of "Show the Math" and `estimate --explain`: the article's four steps with the
// scenario's numbers (bytes per parameter → fixed cost → activations per layer and for the layers
// → total), then what the training stack adds beyond the article, each difference with its bytes
// and a one-line reason. Built from the derivation (derivation.h), never beside it: every figure
// is one of its buckets or terms, or the article's per-layer formula in the derivation's symbols.
// Here in the core, not in a view, because it decides which figures differ from the article and
// by how much; the views (presentation/teachingtext.cpp, ui/mathsheet.cpp) only print it.
//
// Words are English literals marked with the context "Derivation", as in derivation.h.

#include <vector>

#include <headroom/memory/derivation.h>

namespace headroom {

//! One step of the article's hand calculation.
struct TeachingStep
{
    int number = 0;         //!< the article's step: 1 bytes per parameter, 2 fixed cost, 3 activations, 4 total
    const char *id = "";    //!< "bytes-per-parameter", "fixed-cost", "activations-per-layer", "activations", "total"
    const char *label = "";
    const char *why = "";   //!< one line: what the step counts, as the article says it
    Formula formula;        //!< symbols and, printed with values, the scenario's numbers
    //! The step's result: bytes; for step 1 a rate per parameter (perParameter set).
    Bytes bytes = headroom::bytes(0);
    bool perParameter = false;
    BytesPer rate{ 0, 1 };
};

//! One difference between the article's count and the training stack's, with its bytes
//! (negative where the stack holds less than the article counts).
struct StackAddition
{
    const char *id = "";    //!< "loss-logits", "activations-itemized", "transient", "gradients-in-backward",
                            //!< "cuda-context", "allocator-cache", "recomputed-layer", ...
    const char *label = "";
    const char *why = "";
    Formula formula;
    Bytes bytes = headroom::bytes(0);
};

struct TeachingPath
{
    std::vector<TeachingStep> steps;
    //! What the stack adds beyond the article, in the order of the step; empty under the
    //! article's own conventions (the paper stack with the textbook model).
    std::vector<StackAddition> additions;
    Bytes articleTotal = bytes(0); //!< step 4
    Bytes peak = bytes(0);         //!< the derivation's peak per GPU, which the full derivation reconciles
};

//! The teaching path of derive(scenario) (pass that derivation).
TeachingPath teachingPath(const Scenario &scenario, const Derivation &derivation);

} // namespace headroom
