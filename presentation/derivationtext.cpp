#include "derivationtext.h"

#include <headroom/io/textwidth.h>

#include <QCoreApplication>
#include <QTextStream>

#include "derivationwords.h"
#include "wording.h"
#include "placementtext.h"

namespace headroom {

namespace {

QString utf8(const std::string &s) { return QString::fromStdString(s); }

QString bytesLine(Bytes b)
{
    //: exact bytes, then decimal GB and binary GiB
    return Cli::tr("%1 bytes (%2, %3)").arg(groupedDigits(countOf(b)), gbText(b), gibText(b));
}

void printBucket(QTextStream &o, const BucketDerivation &k)
{
    o << derivationWord(k.label) << QStringLiteral(" = ") << bytesLine(k.bytes) << Qt::endl;
    o << QStringLiteral("  ") << Cli::tr("formula:") << QLatin1Char(' ') << formulaText(k.formula, Formula::Style::Symbols)
      << Qt::endl;
    o << QStringLiteral("  ") << Cli::tr("numbers:") << QLatin1Char(' ') << formulaText(k.formula, Formula::Style::Values)
      << Qt::endl;
    if (k.terms.size() > 1) {
        o << QStringLiteral("  ") << Cli::tr("terms:") << Qt::endl;
        for (const DerivationTerm &t : k.terms)
            o << QStringLiteral("    ") << derivationWord(t.label) << QStringLiteral(": ")
              << formulaText(t.formula, Formula::Style::Symbols) << QStringLiteral(" = ")
              << formulaText(t.formula, Formula::Style::Values) << QStringLiteral(" = ") << groupedDigits(countOf(t.bytes))
              << QLatin1Char(' ') << Cli::tr("bytes") << Qt::endl;
    }
    if (k.offloaded > bytes(0))
        o << QStringLiteral("  ") << Cli::tr("offloaded to host RAM, per GPU:") << QLatin1Char(' ')
          << formulaText(k.offloadedFormula, Formula::Style::Symbols) << QStringLiteral(" = ") << bytesLine(k.offloaded)
          << Qt::endl;
    if (*k.source)
        o << QStringLiteral("  ") << Cli::tr("source:") << QLatin1Char(' ') << derivationWord(k.source) << Qt::endl;
    for (const DerivationTerm &t : k.terms)
        if (*t.source && qstrcmp(t.source, k.source) != 0)
            o << QStringLiteral("  ") << Cli::tr("source (%1):").arg(derivationWord(t.label)) << QLatin1Char(' ')
              << derivationWord(t.source) << Qt::endl;
    o << Qt::endl;
}

QJsonObject termJson(const DerivationTerm &t)
{
    QJsonObject o{
        { QStringLiteral("id"), QLatin1String(t.id) },
        { QStringLiteral("label"), QString::fromUtf8(t.label) },
        { QStringLiteral("formula"), utf8(t.formula.print(Formula::Style::Symbols)) },
        { QStringLiteral("formula_values"), utf8(t.formula.print(Formula::Style::Values)) },
        { QStringLiteral("bytes"), jsonByteValue(t.bytes) },
    };
    if (*t.source)
        o.insert(QStringLiteral("source"), QString::fromUtf8(t.source));
    return o;
}

} // namespace

QString howText(const BucketDerivation &bucket)
{
    if (bucket.terms.empty())
        return QStringLiteral("0");
    return formulaText(bucket.formula, Formula::Style::Symbols);
}

void printExplanation(QTextStream &o, const Derivation &d)
{
    o << Cli::tr("Training stack %1; its choices (set: you changed the stack's default):").arg(nameText(stackName(d.stack)))
      << Qt::endl;
    for (const StackChoice &c : d.choices)
        o << QStringLiteral("  ") << padEnd(QString::fromLatin1(c.id), 22) << QLatin1Char(' ')
          << utf8(c.value) << QStringLiteral("  (") << (c.fromStack ? Cli::tr("the stack's: %1").arg(derivationWord(c.source)) : Cli::tr("set"))
          << QStringLiteral(")") << Qt::endl;
    o << Qt::endl;
    o << Cli::tr("How each figure comes about, per GPU (symbols are listed at the end):") << Qt::endl << Qt::endl;
    for (const BucketDerivation *k : d.buckets()) {
        if (k == &d.peak)
            continue;
        printBucket(o, *k);
        if (k == &d.activations && !d.textbookActivations.terms.empty())
            printBucket(o, d.textbookActivations);
    }
    o << Cli::tr("Sum of the buckets (not all live at once): %1").arg(bytesLine(d.sumOfBuckets)) << Qt::endl << Qt::endl;
    o << Cli::tr("The step's peak, at %1 (%2):")
                 .arg(nameText(timelineEventName(d.peakEvent)), nameText(stepPhaseName(d.peakPhase)))
      << Qt::endl;
    printBucket(o, d.peak);
    const ActivationsSplit &a = d.activationsSplit;
    o << Cli::tr("Activations split:") << Qt::endl;
    o << QStringLiteral("  ") << Cli::tr("one layer, nothing recomputed: %1").arg(bytesLine(a.perLayer)) << Qt::endl;
    o << QStringLiteral("  ") << Cli::tr("all layers held: %1").arg(bytesLine(a.layersHeld)) << Qt::endl;
    o << QStringLiteral("  ") << Cli::tr("outside the layers: %1").arg(bytesLine(a.outsideLayers)) << Qt::endl;
    o << QStringLiteral("  ") << Cli::tr("one layer recomputed in backward: %1").arg(bytesLine(a.recomputedLayer)) << Qt::endl;
    o << QStringLiteral("  ") << Cli::tr("short-lived buffers at the peak (not in the bucket): %1").arg(bytesLine(a.transientPeak))
      << Qt::endl
      << Qt::endl;
    if (d.host.bytes > bytes(0))
        printBucket(o, d.host);
    o << Cli::tr("Symbols:") << Qt::endl;
    for (const DerivedValue &v : d.values) {
        o << QStringLiteral("  ") << padEnd(utf8(v.symbol), 10) << QLatin1Char(' ')
          << padStart(groupedDigits(v.value), 22) << QStringLiteral("  ") << derivationWord(v.meaning);
        if (v.derived)
            o << QStringLiteral("; = ") << formulaText(v.formula, Formula::Style::Symbols);
        o << Qt::endl;
    }
}

QString hostText(const Derivation &d)
{
    const BucketDerivation &h = d.host;
    return Cli::tr("Host RAM per node: %1 = %2 (%3)")
            .arg(gbText(h.bytes), formulaText(h.formula, Formula::Style::Symbols), derivationWord(h.source));
}

QJsonObject bucketJson(const BucketDerivation &k)
{
    QJsonObject values;
    for (const auto &[symbol, value] : k.values())
        values.insert(utf8(symbol), jsonByteValue(bytes(value)));
    QJsonArray terms;
    for (const DerivationTerm &t : k.terms)
        terms.append(termJson(t));
    QJsonObject o{
        { QStringLiteral("label"), QString::fromUtf8(k.label) },
        { QStringLiteral("formula"), utf8(k.formula.print(Formula::Style::Symbols)) },
        { QStringLiteral("formula_values"), utf8(k.formula.print(Formula::Style::Values)) },
        { QStringLiteral("values"), values },
        { QStringLiteral("bytes"), jsonByteValue(k.bytes) },
        { QStringLiteral("terms"), terms },
        { QStringLiteral("source"), QString::fromUtf8(k.source) },
    };
    if (k.offloaded > bytes(0))
        o.insert(QStringLiteral("offloaded"), QJsonObject{
                         { QStringLiteral("formula"), utf8(k.offloadedFormula.print(Formula::Style::Symbols)) },
                         { QStringLiteral("bytes"), jsonByteValue(k.offloaded) },
                 });
    return o;
}

QJsonObject derivationJson(const Derivation &d)
{
    QJsonObject o;
    for (const BucketDerivation *k : d.buckets())
        o.insert(QLatin1String(k->key), bucketJson(*k));
    if (!d.textbookActivations.terms.empty())
        o.insert(QLatin1String(d.textbookActivations.key), bucketJson(d.textbookActivations));
    QJsonObject peak = o.value(QStringLiteral("peak")).toObject();
    peak.insert(QStringLiteral("event"), nameText(timelineEventName(d.peakEvent)));
    peak.insert(QStringLiteral("phase"), nameText(stepPhaseName(d.peakPhase)));
    o.insert(QStringLiteral("peak"), peak);
    QJsonArray choices;
    for (const StackChoice &c : d.choices)
        choices.append(QJsonObject{ { QStringLiteral("option"), QLatin1String(c.id) },
                                    { QStringLiteral("label"), QString::fromUtf8(c.label) },
                                    { QStringLiteral("value"), utf8(c.value) },
                                    { QStringLiteral("from_stack"), c.fromStack },
                                    { QStringLiteral("source"), QString::fromUtf8(c.source) } });
    o.insert(QStringLiteral("stack"), QJsonObject{ { QStringLiteral("name"), nameText(stackName(d.stack)) },
                                                   { QStringLiteral("choices"), choices } });
    return o;
}

QJsonObject activationsSplitJson(const ActivationsSplit &a)
{
    return QJsonObject{
        { QStringLiteral("per_layer"), jsonByteValue(a.perLayer) },
        { QStringLiteral("layers_held"), jsonByteValue(a.layersHeld) },
        { QStringLiteral("outside_layers"), jsonByteValue(a.outsideLayers) },
        { QStringLiteral("recomputed_layer"), jsonByteValue(a.recomputedLayer) },
        { QStringLiteral("transient_peak"), jsonByteValue(a.transientPeak) },
    };
}

QJsonArray symbolsJson(const Derivation &d)
{
    QJsonArray a;
    for (const DerivedValue &v : d.values) {
        QJsonObject o{
            { QStringLiteral("symbol"), utf8(v.symbol) },
            { QStringLiteral("meaning"), QString::fromUtf8(v.meaning) },
            { QStringLiteral("value"), jsonByteValue(bytes(v.value)) },
        };
        if (v.derived)
            o.insert(QStringLiteral("formula"), utf8(v.formula.print(Formula::Style::Symbols)));
        if (*v.source)
            o.insert(QStringLiteral("source"), QString::fromUtf8(v.source));
        a.append(o);
    }
    return a;
}

} // namespace headroom
