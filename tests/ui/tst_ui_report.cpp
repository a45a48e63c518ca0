// File › Export Report: the window writes the report of what it shows, in the four formats, with
// the numbers `headroom-cli estimate --json` gives for the same scenario file; a path it cannot
// write is said in a message box and leaves nothing behind.
//
// The window's default scenario is LLaMA-2 7B (6,738,415,616 parameters, Touvron et al. 2023's
// checkpoint) with BF16 weights and an FP32 master copy: the weights take 2 bytes/param,
// 13,476,831,232 bytes = 13.48 GB = 12.55 GiB, by hand.

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMenu>
#include <QMenuBar>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include "mainwindow.h"
#include "messagebox.h"
#include "scenariodocument.h"
#include "settings.h"

using namespace headroom;

namespace {

constexpr qint64 kWeights = 6'738'415'616LL * 2;

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

QAction *actionNamed(QMainWindow &window, const QString &menu, const QString &text)
{
    for (QAction *m : window.menuBar()->actions())
        if (m->menu() && m->text().remove(QLatin1Char('&')) == menu)
            for (QAction *a : m->menu()->actions())
                if (a->text().remove(QLatin1Char('&')) == text)
                    return a;
    return nullptr;
}

} // namespace

class TestUiReport : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
        QVERIFY(loadCatalogue(findDataDir(), m_catalogue).code == CatalogueError::Code::None);
        QVERIFY(m_dir.isValid());
        m_settings = std::make_unique<Settings>(m_dir.filePath(QStringLiteral("headroom.ini")));
    }

    void fileMenuHasExportReport()
    {
        MainWindow window(m_catalogue, *m_settings);
        QVERIFY(actionNamed(window, QStringLiteral("File"), QStringLiteral("Export Report…")));
    }

    void exportsTheFourFormatsWithTheCliNumbers()
    {
        MainWindow window(m_catalogue, *m_settings);
        const QString scenario = m_dir.filePath(QStringLiteral("plan.json"));
        QVERIFY(window.saveFile(scenario));
        const QString cliPath = qEnvironmentVariable("HEADROOM_CLI");
        QVERIFY(!cliPath.isEmpty());
        QProcess p;
        p.start(cliPath, { QStringLiteral("estimate"), QStringLiteral("--scenario"), scenario, QStringLiteral("--json") });
        QVERIFY(p.waitForFinished(120000));
        QCOMPARE(p.exitCode(), 0);
        const QJsonObject estimate = QJsonDocument::fromJson(p.readAllStandardOutput()).object();
        QCOMPARE(estimate.value(QStringLiteral("per_gpu")).toObject().value(QStringLiteral("parameters")).toInteger(), kWeights);
        const qint64 peak = estimate.value(QStringLiteral("peak")).toObject().value(QStringLiteral("bytes")).toInteger();
        QVERIFY(peak > kWeights);

        const QString json = m_dir.filePath(QStringLiteral("window.json"));
        QVERIFY(window.exportReport(json));
        const QJsonObject root = QJsonDocument::fromJson(readAll(json)).object();
        for (const QString key : { QStringLiteral("per_gpu"), QStringLiteral("peak"), QStringLiteral("derivation"),
                                   QStringLiteral("gpu") })
            QVERIFY2(root.value(key) == estimate.value(key), qPrintable(key));
        QVERIFY(!root.value(QStringLiteral("fit")).toArray().isEmpty());

        const QString csv = m_dir.filePath(QStringLiteral("window.csv"));
        QVERIFY(window.exportReport(csv));
        QVERIFY(readAll(csv).contains(QStringLiteral("peak,peak,,%1,").arg(peak).toUtf8()));

        const QString md = m_dir.filePath(QStringLiteral("window.md"));
        QVERIFY(window.exportReport(md));
        const QString text = QString::fromUtf8(readAll(md));
        QVERIFY(text.contains(QStringLiteral("13,476,831,232")));
        QVERIFY(text.contains(QString::number(peak / 1e9, 'f', 2)));
        QVERIFY(text.contains(QString::number(peak / double(1LL << 30), 'f', 2)));
        QVERIFY(readAll(m_dir.filePath(QStringLiteral("window-files/breakdown.png"))).startsWith("\x89PNG"));

        const QString pdf = m_dir.filePath(QStringLiteral("window.pdf"));
        QVERIFY(window.exportReport(pdf));
        QVERIFY(readAll(pdf).startsWith("%PDF-"));
    }

    void unwritablePathIsSaidAndLeavesNothing()
    {
        MainWindow window(m_catalogue, *m_settings);
        for (const QString suffix : { QStringLiteral("md"), QStringLiteral("pdf"), QStringLiteral("csv"), QStringLiteral("json") }) {
            const QString path = m_dir.filePath(QStringLiteral("nowhere/report.") + suffix);
            MessageBox::setNextAnswer(QMessageBox::Ok);
            QVERIFY(!window.exportReport(path));
            QVERIFY2(MessageBox::lastText().contains(QDir::toNativeSeparators(m_dir.filePath(QStringLiteral("nowhere")))),
                     qPrintable(MessageBox::lastText()));
            QVERIFY(!QFileInfo::exists(m_dir.filePath(QStringLiteral("nowhere"))));
        }
        // A suffix that names no format.
        MessageBox::setNextAnswer(QMessageBox::Ok);
        QVERIFY(!window.exportReport(m_dir.filePath(QStringLiteral("report.docx"))));
        QVERIFY2(MessageBox::lastText().contains(QStringLiteral(".md, .pdf, .csv or .json")), qPrintable(MessageBox::lastText()));
        QVERIFY(!QFileInfo::exists(m_dir.filePath(QStringLiteral("report.docx"))));
    }

private:
    Catalogue m_catalogue;
    QTemporaryDir m_dir;
    std::unique_ptr<Settings> m_settings;
};

QTEST_MAIN(TestUiReport)
#include "tst_ui_report.moc"
