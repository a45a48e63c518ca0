// Nothing lost in a crash: the window autosaves the scenario after a change, a clean close
// removes the autosave, and after a kill the next start restores what was on screen. Each
// window has its own autosave: another window neither offers nor removes it while it runs.

#include <QDir>
#include <QFile>
#include <QFileInfo>
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
        const QString folder = m_dir.filePath(QStringLiteral("a"));
        QString path;
        {
            MainWindow window(m_catalogue, *m_settings);
            window.setRemembersSession(false);
            window.startAutosave(folder);
            path = window.autosave()->path();
            QCOMPARE(QFileInfo(path).absolutePath(), QFileInfo(folder).absoluteFilePath());
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
        QVERIFY(!QFile::exists(path + QStringLiteral(".lock")));
    }

    // Issue 32, item 2: every window wrote the same file, so window B's clean close deleted
    // window A's autosave (A killed later: nothing to restore), and B, started while A ran, said
    // "did not close normally" and deleted A's file on Discard.
    void twoWindowsKeepTheirOwnAutosaves()
    {
        const QString folder = m_dir.filePath(QStringLiteral("two"));
        MainWindow a(m_catalogue, *m_settings);
        a.setRemembersSession(false);
        a.startAutosave(folder);
        a.document()->edit(EditKind::Batch, QStringLiteral("B"), [](ScenarioSpec &s) { s.scenario.training.microBatch = 2; });
        QVERIFY(a.autosave()->flush());
        const QString aPath = a.autosave()->path();
        {
            MainWindow b(m_catalogue, *m_settings);
            b.setRemembersSession(false);
            b.startAutosave(folder);
            QVERIFY(b.autosave()->path() != aPath);
            // A still runs: nothing is offered. Had B asked, Discard would have removed A's file.
            MessageBox::setNextAnswer(QMessageBox::Discard);
            QVERIFY(!b.offerOrphanedAutosave());
            MessageBox::setNextAnswer(QMessageBox::NoButton);
            QVERIFY(QFile::exists(aPath));
            b.document()->edit(EditKind::Batch, QStringLiteral("B"), [](ScenarioSpec &s) { s.scenario.training.microBatch = 3; });
            QVERIFY(b.autosave()->flush());
            QVERIFY(b.close());
            QVERIFY(!QFile::exists(b.autosave()->path()));
        }
        // B's clean close took only its own file.
        QString error;
        const std::optional<Autosave::Recovery> r = Autosave::read(aPath, m_catalogue, &error);
        QVERIFY2(r.has_value(), qPrintable(error));
        QCOMPARE(r->spec.scenario.training.microBatch, Count(2));
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
        const QDir folder(home.filePath(QStringLiteral("data/headroom/autosave")));
        const QStringList autosaves{ QStringLiteral("autosave-*.json") };
        QTRY_VERIFY_WITH_TIMEOUT(folder.entryList(autosaves, QDir::Files).size() == 1, 20000);
        const QString autosave = folder.filePath(folder.entryList(autosaves, QDir::Files).constFirst());
        QVERIFY(autosave.contains(QString::number(window.processId())));

        // Another window started while the first runs offers nothing, and closing it cleanly
        // leaves the first one's autosave.
        {
            MainWindow other(m_catalogue, *m_settings);
            other.setRemembersSession(false);
            other.startAutosave(folder.path());
            MessageBox::setNextAnswer(QMessageBox::Discard);
            QVERIFY(!other.offerOrphanedAutosave());
            MessageBox::setNextAnswer(QMessageBox::NoButton);
            QVERIFY(other.close());
        }
        QVERIFY(QFile::exists(autosave));

        window.kill();
        window.waitForFinished();
        QVERIFY(QFile::exists(autosave));

        // The next start offers it; restored, the document holds the imported model (Gemma-2
        // 9B: 42 layers, H = 3584, head dimension 256), marked changed; the new window's own
        // autosave holds it and the orphan goes.
        MainWindow next(m_catalogue, *m_settings);
        next.setRemembersSession(false);
        next.startAutosave(folder.path());
        MessageBox::setNextAnswer(QMessageBox::Yes);
        QVERIFY(next.offerOrphanedAutosave());
        QVERIFY(MessageBox::lastText().startsWith(QLatin1String("Headroom did not close normally.")));
        const ModelSpec &m = next.document()->scenario().model;
        QCOMPARE(m.layers, Count(42));
        QCOMPARE(m.hidden, Count(3584));
        QCOMPARE(m.headDim, Count(256));
        QVERIFY(!next.document()->undoStack()->isClean());
        QVERIFY(!QFile::exists(autosave));
        QVERIFY(QFile::exists(next.autosave()->path()));
        QVERIFY(next.close());
    }

    void discardedRecoveryIsRemoved()
    {
        const QString folder = m_dir.filePath(QStringLiteral("d"));
        QString path;
        {
            MainWindow window(m_catalogue, *m_settings);
            window.setRemembersSession(false);
            window.startAutosave(folder);
            path = window.autosave()->path();
            window.document()->edit(EditKind::Batch, QStringLiteral("B"), [](ScenarioSpec &s) { s.scenario.training.microBatch = 3; });
            QVERIFY(window.autosave()->flush());
            // Destroyed without closing: as a crash leaves it.
        }
        QVERIFY(QFile::exists(path));
        MainWindow next(m_catalogue, *m_settings);
        next.setRemembersSession(false);
        next.startAutosave(folder);
        MessageBox::setNextAnswer(QMessageBox::Discard);
        QVERIFY(!next.offerOrphanedAutosave());
        QVERIFY(!QFile::exists(path));
        QCOMPARE(next.document()->scenario().training.microBatch, ScenarioDocument::defaultSpec(m_catalogue).scenario.training.microBatch);
        // Nothing is left to offer.
        MessageBox::setNextAnswer(QMessageBox::Yes);
        QVERIFY(!next.offerOrphanedAutosave());
        MessageBox::setNextAnswer(QMessageBox::NoButton);
    }

    // Issue 32, item 5: closing deleted the autosave before the session was written and never
    // checked the write, so with an unwritable settings file the scenario on screen was lost.
    void aFailedSessionKeepsTheAutosave()
    {
        // A settings file inside a regular file cannot be written, even by root.
        const QString blocker = m_dir.filePath(QStringLiteral("not-a-folder"));
        QFile f(blocker);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.close();
        Settings unwritable(blocker + QStringLiteral("/headroom.ini"));
        const QString folder = m_dir.filePath(QStringLiteral("session"));
        QString path;
        {
            MainWindow window(m_catalogue, unwritable);
            window.setRemembersSession(true);
            window.startAutosave(folder);
            path = window.autosave()->path();
            window.document()->edit(EditKind::Batch, QStringLiteral("B"), [](ScenarioSpec &s) { s.scenario.training.microBatch = 5; });
            MessageBox::setNextAnswer(QMessageBox::Ok);
            QVERIFY(window.close());
            QVERIFY2(MessageBox::lastText().contains(QLatin1String("The session could not be written to")),
                     qPrintable(MessageBox::lastText()));
            QVERIFY(MessageBox::lastText().contains(QDir::toNativeSeparators(path)));
        }
        // The change (not yet autosaved when the window closed) is in the autosave, offered next time.
        QString error;
        const std::optional<Autosave::Recovery> r = Autosave::read(path, m_catalogue, &error);
        QVERIFY2(r.has_value(), qPrintable(error));
        QCOMPARE(r->spec.scenario.training.microBatch, Count(5));
    }

private:
    Catalogue m_catalogue;
    QTemporaryDir m_dir;
    std::unique_ptr<Settings> m_settings;
};

QTEST_MAIN(TestAutosave)
#include "tst_ui_autosave.moc"
