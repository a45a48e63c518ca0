// Both executables speak the language asked for: --lang (before or after the CLI's command),
// else the system locale; an unknown one is bad input naming the languages there are. The CLI's
// tables stay aligned in Chinese, whose characters take two terminal cells, and --json is the
// same in every language.

#include <QFileInfo>
#include <QProcess>
#include <QRegularExpression>
#include <QtTest>

#include "clirun.h"

namespace {

QProcessEnvironment withLocale(const QString &lang)
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    for (const char *name : { "LC_ALL", "LC_MESSAGES", "LANGUAGE" })
        env.remove(QString::fromLatin1(name));
    env.insert(QStringLiteral("LANG"), lang);
    return env;
}

Run gui(const QStringList &arguments, const QString &lang = QStringLiteral("C"))
{
    QProcess p;
    p.setProcessEnvironment(withLocale(lang));
    p.start(qEnvironmentVariable("HEADROOM_GUI"), arguments);
    Run r;
    if (!p.waitForFinished(120000))
        return r;
    r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -2;
    r.out = p.readAllStandardOutput();
    r.err = p.readAllStandardError();
    return r;
}

// Terminal cells, counted here on their own: CJK ideographs (U+4E00..U+9FFF) and the CJK and
// fullwidth punctuation (U+3000..U+303E, U+FF00..U+FF60) take two, everything else in these
// tables one.
int cells(const QString &line)
{
    int n = 0;
    for (const QChar c : line) {
        const char16_t u = c.unicode();
        n += (u >= 0x4E00 && u <= 0x9FFF) || (u >= 0x3000 && u <= 0x303E) || (u >= 0xFF00 && u <= 0xFF60) ? 2 : 1;
    }
    return n;
}

bool hasWide(const QString &line) { return cells(line) != line.size(); }

QStringList lines(const QByteArray &out)
{
    return QString::fromUtf8(out).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
}

const QRegularExpression kHan(QStringLiteral("[\\x{4E00}-\\x{9FFF}]"));

} // namespace

