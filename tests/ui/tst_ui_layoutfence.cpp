// The layout fence: a child's text that changes without changing its size stays inside the
// fence; one that needs another height reaches the layout above.

#include <QLabel>
#include <QTest>
#include <QVBoxLayout>

#include "widgets/layoutfence.h"

using namespace headroom;

class TestLayoutFence : public QObject
{
    Q_OBJECT

private slots:
    void passesOnOnlyANewSize()
    {
        QWidget window;
        auto *layout = new QVBoxLayout(&window);
        auto *pane = new QWidget;
        auto *paneLayout = new QVBoxLayout(pane);
        auto *label = new QLabel(QStringLiteral("peak 102.6 GiB"));
        label->setWordWrap(true);
        paneLayout->addWidget(label);
        auto *fence = new LayoutFence(pane);
        layout->addWidget(fence);
        auto *below = new QLabel(QStringLiteral("below"));
        layout->addWidget(below);
        layout->addStretch(1);
        window.resize(300, 400);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QCoreApplication::processEvents();
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
        QWidget window;
        auto *layout = new QVBoxLayout(&window);
        auto *label = new QLabel(QStringLiteral("short"));
        label->setWordWrap(true);
        auto *fence = new LayoutFence(label);
        fence->setShrinkDelay(300);
        layout->addWidget(fence);
        auto *below = new QLabel(QStringLiteral("below"));
        layout->addWidget(below);
        layout->addStretch(1);
        window.resize(300, 400);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QCoreApplication::processEvents();
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
