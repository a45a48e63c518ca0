// The window's program on a machine without a display (a server, CI, an SSH session): --help,
// --version and --screenshot run on the offscreen platform, quietly; a plain start says why no
// window can open and exits 1, where Qt's platform plugin used to abort it.

#include <QFileInfo>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

class TestNoDisplay : public QObject
{
    Q_OBJECT

    struct Result
    {
        int exitCode = -1;
        QProcess::ExitStatus status = QProcess::CrashExit;
        QByteArray out, err;
    };

    Result run(const QStringList &arguments)
    {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        for (const char *name : { "QT_QPA_PLATFORM", "DISPLAY", "WAYLAND_DISPLAY", "XDG_RUNTIME_DIR" })
            env.remove(QLatin1String(name));
        env.insert(QStringLiteral("TMPDIR"), m_dir.path());
        env.insert(QStringLiteral("XDG_CONFIG_HOME"), m_dir.filePath(QStringLiteral("config")));
        QProcess p;
        p.setProcessEnvironment(env);
        p.start(qEnvironmentVariable("HEADROOM_GUI"), arguments);
        Result r;
        if (!p.waitForFinished(120000))
            return r;
        r.exitCode = p.exitCode();
        r.status = p.exitStatus();
        r.out = p.readAllStandardOutput();
        r.err = p.readAllStandardError();
        return r;
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QVERIFY2(!qEnvironmentVariableIsEmpty("HEADROOM_GUI"), "HEADROOM_GUI names the window's program");
    }

    void helpAndVersion()
    {
        const Result help = run({ QStringLiteral("--help") });
        QCOMPARE(help.status, QProcess::NormalExit);
        QCOMPARE(help.exitCode, 0);
        QVERIFY2(help.out.contains("Usage:"), help.out.constData());
        QVERIFY2(help.err.isEmpty(), help.err.constData());
        const Result version = run({ QStringLiteral("--version") });
        QCOMPARE(version.exitCode, 0);
        QVERIFY(!version.out.isEmpty());
    }

    void screenshot()
    {
        const QString png = m_dir.filePath(QStringLiteral("shot.png"));
        const Result r = run({ QStringLiteral("--screenshot"), png, QStringLiteral("--size"), QStringLiteral("800x600") });
        QCOMPARE(r.status, QProcess::NormalExit);
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.err.isEmpty(), r.err.constData());
        QVERIFY(QFileInfo(png).size() > 0);
    }

    void windowSaysWhy()
    {
        const Result r = run({});
        QCOMPARE(r.status, QProcess::NormalExit);
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains("no display to open the window on"), r.err.constData());
    }

private:
    QTemporaryDir m_dir;
};

QTEST_GUILESS_MAIN(TestNoDisplay)
#include "tst_ui_nodisplay.moc"
