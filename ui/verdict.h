#pragma once

// The verdict in words: whether the scenario fits its GPU, on how many it would, the largest
// micro-batch that fits, and the first advice to apply. Built from the core (estimate, fit
// search, advice); the verdict pane only shows it.

#include <optional>

#include <QString>

#include <headroom/io/catalogue.h>
#include <headroom/io/scenariofile.h>

#include "byteformat.h"

namespace headroom {

struct Breakdown;
struct Derivation;

struct Verdict
{
    enum class State { NoGpu, Fits, DoesNotFit };
    State state = State::NoGpu;
    QString badge;    //!< "Fits", "Does not fit", "No GPU"
    QString headline; //!< "Does not fit on 1 × NVIDIA A100 80GB (SXM4)"
    QString detail;   //!< peak against capacity, headroom or shortfall, GPUs needed
    QString batch;    //!< the largest micro-batch and the longest sequence that fit
    QString advice;   //!< the first advice in words, and where the rest of the rescue leads
    Count largestBatch = 0;  //!< largestFittingMicroBatch(); 0 when B = 1 does not fit either
    Count gpusNeeded = 0;    //!< gpusNeeded(); 0 when no GPU count helps
    QString adviceButton;              //!< the apply button's text
    std::optional<ScenarioSpec> adviceAfter; //!< the scenario the advice leads to
};

//! One advice step in words: "Enable full activation checkpointing".
QString adviceText(const Scenario &before, const Scenario &after, int kind);

//! "Allocated …, reserved …, on the device …; compared: …": the peak's three figures.
QString figuresText(const Derivation &derivation, DisplayUnit unit);

//! The verdict of \a derivation: its peak, margin and moment; the searches for what would fit.
Verdict buildVerdict(const ScenarioSpec &spec, const Breakdown &breakdown, const Derivation &derivation,
                     const Catalogue &catalogue, DisplayUnit unit);

} // namespace headroom
