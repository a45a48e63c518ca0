// The wrapped label: the heights it remembers are QLabel's own, and a new text or font is
// measured again.

#include <QLabel>
#include <QTest>

#include "widgets/wrappedlabel.h"

using namespace headroom;

class TestWrappedLabel : public QObject
{
    Q_OBJECT

private slots:
    void remembersQLabelsHeights()
    {
        const QString text = QStringLiteral("Peak 102.6 GiB per GPU (first layer's backward) against 80.0 GiB. More GPUs "
                                            "alone do not help without ZeRO: each one holds a full copy of the model states.");
        WrappedLabel label;
        label.setText(text);
        QLabel reference;
        reference.setWordWrap(true);
        reference.setTextFormat(Qt::PlainText);
        reference.setText(text);
        for (int width : { 200, 400, 800 })
            QCOMPARE(label.heightForWidth(width), reference.heightForWidth(width));
        QCOMPARE(label.measuredCount(), 3);
        // Asked again, remembered.
        for (int width : { 800, 200, 400, 400 })
            QCOMPARE(label.heightForWidth(width), reference.heightForWidth(width));
        QCOMPARE(label.measuredCount(), 3);
        // The same text set again is no change; another text is measured again.
        label.setText(text);
        QCOMPARE(label.heightForWidth(200), reference.heightForWidth(200));
        QCOMPARE(label.measuredCount(), 3);
        label.setText(QStringLiteral("Fits"));
        reference.setText(QStringLiteral("Fits"));
        QCOMPARE(label.heightForWidth(200), reference.heightForWidth(200));
        QCOMPARE(label.measuredCount(), 4);
        // A larger font is taller.
        const int before = label.heightForWidth(200);
        QFont big = label.font();
        big.setPointSizeF(big.pointSizeF() * 2);
        label.setFont(big);
        QVERIFY(label.heightForWidth(200) > before);
        QCOMPARE(label.measuredCount(), 5);
    }

    void sizeHintsMeasureOnlyTheHeightAtItsWidth()
    {
        // QLabel's own size hints lay a word-wrapped text out three more times after each change;
        // these ask for the height at the label's width, which the layout asks for anyway.
        const QString text = QStringLiteral("Largest micro-batch that fits: none, even B = 1 is too large; no sequence "
                                            "length fits at B = 1.");
        WrappedLabel label;
        label.setText(text);
        label.resize(300, 40);
        QLabel reference;
        reference.setWordWrap(true);
        reference.setTextFormat(Qt::PlainText);
        reference.setText(text);
        const int before = label.measuredCount();
        QCOMPARE(label.sizeHint(), QSize(300, reference.heightForWidth(300)));
        QCOMPARE(label.heightForWidth(300), reference.heightForWidth(300));
        QCOMPARE(label.measuredCount(), before + 1); // one measurement, shared with the layout's question
        // The minimum is one line of twelve average characters, whatever the text: nothing measured.
        QCOMPARE(label.minimumSizeHint(),
                 QSize(12 * label.fontMetrics().averageCharWidth(), label.fontMetrics().height()));
        QCOMPARE(label.measuredCount(), before + 1);
    }
};

QTEST_MAIN(TestWrappedLabel)
#include "tst_ui_wrappedlabel.moc"
