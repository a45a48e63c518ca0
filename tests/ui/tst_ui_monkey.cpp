// A monkey at the inputs: thousands of random edits of sliders, fields (numbers in and out of
// range, and text that is no number), pickers, check boxes and radio buttons, offscreen. After
// each: the scenario on screen validates, nothing shown is NaN, infinite or negative, and the
// panes show the core's bytes for the document's scenario (estimated here again, independently
// of the panes).

#include <cmath>
#include <random>

#include <QCheckBox>
#include <QComboBox>
#include <QRadioButton>
#include <QTemporaryDir>
#include <QTest>

#include <headroom/memory/estimate.h>
#include <headroom/memory/reservedmemory.h>
#include <headroom/memory/validation.h>

#include "charts/stackedbarpane.h"
#include "charts/sweeppane.h"
#include "chartsarea.h"
#include "mainwindow.h"
#include "panes/inputpane.h"
#include "panes/mathpane.h"
#include "panes/verdictpane.h"
#include "scenariodocument.h"
#include "settings.h"
#include "widgets/countfield.h"
#include "widgets/stopslider.h"

using namespace headroom;

namespace {

// Enough to reach the combinations (every picker against every other several times) in about
// a minute on CI's two cores; the seed makes a failure reproducible.
constexpr int kEdits = 10000;
constexpr unsigned kSeed = 20261201;

bool finiteAndNonNegative(double v)
{
    return std::isfinite(v) && v >= 0;
}

bool showsNoNumberError(const QString &text)
{
    return !text.contains(QLatin1String("nan"), Qt::CaseInsensitive) && !text.contains(QLatin1String("inf"), Qt::CaseSensitive);
}

} // namespace

class TestMonkey : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
        QVERIFY(loadCatalogue(findDataDir(), m_catalogue).code == CatalogueError::Code::None);
        m_settings = std::make_unique<Settings>(m_dir.filePath(QStringLiteral("headroom.ini")));
    }

    void randomEdits()
    {
        MainWindow window(m_catalogue, *m_settings);
        window.setRemembersSession(false);
        window.resize(1280, 800);
        window.show();
        QCoreApplication::processEvents();
        InputPane *inputs = window.inputPane();
        const QList<StopSlider *> sliders = inputs->findChildren<StopSlider *>();
        const QList<CountField *> fields = inputs->findChildren<CountField *>();
        const QList<QComboBox *> pickers = inputs->findChildren<QComboBox *>();
        const QList<QCheckBox *> boxes = inputs->findChildren<QCheckBox *>();
        const QList<QRadioButton *> radios = inputs->findChildren<QRadioButton *>();
        QVERIFY(sliders.size() >= 4 && fields.size() >= 10 && pickers.size() >= 5 && boxes.size() >= 5);

        std::mt19937 rng(kSeed);
        auto pick = [&](int n) { return std::uniform_int_distribution<int>(0, n - 1)(rng); };
        const QStringList oddTexts = { QStringLiteral("abc"), QStringLiteral("-5"), QStringLiteral("0"), QStringLiteral("1e40"),
                                       QStringLiteral("7B"), QStringLiteral("2GiB"), QStringLiteral(""), QStringLiteral("3.5"),
                                       QStringLiteral("99999999999999999999"), QStringLiteral("nan") };
        ScenarioDocument *doc = window.document();
        // A disabled control is not an edit: another is drawn, so that kEdits edits are made.
        for (int i = 0; i < kEdits;) {
            QString what;
            switch (pick(6)) {
            case 0: {
                StopSlider *s = sliders.at(pick(sliders.size()));
                if (!s->isEnabled())
                    continue;
                s->setValue(s->minimum() + pick(s->maximum() - s->minimum() + 1));
                what = QStringLiteral("slider %1").arg(s->accessibleName());
                break;
            }
            case 1:
            case 2: {
                CountField *f = fields.at(pick(fields.size()));
                if (!f->isEnabled() || f->isReadOnly())
                    continue;
                // Mostly plausible counts, sometimes anything.
                const QString text = pick(3) > 0 ? QString::number(1 + pick(pick(2) ? 64 : 100000)) : oddTexts.at(pick(oddTexts.size()));
                f->setText(text);
                f->commit();
                what = QStringLiteral("field %1 = \"%2\"").arg(f->accessibleName(), text);
                break;
            }
            case 3: {
                QComboBox *c = pickers.at(pick(pickers.size()));
                if (!c->isEnabled() || c->count() == 0)
                    continue;
                const int index = pick(c->count());
                c->setCurrentIndex(index);
                emit c->activated(index);
                what = QStringLiteral("picker %1 #%2").arg(c->accessibleName()).arg(index);
                break;
            }
            case 4: {
                QCheckBox *b = boxes.at(pick(boxes.size()));
                if (!b->isEnabled())
                    continue;
                b->click();
                what = QStringLiteral("box %1").arg(b->text());
                break;
            }
            default: {
                QRadioButton *r = radios.at(pick(radios.size()));
                if (!r->isEnabled())
                    continue;
                r->click();
                what = QStringLiteral("radio %1").arg(r->text());
                break;
            }
            }
            ++i;
            const QByteArray context = QStringLiteral("edit %1: %2").arg(i).arg(what).toUtf8();
            // What is on screen is a valid scenario, and the document's figures are the core's.
            QVERIFY2(validate(doc->scenario()).empty(), context.constData());
            const Breakdown expected = estimate(doc->scenario());
            QVERIFY2(expected.peak.value() > 0, context.constData());
            QCOMPARE(doc->breakdown().peak.value(), expected.peak.value());
            // Every tenth edit, the panes as drawn (refreshing them all after every edit would
            // take minutes): the bar's peak and segments, the sweep's points, the verdict and
            // the math.
            if (i % 10 != 0)
                continue;
            window.flushRefreshes();
            const StackedBarData &bar = window.charts()->stackedBar()->data();
            QVERIFY2(bar.peakBytes == double(comparedPeak(doc->scenario(), expected).value()), context.constData());
            for (const Segment &s : bar.segments)
                QVERIFY2(finiteAndNonNegative(s.bytes), context.constData());
            const SweepData &sweep = window.charts()->sweep()->data();
            for (double v : sweep.peak)
                QVERIFY2(finiteAndNonNegative(v), context.constData());
            QVERIFY2(showsNoNumberError(window.verdictPane()->headline() + window.verdictPane()->detail()), context.constData());
            QVERIFY2(showsNoNumberError(window.mathPane()->plainText()), context.constData());
        }
    }

private:
    Catalogue m_catalogue;
    QTemporaryDir m_dir;
    std::unique_ptr<Settings> m_settings;
};

QTEST_MAIN(TestMonkey)
#include "tst_ui_monkey.moc"
