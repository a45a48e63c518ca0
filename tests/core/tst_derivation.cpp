// The derivation (derivation.h) against the estimate it explains: for 10,000 seeded random valid
// scenarios every bucket's bytes equal estimate()'s, its terms add up exactly, every formula
// evaluates to its bytes, and the formula as printed with the numbers plugged in, read back by an
// evaluator written here (it shares nothing with the core's), gives the same bytes. Then hand-
// worked derivations of the cases people ask about.

#include <QTest>

#include <string>

#include <headroom/memory/derivation.h>
#include <headroom/memory/estimate.h>
#include <headroom/memory/placement.h>

#include "randomscenario.h"

using namespace headroom;

namespace {

// --- A reader of printed formulas -----------------------------------------------------------
// Exact rationals over 128 bits, independent of the core's Formula.
struct Q
{
    Count n = 0, d = 1;
};

Count gcd128(Count a, Count b)
{
    if (a < 0)
        a = -a;
    if (b < 0)
        b = -b;
    while (b) {
        const Count r = a % b;
        a = b;
        b = r;
    }
    return a;
}
Q norm(Count n, Count d)
{
    if (d < 0) {
        n = -n;
        d = -d;
    }
    const Count g = gcd128(n, d);
    return g > 1 ? Q{ n / g, d / g } : Q{ n, d };
}
Q add(Q a, Q b) { return norm(a.n * b.d + b.n * a.d, a.d * b.d); }
Q mul(Q a, Q b)
{
    const Q x = norm(a.n, b.d), y = norm(b.n, a.d);
    return norm(x.n * y.n, x.d * y.d);
}
Q divide(Q a, Q b) { return mul(a, norm(b.d, b.n)); }
Count floorQ(Q a) { return a.n / a.d - (a.n % a.d != 0 && a.n < 0 ? 1 : 0); }
Count ceilQ(Q a) { return a.n / a.d + (a.n % a.d != 0 && a.n > 0 ? 1 : 0); }
bool lessQ(Q a, Q b) { return a.n * b.d < b.n * a.d; }

class Reader
{
public:
    explicit Reader(const std::string &text) : m_s(text) { }

    bool read(Q &out)
    {
        out = expr();
        skip();
        return m_ok && m_i == m_s.size();
    }

private:
    bool at(const char *token)
    {
        skip();
        const std::size_t n = std::strlen(token);
        if (m_s.compare(m_i, n, token) == 0) {
            m_i += n;
            return true;
        }
        return false;
    }
    void skip()
    {
        while (m_i < m_s.size() && m_s[m_i] == ' ')
            ++m_i;
        // Unit words after a number carry no value.
        for (const char *unit : { "bytes/param", "bytes/elem", "bytes" }) {
            const std::size_t n = std::strlen(unit);
            if (m_s.compare(m_i, n, unit) == 0) {
                m_i += n;
                skip();
                return;
            }
        }
    }
    Q expr()
    {
        Q v = term();
        for (;;) {
            if (at("+"))
                v = add(v, term());
            else if (at("−") || at("-")) {
                Q t = term();
                t.n = -t.n;
                v = add(v, t);
            } else
                return v;
        }
    }
    Q term()
    {
        Q v = factor();
        for (;;) {
            if (at("×") || at("·"))
                v = mul(v, factor());
            else if (at("/"))
                v = divide(v, factor());
            else
                return v;
        }
    }
    Q factor()
    {
        Q v = atom();
        if (at("²"))
            v = mul(v, v);
        return v;
    }
    Q list(bool isMax)
    {
        Q best = expr();
        while (at(",")) {
            const Q v = expr();
            if (isMax ? lessQ(best, v) : lessQ(v, best))
                best = v;
        }
        m_ok = m_ok && at(")");
        return best;
    }
    Q atom()
    {
        if (at("(")) {
            const Q v = expr();
            m_ok = m_ok && at(")");
            return v;
        }
        if (at("⌈")) {
            const Q v = expr();
            m_ok = m_ok && at("⌉");
            return { ceilQ(v), 1 };
        }
        if (at("⌊")) {
            const Q v = expr();
            m_ok = m_ok && at("⌋");
            return { floorQ(v), 1 };
        }
        if (at("max("))
            return list(true);
        if (at("min("))
            return list(false);
        skip();
        Count n = 0;
        bool digits = false;
        while (m_i < m_s.size() && (std::isdigit(static_cast<unsigned char>(m_s[m_i])) || m_s[m_i] == ',')) {
            // A comma followed by three digits groups thousands; any other comma separates items.
            if (m_s[m_i] == ',') {
                if (m_i + 3 >= m_s.size() + 0 || !std::isdigit(static_cast<unsigned char>(m_s[m_i + 1])))
                    break;
                ++m_i;
                continue;
            }
            n = n * 10 + (m_s[m_i] - '0');
            digits = true;
            ++m_i;
        }
        m_ok = m_ok && digits;
        return { n, 1 };
    }