class TestLanguage : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { QVERIFY(!qEnvironmentVariable("HEADROOM_CLI").isEmpty()); }

    void langBeforeOrAfterTheCommand()
    {
        // "Usage:" is 用法 in the catalogue; with --lang en the same help is English.
        const Run before = cli({ QStringLiteral("--lang"), QStringLiteral("zh_CN"), QStringLiteral("--help") },
                               withLocale(QStringLiteral("C")));
        QCOMPARE(before.exitCode, 0);
        QVERIFY2(before.out.contains("用法"), before.out.constData());
        QVERIFY(!before.out.contains("Usage"));
        const Run after = cli({ QStringLiteral("gpus"), QStringLiteral("--help"), QStringLiteral("--lang=zh_CN") },
                              withLocale(QStringLiteral("C")));
        QCOMPARE(after.exitCode, 0);
        QVERIFY2(after.out.contains("用法"), after.out.constData());
        const Run english = cli({ QStringLiteral("--lang"), QStringLiteral("en"), QStringLiteral("--help") },
                                withLocale(QStringLiteral("zh_CN.UTF-8")));
        QCOMPARE(english.exitCode, 0);
        QVERIFY(english.out.startsWith("Usage: headroom-cli"));
        QVERIFY(!QString::fromUtf8(english.out).contains(kHan));
    }

    void followsTheSystemLocale()
    {
        const Run zh = cli({ QStringLiteral("--help") }, withLocale(QStringLiteral("zh_CN.UTF-8")));
        QCOMPARE(zh.exitCode, 0);
        QVERIFY2(zh.out.contains("用法"), zh.out.constData());
        const Run c = cli({ QStringLiteral("--help") }, withLocale(QStringLiteral("C")));
        QVERIFY(c.out.startsWith("Usage: headroom-cli"));
    }

    void unknownLanguageIsBadInput_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::newRow("before") << QStringList{ QStringLiteral("--lang"), QStringLiteral("xx_YY"), QStringLiteral("gpus") };
        QTest::newRow("after") << QStringList{ QStringLiteral("gpus"), QStringLiteral("--lang=xx_YY") };
        // A language we translate, in a country we have no catalogue for.
        QTest::newRow("zh_TW") << QStringList{ QStringLiteral("gpus"), QStringLiteral("--lang"), QStringLiteral("zh_TW") };
        QTest::newRow("no value") << QStringList{ QStringLiteral("gpus"), QStringLiteral("--lang") };
    }
    void unknownLanguageIsBadInput()
    {
        QFETCH(QStringList, arguments);
        const Run r = cli(arguments, withLocale(QStringLiteral("C")));
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.out.isEmpty());
        // The languages come from the catalogues compiled in: English and Simplified Chinese.
        QVERIFY2(r.err.contains("--lang") && r.err.contains("en, zh_CN"), r.err.constData());
    }

    void jsonIsTheSameInEveryLanguage()
    {
        const QStringList estimate = { QStringLiteral("estimate"), QStringLiteral("--preset"), QStringLiteral("llama-2-7b"),
                                       QStringLiteral("--json") };
        const Run en = cli(QStringList{ QStringLiteral("--lang"), QStringLiteral("en") } + estimate);
        const Run zh = cli(QStringList{ QStringLiteral("--lang"), QStringLiteral("zh_CN") } + estimate);
        QCOMPARE(en.exitCode, 0);
        QCOMPARE(zh.exitCode, 0);
        QVERIFY(!en.out.isEmpty());
        QCOMPARE(zh.out, en.out);
    }

    // Every line of a table whose last column is right-aligned ends in the same terminal cell,
    // in Chinese as in English. (Padding by QString::size() makes a Chinese header line shorter
    // by one cell per character.)
    void tablesAlignInChinese_data()
    {
        QTest::addColumn<QString>("lang");
        QTest::addColumn<QString>("command");
        for (const char *lang : { "en", "zh_CN" })
            for (const char *command : { "gpus", "presets" })
                QTest::newRow(qPrintable(QStringLiteral("%1 %2").arg(QLatin1String(command), QLatin1String(lang))))
                        << QString::fromLatin1(lang) << QString::fromLatin1(command);
    }
    void tablesAlignInChinese()
    {
        QFETCH(QString, lang);
        QFETCH(QString, command);
        const Run r = cli({ QStringLiteral("--lang"), lang, command });
        QCOMPARE(r.exitCode, 0);
        const QStringList table = lines(r.out);
        QVERIFY(table.size() > 5);
        if (lang == QLatin1String("zh_CN"))
            QVERIFY2(hasWide(table.constFirst()), qPrintable(table.constFirst()));
        const int width = cells(table.constFirst());
        for (const QString &line : table)
            QVERIFY2(cells(line) == width, qPrintable(QStringLiteral("%1 cells, the header %2:\n%3\n%4")
                                                              .arg(cells(line)).arg(width).arg(table.constFirst(), line)));
    }

    void fitTableAlignsInChinese()
    {
        const Run r = cli({ QStringLiteral("--lang"), QStringLiteral("zh_CN"), QStringLiteral("fit"), QStringLiteral("--preset"),
                            QStringLiteral("llama-2-7b"), QStringLiteral("--gpu"), QStringLiteral("a100-80gb") });
        QCOMPARE(r.exitCode, 0);
        // The strategy table: a header with 策略 (strategy), then one row per strategy, both
        // ending in the cost column.
        // Blank lines end the table (the reasons follow it).
        const QStringList all = QString::fromUtf8(r.out).split(QLatin1Char('\n'));
        qsizetype header = -1;
        for (qsizetype i = 0; i < all.size(); ++i)
            if (all.at(i).contains(QStringLiteral("策略")) && hasWide(all.at(i)) && all.at(i).startsWith(QStringLiteral("  ")))
                header = i;
        QVERIFY2(header >= 0, r.out.constData());
        const int width = cells(all.at(header));
        int rows = 0;
        for (qsizetype i = header + 1; i < all.size() && all.at(i).startsWith(QStringLiteral("  ")); ++i, ++rows)
            QVERIFY2(cells(all.at(i)) == width, qPrintable(all.at(header) + QLatin1Char('\n') + all.at(i)));
        QVERIFY(rows >= 4);
    }

    void windowLanguage()
    {
        // tools/sanitize.sh builds the CLI and its tests only.
        if (!QFileInfo::exists(qEnvironmentVariable("HEADROOM_GUI")))
            QSKIP("the window is not built");
        const Run unknown = gui({ QStringLiteral("--lang"), QStringLiteral("xx_YY"), QStringLiteral("--check-layout") });
        QCOMPARE(unknown.exitCode, 2);
        QVERIFY2(unknown.err.contains("xx_YY") && unknown.err.contains("en, zh_CN"), unknown.err.constData());
        const Run help = gui({ QStringLiteral("--lang"), QStringLiteral("zh_CN"), QStringLiteral("--help") });
        QCOMPARE(help.exitCode, 0);
        QVERIFY2(help.out.contains("用法") || QString::fromUtf8(help.out).contains(kHan), help.out.constData());
        const Run english = gui({ QStringLiteral("--lang"), QStringLiteral("en"), QStringLiteral("--help") },
                                QStringLiteral("zh_CN.UTF-8"));
        QCOMPARE(english.exitCode, 0);
        QVERIFY(!QString::fromUtf8(english.out).contains(kHan));
        // Without --lang, and nothing chosen in View › Language (the tests' own settings): the system's.
        const Run system = gui({ QStringLiteral("--help") }, QStringLiteral("zh_CN.UTF-8"));
        QCOMPARE(system.exitCode, 0);
        QVERIFY2(QString::fromUtf8(system.out).contains(kHan), system.out.constData());
    }
};

QTEST_GUILESS_MAIN(TestLanguage)
#include "tst_language.moc"
