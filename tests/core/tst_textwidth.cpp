// Terminal cell widths for the CLI's tables: expected widths read off the Unicode East Asian
// Width property (UAX #11) of each character by hand.

#include <headroom/io/textwidth.h>

#include <QtTest>

using namespace headroom;

class TestTextWidth : public QObject
{
    Q_OBJECT

private slots:
    void width_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("cells");
        QTest::newRow("empty") << QString() << 0;
        QTest::newRow("ASCII") << QStringLiteral("max B") << 5;
        // U+663E U+5B58: CJK Unified Ideographs, W.
        QTest::newRow("ideographs") << QStringLiteral("显存") << 4;
        QTest::newRow("mixed") << QStringLiteral("峰值 GiB") << 8;
        // U+FF0C FULLWIDTH COMMA and U+FF08/U+FF09 parentheses: F; U+3001 IDEOGRAPHIC COMMA: W.
        QTest::newRow("fullwidth punctuation") << QStringLiteral("（，、）") << 8;
        // U+00D7 ×, U+00B7 ·, U+00B2 ²: A (ambiguous), one cell outside a CJK terminal setting.
        QTest::newRow("ambiguous") << QStringLiteral("B×S·H²") << 6;
        // e + U+0301 COMBINING ACUTE ACCENT: Mn, no cell of its own.
        QTest::newRow("combining") << QStringLiteral("e\u0301") << 1;
        // U+200B ZERO WIDTH SPACE: Cf.
        QTest::newRow("zero width") << QStringLiteral("a\u200Bb") << 2;
        // U+20BB7 𠮷 (CJK Extension B, a surrogate pair in UTF-16): W.
        QTest::newRow("astral ideograph") << QString::fromUcs4(U"\U00020BB7") << 2;
        // U+AC00 가 Hangul syllable, U+30AB カ katakana: W.
        QTest::newRow("hangul and kana") << QStringLiteral("가カ") << 4;
        // U+303F IDEOGRAPHIC HALF FILL SPACE is the one narrow code point in its block.
        QTest::newRow("half fill space") << QStringLiteral("\u303F") << 1;
    }
    void width()
    {
        QFETCH(QString, text);
        QFETCH(int, cells);
        QCOMPARE(displayWidth(text), cells);
    }

    void padding()
    {
        QCOMPARE(padEnd(QStringLiteral("显存"), 6), QStringLiteral("显存  "));
        QCOMPARE(padStart(QStringLiteral("显存"), 6), QStringLiteral("  显存"));
        QCOMPARE(padStart(QStringLiteral("7"), 3), QStringLiteral("  7"));
        // Too long: whole, never cut (a cut name would be a wrong name).
        QCOMPARE(padEnd(QStringLiteral("参数量"), 4), QStringLiteral("参数量"));
        QCOMPARE(padStart(QStringLiteral("abcdef"), 3), QStringLiteral("abcdef"));
    }
};

QTEST_GUILESS_MAIN(TestTextWidth)
#include "tst_textwidth.moc"
