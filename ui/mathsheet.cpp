#include "mathsheet.h"

#include <vector>

#include <QCoreApplication>
#include <QFileInfo>
#include <QLocale>

#include <headroom/memory/activationmodel.h>
#include <headroom/memory/breakdown.h>
#include <headroom/memory/estimate.h>
#include <headroom/memory/steptimeline.h>
#include <headroom/io/measuredfiletext.h>

#include "derivationtext.h"
#include "labels.h"

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

    // --- The counts the buckets multiply: P from the architecture, the rank's share ----------
    MathSection counts;
    counts.heading = MathText::tr("Parameter counts");
    counts.note = MathText::tr("Derived from the architecture, layer by layer; the symbols are listed at the end.");
    for (const char *symbol : { "P", "P_arch", "P_m", "P_lora", "P_nf4", "P_train" }) {
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
        const GpuSpec *gpu = catalogue.gpu(spec.gpuId);
        const QString gpuName = gpu ? gpu->name : spec.gpuId;
        peak.lines << MathLine{ d.fits ? MathText::tr("Headroom") : MathText::tr("Overflow"),
                                d.fits ? MathText::tr("capacity − peak") : MathText::tr("peak − capacity"),
                                MathText::tr("%1 (%2) against a peak of %3")
                                        .arg(formatBytes(d.capacity, unit), gpuName, formatBytes(d.peak.bytes, unit)),
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
        sheet.notes << Labels::warning(w);
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

MathMarkupItem block(const QString &tag, const QString &style, const QString &html, bool plain)
{
    MathMarkupItem item;
    item.kind = MathMarkupItem::Kind::Block;
    item.tag = tag;
    item.attributes = style.isEmpty() ? QString() : QStringLiteral(" style=\"%1\"").arg(style);
    item.html = html;
    item.plain = plain;
    return item;
}

MathMarkupItem heading(const QString &tag, const QString &text, const QString &style = QString())
{
    return block(tag, style, text.toHtmlEscaped(), true);
}

MathMarkupCell cell(const QString &attributes, const QString &html, bool plain)
{
    return MathMarkupCell{ attributes, html, plain };
}

} // namespace

MathMarkup mathSheetMarkup(const MathSheet &sheet, const QString &text, const QString &muted, const QString &accent)
{
    auto esc = [](const QString &s) { return s.toHtmlEscaped(); };
    MathMarkup out;
    out << heading(QStringLiteral("h3"), sheet.title);
    const QString headingStyle = QStringLiteral("margin-bottom:2px");
    const QString noteStyle = QStringLiteral("color:%1; margin-top:0").arg(muted);
    const QString lineStyle = QStringLiteral("margin-top:2px; margin-bottom:2px; margin-left:12px; text-indent:-12px");
    for (const MathSection &section : sheet.sections) {
        out << heading(QStringLiteral("h4"), section.heading, headingStyle);
        if (!section.note.isEmpty())
            out << block(QStringLiteral("p"), noteStyle, esc(section.note), true);
        // One equation per paragraph, as it would be written on a board: the name, the formula,
        // the numbers plugged in, and the result (kept on one line) in the accent colour.
        for (const MathLine &line : section.lines) {
            if (line.choice) {
                out << block(QStringLiteral("p"), lineStyle,
                             QStringLiteral("<b>%1</b>: %2 <span style=\"color:%3\">(%4)</span>")
                                     .arg(esc(line.name), esc(line.formula), muted, esc(line.numbers)),
                             false);
                continue;
            }
            QString equation = QStringLiteral("<b>%1</b> = %2").arg(esc(line.name), esc(line.formula));
            if (!line.numbers.isEmpty())
                equation += QStringLiteral(" = ") + esc(line.numbers);
            QString result = esc(line.result);
            result.replace(QLatin1Char(' '), QStringLiteral("&nbsp;"));
            equation += QStringLiteral(" = <span style=\"color:%1;%2\">%3</span>")
                                .arg(line.total ? accent : text, line.total ? QStringLiteral(" font-weight:bold;") : QString(),
                                     result);
            out << block(QStringLiteral("p"), lineStyle, equation, false);
        }
    }
    if (!sheet.symbols.isEmpty()) {
        out << heading(QStringLiteral("h4"), MathText::tr("Symbols"), headingStyle);
        MathMarkupItem table;
        table.kind = MathMarkupItem::Kind::Table;
        table.attributes = QStringLiteral(" cellspacing=\"0\" cellpadding=\"2\" width=\"100%\"");
        for (const MathSymbol &v : sheet.symbols)
            table.rows.append({ cell(QStringLiteral(" nowrap"), QStringLiteral("<b>%1</b>").arg(esc(v.symbol)), false),
                                cell(QStringLiteral(" align=\"right\" nowrap"), esc(v.value), true),
                                v.formula.isEmpty()
                                        ? cell(QString(), esc(v.meaning), true)
                                        : cell(QString(),
                                               QStringLiteral("%1 <span style=\"color:%2\">= %3</span>").arg(esc(v.meaning), muted, esc(v.formula)),
                                               false) });
        out << table;
    }
    if (!sheet.tensors.isEmpty()) {
        out << heading(QStringLiteral("h4"), MathText::tr("One layer's saved tensors"), headingStyle);
        out << block(QStringLiteral("p"), noteStyle, esc(sheet.tensorNote), true);
        MathMarkupItem table;
        table.kind = MathMarkupItem::Kind::Table;
        table.attributes = QStringLiteral(" cellspacing=\"0\" cellpadding=\"3\" width=\"100%\"");
        QList<MathMarkupCell> header;
        for (const QString &h : { MathText::tr("Tensor"), MathText::tr("Shape"), MathText::tr("Type"),
                                  MathText::tr("Elements"), MathText::tr("Size") })
            header << MathMarkupCell{ QStringLiteral(" align=\"left\" style=\"color:%1\"").arg(muted), esc(h), true, true };
        table.rows << header;
        for (const MathTensor &tensor : sheet.tensors) {
            QString name = esc(tensor.name);
            bool plain = !tensor.outside;
            if (tensor.recomputed)
                name += QStringLiteral(" ↻");
            if (tensor.outside)
                name += QStringLiteral(" <span style=\"color:%1\">(%2)</span>").arg(muted, esc(MathText::tr("outside the layers")));
            table.rows.append({ cell(QString(), name, plain), cell(QString(), esc(tensor.shape), true),
                                cell(QString(), esc(tensor.dtype), true), cell(QStringLiteral(" align=\"right\""), esc(tensor.elements), true),
                                cell(QStringLiteral(" align=\"right\" nowrap"), esc(tensor.size), true) });
        }
        out << table;
    }
    if (!sheet.notes.isEmpty()) {
        out << heading(QStringLiteral("h4"), MathText::tr("Notes"), headingStyle);
        for (const QString &n : sheet.notes) {
            MathMarkupItem item = block(QStringLiteral("li"), QString(), esc(n), true);
            item.kind = MathMarkupItem::Kind::ListItem;
            out << item;
        }
    }
    return out;
}

QString mathMarkupHtml(const MathMarkup &markup, const QString &textColor)
{
    QString html = QStringLiteral("<html><body style=\"color:%1\">").arg(textColor);
    bool inList = false;
    for (const MathMarkupItem &item : markup) {
        const bool listItem = item.kind == MathMarkupItem::Kind::ListItem;
        if (listItem != inList) {
            html += listItem ? QStringLiteral("<ul style=\"margin-top:0\">") : QStringLiteral("</ul>");
            inList = listItem;
        }
        if (item.kind == MathMarkupItem::Kind::Table) {
            html += QStringLiteral("<table%1>").arg(item.attributes);
            for (const QList<MathMarkupCell> &row : item.rows) {
                html += QStringLiteral("<tr>");
                for (const MathMarkupCell &c : row) {
                    const QString tag = c.header ? QStringLiteral("th") : QStringLiteral("td");
                    html += QStringLiteral("<%1%2>%3</%1>").arg(tag, c.attributes, c.html);
                }
                html += QStringLiteral("</tr>");
            }
            html += QStringLiteral("</table>");
        } else {
            html += QStringLiteral("<%1%2>%3</%1>").arg(item.tag, item.attributes, item.html);
        }
    }
    if (inList)
        html += QStringLiteral("</ul>");
    html += QStringLiteral("</body></html>");
    return html;
}

QString mathSheetHtml(const MathSheet &sheet, const QString &text, const QString &muted, const QString &accent)
{
    return mathMarkupHtml(mathSheetMarkup(sheet, text, muted, accent), text);
}

QString mathSheetText(const MathSheet &sheet)
{
    QStringList out;
    out << sheet.title;
    for (const MathSection &section : sheet.sections) {
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
        }
    }
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
