#pragma once

// The step time's derivation in words: for each term of stepTime(), its formula in symbols,
// the values plugged in, the seconds per step it comes to and the source of the rule. The CLI's
// `fit --explain`, the window's GPU table tooltip and the reports print it; none re-derives a
// term. Built on request (it allocates), from the StepTime it explains, so the two never
// disagree.
//
// Words: labels and sources are English literals marked for translation with the context
// "StepTime" (QT_TRANSLATE_NOOP); the views translate them when they print.

#include <string>
#include <vector>

#include <headroom/planning/steptime.h>

namespace headroom {

struct StepTimeTerm
{
    const char *id = "";      //!< stable: "matmul", "memory-bound", "data-parallel", ...
    const char *label = "";   //!< translatable, context "StepTime"
    std::string formula;      //!< in symbols, e.g. "FLOPs / (N x peak x eta)"
    std::string values;       //!< the same with the numbers plugged in
    double seconds = 0;       //!< per optimizer step
    bool exposed = true;      //!< adds to the step as it stands (data-parallel: only its exposed part)
    const char *source = "";  //!< translatable, context "StepTime"
};

//! The terms of \a time, which stepTime(\a s, \a gpu, \a options) returned; empty when unknown.
std::vector<StepTimeTerm> explainStepTime(const Scenario &s, const GpuSpec &gpu, const StepTimeOptions &options,
                                          const StepTime &time);

//! "compute", "communication", "bubble", "offload": the JSON and CLI names.
const char *stepTermName(StepTerm term);

} // namespace headroom
