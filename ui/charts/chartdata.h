#pragma once

// The plain values the chart panes draw. chartadapters.h builds them from the core's results;
// a pane sets them on its plot and computes nothing. Every size is in bytes (a double: these
// are for drawing; the exact figures stay in the core's Breakdown). No QCustomPlot here.

#include <array>
#include <functional>

#include <QString>
#include <QStringList>
#include <QVector>

#include <headroom/memory/breakdown.h>
#include <headroom/planning/sweep.h>

#include "byteformat.h" // DisplayUnit

namespace headroom {

//! The six buckets every chart stacks, bottom to top, in this order.
//! FrozenModels: a preference run's reference model (core posttraining.h), last so that the six
//! buckets of every other run keep their places; zero in other runs, and then not drawn.
enum class Bucket { Parameters, Gradients, MasterWeights, OptimizerStates, Activations, Overhead, FrozenModels };

inline constexpr int kBucketCount = 7;
inline constexpr std::array<Bucket, kBucketCount> kAllBuckets = {
    Bucket::Parameters,      Bucket::Gradients,   Bucket::MasterWeights,
    Bucket::OptimizerStates, Bucket::Activations, Bucket::Overhead, Bucket::FrozenModels,
};

inline constexpr int bucketIndex(Bucket b) { return static_cast<int>(b); }

//! Whether a chart draws bucket \a k (and lists it in its legend): the frozen models only when the
//! run holds some, so that a supervised run's charts keep their six buckets.
inline constexpr bool drawnBucket(Bucket k, bool anyFrozenModels) { return k != Bucket::FrozenModels || anyFrozenModels; }

//! Bytes per bucket, indexed by bucketIndex().
using BucketBytes = std::array<double, kBucketCount>;

//! One bucket of one bar: its size and how it was computed, in words and numbers.
struct Segment
{
    Bucket bucket = Bucket::Parameters;
    double bytes = 0;
    QString formula; //!< e.g. "P × 2 B = 6,738,415,616 × 2 B", shown on hover
};

//! A horizontal line at a GPU's capacity.
struct CapacityLine
{
    QString gpuId;
    QString gpuName;
    double capacityBytes = 0;
};

//! The current scenario, per GPU, as one stacked bar against the chosen GPU (and others). The
//! bar is what is live at the step's peak (the core's timeline), so its height is the peak the
//! verdict, the searches and the timeline use.
struct StackedBarData
{
    QString title;              //!< model and set-up in a few words, e.g. "LLaMA-2 7B, B=1, S=2048"
    QVector<Segment> segments;  //!< all six buckets as live at the peak, in kAllBuckets order (zero-sized ones too)
    double transientBytes = 0;  //!< short-lived buffers live at the peak (logits, scratch), the seventh segment
    QString transientFormula;
    double peakBytes = 0;       //!< Breakdown::peak: the segments and the transient buffers together
    StepPhase peakPhase = StepPhase::Forward; //!< Breakdown::peakPhase
    QString peakMoment;         //!< the moment of the peak in words, e.g. "last layer's backward"
    double sumOfBucketsBytes = 0; //!< Breakdown::total(): every bucket whole, not all live at once
    CapacityLine gpu;           //!< the chosen GPU; capacityBytes 0 when none is chosen
    QVector<CapacityLine> comparisons; //!< one or two other GPUs to compare against
};

//! The buckets as one input sweeps, everything else held.
struct SweepData
{
    SweepAxis axis = SweepAxis::Sequence;
    QVector<double> x;                      //!< the axis values, ascending
    std::array<QVector<double>, kBucketCount> y; //!< bytes per bucket live at the peak, at each x
    QVector<double> transient;              //!< short-lived buffers live at the peak, at each x
    QVector<double> peak;                   //!< Breakdown::peak at each x: the stack's top
    double current = 0;                     //!< the scenario's own value on the axis
    int currentIndex = -1;                  //!< index of current in x
    CapacityLine gpu;                       //!< capacityBytes 0 when no GPU is chosen
    //! Index of the largest x whose peak fits the chosen GPU; -1 when none does or no GPU is chosen.
    int lastFittingIndex = -1;
    //! The exact largest value on the axis that fits (the core's fit search, the verdict's
    //! figure); 0 when none does or no GPU is chosen.
    double fitLimit = 0;
    /*!
     * The total at each x with the other attention kernel (flash when the scenario is eager,
     * eager otherwise), from the core's activation model. Empty when the model gives the same
     * figures for both kernels (the textbook formula always stores the S×S scores).
     */
    QVector<double> alternativeTotal;
    QString alternativeLabel; //!< e.g. "Total with flash attention"
    QString note;             //!< one line under the chart, e.g. why there is no flash line
};

//! One recipe's bar in the recipe comparison.
struct RecipeBar
{
    QString label;  //!< short, for the axis: "FP32", "AMP (BF16)", "BF16 + master", "LoRA r=16"...
    QString detail; //!< one line for the tooltip: recipe and optimizer names, adapter set-up
    QVector<Segment> segments; //!< six buckets as live at the peak, in kAllBuckets order
    double transientBytes = 0;  //!< short-lived buffers at the peak
    double peakBytes = 0;       //!< the bar's height: Breakdown::peak
    bool isCurrent = false; //!< the scenario's own recipe
    /*!
     * A bucket's hover formula, derived when asked, for bars whose segments carry none: the
     * recipe comparison's six scenarios are derived (derivation.h, about 60 µs each) only when
     * one of their segments is hovered, not on every slider step.
     */
    std::function<QString(Bucket)> formulaOf;
    //! What the short-lived buffers at the peak are (shortLivedHow()), derived when hovered.
    std::function<QString()> transientHowOf;
};

//! The same model and run under each precision recipe and adapter method.
struct RecipeComparisonData
{
    QString title;
    QString heading; //!< the whole chart title when set (scenarios compared); else "Precision recipes compared: <title>"
    bool labelCurrent = true; //!< "(current)" under the current bar's label (the bars' own labels may say it)
    QVector<RecipeBar> bars;
    CapacityLine gpu; //!< capacityBytes 0 when no GPU is chosen
};

//! Memory at one moment of a training step: one of the core's timeline events (steptimeline.h)
//! or a layer between two of them.
struct TimelineSample
{
    QString label;      //!< e.g. "Forward, layer 12", shown on hover
    StepPhase phase = StepPhase::Forward;
    BucketBytes bytes{}; //!< live bytes per bucket
    //! Short-lived buffers beside the buckets: logits, attention scratch, gradient scratch,
    //! optimizer temporaries (the core's TimelinePoint::transient).
    double transientBytes = 0;

