#include "mathsheet.h"

#include <vector>

#include <QCoreApplication>
#include <QFileInfo>
#include <QLocale>

#include <headroom/memory/activationmodel.h>
#include <headroom/memory/breakdown.h>
#include <headroom/memory/estimate.h>
#include <headroom/memory/steptimeline.h>
#include <headroom/memory/teachingpath.h>
#include <headroom/io/measuredfiletext.h>

#include "derivationwords.h"
#include "labels.h"
#include "teachingtext.h"

namespace headroom {

namespace {

class MathText
{
    Q_DECLARE_TR_FUNCTIONS(MathText)
};

QString latin1(std::string_view s) { return QString::fromLatin1(s.data(), qsizetype(s.size())); }
QString utf8(std::string_view s) { return QString::fromUtf8(s.data(), qsizetype(s.size())); }

QString perParam(BytesPer b)
{
    //: bytes per parameter or element, e.g. "2 B" or "0.5 B"
    return MathText::tr("%1 B").arg(QLocale().toString(b.value(), 'g', 4));
}

QString dtypeLabel(Dtype d)
{
    QString name = latin1(dtypeName(d));
    return name.toUpper();
}

} // namespace

MathSheet buildMathSheet(const ScenarioSpec &spec, const Breakdown &b, const Derivation &d, const Catalogue &catalogue,
                         DisplayUnit unit)
{
    const Scenario &s = spec.scenario;
    const TrainingSetup &t = s.training;
    auto both = [unit](Bytes v) { return formatBytesBoth(v, unit); };

    MathSheet sheet;
    sheet.title = MathText::tr("%1: B = %2, S = %3, %4, %5")
                          .arg(Labels::modelName(spec, catalogue), groupedCount(t.microBatch),
                               groupedCount(t.sequence), Labels::recipe(t.precision.recipe),
                               Labels::optimizer(t.precision.optimizer));

    // --- The teaching path: the article's four steps, then what the stack adds ----------------
    const TeachingPath path = teachingPath(s, d);
    MathSection steps;
    steps.heading = MathText::tr("The article's four steps, with this run's numbers");
    steps.note = MathText::tr("Bytes per parameter → fixed cost → activations per layer → total, as the article counts by hand.");
    for (const TeachingStep &step : path.steps) {
        const QString symbols = formulaText(step.formula, Formula::Style::Symbols);
        const QString numbers = formulaText(step.formula, Formula::Style::Values);
        MathLine line{ QStringLiteral("%1. %2").arg(step.number).arg(derivationWord(step.label)), symbols,
                       numbers == symbols ? QString() : numbers,
                       teachingResultText(step), step.number == 4 }; // exact bytes, as the article's figures are checked
        line.note = derivationWord(step.why);
        steps.lines << line;
    }
    sheet.teaching << steps;
    MathSection adds;
    adds.heading = MathText::tr("What the training stack adds beyond the article, and why");
    adds.note = path.additions.empty()
            ? MathText::tr("Nothing: this run keeps the article's conventions (textbook activations, every bucket resident, no "
                           "runtime share).")
            : MathText::tr("Each difference from the article's count, with its bytes (− where the stack holds less).");
    for (const StackAddition &a : path.additions) {
        MathLine line{ derivationWord(a.label), formulaText(a.formula, Formula::Style::Symbols), QString(),
                       additionBytesText(a.bytes), false };
        line.note = derivationWord(a.why);
        adds.lines << line;
    }
    TeachingStep peakFigure;
    peakFigure.bytes = path.peak;
    adds.lines << MathLine{ MathText::tr("Peak per GPU"), MathText::tr("the step's peak, term by term in the full derivation"),
                            QString(), teachingResultText(peakFigure), true };
    sheet.teaching << adds;

    // --- The counts the buckets multiply: P from the architecture, the rank's share ----------
    MathSection counts;
    counts.heading = MathText::tr("Parameter counts");
    counts.note = MathText::tr("Derived from the architecture, layer by layer; the symbols are listed at the end.");
    for (const char *symbol : { "P", "P_arch", "P_m", "P_lora", "P_q", "P_train" }) {
        const DerivedValue *v = d.value(symbol);
        if (!v)
            continue;
        MathLine line;
        line.name = QStringLiteral("%1 (%2)").arg(QString::fromStdString(v->symbol), derivationWord(v->meaning));
        if (v->derived) {
            line.formula = formulaText(v->formula, Formula::Style::Symbols);
            line.numbers = formulaText(v->formula, Formula::Style::Values);
        } else {
            line.formula = MathText::tr("given");
        }
        //: a parameter count, e.g. "6,738,415,616 parameters"
        line.result = MathText::tr("%1 parameters").arg(groupedCount(v->value));
        counts.lines << line;
    }
    sheet.sections << counts;

    // --- The training stack's choices, each said once, with where its default comes from ---
    MathSection stack;
    stack.heading = MathText::tr("Training stack: %1").arg(Labels::stack(d.stack));
    stack.note = MathText::tr("What the estimate assumes of the framework; change any choice in the inputs.");
    for (const StackChoice &c : d.choices) {
        MathLine line;
        line.name = derivationWord(c.label);
        // The core says switches in the CLI's vocabulary; other values are identifiers (sdpa).
        line.formula = c.value == "on"    ? MathText::tr("on")
                : c.value == "off"        ? MathText::tr("off")
                                          : QString::fromStdString(c.value);
        line.numbers = c.fromStack ? MathText::tr("the stack's: %1").arg(derivationWord(c.source)) : MathText::tr("set in the inputs");
        line.choice = true;
        stack.lines << line;
    }
    sheet.sections << stack;

    // --- Each bucket: its terms, their formulas with the numbers plugged in -----------------
    auto section = [&](const BucketDerivation &k) {
        MathSection sec;
        sec.heading = derivationWord(k.label);
        sec.note = derivationWord(k.source);
        for (const DerivationTerm &term : k.terms) {
            const QString symbols = formulaText(term.formula, Formula::Style::Symbols);
            const QString numbers = formulaText(term.formula, Formula::Style::Values);
            sec.lines << MathLine{ derivationWord(term.label), symbols, numbers == symbols ? QString() : numbers,
                                   both(term.bytes), false };
        }
        if (k.terms.size() != 1) {
            const QString symbols = k.terms.empty() ? QStringLiteral("0") : formulaText(k.formula, Formula::Style::Symbols);
            const QString numbers = k.terms.empty() ? QString() : formulaText(k.formula, Formula::Style::Values);
            sec.lines << MathLine{ derivationWord(k.label), symbols, numbers == symbols ? QString() : numbers, both(k.bytes),
                                   true };
        } else {
            sec.lines.last().total = true;
        }
        if (k.offloaded > bytes(0))
            sec.lines << MathLine{ MathText::tr("Offloaded to host RAM, per GPU"),
                                   formulaText(k.offloadedFormula, Formula::Style::Symbols), QString(), both(k.offloaded),
                                   false };
        return sec;
    };
    // The article's fixed cost first (mixed precision with Adam is still 16 bytes/param), then
    // what one GPU holds of it.
    sheet.sections << section(d.wholeModelStates);
    for (const BucketDerivation *k : d.buckets()) {
        if (k == &d.peak)
            continue;
        sheet.sections << section(*k);
        // For teaching: the article's formula for the same run, beside the itemized figure.
        if (k == &d.activations && !d.textbookActivations.terms.empty())
            sheet.sections << section(d.textbookActivations);
    }

    // --- The peak: what is live at the step's highest point ---------------------------------
    MathSection peak = section(d.peak);
    peak.heading = MathText::tr("Peak of the step: %1 (%2)")
                           .arg(Labels::timelineEvent(d.peakEvent), Labels::stepPhase(d.peakPhase));
    peak.lines << MathLine{ MathText::tr("Sum of the buckets"), MathText::tr("not all live at once"), QString(),
                            both(d.sumOfBuckets), false };
    if (d.capacity > bytes(0)) {
        const GpuSpec *gpu = gpuOf(spec, catalogue);
        const QString gpuName = gpu ? gpu->name : spec.gpuId;
        peak.lines << MathLine{ d.fits ? MathText::tr("Headroom") : MathText::tr("Overflow"),
                                d.fits ? MathText::tr("capacity − peak") : MathText::tr("peak − capacity"),
                                // The formula with its numbers, in its own order: the peak minus the
                                // capacity reads as one subtraction, not as "overflow = capacity".
                                d.fits ? MathText::tr("%1 (%2) − %3").arg(formatBytes(d.capacity, unit), gpuName, formatBytes(d.peak.bytes, unit))
                                       //: the peak minus the GPU's capacity: %1 the peak, %2 the capacity, %3 the GPU's name
                                       : MathText::tr("%1 − %2 (%3)").arg(formatBytes(d.peak.bytes, unit), formatBytes(d.capacity, unit), gpuName),
                                both(d.fits ? d.margin : bytes(0) - d.margin), true };
    }
    sheet.sections << peak;

    // --- Symbols ----------------------------------------------------------------------------
    for (const DerivedValue &v : d.values)
        sheet.symbols << MathSymbol{ QString::fromStdString(v.symbol), derivationWord(v.meaning), groupedCount(v.value),
                                     v.derived ? formulaText(v.formula, Formula::Style::Symbols) : QString() };

    // --- One layer's tensors ----------------------------------------------------------------
    std::vector<ActivationItem> items;
    activationModel(s.activations.model).itemize(s, items);
    for (const ActivationItem &item : items) {
        sheet.tensors << MathTensor{ Labels::activationItem(item.name), utf8(item.shape), dtypeLabel(item.dtype),
                                     groupedCount(item.elements), both(item.bytes), item.recomputed,
                                     item.scope == ItemScope::Outside };
    }
    sheet.tensorNote = t.recompute == Recompute::None
            ? MathText::tr("Every tensor is kept for backward.")
            : MathText::tr("Tensors marked ↻ are dropped in forward and recomputed in backward.");

    for (Warning w : b.warnings)
        sheet.notes << Labels::warning(w, s);
    return sheet;
}

void addMeasuredSection(MathSheet &sheet, const MeasuredComparison &comparison, const MeasuredRun &run, bool current,
                        DisplayUnit unit)
{
    if (comparison.empty())
        return;
    auto both = [unit](Bytes v) { return formatBytesBoth(v, unit); };
    MathSection sec;
    const QString where = run.deviceName.isEmpty() ? run.device : run.deviceName;
    sec.heading = MathText::tr("Measured by the check script: %1").arg(QFileInfo(run.path).fileName());
    sec.note = current ? MathText::tr("%1, torch %2, %3 steps; beside each figure the estimate's (phases without the "
                                      "runtime's share, which PyTorch's allocator does not count)")
                                 .arg(where, run.torchVersion, groupedCount(run.steps))
                       : MathText::tr("%1, torch %2: measured for another scenario than this one; open the measured "
                                      "scenario to compare like with like")
                                 .arg(where, run.torchVersion);
    for (const MeasuredRow &r : comparison.rows) {
        const QString how = run.measuredBy[static_cast<std::size_t>(r.figure)];
        const QString percent = r.relative ? MathText::tr("%1 %").arg(QLocale().toString(100.0 * *r.relative, 'f', 1))
                                           : MathText::tr("n/a");
        sec.lines << MathLine{ measuredFigureText(r.figure),
                               how.isEmpty() ? MathText::tr("measured") : MathText::tr("measured (%1)").arg(how),
                               MathText::tr("estimated %1; estimated − measured %2 (%3)")
                                       .arg(formatBytes(r.estimated, unit), formatBytes(r.difference, unit), percent),
                               both(r.measured), r.figure == MeasuredFigure::PeakAllocated };
    }
    sheet.sections << sec;
}

namespace {

SheetBlock paragraph(SheetBlock::Kind kind, SheetText text)
{
    SheetBlock b;
    b.kind = kind;
    b.text = std::move(text);
    return b;
}

SheetBlock paragraph(SheetBlock::Kind kind, const QString &text, SheetTone tone = SheetTone::Text)
{
    SheetText t;
    t.add(text, tone);
    return paragraph(kind, std::move(t));
}

} // namespace

QList<SheetBlock> mathSheetBlocks(const MathSheet &sheet, bool full)
{
    using Kind = SheetBlock::Kind;
    QList<SheetBlock> out;
    out << paragraph(Kind::Title, sheet.title);
    const auto addSections = [&out](const QList<MathSection> &sections) {
        for (const MathSection &section : sections) {
            out << paragraph(Kind::Heading, section.heading);
            if (!section.note.isEmpty())
                out << paragraph(Kind::Note, section.note, SheetTone::Muted);
            // One equation per paragraph, as it would be written on a board: the name, the formula,
            // the numbers plugged in, and the result (kept on one line) in the accent colour.
            for (const MathLine &line : section.lines) {
                SheetText t;
                t.add(line.name, SheetTone::Text, true);
                if (line.choice) {
                    t.add(QStringLiteral(": ") + line.formula + QLatin1Char(' '));
                    t.add(QStringLiteral("(") + line.numbers + QLatin1Char(')'), SheetTone::Muted);
                    out << paragraph(Kind::Line, std::move(t));
                    continue;
                }
                t.add(QStringLiteral(" = ") + line.formula);
                if (!line.numbers.isEmpty())
                    t.add(QStringLiteral(" = ") + line.numbers);
                t.add(QStringLiteral(" = "));
                QString result = line.result;
                result.replace(QLatin1Char(' '), QChar::Nbsp);
                t.add(result, line.total ? SheetTone::Accent : SheetTone::Text, line.total);
                out << paragraph(Kind::Line, std::move(t));
                if (!line.note.isEmpty())
                    out << paragraph(Kind::Note, line.note, SheetTone::Muted);
            }
        }
    };
    addSections(sheet.teaching);
    out << paragraph(Kind::Heading, MathText::tr("Full derivation"));
    if (!full) {
        out << paragraph(Kind::Note, MathText::tr("Folded: every bucket's formula, its terms and sources, the peak, the symbols and "
                                                  "one layer's tensors. Unfold it with “Show the full derivation” below."),
                         SheetTone::Muted);
        if (!sheet.notes.isEmpty()) {
            out << paragraph(Kind::Heading, MathText::tr("Notes"));
            for (const QString &n : sheet.notes)
                out << paragraph(Kind::Bullet, n);
        }
        return out;
    }
    addSections(sheet.sections);
    if (!sheet.symbols.isEmpty()) {
        out << paragraph(Kind::Heading, MathText::tr("Symbols"));
        SheetBlock table;
        table.kind = Kind::Table;
        table.columns = { SheetColumn{ false, false }, SheetColumn{ true, false }, SheetColumn{ false, true } };
        for (const MathSymbol &v : sheet.symbols) {
            SheetText symbol, value, meaning;
            symbol.add(v.symbol, SheetTone::Text, true);
            value.add(v.value);
            meaning.add(v.meaning);
            if (!v.formula.isEmpty())
                meaning.add(QStringLiteral(" = ") + v.formula, SheetTone::Muted);
            table.rows.append({ symbol, value, meaning });
        }
        out << table;
    }
    if (!sheet.tensors.isEmpty()) {
        out << paragraph(Kind::Heading, MathText::tr("One layer's saved tensors"));
        out << paragraph(Kind::Note, sheet.tensorNote, SheetTone::Muted);
        SheetBlock table;
        table.kind = Kind::Table;
        table.headerRow = true;
        table.columns = { SheetColumn{ false, true }, SheetColumn{ false, true }, SheetColumn{ false, false },
                          SheetColumn{ true, false }, SheetColumn{ true, false } };
        QList<SheetText> header;
        for (const QString &h : { MathText::tr("Tensor"), MathText::tr("Shape"), MathText::tr("Type"),
                                  MathText::tr("Elements"), MathText::tr("Size") }) {
            SheetText t;
            t.add(h, SheetTone::Muted);
            header << t;
        }
        table.rows << header;
        for (const MathTensor &tensor : sheet.tensors) {
            SheetText name, shape, dtype, elements, size;
            name.add(tensor.name);
            if (tensor.recomputed)
                name.add(QStringLiteral(" ↻"));
            if (tensor.outside)
                name.add(QStringLiteral(" (") + MathText::tr("outside the layers") + QLatin1Char(')'), SheetTone::Muted);
            shape.add(tensor.shape);
            dtype.add(tensor.dtype);
            elements.add(tensor.elements);
            size.add(tensor.size);
            table.rows.append({ name, shape, dtype, elements, size });
        }
        out << table;
    }
    if (!sheet.notes.isEmpty()) {
        out << paragraph(Kind::Heading, MathText::tr("Notes"));
        for (const QString &n : sheet.notes)
            out << paragraph(Kind::Bullet, n);
    }
    return out;
}

QString mathSheetText(const MathSheet &sheet)
{
    QStringList out;
    out << sheet.title;
    const auto addSections = [&out](const QList<MathSection> &sections) {
        for (const MathSection &section : sections) {
            out << QString() << section.heading;
            for (const MathLine &line : section.lines) {
                if (line.choice) {
                    out << line.name + QStringLiteral(": ") + line.formula + QStringLiteral(" (") + line.numbers + QLatin1Char(')');
                    continue;
                }
                QString l = line.name + QStringLiteral(" = ") + line.formula;
                if (!line.numbers.isEmpty())
                    l += QStringLiteral(" = ") + line.numbers;
                out << l + QStringLiteral(" = ") + line.result;
                if (!line.note.isEmpty())
                    out << QStringLiteral("  ") + line.note;
            }
        }
    };
    addSections(sheet.teaching);
    out << QString() << MathText::tr("Full derivation");
    addSections(sheet.sections);
    if (!sheet.symbols.isEmpty()) {
        out << QString() << MathText::tr("Symbols");
        for (const MathSymbol &v : sheet.symbols)
            out << QStringLiteral("%1 = %2  %3%4").arg(v.symbol, v.value, v.meaning,
                                                       v.formula.isEmpty() ? QString() : QStringLiteral(" = ") + v.formula);
    }
    if (!sheet.tensors.isEmpty()) {
        out << QString() << MathText::tr("One layer's saved tensors");
        for (const MathTensor &t : sheet.tensors)
            out << QStringLiteral("%1%2  %3  %4  %5  %6")
                            .arg(t.name, t.recomputed ? QStringLiteral(" ↻") : QString(), t.shape, t.dtype, t.elements, t.size);
    }
    for (const QString &n : sheet.notes)
        out << QStringLiteral("- ") + n;
    return out.join(QLatin1Char('\n'));
}

} // namespace headroom
