#pragma once

// The article's troubleshooting table (section 4.3) as data: for each symptom the likely cause
// and the fix, and what the current scenario says about it, with a change to try where the fix
// is a change to the plan.

#include <optional>

#include <QList>
#include <QString>

#include <headroom/io/catalogue.h>
#include <headroom/io/scenariofile.h>

#include "byteformat.h"

namespace headroom {

struct Breakdown;

enum class Symptom {
    OomMidway,          //!< OOM halfway through training
    OomLowAllocated,    //!< OOM while memory_allocated is far below capacity
    LossNan,            //!< the loss turns NaN or Inf
    LossScaleFalling,   //!< GradScaler's scale keeps falling
    AmpNoSaving,        //!< AMP did not lower memory
    AmpSlower,          //!< AMP made training slower
    Bf16ConvergesWorse, //!< BF16 converges noticeably worse
};

inline constexpr Symptom kAllSymptoms[] = { Symptom::OomMidway,        Symptom::OomLowAllocated, Symptom::LossNan,
                                            Symptom::LossScaleFalling, Symptom::AmpNoSaving,     Symptom::AmpSlower,
                                            Symptom::Bf16ConvergesWorse };

//! A change of plan the doctor suggests; applying it is one undoable edit.
struct Remedy
{
    QString label;     //!< the button: "Enable full checkpointing"
    ScenarioSpec after;
    QString outcome;   //!< what the estimate says after it: "peak 78.4 GiB, fits on the A100"
};

struct Diagnosis
{
    Symptom symptom = Symptom::OomMidway;
    QString title;    //!< the symptom, as the article's table words it
    QString cause;    //!< the likely cause
    QString fix;      //!< what to do
    QString scenario; //!< what the current scenario says about it (may be empty)
    std::optional<Remedy> remedy;
};

//! The symptom as the list shows it.
QString symptomTitle(Symptom symptom);

Diagnosis diagnose(Symptom symptom, const ScenarioSpec &spec, const Breakdown &breakdown, const Catalogue &catalogue,
                   DisplayUnit unit);

} // namespace headroom