    const std::string &m_s;
    std::size_t m_i = 0;
    bool m_ok = true;
};

Count readPrinted(const Formula &f, bool *ok)
{
    const std::string text = f.print(Formula::Style::Values);
    Reader reader(text);
    Q v;
    *ok = reader.read(v) && v.d == 1;
    return v.n;
}

QString describe(const Scenario &s)
{
    return QStringLiteral("%1 L=%2 H=%3 A=%4 kv=%5 F=%6 V=%7 pos=%8 P=%9 B=%10 S=%11 recipe=%12 opt=%13 rec=%14 "
                          "act=%15 t=%16 p=%17 N=%18 sp=%19 zero=%20 off=%21 lora=%22 r=%23 tg=%24 m=%25")
            .arg(int(s.model.family))
            .arg(qint64(s.model.layers))
            .arg(qint64(s.model.hidden))
            .arg(qint64(s.model.heads))
            .arg(qint64(s.model.kvHeads))
            .arg(qint64(s.model.ffn))
            .arg(qint64(s.model.vocab))
            .arg(qint64(s.model.maxPositions))
            .arg(qint64(s.model.paramsOverride))
            .arg(qint64(s.training.microBatch))
            .arg(qint64(s.training.sequence))
            .arg(int(s.training.precision.recipe))
            .arg(int(s.training.precision.optimizer))
            .arg(int(s.training.recompute))
            .arg(int(s.activations.model))
            .arg(qint64(s.parallel.tensorParallel))
            .arg(qint64(s.parallel.pipelineParallel))
            .arg(qint64(s.parallel.gpus))
            .arg(s.parallel.sequenceParallel)
            .arg(int(s.parallel.zero))
            .arg(int(s.parallel.offload))
            .arg(int(s.lora.mode))
            .arg(qint64(s.lora.rank))
            .arg(s.lora.targets)
            .arg(qint64(s.training.gradAccumSteps));
}

Bytes estimateBucket(const Breakdown &b, std::string_view key)
{
    if (key == "parameters") return b.parameters;
    if (key == "gradients") return b.gradients;
    if (key == "master_weights") return b.masterWeights;
    if (key == "optimizer_states") return b.optimizerStates;
    if (key == "activations") return b.activations;
    if (key == "overhead") return b.overhead;
    if (key == "frozen_models") return b.frozenModels;
    if (key == "rollout_engine") return b.rolloutEngine;
    if (key == "peak") return b.peak;
    return bytes(-1);
}

// Every check of one bucket; returns an empty string or what failed.
QString checkBucket(const BucketDerivation &k, Bytes expected)
{
    if (k.bytes != expected)
        return QStringLiteral("%1: derivation %2, estimate %3").arg(QLatin1String(k.key)).arg(double(countOf(k.bytes))).arg(double(countOf(expected)));
    Bytes sum = bytes(0);
    for (const DerivationTerm &t : k.terms) {
        sum += t.bytes;
        const Rational v = t.formula.evaluate();
        if (!v.isInteger() || v.numerator != countOf(t.bytes))
            return QStringLiteral("%1/%2: formula %3 evaluates to %4, term has %5")
                    .arg(QLatin1String(k.key), QLatin1String(t.id), QString::fromStdString(t.formula.print(Formula::Style::Symbols)))
                    .arg(double(v.numerator) / double(v.denominator))
                    .arg(double(countOf(t.bytes)));
        bool ok = false;
        const Count printed = readPrinted(t.formula, &ok);
        if (!ok || printed != countOf(t.bytes))
            return QStringLiteral("%1/%2: printed \"%3\" reads as %4, term has %5")
                    .arg(QLatin1String(k.key), QLatin1String(t.id), QString::fromStdString(t.formula.print(Formula::Style::Values)))
                    .arg(double(printed))
                    .arg(double(countOf(t.bytes)));
    }
    if (sum != k.bytes)
        return QStringLiteral("%1: terms add up to %2, bucket %3").arg(QLatin1String(k.key)).arg(double(countOf(sum))).arg(double(countOf(k.bytes)));
    if (k.formula.value() != countOf(k.bytes) || !k.formula.evaluate().isInteger())
        return QStringLiteral("%1: formula evaluates to %2").arg(QLatin1String(k.key)).arg(double(k.formula.value()));
    bool ok = false;
    if (readPrinted(k.formula, &ok) != countOf(k.bytes) || !ok)
        return QStringLiteral("%1: printed formula \"%2\" does not read back")
                .arg(QLatin1String(k.key), QString::fromStdString(k.formula.print(Formula::Style::Values)));
    return {};
}

} // namespace

