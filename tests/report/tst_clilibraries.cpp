// headroom-cli loads no GUI library: every command but `report` runs on QtCore, and `report`
// hands over to headroom-report, which draws the charts with the window's panes. The shared
// libraries ldd lists for the executable are checked by name, and `report` is run once through
// the CLI to show that the hand-over writes the report with the CLI's exit code.

#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

#include "clirun.h"

namespace {

// The libraries the GUI stack would bring: Qt's GUI modules and the chart library.
const QRegularExpression kGuiLibrary(QStringLiteral("lib(Qt6(Widgets|Gui|Svg|PrintSupport|OpenGL|XcbQpa)|qcustomplot)[^ ]*\\.so"),
                                     QRegularExpression::CaseInsensitiveOption);

QString lddOf(const QString &executable)
{
    QProcess ldd;
    ldd.start(QStringLiteral("ldd"), { executable });
    if (!ldd.waitForFinished(30000) || ldd.exitCode() != 0)
        return {};
    return QString::fromLocal8Bit(ldd.readAllStandardOutput());
}

} // namespace

class TestCliLibraries : public QObject
{
    Q_OBJECT

private slots:
    void cliLinksNoGuiLibrary()
    {
        const QString libraries = lddOf(qEnvironmentVariable("HEADROOM_CLI"));
        // ldd answered, and about this executable: QtCore is there.
        QVERIFY2(libraries.contains(QLatin1String("libQt6Core.so")), qPrintable(libraries));
        const QRegularExpressionMatch gui = kGuiLibrary.match(libraries);
        QVERIFY2(!gui.hasMatch(), qPrintable(QStringLiteral("headroom-cli loads %1:\n%2").arg(gui.captured(), libraries)));
    }

    // The pattern matches what the report program does load, so the check above can fail.
    void reportProgramLinksTheGuiStack()
    {
        const QString program = QFileInfo(qEnvironmentVariable("HEADROOM_CLI")).absolutePath() + QStringLiteral("/headroom-report");
        QVERIFY2(QFileInfo(program).isExecutable(), qPrintable(program));
        const QString libraries = lddOf(program);
        QVERIFY2(libraries.contains(QLatin1String("libQt6Widgets.so")), qPrintable(libraries));
        QVERIFY(kGuiLibrary.match(libraries).hasMatch());
    }

    // `headroom-cli report` answers as the report program: its help, its errors and exit codes.
    void reportRunsThroughTheCli()
    {
        const Run help = cli({ QStringLiteral("report"), QStringLiteral("--help") });
        QCOMPARE(help.exitCode, 0);
        QVERIFY2(help.out.startsWith("Usage: headroom-cli report [options]"), help.out.constData());
        const Run missing = cli({ QStringLiteral("report"), QStringLiteral("--preset"), QStringLiteral("gpt2") });
        QCOMPARE(missing.exitCode, 2);
        QVERIFY2(missing.err.contains("--output"), missing.err.constData());
        // The global --lang before the command reaches the report program.
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("r.json"));
        const Run zh = cli({ QStringLiteral("--lang"), QStringLiteral("zh_CN"), QStringLiteral("report"), QStringLiteral("--preset"),
                             QStringLiteral("gpt2"), QStringLiteral("--output"), path });
        QCOMPARE(zh.exitCode, 0);
        QVERIFY(QFile::exists(path));
    }
};

QTEST_GUILESS_MAIN(TestCliLibraries)
#include "tst_clilibraries.moc"
