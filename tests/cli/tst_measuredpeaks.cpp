// Headroom against the GPU peaks of real torchtune and Hugging Face PEFT runs
// (tests/fixtures/measured/measured-peaks.json, a copy of the project's reference; each case's
// options, statistic and assumptions in cases.json). Every expressible case is estimated with
// the CLI options a user of its stack would give; the median |error| over them and the error of
// every case whose config is complete must stay within the targets cases.json states.

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

#include <algorithm>
#include <cmath>

#include "clirun.h"

namespace {

QJsonObject readJson(const QString &name)
{
    QFile f(qEnvironmentVariable("HEADROOM_FIXTURES") + QStringLiteral("/measured/") + name);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(f.readAll()).object();
}

struct Outcome
{
    QString id;
    double measured = 0;
    double estimated = 0;
    bool complete = false;
    bool caveat = false;
    double error() const { return (estimated - measured) / measured; }
};

} // namespace

class TestMeasuredPeaks : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QVERIFY(!qEnvironmentVariable("HEADROOM_CLI").isEmpty());
        m_cases = readJson(QStringLiteral("cases.json"));
        const QJsonObject reference = readJson(QStringLiteral("measured-peaks.json"));
        for (const QJsonValue &v : reference.value(QStringLiteral("cases")).toArray())
            m_reference.insert(v.toObject().value(QStringLiteral("id")).toString(), v.toObject());
        QCOMPARE(m_reference.size(), 32);
        QCOMPARE(m_cases.value(QStringLiteral("cases")).toArray().size(), m_reference.size());
    }

    //! Every reference case is either expressed or says why it cannot be.
    void everyCaseIsAccountedFor()
    {
        for (const QJsonValue &v : m_cases.value(QStringLiteral("cases")).toArray()) {
            const QJsonObject c = v.toObject();
            const QString id = c.value(QStringLiteral("id")).toString();
            QVERIFY2(m_reference.contains(id), qPrintable(id));
            if (c.contains(QStringLiteral("not_expressed"))) {
                QVERIFY(!c.value(QStringLiteral("not_expressed")).toString().isEmpty());
                // Only partial configs may be left out.
                QVERIFY2(m_reference.value(id).value(QStringLiteral("config_completeness")).toString() == QStringLiteral("partial"),
                         qPrintable(id));
                continue;
            }
            QVERIFY2(!c.value(QStringLiteral("assumptions")).toString().isEmpty(), qPrintable(id));
            QVERIFY2(m_cases.value(QStringLiteral("statistics")).toObject().contains(c.value(QStringLiteral("statistic")).toString()),
                     qPrintable(id));
        }
    }

    void withinTargets()
    {
        const QJsonObject statistics = m_cases.value(QStringLiteral("statistics")).toObject();
        QList<Outcome> outcomes;
        for (const QJsonValue &v : m_cases.value(QStringLiteral("cases")).toArray()) {
            const QJsonObject c = v.toObject();
            if (c.contains(QStringLiteral("not_expressed")))
                continue;
            const QString id = c.value(QStringLiteral("id")).toString();
            QStringList args{ QStringLiteral("estimate") };
            for (const QJsonValue &o : c.value(QStringLiteral("options")).toArray())
                args << o.toString();
            for (const QJsonValue &o : statistics.value(c.value(QStringLiteral("statistic")).toString()).toObject()
                                               .value(QStringLiteral("options")).toArray())
                args << o.toString();
            args << QStringLiteral("--json");
            const Run r = cli(args);
            QVERIFY2(r.exitCode == 0, qPrintable(id + QStringLiteral(": ") + QString::fromUtf8(r.err)));
            const QJsonObject expected = m_reference.value(id).value(QStringLiteral("expected")).toObject();
            const QString unit = expected.value(QStringLiteral("unit")).toString();
            QVERIFY2(unit == QStringLiteral("GiB") || unit == QStringLiteral("GB"), qPrintable(id));
            const double scale = unit == QStringLiteral("GiB") ? double(1ll << 30) : 1e9;
            Outcome o;
            o.id = id;
            o.measured = expected.value(QStringLiteral("value")).toDouble() * scale;
            o.estimated = double(QJsonDocument::fromJson(r.out).object().value(QStringLiteral("peak")).toObject()
                                         .value(QStringLiteral("bytes")).toInteger());
            o.complete = m_reference.value(id).value(QStringLiteral("config_completeness")).toString() == QStringLiteral("complete");
            o.caveat = c.contains(QStringLiteral("source_caveat"));
            outcomes << o;
        }
        QVERIFY(outcomes.size() >= 25);
        QList<double> errors;
        for (const Outcome &o : outcomes) {
            errors << std::abs(o.error());
            qInfo("%-52s measured %8.2f GB, estimated %8.2f GB, %+6.1f %%", qPrintable(o.id), o.measured / 1e9,
                  o.estimated / 1e9, 100 * o.error());
        }
        std::sort(errors.begin(), errors.end());
        const qsizetype n = errors.size();
        const double median = n % 2 ? errors.at(n / 2) : (errors.at(n / 2 - 1) + errors.at(n / 2)) / 2;
        qInfo("median |error| over %lld cases: %.1f %%", static_cast<long long>(n), 100 * median);
        const QJsonObject targets = m_cases.value(QStringLiteral("targets")).toObject();
        QVERIFY2(median <= targets.value(QStringLiteral("median_abs_error")).toDouble(),
                 qPrintable(QStringLiteral("median |error| %1 %").arg(100 * median)));
        const double limit = targets.value(QStringLiteral("complete_abs_error")).toDouble();
        for (const Outcome &o : outcomes)
            if (o.complete && !o.caveat)
                QVERIFY2(std::abs(o.error()) <= limit, qPrintable(QStringLiteral("%1: %2 %").arg(o.id).arg(100 * o.error())));
    }

private:
    QJsonObject m_cases;
    QMap<QString, QJsonObject> m_reference;
};

QTEST_GUILESS_MAIN(TestMeasuredPeaks)
#include "tst_measuredpeaks.moc"