    double total() const
    {
        double t = transientBytes;
        for (double b : bytes)
            t += b;
        return t;
    }
};

//! Points [first, last] of the timeline that belong to one phase.
struct PhaseSpan
{
    StepPhase phase = StepPhase::Forward;
    int first = 0;
    int last = 0;
};

//! A figure a check script measured (memory/measuredcomparison.h), drawn at the sample of its
//! timeline event over the estimate.
struct MeasuredMarker
{
    int index = 0;          //!< the sample of TimelineData::points it belongs to
    double bytes = 0;       //!< measured
    double estimated = 0;   //!< the estimate's figure (without the runtime's share)
    QString label;          //!< "Backward peak"
};

//! Memory over one training step, event by event, with the peak marked.
struct TimelineData
{
    QVector<TimelineSample> points;
    //! The sample of each core timeline event (the last layer's for LayersForward, the first and
    //! last backward layers' for TopLayerBackward and BottomLayerBackward); -1 when absent.
    std::array<int, kTimelineEventCount> eventIndex{};
    //! What a check script measured, over the estimate; empty without a measurement.
    QVector<MeasuredMarker> measured;
    QString measuredNote; //!< where the measurement comes from, in one line
    QVector<PhaseSpan> phases; //!< forward, backward, optimizer step, in order
    int peakIndex = -1;        //!< first point with the highest total
    double peakBytes = 0;      //!< points[peakIndex].total(): the live tensors and the runtime's fixed share
    //! The figure the verdict compares (reservedmemory.h): the allocator's cache and the CUDA
    //! context on top of the live tensors, as nvidia-smi shows it, flat through the step.
    double comparedBytes = 0;
    PeakFigure compared = PeakFigure::Device;
    CapacityLine gpu; //!< capacityBytes 0 when no GPU is chosen
    QString note;     //!< the assumptions, in one line
};

//! One plan of the whole-plan search's front (planning/plansearch.h), as the time-against-cost
//! chart draws it.
struct PlanPoint
{
    int front = -1;        //!< index into the core's front (fastest first)
    int kind = 0;          //!< index into PlanFrontData::kinds: its colour and legend entry
    double days = 0;
    double rentUsd = 0;
    double ownUsd = 0;     //!< owning the cards for the run
    double mfu = 0;        //!< 0 to 1
    QString gpuName;       //!< short, for the list: "H100 80GB"
    QString plan;          //!< planText(): count, kind, layout, strategy, recompute, micro-batch
    QString toolTip;       //!< the plan and its figures, on hover
    bool fastestUnderBudget = false;
    bool cheapestUnderDeadline = false;
    bool recommended = false; //!< pickPlan()'s choice
};

//! The Pareto front of days against rent: no plan off it is both faster and cheaper than one on
//! it. The budget and the deadline are drawn as lines, their picks highlighted.
struct PlanFrontData
{
    QVector<PlanPoint> points; //!< fastest first
    QStringList kinds;         //!< the GPU kinds on the front, short names, in order of first appearance
    double budgetUsd = 0;      //!< 0: none
    double deadlineDays = 0;   //!< 0: none
    QString budgetLabel;       //!< "Budget $5,000"
    QString deadlineLabel;     //!< "Deadline 3 days"
    QString fastestLabel;      //!< legend of the budget's pick, e.g. "Fastest within $5,000"
    QString cheapestLabel;     //!< legend of the deadline's pick
    QString recommendedLabel;  //!< legend of pickPlan()'s choice
    QString recommendation;    //!< planPickText(): the plan to rent and why
    QString note;              //!< one line under the chart: what was searched, or why nothing fits
};

} // namespace headroom
