#include "reportwriter.h"

#include <QRegularExpression>

#include <headroom/memory/implementationprofile.h>
#include <headroom/memory/placement.h>
#include <headroom/memory/stack.h>
#include <headroom/memory/steptimeline.h>
#include <headroom/memory/estimate.h>

#include "wording.h"
#include "fittext.h"

namespace headroom {

namespace {


// A spreadsheet runs a cell that starts with =, +, -, @ (or a tab or carriage return before
// one) as a formula: a model named "=HYPERLINK(...)" would. Such text gets a leading ' (OWASP's
// CSV injection advice), which spreadsheets show as text; the report's own numbers ("-0.5")
// are left as they are.
QString defused(const QString &text)
{
    static const QRegularExpression number(QStringLiteral("^-?[0-9][0-9.]*$"));
    if (text.isEmpty() || !QStringLiteral("=+-@\t\r").contains(text.front()) || number.match(text).hasMatch())
        return text;
    return QLatin1Char('\'') + text;
}

// RFC 4180: a field with a comma, quote or line break is quoted, its quotes doubled.
QString field(const QString &value)
{
    const QString text = defused(value);
    if (!text.contains(QLatin1Char(',')) && !text.contains(QLatin1Char('"')) && !text.contains(QLatin1Char('\n'))
        && !text.contains(QLatin1Char('\r')))
        return text;
    QString q = text;
    q.replace(QLatin1Char('"'), QStringLiteral("\"\""));
    return QLatin1Char('"') + q + QLatin1Char('"');
}

struct Csv
{
    QString text = QStringLiteral("section,item,value,bytes,GB,GiB,formula\r\n");