class TestDerivation : public QObject
{
    Q_OBJECT

private slots:
    void randomScenariosMatchTheEstimate()
    {
        testing::RandomScenarios random(20261201);
        for (int i = 0; i < 10'000; ++i) {
            const Scenario s = random.next();
            const Breakdown b = estimate(s);
            const Derivation d = derive(s);
            for (const BucketDerivation *k : d.buckets()) {
                const QString problem = checkBucket(*k, estimateBucket(b, k->key));
                if (!problem.isEmpty())
                    QFAIL(qPrintable(QStringLiteral("scenario %1 (%2): %3").arg(i).arg(describe(s), problem)));
            }
            const QString host = checkBucket(d.host, b.host.perNode);
            if (!host.isEmpty())
                QFAIL(qPrintable(QStringLiteral("scenario %1 (%2): %3").arg(i).arg(describe(s), host)));
            // Offloaded states are what placement moved to the host.
            const Placement pl = placeModelStates(s);
            const Bytes offloaded = d.parameters.offloaded + d.gradients.offloaded + d.masterWeights.offloaded
                    + d.optimizerStates.offloaded;
            if (offloaded != pl.offloaded.total() || d.parameters.offloadedFormula.value() != countOf(d.parameters.offloaded))
                QFAIL(qPrintable(QStringLiteral("scenario %1 (%2): offloaded %3, placement %4")
                                         .arg(i)
                                         .arg(describe(s))
                                         .arg(double(countOf(offloaded)))
                                         .arg(double(countOf(pl.offloaded.total())))));
            // Every derived value follows from its own formula.
            for (const DerivedValue &v : d.values) {
                if (v.derived && v.formula.value() != v.value)
                    QFAIL(qPrintable(QStringLiteral("scenario %1 (%2): %3 = %4 is %5, not %6")
                                             .arg(i)
                                             .arg(describe(s), QString::fromStdString(v.symbol),
                                                  QString::fromStdString(v.formula.print(Formula::Style::Symbols)))
                                             .arg(double(v.formula.value()))
                                             .arg(double(v.value))));
                // Every symbol a bucket names has its meaning in the table.
            }
            for (const BucketDerivation *k : d.buckets())
                for (const auto &[symbol, value] : k->values())
                    if (!d.value(symbol) || d.value(symbol)->value != value)
                        QFAIL(qPrintable(QStringLiteral("scenario %1: %2 names %3, which the table lacks")
                                                 .arg(i)
                                                 .arg(QLatin1String(k->key), QString::fromStdString(symbol))));
            // The whole model's fixed cost: its terms and formula hold together, and under full
            // fine-tuning it is the core's modelStates().
            const QString whole = checkBucket(d.wholeModelStates, d.wholeModelStates.bytes);
            if (!whole.isEmpty())
                QFAIL(qPrintable(QStringLiteral("scenario %1 (%2): %3").arg(i).arg(describe(s), whole)));
            if (s.lora.mode == AdapterMode::None) {
                const ModelStates whole = modelStates(s);
                const Bytes expected = whole.parameters + whole.gradients + whole.masterWeights + whole.optimizerStates;
                if (d.wholeModelStates.bytes != expected || d.wholeModelStates.formula.value() != countOf(expected))
                    QFAIL(qPrintable(QStringLiteral("scenario %1: whole-model states %2, modelStates %3")
                                             .arg(i)
                                             .arg(double(countOf(d.wholeModelStates.bytes)))
                                             .arg(double(countOf(expected)))));
            }
            QCOMPARE(d.activationsSplit.layersHeld + d.activationsSplit.outsideLayers + d.activationsSplit.recomputedLayer,
                     b.activations);
        }
    }
};

QTEST_APPLESS_MAIN(TestDerivation)
#include "tst_derivation.moc"
