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

void writeTerm(JsonWriter &w, const DerivationTerm &t)
{
    w.beginObject();
    w.key("id").string(t.id);
    w.key("label").string(t.label);
    w.key("formula").string(t.formula.print(Formula::Style::Symbols));
    w.key("formula_values").string(t.formula.print(Formula::Style::Values));
    w.key("bytes").byteCount(t.bytes);
    if (*t.source)
        w.key("source").string(t.source);
    w.endObject();
}

// The members of a bucket's object; the peak's adds the event and phase it peaks at.
void writeBucketMembers(JsonWriter &w, const BucketDerivation &k)
{
    w.key("label").string(k.label);
    w.key("formula").string(k.formula.print(Formula::Style::Symbols));
    w.key("formula_values").string(k.formula.print(Formula::Style::Values));
    w.key("values").beginObject();
    for (const auto &[symbol, value] : k.values()) // each symbol once (Formula::collectSymbols)
        w.key(symbol).integer(value);
    w.endObject();
    w.key("bytes").byteCount(k.bytes);
    w.key("terms").beginArray();
    for (const DerivationTerm &t : k.terms)
        writeTerm(w, t);
    w.endArray();
    w.key("source").string(k.source);
    if (k.offloaded > bytes(0)) {
        w.key("offloaded").beginObject();
        w.key("formula").string(k.offloadedFormula.print(Formula::Style::Symbols));
        w.key("bytes").byteCount(k.offloaded);
        w.endObject();
    }
}

} // namespace

QString howText(const BucketDerivation &bucket)
{
    if (bucket.terms.empty())
        return QStringLiteral("0");
    return formulaText(bucket.formula, Formula::Style::Symbols);
}

namespace {

const DerivationTerm *transientTerm(const Derivation &d)
{
    for (const DerivationTerm &t : d.peak.terms)
        if (qstrcmp(t.id, "transient") == 0)
            return &t;
    return nullptr;
}

} // namespace

Bytes shortLivedBytes(const Derivation &d)
{
    const DerivationTerm *t = transientTerm(d);
    return t ? t->bytes : bytes(0);
}

QString shortLivedHow(const Derivation &d, bool textbook)
{
    if (const DerivationTerm *t = transientTerm(d); t && t->bytes > bytes(0)) {
        // Each buffer with what it is: X_opt, the optimizer's foreach temporary, and so on.
        std::vector<std::pair<std::string, Count>> symbols;
        t->formula.collectSymbols(symbols);
        QStringList meanings;
        for (const auto &[symbol, value] : symbols)
            if (const DerivedValue *v = d.value(symbol); v && *v->meaning)
                meanings << utf8(symbol) + QStringLiteral(": ") + derivationWord(v->meaning);
        //: %1 what the buffers are, %2 their formula in symbols, %3 each symbol and what it is
        return Cli::tr("in the peak, in no bucket: %1 = %2 (%3)")
                .arg(derivationWord(t->label), formulaText(t->formula, Formula::Style::Symbols), meanings.join(QStringLiteral("; ")));
    }
    if (textbook)
        return Cli::tr("none: the textbook convention (the article's) keeps every bucket resident for the whole step and "
                       "nothing beside them, so the peak is the sum of the buckets");
    return Cli::tr("none live at the peak");
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

QString hostPurposeText(Offload offload)
{
    return offload == Offload::None ? Cli::tr("to load the model") : Cli::tr("for the offloaded states and loading");
}

QString hostText(const Derivation &d, Offload offload)
{
    const BucketDerivation &h = d.host;
    //: %1 what the host memory is for, %2 bytes, %3 formula, %4 source
    return Cli::tr("Host RAM per node, %1: %2 = %3 (%4)")
            .arg(hostPurposeText(offload), gbText(h.bytes), formulaText(h.formula, Formula::Style::Symbols), derivationWord(h.source));
}

void writeBucket(JsonWriter &w, const BucketDerivation &k)
{
    w.beginObject();
    writeBucketMembers(w, k);
    w.endObject();
}

void writeDerivation(JsonWriter &w, const Derivation &d)
{
    w.beginObject();
    for (const BucketDerivation *k : d.buckets()) {
        w.key(k->key).beginObject();
        writeBucketMembers(w, *k);
        if (k == &d.peak) {
            w.key("event").string(timelineEventName(d.peakEvent));
            w.key("phase").string(stepPhaseName(d.peakPhase));
        }
        w.endObject();
    }
    if (!d.textbookActivations.terms.empty()) {
        w.key(d.textbookActivations.key);
        writeBucket(w, d.textbookActivations);
    }
    w.key("stack").beginObject();
    w.key("name").string(stackName(d.stack));
    w.key("choices").beginArray();
    for (const StackChoice &c : d.choices) {
        w.beginObject();
        w.key("option").string(c.id);
        w.key("label").string(c.label);
        w.key("value").string(c.value);
        w.key("from_stack").boolean(c.fromStack);
        w.key("source").string(c.source);
        w.endObject();
    }
    w.endArray();
    w.endObject();
    w.endObject();
}

void writeActivationsSplit(JsonWriter &w, const ActivationsSplit &a)
{
    w.beginObject();
    w.key("per_layer").byteCount(a.perLayer);
    w.key("layers_held").byteCount(a.layersHeld);
    w.key("outside_layers").byteCount(a.outsideLayers);
    w.key("recomputed_layer").byteCount(a.recomputedLayer);
    w.key("transient_peak").byteCount(a.transientPeak);
    w.endObject();
}

void writeSymbols(JsonWriter &w, const Derivation &d)
{
    w.beginArray();
    for (const DerivedValue &v : d.values) {
        w.beginObject();
        w.key("symbol").string(v.symbol);
        w.key("meaning").string(v.meaning);
        w.key("value").integer(v.value);
        if (v.derived)
            w.key("formula").string(v.formula.print(Formula::Style::Symbols));
        if (*v.source)
            w.key("source").string(v.source);
        w.endObject();
    }
    w.endArray();
}

} // namespace headroom
