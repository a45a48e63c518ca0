#include "reportdocument.h"

#include <QCoreApplication>

#include <headroom/memory/estimate.h>
#include <headroom/memory/implementationprofile.h>
#include <headroom/memory/placement.h>
#include <headroom/memory/stack.h>
#include <headroom/memory/steptimeline.h>
#include <headroom/planning/procurement.h>

#include "wording.h"
#include "derivationtext.h"
#include "fittext.h"
#include "placementtext.h"
#include "plansearchtext.h"

namespace headroom {

namespace {

class ReportText
{
    Q_DECLARE_TR_FUNCTIONS(ReportText)
};


QString utf8(const std::string &s) { return QString::fromStdString(s); }

// A figure's three cells: exact bytes, decimal GB and binary GiB (the unit is in the header).
QStringList byteCells(Bytes b)
{
    return { groupedDigits(countOf(b)), QString::number(toGB(b), 'f', 2), QString::number(toGiB(b), 'f', 2) };
}

//! "147,970,351,104 bytes = 147.97 GB = 137.81 GiB".
QString bytesAll(Bytes b)
{
    return ReportText::tr("%1 bytes = %2 = %3").arg(groupedDigits(countOf(b)), gbText(b), gibText(b));
}

QString phaseText(StepPhase phase)
{
    switch (phase) {
    case StepPhase::Forward:
        return ReportText::tr("forward");
    case StepPhase::Backward:
        return ReportText::tr("backward");
    case StepPhase::OptimizerStep:
        return ReportText::tr("optimizer step");
    case StepPhase::Scoring:
        return ReportText::tr("scoring (a frozen model's forward)");
    case StepPhase::Generation:
        return ReportText::tr("generating the rollouts");
    }
    return QString();
}

struct Builder
{
    ReportDocument doc;

