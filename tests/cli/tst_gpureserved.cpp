// Headroom's reserved figure against torch.cuda.max_memory_reserved() of 58 real H200 training
// steps (tests/fixtures/calibration/gpu.json; the options and measured figures in
// gpu-reserved.json, written by tools/calibrate/gpu_reserved_cases.py from the harness's own
// option mapping). The four QLoRA steps are left out, each with its reason in the file.
//
// What this holds, and what it does not yet: the emulated allocator's reserved figure is within
// 5 % on 26 of the 54 steps (median |error| 5.2 %, worst 25 %); the target is 50 of 58.
// The floors below keep what is reached from slipping; docs/accuracy.md has the table.

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

#include <algorithm>
#include <cmath>

#include "clirun.h"

class TestGpuReserved : public QObject
{
    Q_OBJECT

private slots:
    void reservedAgainstTheH200Steps()
    {
        QFile f(qEnvironmentVariable("HEADROOM_FIXTURES") + QStringLiteral("/calibration/gpu-reserved.json"));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QJsonArray cases = QJsonDocument::fromJson(f.readAll()).object().value(QStringLiteral("cases")).toArray();
        QCOMPARE(cases.size(), 58);
        QList<double> errors;
        int excluded = 0;
        for (const QJsonValue &v : cases) {
            const QJsonObject c = v.toObject();
            const QString id = c.value(QStringLiteral("id")).toString();
            if (c.contains(QStringLiteral("excluded"))) {
                QVERIFY2(!c.value(QStringLiteral("excluded")).toString().isEmpty(), qPrintable(id));
                ++excluded;
                continue;
            }
            QStringList args{ QStringLiteral("estimate") };
            for (const QJsonValue &o : c.value(QStringLiteral("options")).toArray())
                args << o.toString();
            args << QStringLiteral("--json");
            const Run r = cli(args);
            QVERIFY2(r.exitCode == 0, qPrintable(id + QStringLiteral(": ") + QString::fromUtf8(r.err)));
            const QJsonObject peak = QJsonDocument::fromJson(r.out).object().value(QStringLiteral("peak")).toObject();
            QVERIFY2(peak.value(QStringLiteral("allocator_cache")).toObject().value(QStringLiteral("modelled")).toBool(), qPrintable(id));
            const double measured = c.value(QStringLiteral("measured_reserved")).toDouble();
            const double estimated = double(peak.value(QStringLiteral("reserved")).toInteger());
            const double error = (estimated - measured) / measured;
            qInfo("%-46s measured %7.2f GiB, estimated %7.2f GiB, %+6.1f %%", qPrintable(id), measured / double(1ll << 30),
                  estimated / double(1ll << 30), 100 * error);
            errors << std::abs(error);
        }
        QCOMPARE(excluded, 4);
        std::sort(errors.begin(), errors.end());
        const qsizetype n = errors.size();
        const double median = (errors.at(n / 2 - 1) + errors.at(n / 2)) / 2;
        const auto within5 = std::count_if(errors.cbegin(), errors.cend(), [](double e) { return e <= 0.05; });
        qInfo("median |error| over %lld steps: %.1f %%; within 5 %%: %lld", static_cast<long long>(n), 100 * median,
              static_cast<long long>(within5));
        QVERIFY2(median <= 0.06, qPrintable(QString::number(100 * median)));
        QVERIFY2(within5 >= 24, qPrintable(QString::number(within5)));
        QVERIFY2(errors.constLast() <= 0.30, qPrintable(QString::number(100 * errors.constLast())));
    }
};

QTEST_GUILESS_MAIN(TestGpuReserved)
#include "tst_gpureserved.moc"
