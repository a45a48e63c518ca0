// The checkpointing policies against PyTorch (tools/calibrate/recompute_measure.py, PyTorch 1.13 on
// CPU): a six-layer LLaMA (H = 64, A = 4, KV = 2, F = 172, V = 512) at B = 2, S = 48 in FP32 and
// pure BF16, its layers checkpointed as torchtitan (every N-th layer), Megatron-LM (uniform groups
// of N, the first N as blocks) and, emulated, torchtitan's per-operator policy do. Measured: every
// storage saved for backward by the end of forward, and what each checkpoint unit's rerun saves in
// backward. Headroom, with the hf-eager-cpu profile the calibration fixtures describe: the layers'
// and the outside's held tensors (within 1 %), and one unit's rebuilt tensors (within 1 %).

#include <QtTest>

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <headroom/memory/estimate.h>
#include <headroom/memory/validation.h>

#include "cpufixturescenario.h"

using namespace headroom;

namespace {

Scenario scenarioOf(const QJsonObject &run)
{
    Scenario s = test::cpuFixtureLlama(run);
    s.training.microBatch = run.value(QStringLiteral("batch")).toInteger();
    s.training.sequence = run.value(QStringLiteral("seq")).toInteger();
    const QString policy = run.value(QStringLiteral("policy")).toString();
    const Count n = run.value(QStringLiteral("n")).toInteger();
    if (policy == QStringLiteral("none")) {
        s.training.recompute = Recompute::None;
    } else if (policy == QStringLiteral("op")) {
        s.training.recompute = Recompute::Op;
    } else {
        s.training.recompute = Recompute::Full;
        if (policy == QStringLiteral("every"))
            s.training.recomputeEvery = n;
        else if (policy == QStringLiteral("uniform") || policy == QStringLiteral("block")) {
            s.training.recomputeLayers = n;
            s.training.recomputeMethod = policy == QStringLiteral("block") ? RecomputeMethod::Block : RecomputeMethod::Uniform;
        }
    }
    return s;
}

bool within(double modelled, double measured, double share) { return std::abs(modelled - measured) <= share * measured; }

} // namespace

class TestRecomputeMeasured : public QObject
{
    Q_OBJECT

private slots:
    void policiesAgainstPyTorch()
    {
        QFile f(qEnvironmentVariable("HEADROOM_FIXTURES") + QStringLiteral("/calibration/recompute-cpu.json"));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QJsonArray runs = QJsonDocument::fromJson(f.readAll()).object().value(QStringLiteral("runs")).toArray();
        QCOMPARE(runs.size(), 18);
        for (const QJsonValue &v : runs) {
            const QJsonObject run = v.toObject();
            const QByteArray id = run.value(QStringLiteral("id")).toString().toUtf8();
            const Scenario s = scenarioOf(run);
            QVERIFY2(validate(s).empty(), id.constData());
            const ActivationEstimate a = estimate(s).activationDetail;
            const double held = static_cast<double>(countOf(a.layers + a.outside));
            const double measured = run.value(QStringLiteral("saved_forward")).toDouble();
            QVERIFY2(within(held, measured, 0.01),
                     qPrintable(QStringLiteral("%1 held: measured %2, Headroom %3").arg(QString::fromUtf8(id)).arg(measured, 0, 'f', 0).arg(held, 0, 'f', 0)));
            qInfo("%s: held measured %.0f, Headroom %.0f (%+.2f %%)", id.constData(), measured, held, 100.0 * (held - measured) / measured);
            const Count units = run.value(QStringLiteral("checkpoint_units")).toInteger();
            if (units > 0) {
                const double rebuilt = run.value(QStringLiteral("largest_rerun")).toDouble();
                const double modelled = static_cast<double>(countOf(a.recompute));
                QVERIFY2(within(modelled, rebuilt, 0.01),
                         qPrintable(QStringLiteral("%1 rebuilt: measured %2 a unit, Headroom %3").arg(QString::fromUtf8(id)).arg(rebuilt, 0, 'f', 0).arg(modelled, 0, 'f', 0)));
            }
        }
    }
};

QTEST_APPLESS_MAIN(TestRecomputeMeasured)

#include "tst_recomputemeasured.moc"
