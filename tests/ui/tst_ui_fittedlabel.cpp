// The fitted label: the lines its height has room for, the last one elided when text is left
// over, the whole text then in its tooltip; its size hints are every line at its width, and one.

#include <QFontMetrics>
#include <QTest>

#include "widgets/fittedlabel.h"

using namespace headroom;

namespace {

const QString kNote = QStringLiteral("The textbook formula keeps the three B×A×S×S attention tensors at every length, as "
                                     "eager attention does: activations grow with S². Flash attention stores none of "
                                     "them; the transformer activation model tells the two apart.");

// The words of \a lines, in order: what wrapping keeps of a text.
QStringList wordsOf(const QStringList &lines)
{
    return lines.join(QLatin1Char(' ')).split(QLatin1Char(' '), Qt::SkipEmptyParts);
}

} // namespace

class TestFittedLabel : public QObject
{
    Q_OBJECT

private slots:
    void showsEveryLineWhereItHasRoom()
    {
        FittedLabel label;
        label.setText(kNote);
        label.resize(300, 10);
        label.resize(300, label.sizeHint().height());
        const QStringList lines = label.shownLines();
        // A 300-pixel width cannot hold the ~200-character note on one line.
        QVERIFY(lines.size() >= 2);
        QCOMPARE(wordsOf(lines), kNote.split(QLatin1Char(' '), Qt::SkipEmptyParts));
        const QFontMetrics metrics(label.font());
        for (const QString &line : lines)
            QVERIFY2(metrics.horizontalAdvance(line) <= label.contentsRect().width(), qPrintable(line));
        QCOMPARE(label.sizeHint().height(), int(lines.size()) * metrics.lineSpacing());
        QVERIFY(!label.isCut());
        QVERIFY(label.toolTip().isEmpty());
    }

    void elidesTheLastLineItHasRoomFor()
    {
        FittedLabel label;
        label.setText(kNote);
        label.show(); // resize events, and the tooltip kept with them, come to a shown widget
        label.resize(300, 10);
        const QFontMetrics metrics(label.font());
        label.resize(300, label.sizeHint().height());
        const QStringList all = label.shownLines();
        QVERIFY(all.size() >= 3);
        // Room for two lines and a half: two are drawn, the first as wrapped, the second ends
        // the note with an ellipsis, and the tooltip holds the whole text.
        label.resize(300, 2 * metrics.lineSpacing() + metrics.lineSpacing() / 2);
        const QStringList shown = label.shownLines();
        QCOMPARE(shown.size(), 2);
        QCOMPARE(shown.at(0), all.at(0));
        QVERIFY2(shown.at(1).endsWith(QChar(0x2026)), qPrintable(shown.at(1)));
        QVERIFY(metrics.horizontalAdvance(shown.at(1)) <= 300);
        QVERIFY(label.isCut());
        QCOMPARE(label.toolTip(), kNote);
        // Given its room back, nothing is cut.
        label.resize(300, label.sizeHint().height());
        QCOMPARE(label.shownLines(), all);
        QVERIFY(label.toolTip().isEmpty());
    }

    void alwaysShowsOneLineAndAsksForOne()
    {
        FittedLabel label;
        label.setText(kNote);
        const QFontMetrics metrics(label.font());
        QCOMPARE(label.minimumSizeHint().height(), metrics.lineSpacing());
        label.resize(300, 3);
        QCOMPARE(label.shownLines().size(), 1);
        QVERIFY(label.isCut());
    }

    void aLargerFontWrapsIntoMoreLines()
    {
        // The lines are remembered for the last width; a new font or text wraps again.
        FittedLabel label;
        label.setText(kNote);
        label.resize(300, 10);
        const int before = label.sizeHint().height() / QFontMetrics(label.font()).lineSpacing();
        QFont big = label.font();
        big.setPointSizeF(big.pointSizeF() * 2);
        label.setFont(big);
        QVERIFY(label.sizeHint().height() / QFontMetrics(big).lineSpacing() > before);
        label.setText(QStringLiteral("Short."));
        QCOMPARE(label.sizeHint().height(), QFontMetrics(big).lineSpacing());
    }

    void anEmptyNoteShowsNothing()
    {
        FittedLabel label;
        label.resize(300, 60);
        QVERIFY(label.shownLines().isEmpty());
        QVERIFY(!label.isCut());
    }
};

QTEST_MAIN(TestFittedLabel)
#include "tst_ui_fittedlabel.moc"
