// Nothing lost in a crash: the window autosaves the scenario after a change, a clean close
// removes the autosave, and after a kill the next start restores what was on screen.

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

#include "autosave.h"
#include "mainwindow.h"
#include "messagebox.h"
#include "scenariodocument.h"
#include "settings.h"

using namespace headroom;
using EditKind = ScenarioDocument::EditKind;

class TestAutosave : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
        QVERIFY(loadCatalogue(findDataDir(), m_catalogue).code == CatalogueError::Code::None);
        m_settings = std::make_unique<Settings>(m_dir.filePath(QStringLiteral("headroom.ini")));
    }

    void writesAfterAChangeAndGoesOnACleanClose()
    {
        const QString path = m_dir.filePath(QStringLiteral("a/autosave.json"));
        {
            MainWindow window(m_catalogue, *m_settings);
            window.setRemembersSession(false);
            window.startAutosave(path);
            window.document()->edit(EditKind::Batch, QStringLiteral("B"), [](ScenarioSpec &s) { s.scenario.training.microBatch = 6; });
            // Not at once: after the idle time, and once for a burst.
            QVERIFY(!QFile::exists(path));
            QVERIFY(window.autosave()->isPending());
            QVERIFY(window.autosave()->flush());
            QVERIFY(QFile::exists(path));
            QString error;
            const std::optional<Autosave::Recovery> r = Autosave::read(path, m_catalogue, &error);
            QVERIFY2(r.has_value(), qPrintable(error));
            QCOMPARE(r->spec.scenario.training.microBatch, Count(6));
            QVERIFY(r->savedAt.isValid());
            window.close();
        }
        QVERIFY(!QFile::exists(path));
    }

    void anUnreadableAutosaveIsSaidAndMovedAside()
    {
        const QString path = m_dir.filePath(QStringLiteral("bad/autosave.json"));
        QVERIFY(QDir().mkpath(m_dir.filePath(QStringLiteral("bad"))));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("{\"headroom_autosave\": 1, \"scenario\": {\"schema\": 1, \"training\": {\"recipe\": \"fp7\"}}}");
        f.close();
        MainWindow window(m_catalogue, *m_settings);
        window.setRemembersSession(false);
        MessageBox::setNextAnswer(QMessageBox::Ok);
        QVERIFY(!window.offerRecovery(path));
        QVERIFY2(MessageBox::lastText().contains(QLatin1String("training.recipe")), qPrintable(MessageBox::lastText()));
        QVERIFY(!QFile::exists(path));
        QVERIFY(QFile::exists(path + QStringLiteral(".unreadable")));
    }

    void aKilledWindowIsRestoredAtTheNextStart()
    {
        const QString gui = qEnvironmentVariable("HEADROOM_GUI");
        if (gui.isEmpty())
            QSKIP("HEADROOM_GUI is not set (CTest sets it)");
        // The window as a user starts it, on its own data and settings folders, importing a
        // model (an edit): it autosaves after the idle time; then it is killed, not closed.
        QTemporaryDir home;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("XDG_DATA_HOME"), home.filePath(QStringLiteral("data")));
        env.insert(QStringLiteral("XDG_CONFIG_HOME"), home.filePath(QStringLiteral("config")));
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        const QString config = findDataDir() + QStringLiteral("/models/gemma-2-9b.json");
        QVERIFY(QFile::exists(config));
        QProcess window;
        window.setProcessEnvironment(env);
        window.start(gui, { QStringLiteral("--hf-config"), config });
        QVERIFY(window.waitForStarted());
        const QString autosave = home.filePath(QStringLiteral("data/headroom/autosave.json"));
        QTRY_VERIFY_WITH_TIMEOUT(QFile::exists(autosave), 20000);
        window.kill();
        window.waitForFinished();
        QVERIFY(QFile::exists(autosave));

        // The next start offers it; restored, the document holds the imported model (Gemma-2
        // 9B: 42 layers, H = 3584, head dimension 256), marked changed.
        MainWindow next(m_catalogue, *m_settings);
        next.setRemembersSession(false);
        MessageBox::setNextAnswer(QMessageBox::Yes);
        QVERIFY(next.offerRecovery(autosave));
        QVERIFY(MessageBox::lastText().startsWith(QLatin1String("Headroom did not close normally.")));
        const ModelSpec &m = next.document()->scenario().model;
        QCOMPARE(m.layers, Count(42));
        QCOMPARE(m.hidden, Count(3584));
        QCOMPARE(m.headDim, Count(256));
        QVERIFY(!next.document()->undoStack()->isClean());
    }

    void discardedRecoveryIsRemoved()
    {
        const QString path = m_dir.filePath(QStringLiteral("d/autosave.json"));
        {
            MainWindow window(m_catalogue, *m_settings);
            window.setRemembersSession(false);
            window.startAutosave(path);
            window.document()->edit(EditKind::Batch, QStringLiteral("B"), [](ScenarioSpec &s) { s.scenario.training.microBatch = 3; });
            QVERIFY(window.autosave()->flush());
            // Destroyed without closing: as a crash leaves it.
        }
        QVERIFY(QFile::exists(path));
        MainWindow next(m_catalogue, *m_settings);
        next.setRemembersSession(false);
        MessageBox::setNextAnswer(QMessageBox::Discard);
        QVERIFY(!next.offerRecovery(path));
        QVERIFY(!QFile::exists(path));
        QCOMPARE(next.document()->scenario().training.microBatch, ScenarioDocument::defaultSpec(m_catalogue).scenario.training.microBatch);
    }

private:
    Catalogue m_catalogue;
    QTemporaryDir m_dir;
    std::unique_ptr<Settings> m_settings;
};

QTEST_MAIN(TestAutosave)
#include "tst_ui_autosave.moc"
