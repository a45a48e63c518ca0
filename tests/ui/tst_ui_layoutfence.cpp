// The layout fence: a child's text that changes without changing its size stays inside the
// fence; one that needs another height reaches the layout above.

#include <QLabel>
#include <QTest>
#include <QVBoxLayout>

#include "widgets/layoutfence.h"

using namespace headroom;

namespace {

// A 300 px wide window: a fenced word-wrapped label (in a pane with a layout of its own when
// \a inPane) and a label below the fence, whose position tells whether the window re-laid out.
struct FencedWindow
{
    QWidget window;
    QLabel *label = nullptr;
    LayoutFence *fence = nullptr;
    QLabel *below = nullptr;

    FencedWindow(const QString &text, bool inPane)
    {
        auto *layout = new QVBoxLayout(&window);
        label = new QLabel(text);
        label->setWordWrap(true);
        QWidget *child = label;
        if (inPane) {
            child = new QWidget;
            (new QVBoxLayout(child))->addWidget(label);
        }
        fence = new LayoutFence(child);
        layout->addWidget(fence);
        below = new QLabel(QStringLiteral("below"));
        layout->addWidget(below);
        layout->addStretch(1);
        window.resize(300, 400);
    }
    bool show()
    {
        window.show();
        const bool exposed = QTest::qWaitForWindowExposed(&window);
        QCoreApplication::processEvents();
        return exposed;
    }
};

} // namespace

class TestLayoutFence : public QObject
{
    Q_OBJECT

private slots:
    void passesOnOnlyANewSize()
    {
        FencedWindow w(QStringLiteral("peak 102.6 GiB"), true);
        QVERIFY(w.show());
        QLabel *label = w.label;
        LayoutFence *fence = w.fence;
        QLabel *below = w.below;
        const int passed = fence->passedOn();
        const int belowAt = below->y();

        // Same length, same size: the window's layout is not told.
        label->setText(QStringLiteral("peak 103.7 GiB"));
        QCoreApplication::processEvents();
        QCoreApplication::processEvents();
        QCOMPARE(fence->passedOn(), passed);
        QCOMPARE(below->y(), belowAt);

        // Three more lines at 300 px: the fence passes it on and what is below moves down.
        label->setText(QStringLiteral("peak 103.7 GiB against 80.0 GiB: it does not fit; more GPUs alone do not help "
                                      "without ZeRO, since each one holds a full copy of the model states"));
        QTRY_VERIFY(fence->passedOn() > passed);
        QTRY_VERIFY(below->y() > belowAt);
        QVERIFY(fence->height() >= label->heightForWidth(label->width()));
    }

    void holdsItsHeightWhileTheChildChanges()
    {
        FencedWindow w(QStringLiteral("short"), false);
        w.fence->setShrinkDelay(300);
        QVERIFY(w.show());
        QLabel *label = w.label;
        LayoutFence *fence = w.fence;
        QLabel *below = w.below;
        const int shortAt = below->y();
        const QString longText = QStringLiteral("a text long enough to wrap onto several lines in a window that is only three "
                                                "hundred pixels wide, and then some more");
        label->setText(longText);
        QTRY_VERIFY(below->y() > shortAt); // grows at once
        const int longAt = below->y();
        label->setText(QStringLiteral("short again"));
        for (int i = 0; i < 3; ++i)
            QCoreApplication::processEvents();
        QCOMPARE(below->y(), longAt); // held while it may change again
        QCOMPARE(label->geometry(), fence->rect()); // the child keeps the held height
        QTRY_COMPARE_WITH_TIMEOUT(below->y(), shortAt, 2000); // given back once still
    }
};

QTEST_MAIN(TestLayoutFence)
#include "tst_ui_layoutfence.moc"
