// File › Examples: every scenario shipped in resources/examples/ is listed, and choosing one opens
// it as one new document (the file's scenario exactly, no history, untitled so that Save cannot
// write over the shipped file), after the same question about unsaved changes as File › Open.

#include <QAction>
#include <QFileInfo>
#include <QMenu>
#include <QTest>
#include <QUndoStack>

#include <headroom/io/scenariofile.h>

#include "examples.h"
#include "mainwindow.h"
#include "messagebox.h"
#include "scenariodocument.h"
#include "windowtest.h"

using namespace headroom;

class TestExamplesMenu : public QObject, private test::WindowTest
{
    Q_OBJECT

    QMenu *examplesMenu() const { return m_window->findChild<QMenu *>(QStringLiteral("examplesMenu")); }

    QList<QAction *> exampleActions() const
    {
        QList<QAction *> actions;
        if (QMenu *menu = examplesMenu())
            for (QAction *a : menu->actions())
                if (!a->isSeparator())
                    actions << a;
        return actions;
    }

    QAction *action(const QString &name) const
    {
        for (QAction *a : exampleActions())
            if (a->data().toString() == name)
                return a;
        return nullptr;
    }

    // What the file says, read as a file of its own is: from the realistic defaults.
    ScenarioSpec fileSpec(const QString &name) const
    {
        ScenarioSpec spec = realisticDefaults();
        const ScenarioError e = readScenarioFile(exampleScenarioPath(findDataDir(), name), m_catalogue, spec);
        if (!e.ok())
            qWarning("%s: %s", qPrintable(name), qPrintable(e.field));
        return spec;
    }

private slots:
    void initTestCase()
    {
        QVERIFY(setUpCatalogue());
    }

    void init()
    {
        QVERIFY(openWindow(false));
    }

    void cleanup()
    {
        closeWindow();
    }

    void theFileMenuListsEveryExample()
    {
        QMenu *menu = examplesMenu();
        QVERIFY(menu);
        QCOMPARE(menu->title(), QStringLiteral("&Examples"));
        QStringList listed;
        for (QAction *a : exampleActions()) {
            listed << a->data().toString();
            QVERIFY(!a->text().isEmpty());
            QVERIFY(!a->toolTip().isEmpty());
        }
        // The article's four rows first, in its table's order, then the common runs.
        QCOMPARE(listed, exampleNames());
        QCOMPARE(listed.mid(0, 4), QStringList({ QStringLiteral("article-7b"), QStringLiteral("article-7b-checkpointing"),
                                                 QStringLiteral("article-7b-b4"), QStringLiteral("article-13b-checkpointing") }));
        QCOMPARE(listed.size(), 7);
        for (const QString &name : listed)
            QVERIFY2(QFileInfo::exists(exampleScenarioPath(findDataDir(), name)), qPrintable(name));
    }

    void choosingOneOpensItAsOneDocument()
    {
        ScenarioDocument *doc = m_window->document();
        for (const QString &name : exampleNames()) {
            QAction *a = action(name);
            QVERIFY2(a, qPrintable(name));
            a->trigger();
            // The scenario is the file's, in every key a file holds.
            const ScenarioSpec expected = fileSpec(name);
            QVERIFY2(ScenarioDocument::sameScenario(doc->spec(), expected), qPrintable(name));
            QCOMPARE(scenarioToJson(doc->spec()), scenarioToJson(expected));
            QVERIFY(doc->issues().empty());
            QVERIFY(doc->pinned().isEmpty());
            // A new document: no history, nothing to save, and no file name, so that Save asks
            // where to write.
            QCOMPARE(doc->undoStack()->count(), 0);
            QVERIFY(!doc->isModified());
            QVERIFY(doc->fileName().isEmpty());
            QVERIFY(m_window->windowTitle().startsWith(QLatin1String("Untitled scenario")));
        }
    }

    void theArticlesRowShowsItsFigure()
    {
        // The article's worked example, 112 GB of model state + 35.97 GB of activations
        // (tests/cli/tst_examplescli.cpp derives it): the window's peak is the same.
        action(QStringLiteral("article-7b"))->trigger();
        QCOMPARE(countOf(m_window->document()->breakdown().peak), Count(147'970'351'104));
        action(QStringLiteral("article-7b-b4"))->trigger();
        QCOMPARE(countOf(m_window->document()->breakdown().peak), Count(255'881'404'416));
    }

    void unsavedChangesAreAskedAboutFirst()
    {
        ScenarioDocument *doc = m_window->document();
        QVERIFY(doc->edit(ScenarioDocument::EditKind::Batch, QStringLiteral("batch"),
                          [](ScenarioSpec &s) { s.scenario.training.microBatch = 3; }));
        QVERIFY(doc->isModified());
        // Cancel: the edited scenario stays.
        MessageBox::setNextAnswer(QMessageBox::Cancel);
        action(QStringLiteral("qlora-8b-24gb"))->trigger();
        QCOMPARE(doc->scenario().training.microBatch, Count(3));
        QVERIFY(doc->isModified());
        QVERIFY(MessageBox::lastText().contains(QLatin1String("not saved")));
        // Discard: the example replaces it.
        MessageBox::setNextAnswer(QMessageBox::Discard);
        action(QStringLiteral("qlora-8b-24gb"))->trigger();
        QVERIFY(ScenarioDocument::sameScenario(doc->spec(), fileSpec(QStringLiteral("qlora-8b-24gb"))));
        QCOMPARE(doc->scenario().lora.mode, AdapterMode::Qlora);
        QVERIFY(!doc->isModified());
    }

    void aMissingFileChangesNothing()
    {
        // A damaged installation: the file is gone. The window says so and keeps its scenario.
        ScenarioDocument *doc = m_window->document();
        const ScenarioSpec before = doc->spec();
        QString error;
        QVERIFY(!doc->loadUntitled(exampleScenarioPath(findDataDir(), QStringLiteral("no-such-example")), &error));
        QVERIFY(!error.isEmpty());
        QVERIFY(ScenarioDocument::sameScenario(doc->spec(), before));
    }
};

QTEST_MAIN(TestExamplesMenu)
#include "tst_ui_examples.moc"
