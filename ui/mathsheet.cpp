#include "mathsheet.h"

#include <vector>

#include <QCoreApplication>

#include <headroom/memory/activationmodel.h>
#include <headroom/memory/breakdown.h>
#include <headroom/memory/estimate.h>
#include <headroom/memory/steptimeline.h>

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

MathSheet buildMathSheet(const ScenarioSpec &spec, const Breakdown &b, const Catalogue &catalogue, DisplayUnit unit)
{
    const Scenario &s = spec.scenario;
    const ModelSpec &m = s.model;
    const TrainingSetup &t = s.training;
    auto both = [unit](Bytes v) { return formatBytesBoth(v, unit); };
    const QString times = MathText::tr(" × ");

    MathSheet sheet;
    const ModelPreset *preset = catalogue.preset(spec.presetId);
    sheet.title = MathText::tr("%1: B = %2, S = %3, %4, %5")
                          .arg(preset ? preset->name : MathText::tr("Custom model"), groupedCount(t.microBatch),
                               groupedCount(t.sequence), Labels::recipe(t.precision.recipe),
                               Labels::optimizer(t.precision.optimizer));

    // --- Fixed cost: P x bytes per parameter, bucket by bucket ------------------------------
    const ModelStates ms = modelStates(s);
    const PerParamBytes ppb = perParamBytes(t.precision);
    const QString P = shortCount(ms.parameterCount);
    MathSection fixed;
    fixed.heading = MathText::tr("Fixed cost: parameters, gradients, master weights, optimizer states");
    fixed.note = m.paramsOverride > 0
            ? MathText::tr("P = %1 parameters, as given.").arg(groupedCount(ms.parameterCount))
            : MathText::tr("P = %1 parameters, derived from the architecture (L = %2, H = %3, A = %4, V = %5).")
                      .arg(groupedCount(ms.parameterCount), groupedCount(m.layers), groupedCount(m.hidden),
                           groupedCount(m.heads), groupedCount(m.vocab));
    auto stateLine = [&](const QString &name, BytesPer per, Bytes value) {
        return MathLine{ name, MathText::tr("P × %1").arg(perParam(per)),
                         MathText::tr("%1 params × %2").arg(P, perParam(per)), both(value), false };
    };
    fixed.lines << stateLine(MathText::tr("Parameters (%1)").arg(dtypeLabel(weightDtype(t.precision.recipe))),
                             ppb.weights, ms.parameters);
    fixed.lines << stateLine(MathText::tr("Gradients"), ppb.gradients, ms.gradients);
    fixed.lines << stateLine(MathText::tr("Master weights (FP32)"), ppb.master, ms.masterWeights);
    if (ppb.optimizerFactored) {
        const FactoredShape f = factoredShape(m);
        fixed.lines << MathLine{ MathText::tr("Optimizer states (factored)"),
                                 MathText::tr("(rows + columns + vectors) × %1").arg(perParam(ppb.optimizer)),
                                 MathText::tr("(%1 + %2) × %3")
                                         .arg(groupedCount(f.matrixRowsPlusColumns), groupedCount(f.vectorElements),
                                              perParam(ppb.optimizer)),
                                 both(ms.optimizerStates), false };
    } else {
        fixed.lines << stateLine(MathText::tr("Optimizer states (%1 × %2)")
                                         .arg(optimizerStateTensors(t.precision.optimizer))
                                         .arg(Labels::optimizer(t.precision.optimizer)),
                                 ppb.optimizer, ms.optimizerStates);
    }
    const Bytes fixedTotal = ms.parameters + ms.gradients + ms.masterWeights + ms.optimizerStates;
    if (ppb.optimizerFactored) {
        const double perParamSum = ppb.weights.value() + ppb.gradients.value() + ppb.master.value();
        fixed.lines << MathLine{ MathText::tr("Fixed"), MathText::tr("P × %1 B + factored states")
                                         .arg(QLocale().toString(perParamSum, 'g', 4)),
                                 MathText::tr("%1 params × %2 B + %3")
                                         .arg(P, QLocale().toString(perParamSum, 'g', 4),
                                              formatBytes(ms.optimizerStates, unit)),
                                 both(fixedTotal), true };
    } else {
        const QString total = QLocale().toString(ppb.total(), 'g', 4);
        fixed.lines << MathLine{ MathText::tr("Fixed"), MathText::tr("P × %1 B").arg(total),
                                 MathText::tr("%1 params × %2 B").arg(P, total), both(fixedTotal), true };
    }
    // The per-GPU buckets differ from P x bytes when the core shards or offloads model states.
    if (b.modelStates() != fixedTotal)
        fixed.lines << MathLine{ MathText::tr("Fixed, per GPU"),
                                 MathText::tr("after sharding, offload and adapters"), QString(),
                                 both(b.modelStates()), true };
    sheet.sections << fixed;

    // --- Activations ------------------------------------------------------------------------
    const ActivationEstimate &a = b.activationDetail;
    const BytesPer elem = dtypeSize(activationDtype(t.precision.recipe));
    MathSection act;
    act.heading = MathText::tr("Activations: what forward keeps for backward");
    const Count B = t.microBatch, S = t.sequence, H = m.hidden, A = m.heads, L = m.layers;
    if (s.activations.model == ActivationModelKind::Textbook) {
        act.note = MathText::tr("The brief's formula (section 2.2, after Korthikanti et al. 2022): per layer "
                                "%1 × (19·B·S·H + 3·B·A·S²), elements in %2.")
                           .arg(perParam(elem), dtypeLabel(activationDtype(t.precision.recipe)));
        const Count linear = 19 * B * S * H;
        const Count quadratic = 3 * B * A * S * S;
        act.lines << MathLine{ MathText::tr("Per layer"), MathText::tr("%1 × (19·B·S·H + 3·B·A·S²)").arg(perParam(elem)),
                               MathText::tr("%1 × (19 × %2 × %3 × %4 + 3 × %2 × %5 × %3²) = %1 × (%6 + %7)")
                                       .arg(perParam(elem), groupedCount(B), groupedCount(S), groupedCount(H),
                                            groupedCount(A), groupedCount(linear), groupedCount(quadratic)),
                               both(a.perLayer), false };
        switch (t.recompute) {
        case Recompute::None:
            act.lines << MathLine{ MathText::tr("All layers"), MathText::tr("L × per layer"),
                                   MathText::tr("%1 × %2").arg(groupedCount(L), formatBytes(a.perLayer, unit)),
                                   both(a.layers), false };
            break;
        case Recompute::Full:
            act.lines << MathLine{ MathText::tr("Layer inputs kept"), MathText::tr("L × %1 × B·S·H").arg(perParam(elem)),
                                   MathText::tr("%1 × %2 × %3 × %4 × %5")
                                           .arg(groupedCount(L), perParam(elem), groupedCount(B), groupedCount(S),
                                                groupedCount(H)),
                                   both(a.layers), false };
            act.lines << MathLine{ MathText::tr("One layer recomputed"), MathText::tr("1 × per layer"),
                                   formatBytes(a.perLayer, unit), both(a.recompute), false };
            break;
        case Recompute::Selective:
            act.lines << MathLine{ MathText::tr("Linear part kept"), MathText::tr("L × %1 × 19·B·S·H").arg(perParam(elem)),
                                   MathText::tr("%1 × %2 × %3").arg(groupedCount(L), perParam(elem), groupedCount(linear)),
                                   both(a.layers), false };
            act.lines << MathLine{ MathText::tr("Scores of one layer recomputed"),
                                   MathText::tr("%1 × 3·B·A·S²").arg(perParam(elem)),
                                   MathText::tr("%1 × %2").arg(perParam(elem), groupedCount(quadratic)),
                                   both(a.recompute), false };
            break;
        }
    } else {
        act.note = MathText::tr("Itemized model: the saved tensors of one layer, listed below, per block family "
                                "and implementation.");
        act.lines << MathLine{ MathText::tr("Per layer"), MathText::tr("Σ saved tensors of one layer"), QString(),
                               both(a.perLayer), false };
        act.lines << MathLine{ MathText::tr("Stored across layers"),
                               MathText::tr("L layers under %1 checkpointing").arg(Labels::recompute(t.recompute).toLower()),
                               MathText::tr("L = %1").arg(groupedCount(L)), both(a.layers), false };
        if (a.recompute > bytes(0))
            act.lines << MathLine{ MathText::tr("Recomputed in backward"), MathText::tr("one layer's dropped tensors"),
                                   QString(), both(a.recompute), false };
    }
    if (a.outside > bytes(0))
        act.lines << MathLine{ MathText::tr("Outside the layers"), MathText::tr("embedding, logits and loss"),
                               QString(), both(a.outside), false };
    act.lines << MathLine{ MathText::tr("Activations"), MathText::tr("stored + recomputed + outside"),
                           MathText::tr("%1 + %2 + %3")
                                   .arg(formatBytes(a.layers, unit), formatBytes(a.recompute, unit),
                                        formatBytes(a.outside, unit)),
                           both(b.activations), true };
    sheet.sections << act;

    // --- Runtime and total ------------------------------------------------------------------
    MathSection total;
    total.heading = MathText::tr("Runtime overhead and the total");
    total.note = MathText::tr("CUDA context and kernels, and the caching allocator's reserve: the runtime's own "
                              "share, outside anything the model allocates.");
    total.lines << MathLine{ MathText::tr("Overhead"), MathText::tr("CUDA context + allocator reserve"),
                             MathText::tr("%1 + %2").arg(formatBytes(s.overhead.cudaContext, unit),
                                                         formatBytes(s.overhead.allocatorReserve, unit)),
                             both(b.overhead), false };
    total.lines << MathLine{ MathText::tr("Total"), MathText::tr("fixed + activations + overhead"),
                             MathText::tr("%1 + %2 + %3")
                                     .arg(formatBytes(b.modelStates(), unit), formatBytes(b.activations, unit),
                                          formatBytes(b.overhead, unit)),
                             both(b.total()), true };
    if (b.peak > b.total()) {
        total.lines << MathLine{ MathText::tr("Peak (%1)").arg(Labels::stepPhase(b.peakPhase)),
                                 MathText::tr("total + backward's transient buffers"),
                                 MathText::tr("%1 + %2").arg(formatBytes(b.total(), unit),
                                                             formatBytes(a.backwardTransient, unit)),
                                 both(b.peak), true };
    } else if (b.peak < b.total()) {
        // The itemized model takes the peak from the step's timeline: not every bucket is live
        // at once (gradients appear layer by layer while activations are released).
        const StepTimeline timeline = stepTimeline(s, b);
        const TimelinePoint &p = timeline.peakPoint();
        total.lines << MathLine{ MathText::tr("Peak (%1)").arg(Labels::stepPhase(b.peakPhase)),
                                 MathText::tr("what is live at the step's highest point: parameters + gradients + "
                                              "master weights + optimizer states + activations + transient buffers + "
                                              "overhead"),
                                 QStringList{ formatBytes(p.parameters, unit), formatBytes(p.gradients, unit),
                                              formatBytes(p.masterWeights, unit), formatBytes(p.optimizerStates, unit),
                                              formatBytes(p.activations, unit), formatBytes(p.transient, unit),
                                              formatBytes(p.overhead, unit) }
                                         .join(MathText::tr(" + ")),
                                 both(b.peak), true };
    }
    if (s.gpu.capacity > bytes(0)) {
        const GpuSpec *gpu = catalogue.gpu(spec.gpuId);
        const QString gpuName = gpu ? gpu->name : spec.gpuId;
        const bool fitsGpu = b.peak <= s.gpu.capacity;
        total.lines << MathLine{ fitsGpu ? MathText::tr("Headroom") : MathText::tr("Overflow"),
                                 fitsGpu ? MathText::tr("capacity − peak") : MathText::tr("peak − capacity"),
                                 fitsGpu ? MathText::tr("%1 (%2) − %3").arg(formatBytes(s.gpu.capacity, unit), gpuName,
                                                                            formatBytes(b.peak, unit))
                                         : MathText::tr("%1 − %2 (%3)").arg(formatBytes(b.peak, unit),
                                                                            formatBytes(s.gpu.capacity, unit), gpuName),
                                 both(fitsGpu ? s.gpu.capacity - b.peak : b.peak - s.gpu.capacity), true };
    }
    sheet.sections << total;

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

QString mathSheetHtml(const MathSheet &sheet, const QString &text, const QString &muted, const QString &accent)
{
    auto esc = [](const QString &s) { return s.toHtmlEscaped(); };
    QString html;
    html += QStringLiteral("<html><body style=\"color:%1\">").arg(text);
    html += QStringLiteral("<h3>%1</h3>").arg(esc(sheet.title));
    for (const MathSection &section : sheet.sections) {
        html += QStringLiteral("<h4 style=\"margin-bottom:2px\">%1</h4>").arg(esc(section.heading));
        if (!section.note.isEmpty())
            html += QStringLiteral("<p style=\"color:%1; margin-top:0\">%2</p>").arg(muted, esc(section.note));
        // One equation per paragraph, as it would be written on a board: the name, the formula,
        // the numbers plugged in, and the result (kept on one line) in the accent colour.
        for (const MathLine &line : section.lines) {
            QString equation = QStringLiteral("<b>%1</b> = %2").arg(esc(line.name), esc(line.formula));
            if (!line.numbers.isEmpty())
                equation += QStringLiteral(" = ") + esc(line.numbers);
            QString result = esc(line.result);
            result.replace(QLatin1Char(' '), QStringLiteral("&nbsp;"));
            equation += QStringLiteral(" = <span style=\"color:%1;%2\">%3</span>")
                                .arg(line.total ? accent : text, line.total ? QStringLiteral(" font-weight:bold;") : QString(),
                                     result);
            html += QStringLiteral("<p style=\"margin-top:2px; margin-bottom:2px; margin-left:12px; text-indent:-12px\">%1</p>")
                            .arg(equation);
        }
    }
    if (!sheet.tensors.isEmpty()) {
        html += QStringLiteral("<h4 style=\"margin-bottom:2px\">%1</h4>").arg(esc(MathText::tr("One layer's saved tensors")));
        html += QStringLiteral("<p style=\"color:%1; margin-top:0\">%2</p>").arg(muted, esc(sheet.tensorNote));
        html += QStringLiteral("<table cellspacing=\"0\" cellpadding=\"3\" width=\"100%\"><tr>");
        for (const QString &h : { MathText::tr("Tensor"), MathText::tr("Shape"), MathText::tr("Type"),
                                  MathText::tr("Elements"), MathText::tr("Size") })
            html += QStringLiteral("<th align=\"left\" style=\"color:%1\">%2</th>").arg(muted, esc(h));
        html += QStringLiteral("</tr>");
        for (const MathTensor &tensor : sheet.tensors) {
            QString name = esc(tensor.name);
            if (tensor.recomputed)
                name += QStringLiteral(" ↻");
            if (tensor.outside)
                name += QStringLiteral(" <span style=\"color:%1\">(%2)</span>").arg(muted, esc(MathText::tr("outside the layers")));
            html += QStringLiteral("<tr><td>%1</td><td>%2</td><td>%3</td><td align=\"right\">%4</td>"
                                   "<td align=\"right\" nowrap>%5</td></tr>")
                            .arg(name, esc(tensor.shape), esc(tensor.dtype), esc(tensor.elements), esc(tensor.size));
        }
        html += QStringLiteral("</table>");
    }
    if (!sheet.notes.isEmpty()) {
        html += QStringLiteral("<h4 style=\"margin-bottom:2px\">%1</h4><ul style=\"margin-top:0\">").arg(esc(MathText::tr("Notes")));
        for (const QString &n : sheet.notes)
            html += QStringLiteral("<li>%1</li>").arg(esc(n));
        html += QStringLiteral("</ul>");
    }
    html += QStringLiteral("</body></html>");
    return html;
}

QString mathSheetText(const MathSheet &sheet)
{
    QStringList out;
    out << sheet.title;
    for (const MathSection &section : sheet.sections) {
        out << QString() << section.heading;
        for (const MathLine &line : section.lines) {
            QString l = line.name + QStringLiteral(" = ") + line.formula;
            if (!line.numbers.isEmpty())
                l += QStringLiteral(" = ") + line.numbers;
            out << l + QStringLiteral(" = ") + line.result;
        }
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