    void heading(const QString &text, int level = 2)
    {
        ReportBlock b;
        b.kind = ReportBlock::Kind::Heading;
        b.level = level;
        b.text = text;
        doc.blocks.push_back(b);
    }
    void paragraph(const QString &text)
    {
        ReportBlock b;
        b.kind = ReportBlock::Kind::Paragraph;
        b.text = text;
        doc.blocks.push_back(b);
    }
    void table(const ReportTable &t)
    {
        ReportBlock b;
        b.kind = ReportBlock::Kind::Table;
        b.table = t;
        doc.blocks.push_back(b);
    }
    void list(const QStringList &items)
    {
        ReportBlock b;
        b.kind = ReportBlock::Kind::OrderedList;
        b.items = items;
        doc.blocks.push_back(b);
    }
    void chart(int index, const QString &caption)
    {
        ReportBlock b;
        b.kind = ReportBlock::Kind::Chart;
        b.chart = index;
        b.text = caption;
        doc.blocks.push_back(b);
    }
};

void addInputs(Builder &o, const Report &r)
{
    const ScenarioSpec &spec = r.spec;
    const Scenario &s = spec.scenario;
    ReportTable t;
    t.header = { ReportText::tr("Input"), ReportText::tr("Value") };
    auto row = [&t](const QString &name, const QString &value) { t.rows.append({ name, value }); };
    row(ReportText::tr("Model"), modelDisplayName(spec, *r.catalogue));
    row(ReportText::tr("Parameters P"), groupedDigits(r.breakdown.parameterCount));
    row(ReportText::tr("Block family"), nameText(familyName(s.model.family)));
    row(ReportText::tr("Layers L"), groupedDigits(s.model.layers));
    row(ReportText::tr("Hidden size H"), groupedDigits(s.model.hidden));
    row(ReportText::tr("Attention heads A"), groupedDigits(s.model.heads));
    row(ReportText::tr("Micro-batch B"), groupedDigits(s.training.microBatch));
    row(ReportText::tr("Sequence length S"), groupedDigits(s.training.sequence));
    row(ReportText::tr("Gradient accumulation steps"), groupedDigits(s.training.gradAccumSteps));
    row(ReportText::tr("Precision recipe"), nameText(recipeName(s.training.precision.recipe)));
    row(ReportText::tr("Optimizer"), nameText(optimizerName(s.training.precision.optimizer)));
    row(ReportText::tr("Activation checkpointing"), nameText(recomputeName(s.training.recompute)));
    row(ReportText::tr("Activation model"), nameText(activationModelName(s.activations.model)));
    if (s.activations.model == ActivationModelKind::Transformer)
        row(ReportText::tr("Implementation profile, attention, dropout"),
            QStringLiteral("%1, %2, %3")
                    .arg(nameText(profileName(s.activations.profile)), nameText(attentionKernelName(s.activations.attention)))
                    .arg(s.activations.dropout));
    row(ReportText::tr("Training stack"), nameText(stackName(r.derivation.stack)));
    row(ReportText::tr("Strategy"), strategyText(s));
    if (const QString pipeline = pipelineText(s, r.breakdown); !pipeline.isEmpty())
        row(ReportText::tr("Pipeline stages"), pipeline);
    if (s.gpu.capacity > bytes(0)) {
        const GpuSpec *gpu = gpuOf(spec, *r.catalogue);
        row(ReportText::tr("GPU"), ReportText::tr("%1 (%2 = %3)")
                                           .arg(gpu ? gpu->name : spec.gpuId, gbText(s.gpu.capacity), gibText(s.gpu.capacity)));
    } else {
        row(ReportText::tr("GPU"), ReportText::tr("none chosen"));
    }
    o.heading(ReportText::tr("Inputs"));
    o.table(t);
}

void addBreakdown(Builder &o, const Report &r)
{
    const Derivation &d = r.derivation;
    ReportTable t;
    t.header = { ReportText::tr("Bucket"), ReportText::tr("bytes"), ReportText::tr("GB"), ReportText::tr("GiB"),
                 ReportText::tr("Formula") };
    t.numeric = { 1, 2, 3 };
    for (const BucketDerivation *k : d.buckets())
        if (k != &d.peak)
            t.rows.append(QStringList{ derivationWord(k->label) } + byteCells(k->bytes) + QStringList{ howText(*k) });
    t.rows.append(QStringList{ ReportText::tr("Sum of buckets") } + byteCells(d.sumOfBuckets)
                  + QStringList{ ReportText::tr("not all live at once; the peak is what must fit") });
    t.rows.append(QStringList{ ReportText::tr("Peak") } + byteCells(d.peak.bytes) + QStringList{ howText(d.peak) });
    o.heading(ReportText::tr("Memory per GPU"));
    o.paragraph(ReportText::tr("GB = 10^9 bytes, GiB = 2^30 bytes."));
    o.table(t);
}

void addPeak(Builder &o, const Report &r)
{
    const Derivation &d = r.derivation;
    o.heading(ReportText::tr("Peak"));
    o.paragraph(ReportText::tr("The step's highest point, %1, is reached in the %2 phase (event %3); gradients are %4.")
                        .arg(bytesAll(d.peak.bytes), phaseText(d.peakPhase), nameText(timelineEventName(d.peakEvent)),
                             gradientLifetime(r.spec.scenario) == GradientLifetime::KeptBetweenSteps
                                     ? ReportText::tr("kept for the whole step")
                                     : ReportText::tr("allocated during backward")));
    ReportTable t;
    t.header = { ReportText::tr("Live at the peak"), ReportText::tr("Formula"), ReportText::tr("bytes"), ReportText::tr("GB"),
                 ReportText::tr("GiB") };
    t.numeric = { 2, 3, 4 };
    for (const DerivationTerm &term : d.peak.terms)
        t.rows.append(QStringList{ derivationWord(term.label), formulaText(term.formula, Formula::Style::Symbols) }
                      + byteCells(term.bytes));
    o.table(t);
}

void addBucketDerivation(Builder &o, const BucketDerivation &k)
{
    o.heading(ReportText::tr("%1 = %2").arg(derivationWord(k.label), bytesAll(k.bytes)), 3);
    ReportTable t;
    t.header = { ReportText::tr("Term"), ReportText::tr("Formula"), ReportText::tr("With the numbers"), ReportText::tr("bytes") };
    t.numeric = { 3 };
    t.rows.append({ ReportText::tr("whole bucket"), formulaText(k.formula, Formula::Style::Symbols),
                    formulaText(k.formula, Formula::Style::Values), groupedDigits(countOf(k.bytes)) });
    if (k.terms.size() > 1)
        for (const DerivationTerm &term : k.terms)
            t.rows.append({ derivationWord(term.label), formulaText(term.formula, Formula::Style::Symbols),
                            formulaText(term.formula, Formula::Style::Values), groupedDigits(countOf(term.bytes)) });
    if (k.offloaded > bytes(0))
        t.rows.append({ ReportText::tr("offloaded to host RAM, per GPU"), formulaText(k.offloadedFormula, Formula::Style::Symbols),
                        formulaText(k.offloadedFormula, Formula::Style::Values), groupedDigits(countOf(k.offloaded)) });
    o.table(t);
    QStringList sources;
    if (*k.source)
        sources << derivationWord(k.source);
    for (const DerivationTerm &term : k.terms)
        if (*term.source && qstrcmp(term.source, k.source) != 0)
            sources << ReportText::tr("%1: %2").arg(derivationWord(term.label), derivationWord(term.source));
    if (!sources.isEmpty())
        o.paragraph(ReportText::tr("Source: %1").arg(sources.join(QStringLiteral("; "))));
}

void addDerivation(Builder &o, const Report &r)
{
    const Derivation &d = r.derivation;
    o.heading(ReportText::tr("Derivation"));
    o.paragraph(ReportText::tr("How each figure comes about, per GPU: each formula in symbols and with the scenario's numbers "
                               "plugged in (the symbols are listed at the end)."));
    for (const BucketDerivation *k : d.buckets()) {
        addBucketDerivation(o, *k);
        if (k == &d.activations && !d.textbookActivations.terms.empty())
            addBucketDerivation(o, d.textbookActivations);
    }
    if (d.host.bytes > bytes(0))
        addBucketDerivation(o, d.host);
    o.heading(ReportText::tr("Symbols"), 3);
    ReportTable t;
    t.header = { ReportText::tr("Symbol"), ReportText::tr("Value"), ReportText::tr("Meaning"), ReportText::tr("Formula") };
    t.numeric = { 1 };
    for (const DerivedValue &v : d.values)
        t.rows.append({ utf8(v.symbol), groupedDigits(v.value), derivationWord(v.meaning),
                        v.derived ? formulaText(v.formula, Formula::Style::Symbols) : QString() });
    o.table(t);
}

const GpuFit *chosenFit(const Report &r)
{
    for (const GpuFit &g : r.fits)
        if (g.gpu && g.gpu->id == r.spec.gpuId)
            return &g;
    return nullptr;
}

void addVerdict(Builder &o, const Report &r)
{
    const Derivation &d = r.derivation;
    o.heading(ReportText::tr("Verdict"));
    if (d.capacity <= bytes(0)) {
        o.paragraph(ReportText::tr("No GPU chosen: give one (--gpu) for a verdict."));
        return;
    }
    const GpuSpec *gpu = gpuOf(r.spec, *r.catalogue);
    const QString name = gpu ? gpu->name : r.spec.gpuId;
    if (d.fits)
        o.paragraph(ReportText::tr("Fits on one %1 (%2 = %3): %4 to spare.")
                            .arg(name, gbText(d.capacity), gibText(d.capacity), bytesAll(d.margin)));
    else
        o.paragraph(ReportText::tr("Does not fit on one %1 (%2 = %3): short by %4.")
                            .arg(name, gbText(d.capacity), gibText(d.capacity), bytesAll(bytes(0) - d.margin)));
    if (const GpuFit *g = chosenFit(r)) {
        if (g->maxBatch > 0)
            o.paragraph(ReportText::tr("As given, the largest micro-batch that fits is %1 and the longest sequence %2.")
                                .arg(groupedDigits(g->maxBatch), groupedDigits(g->maxSequence)));
        else
            o.paragraph(ReportText::tr("As given, not even a micro-batch of 1 fits on it."));
    }
}

void addFitTable(Builder &o, const Report &r)
{
    o.heading(ReportText::tr("GPUs needed"));
    ReportTable t;
    t.header = { ReportText::tr("GPU"), ReportText::tr("memory (GB)") };
    for (const Strategy &st : kStrategies)
        t.header << nameText(st.name);
    t.header << ReportText::tr("max B") << ReportText::tr("max S") << ReportText::tr("days*") << ReportText::tr("cost*");
    for (int i = 1; i < t.header.size(); ++i)
        t.numeric << i;
    for (const GpuFit &g : r.fits) {
        // The id, as `fit` prints it and --gpu takes it: the full names would crowd the page.
        QStringList row{ g.gpu->id, QString::number(toGB(g.gpu->capacity), 'f', 2) };
        for (const StrategyFit &f : g.strategies)
            row << countOrDash(f.gpus);
        const StrategyFit *fewest = g.fewest();
        row << countOrDash(g.maxBatch) << countOrDash(g.maxSequence)
            << (fewest ? daysText(fewest->time) : QStringLiteral("-")) << (fewest ? costText(fewest->time) : QStringLiteral("-"));
        t.rows.append(row);
    }
    o.paragraph(ReportText::tr("The fewest GPUs of each kind that fit under each strategy (-: none up to %1); max B and max S "
                               "per GPU as given (%2). * At the strategy needing the fewest GPUs, for %3 tokens "
                               "(headroom-cli fit says how the time is made up).")
                        .arg(groupedDigits(r.fitOptions.maxGpus), strategyText(r.spec.scenario),
                             groupedDigits(static_cast<Count>(r.fitOptions.tokens))));
    o.table(t);
}

// The first page's answer: the plan to rent or buy, for how long, at what cost, and its two
// runners-up on the front (plansearch.h pickPlan()).
void addWhatToRent(Builder &o, const Report &r)
{
    o.heading(ReportText::tr("What to rent or buy"));
    if (r.pick.chosen < 0) {
        o.paragraph(ReportText::tr("No GPU kind of the catalogue runs this at any count up to %1 under any layout.")
                            .arg(groupedDigits(r.fitOptions.maxGpus)));
        return;
    }
    const GpuSpec *gpus = r.catalogue->gpus.constData();
    const SearchedPlan &best = r.front[static_cast<std::size_t>(r.pick.chosen)];
    const GpuSpec &gpu = gpus[best.gpuIndex];
    //: %1 GPU count, %2 GPU name, %3 days, %4 rent in USD, %5 cost of owning in USD, %6 tokens
    o.paragraph(ReportText::tr("Rent %1 x %2 for %3 days: %4 to rent, or %5 to own (the cards' share of their life and their power) "
                               "for %6 tokens.")
                        .arg(groupedDigits(best.gpus), gpu.name, daysText(best.time), costText(best.time),
                             usd(best.time.ownCostUsd), groupedDigits(static_cast<Count>(r.fitOptions.tokens))));
    o.paragraph(ReportText::tr("Layout: %1. It is the fastest plan whose rent is at most %2 % above the cheapest plan's, among the "
                               "%3 plans no other beats on both time and rent (%4 candidates searched: GPU kind, count, tensor, "
                               "pipeline, context and expert parallelism, ZeRO stage, offload, recompute and micro-batch).")
                        .arg(planText(best, gpu))
                        .arg(qRound(kNearCheapestSlack * 100))
                        .arg(r.search.frontCount)
                        .arg(groupedDigits(r.search.candidates)));
    ReportTable t;
    t.header = { ReportText::tr("Plan"), ReportText::tr("GPUs"), ReportText::tr("days"), ReportText::tr("rent"), ReportText::tr("own"),
                 ReportText::tr("peak per GPU (GB)"), ReportText::tr("layout") };
    t.numeric = { 1, 2, 3, 4, 5 };
    auto row = [&](const QString &role, int index) {
        if (index < 0)
            return;
        const SearchedPlan &p = r.front[static_cast<std::size_t>(index)];
        t.rows.append({ role, QStringLiteral("%1 x %2").arg(groupedDigits(p.gpus), gpus[p.gpuIndex].id), daysText(p.time),
                        costText(p.time), usd(p.time.ownCostUsd), QString::number(toGB(p.peak), 'f', 2),
                        planLayoutText(p) + QStringLiteral(", ") + planStrategyText(p) });
    };
    row(ReportText::tr("recommended"), r.pick.chosen);
    row(ReportText::tr("runner-up, faster"), r.pick.faster);
    row(ReportText::tr("runner-up, cheaper"), r.pick.cheaper);
    o.table(t);
}

void addAdvice(Builder &o, const Report &r)
{
    o.heading(ReportText::tr("What to change first"));
    if (r.derivation.capacity <= bytes(0)) {
        o.paragraph(ReportText::tr("No GPU chosen: nothing to advise."));
        return;
    }
    if (r.derivation.fits) {
        o.paragraph(ReportText::tr("It fits as given: nothing to change."));
        return;
    }
    if (r.advice.empty()) {
        o.paragraph(ReportText::tr("No step of the rescue order lowers the peak."));
        return;
    }
    o.paragraph(ReportText::tr("The rescue order of the training-memory guide «显存都去哪儿了», each step on top of the previous:"));
    QStringList items;
    Scenario before = r.spec.scenario;
    for (const Advice &a : r.advice) {
        items << adviceText(before, a, placeModelStates(a.after));
        before = a.after;
    }
    o.list(items);
}

} // namespace

ReportDocument reportDocument(const Report &r)
{
    Builder o;
    o.doc.title = ReportText::tr("Headroom report: %1").arg(modelDisplayName(r.spec, *r.catalogue));
    o.heading(o.doc.title, 1);
    o.paragraph(ReportText::tr("GPU memory of one training run, per GPU, as Headroom %1 estimates it.")
                        .arg(QStringLiteral(HEADROOM_VERSION)));
    addWhatToRent(o, r);
    addInputs(o, r);
    addBreakdown(o, r);
    addPeak(o, r);
    addVerdict(o, r);
    addAdvice(o, r);
    addFitTable(o, r);
    if (r.breakdown.warnings.size() > 0) {
        o.heading(ReportText::tr("Notes"));
        for (Warning w : r.breakdown.warnings)
            o.paragraph(warningText(w, r.spec.scenario));
    }
    if (!r.charts.empty()) {
        o.heading(ReportText::tr("Charts"));
        for (std::size_t i = 0; i < r.charts.size(); ++i)
            o.chart(static_cast<int>(i), r.charts[i].title);
    }
    addDerivation(o, r);
    return o.doc;
}

} // namespace headroom