    void add(const QString &section, const QString &item, const QString &value, const Bytes *b = nullptr,
             const QString &formula = QString())
    {
        QStringList f{ section, item, value };
        if (b)
            f << groupedDigits(countOf(*b)).remove(QLatin1Char(',')) << QString::number(toGB(*b), 'f', 6)
              << QString::number(toGiB(*b), 'f', 6);
        else
            f << QString() << QString() << QString();
        f << formula;
        for (QString &x : f)
            x = field(x);
        text += f.join(QLatin1Char(',')) + QStringLiteral("\r\n");
    }
    void figure(const QString &section, const QString &item, Bytes b, const QString &formula = QString())
    {
        add(section, item, QString(), &b, formula);
    }
    void value(const QString &section, const QString &item, const QString &v) { add(section, item, v); }
    void count(const QString &section, const QString &item, Count v) { add(section, item, groupedDigits(v).remove(QLatin1Char(','))); }
};

QString symbols(const Formula &f) { return QString::fromStdString(f.print(Formula::Style::Symbols)); }
QString values(const Formula &f) { return QString::fromStdString(f.print(Formula::Style::Values)); }

} // namespace

QByteArray reportCsv(const Report &r)
{
    const Scenario &s = r.spec.scenario;
    const Derivation &d = r.derivation;
    const Breakdown &b = r.breakdown;
    Csv o;
    const QString input = QStringLiteral("input");
    o.value(input, QStringLiteral("preset"), r.spec.presetId);
    o.value(input, QStringLiteral("model_name"), r.spec.modelName);
    o.count(input, QStringLiteral("parameters"), b.parameterCount);
    o.value(input, QStringLiteral("family"), nameText(familyName(s.model.family)));
    o.count(input, QStringLiteral("layers"), s.model.layers);
    o.count(input, QStringLiteral("hidden"), s.model.hidden);
    o.count(input, QStringLiteral("heads"), s.model.heads);
    o.count(input, QStringLiteral("batch"), s.training.microBatch);
    o.count(input, QStringLiteral("seq"), s.training.sequence);
    o.count(input, QStringLiteral("grad_accum"), s.training.gradAccumSteps);
    o.value(input, QStringLiteral("recipe"), nameText(recipeName(s.training.precision.recipe)));
    o.value(input, QStringLiteral("optimizer"), nameText(optimizerName(s.training.precision.optimizer)));
    o.value(input, QStringLiteral("recompute"), nameText(recomputeName(s.training.recompute)));
    o.value(input, QStringLiteral("activations"), nameText(activationModelName(s.activations.model)));
    o.value(input, QStringLiteral("profile"), nameText(profileName(s.activations.profile)));
    o.value(input, QStringLiteral("attention"), nameText(attentionKernelName(s.activations.attention)));
    o.value(input, QStringLiteral("stack"), nameText(stackName(d.stack)));
    o.count(input, QStringLiteral("gpus"), s.parallel.gpus);
    o.count(input, QStringLiteral("tp"), s.parallel.tensorParallel);
    o.count(input, QStringLiteral("pp"), s.parallel.pipelineParallel);
    o.count(input, QStringLiteral("zero"), static_cast<int>(s.parallel.zero));
    o.value(input, QStringLiteral("offload"), nameText(offloadName(s.parallel.offload)));
    o.value(input, QStringLiteral("gpu"), r.spec.gpuId);

    // The same keys and figures as `estimate --json`'s per_gpu.
    const QString perGpu = QStringLiteral("per_gpu");
    for (const BucketDerivation *k : d.buckets())
        if (k != &d.peak)
            o.figure(perGpu, QLatin1String(k->key), k->bytes, symbols(k->formula));
    o.figure(perGpu, QStringLiteral("model_states"), b.modelStates());
    o.figure(perGpu, QStringLiteral("total"), b.total());

    const QString peak = QStringLiteral("peak");
    o.figure(peak, QStringLiteral("peak"), d.peak.bytes, symbols(d.peak.formula));
    o.value(peak, QStringLiteral("phase"), nameText(stepPhaseName(d.peakPhase)));
    o.value(peak, QStringLiteral("event"), nameText(timelineEventName(d.peakEvent)));
    for (const DerivationTerm &t : d.peak.terms)
        o.figure(QStringLiteral("peak_live"), QLatin1String(t.id), t.bytes, symbols(t.formula));

    // Every term with the numbers plugged in.
    const QString derivation = QStringLiteral("derivation");
    for (const BucketDerivation *k : d.buckets()) {
        o.figure(derivation, QLatin1String(k->key), k->bytes, values(k->formula));
        for (const DerivationTerm &t : k->terms)
            o.figure(derivation, QLatin1String(k->key) + QLatin1Char('.') + QLatin1String(t.id), t.bytes, values(t.formula));
    }
    for (const DerivedValue &v : d.values)
        o.add(QStringLiteral("symbol"), QString::fromStdString(v.symbol), QString::number(qint64(v.value)), nullptr,
              v.derived ? symbols(v.formula) : QString());

    const QString verdict = QStringLiteral("verdict");
    if (d.capacity > bytes(0)) {
        o.value(verdict, QStringLiteral("gpu"), r.spec.gpuId);
        o.figure(verdict, QStringLiteral("capacity"), d.capacity);
        o.figure(verdict, QStringLiteral("margin"), d.margin);
        o.value(verdict, QStringLiteral("fits"), d.fits ? QStringLiteral("true") : QStringLiteral("false"));
    }

    // GPUs needed per kind and strategy (0: none up to the search limit), with the per-GPU peak there.
    for (const GpuFit &g : r.fits) {
        for (int k = 0; k < kStrategyCount; ++k) {
            const StrategyFit &f = g.strategies[k];
            o.add(QStringLiteral("fit"), g.gpu->id + QLatin1Char('.') + nameText(kStrategies[k].name),
                  QString::number(qint64(f.gpus)), &f.peak);
        }
        o.count(QStringLiteral("fit"), g.gpu->id + QStringLiteral(".max_micro_batch"), g.maxBatch);
        o.count(QStringLiteral("fit"), g.gpu->id + QStringLiteral(".max_sequence"), g.maxSequence);
    }

    // The advice in order: the peak after each step, and what it saved.
    for (std::size_t i = 0; i < r.advice.size(); ++i) {
        const Advice &a = r.advice[i];
        const QString item = QString::number(i + 1) + QLatin1Char('.') + nameText(adviceName(a.kind));
        const Bytes after = estimate(a.after).peak;
        o.add(QStringLiteral("advice"), item + QStringLiteral(".peak_after"), a.fitsAfter ? QStringLiteral("fits") : QString(), &after);
        o.figure(QStringLiteral("advice"), item + QStringLiteral(".saving"), a.saving);
    }
    return o.text.toUtf8();
}

} // namespace headroom
