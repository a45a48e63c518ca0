// `headroom --scenario FILE --screenshot OUT.png [--panel NAME]` as a script runs it: the window
// opens on the scenario, renders, saves the PNG and exits; bad input exits 2 with a reason.

#include <QCoreApplication>
#include <QFileInfo>
#include <QImage>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

class TestScreenshot : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        // Every executable of the build lands in one bin/ folder.
        m_gui = QCoreApplication::applicationDirPath() + QStringLiteral("/headroom");
        if (!QFileInfo::exists(m_gui))
            QSKIP("the headroom executable is not built (build the 'headroom' target)");
        QVERIFY(m_dir.isValid());
        m_scenario = m_dir.filePath(QStringLiteral("plan.json"));
        QFile file(m_scenario);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(R"({ "schema": 1, "model": { "preset": "gpt2" },
                        "training": { "batch": 8, "seq": 1024, "recompute": "full" },
                        "gpu": { "kind": "rtx-4090" } })");
    }

    void wholeWindow()
    {
        const QString out = m_dir.filePath(QStringLiteral("window.png"));
        QCOMPARE(run({ QStringLiteral("--scenario"), m_scenario, QStringLiteral("--screenshot"), out,
                       QStringLiteral("--size"), QStringLiteral("1280x800") }),
                 0);
        const QImage image(out);
        QCOMPARE(image.size(), QSize(1280, 800));
    }

    void onePanel()
    {
        const QString out = m_dir.filePath(QStringLiteral("bar.png"));
        QCOMPARE(run({ QStringLiteral("--scenario"), m_scenario, QStringLiteral("--screenshot"), out,
                       QStringLiteral("--panel"), QStringLiteral("bar") }),
                 0);
        const QImage image(out);
        QVERIFY(!image.isNull());
        QVERIFY(image.width() > 200 && image.width() < 1920);
    }

    void badInputExitsWithAReason_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QString>("says");
        QTest::newRow("unknown panel") << QStringList{ QStringLiteral("--panel"), QStringLiteral("pie") }
                                       << QStringLiteral("unknown panel \"pie\"; allowed: window, inputs");
        QTest::newRow("missing scenario")
                << QStringList{ QStringLiteral("--scenario"), QStringLiteral("/nonexistent/plan.json") }
                << QStringLiteral("Cannot open /nonexistent/plan.json");
        QTest::newRow("bad size") << QStringList{ QStringLiteral("--size"), QStringLiteral("10x10") }
                                  << QStringLiteral("--size must be WIDTHxHEIGHT");
        // Regressions: an unknown option exited 1 (QCommandLineParser::process()), a stray
        // argument was ignored.
        QTest::newRow("unknown option") << QStringList{ QStringLiteral("--bogus") }
                                        << QStringLiteral("headroom: Unknown option 'bogus'. See headroom --help for the options.");
        QTest::newRow("stray argument")
                << QStringList{ QStringLiteral("plan.json"), QStringLiteral("x\x1by") }
                << QStringLiteral("headroom: unexpected argument \"plan.json\", \"x\\x1by\"; the window takes options only "
                                  "(open a file with --scenario FILE)");
    }

    void badInputExitsWithAReason()
    {
        QFETCH(QStringList, arguments);
        QFETCH(QString, says);
        const QString out = m_dir.filePath(QStringLiteral("never.png"));
        QCOMPARE(run(arguments + QStringList{ QStringLiteral("--screenshot"), out }), 2);
        QVERIFY2(m_stderr.contains(says), qPrintable(m_stderr));
        QVERIFY(!QFileInfo::exists(out));
    }

    // parse() replaced process(): --help and --version still print and exit 0.
    void helpAndVersion()
    {
        QProcess process;
        process.start(m_gui, { QStringLiteral("--help") });
        QVERIFY(process.waitForFinished(60'000));
        QCOMPARE(process.exitCode(), 0);
        QVERIFY(process.readAllStandardOutput().contains("--screenshot"));
        process.start(m_gui, { QStringLiteral("--version") });
        QVERIFY(process.waitForFinished(60'000));
        QCOMPARE(process.exitCode(), 0);
        QVERIFY(!process.readAllStandardOutput().trimmed().isEmpty());
    }

private:
    int run(const QStringList &arguments)
    {
        QProcess process;
        process.start(m_gui, arguments);
        if (!process.waitForFinished(60'000))
            return -1;
        m_stderr = QString::fromUtf8(process.readAllStandardError());
        return process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -2;
    }

    QString m_gui;
    QTemporaryDir m_dir;
    QString m_scenario;
    QString m_stderr;
};

QTEST_GUILESS_MAIN(TestScreenshot)
#include "tst_ui_screenshot.moc"
