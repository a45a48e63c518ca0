// The first window under a real window manager (openbox on Xvfb, run by run_under_wm.sh at the
// laptop sizes 1280x800 and 1366x768): maximized through the window manager, its frame inside
// the available area, and still so after what once made it grow past the screen (a pinned
// scenario, edits, every panel raised). The offscreen platform used by the other window tests
// has no frames and no window manager, so it cannot see this.

#include <QDockWidget>
#include <QScreen>
#include <QTest>

#include "windowtest.h"
#include "scenariodocument.h"

using namespace headroom;

class TestFirstWindow : public QObject, public test::WindowTest
{
    Q_OBJECT

    // The frame (title bar and borders included, as the window manager reports them) inside the
    // screen's available area, and the window maximized.
    void checkFits(const char *when)
    {
        QVERIFY2(QTest::qWaitFor([this] { return m_window->isMaximized(); }, 5000), when);
        // The window manager's frame extents arrive after the state: let them settle.
        QTest::qWait(300);
        const QRect avail = m_window->screen()->availableGeometry();
        const QRect frame = m_window->frameGeometry();
        QVERIFY2(avail.contains(frame),
                 qPrintable(QStringLiteral("%1: frame %2,%3 %4x%5 outside the available %6x%7")
                                    .arg(QLatin1String(when))
                                    .arg(frame.x())
                                    .arg(frame.y())
                                    .arg(frame.width())
                                    .arg(frame.height())
                                    .arg(avail.width())
                                    .arg(avail.height())));
        QVERIFY2(frame.height() > 0.9 * avail.height(), when); // maximized: it uses the screen
    }

private slots:
    void initTestCase()
    {
        QVERIFY(setUpCatalogue());
        QVERIFY2(QGuiApplication::platformName() == QLatin1String("xcb"),
                 "run under X with a window manager: tests/wm/run_under_wm.sh");
    }

    void maximizedAndInsideTheScreen()
    {
        m_dir = std::make_unique<QTemporaryDir>();
        m_settings = std::make_unique<Settings>(m_dir->filePath(QStringLiteral("headroom.ini")));
        m_window = std::make_unique<MainWindow>(m_catalogue, *m_settings);
        m_window->setRemembersSession(false);
        m_window->showFitted();
        QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
        checkFits("first shown");
        if (QTest::currentTestFailed())
            return;

        // What once un-maximized it: a pinned scenario, edits, each tabbed panel raised.
        ScenarioDocument *doc = m_window->document();
        QVERIFY(doc->pin());
        doc->edit(ScenarioDocument::EditKind::Batch, QStringLiteral("B"), [](ScenarioSpec &spec) { spec.scenario.training.microBatch = 4; });
        doc->edit(ScenarioDocument::EditKind::Sequence, QStringLiteral("S"),
                  [](ScenarioSpec &spec) { spec.scenario.training.sequence = 8192; });
        QVERIFY(doc->pin());
        for (QDockWidget *dock : m_window->findChildren<QDockWidget *>()) {
            dock->raise();
            QApplication::processEvents();
        }
        for (const QString &name : MainWindow::panelNames()) {
            m_window->panel(name);
            QApplication::processEvents();
        }
        m_window->flushRefreshes();
        checkFits("after pinning, editing and raising every panel");
        // Its minimum is no taller than the screen: the window manager keeps it maximized.
        QVERIFY(m_window->minimumHeight() <= m_window->screen()->availableGeometry().height());
        closeWindow();
    }
};

QTEST_MAIN(TestFirstWindow)
#include "tst_wm_firstwindow.moc"
