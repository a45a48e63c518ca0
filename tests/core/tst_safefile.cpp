// Reading and writing the user's files (safefile.h): a save that fails leaves the previous file
// byte for byte, on a failing device and on a really full filesystem; reads refuse FIFOs,
// devices, folders and oversized files at once, without blocking or reading them; messages quote
// values escaped and cut short.

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QScopeGuard>
#include <QProcess>
#include <QSaveFile>
#include <QTemporaryDir>
#include <QTest>

#include <sys/stat.h>
#include <sys/types.h>

#include <headroom/io/catalogue.h>
#include <headroom/io/safefile.h>
#include <headroom/io/scenariofile.h>

using namespace headroom;

namespace {

// A save file whose device fails after \a budget bytes, as a full disk does (ENOSPC).
class FailingSaveFile final : public QSaveFile
{
public:
    FailingSaveFile(const QString &name, qint64 budget) : QSaveFile(name), m_budget(budget) { }

protected:
    qint64 writeData(const char *data, qint64 len) override
    {
        if (m_budget <= 0) {
            setErrorString(QStringLiteral("No space left on device"));
            return -1;
        }
        const qint64 n = std::min(len, m_budget);
        m_budget -= n;
        return QSaveFile::writeData(data, n);
    }

private:
    qint64 m_budget;
};

QByteArray contentOf(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray("<missing>");
}

QStringList filesIn(const QString &dir)
{
    return QDir(dir).entryList(QDir::Files | QDir::Hidden | QDir::NoDotAndDotDot);
}

} // namespace

class TestSafeFile : public QObject
{
    Q_OBJECT

private slots:
    void failingDeviceLeavesTheOldFile()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("plan.json"));
        QVERIFY(writeFileAtomically(path, "the user's scenario").ok());
        FailingSaveFile file(path, 1000);
        QVERIFY(file.open(QIODevice::WriteOnly));
        const FileProblem p = writeFileAtomically(file, QByteArray(100'000, 'x'));
        QCOMPARE(p.code, FileProblem::Code::WriteFailed);
        QVERIFY(p.detail.contains(QStringLiteral("No space left")));
        QCOMPARE(contentOf(path), QByteArray("the user's scenario"));
        QCOMPARE(filesIn(dir.path()), QStringList{ QStringLiteral("plan.json") }); // no temporary left behind
    }

    void fullFilesystemLeavesTheOldFile()
    {
        // A real 64 KiB filesystem, filled: the scenario save fails and says so, the file it
        // would replace is unchanged, no temporary file is left.
        QTemporaryDir dir;
        const QString mount = dir.filePath(QStringLiteral("small"));
        QVERIFY(QDir().mkpath(mount));
        if (QProcess::execute(QStringLiteral("mount"), { QStringLiteral("-t"), QStringLiteral("tmpfs"), QStringLiteral("-o"),
                                                         QStringLiteral("size=64k"), QStringLiteral("tmpfs"), mount })
            != 0)
            QSKIP("mounting a small tmpfs needs root and a mount namespace; the failing-device test covers the logic");
        const auto unmount = qScopeGuard([&] { QProcess::execute(QStringLiteral("umount"), { mount }); });
        const QString path = mount + QStringLiteral("/plan.json");
        ScenarioSpec spec;
        spec.scenario.model.layers = 2;
        spec.scenario.model.hidden = 64;
        spec.scenario.model.heads = 4;
        QVERIFY(writeScenarioFile(path, spec).ok());
        const QByteArray before = contentOf(path);
        // Fill what is left.
        QFile filler(mount + QStringLiteral("/filler"));
        QVERIFY(filler.open(QIODevice::WriteOnly));
        const QByteArray block(4096, 'f');
        while (filler.write(block) == block.size() && filler.flush()) { }
        filler.close();
        spec.scenario.model.layers = 3;
        const ScenarioError e = writeScenarioFile(path, spec);
        QCOMPARE(e.code, ScenarioError::Code::WriteFailed);
        QCOMPARE(contentOf(path), before);
        QStringList left = filesIn(mount);
        left.sort();
        QCOMPARE(left, (QStringList{ QStringLiteral("filler"), QStringLiteral("plan.json") }));
    }

    void saveIntoAMissingFolderFails()
    {
        QTemporaryDir dir;
        const ScenarioError e = writeScenarioFile(dir.filePath(QStringLiteral("no/such/folder/plan.json")), ScenarioSpec{});
        QCOMPARE(e.code, ScenarioError::Code::CannotOpen);
    }

    // Issue 32, item 4: the writer (QSaveFile) resolved a link at the name itself and replaced
    // its target, so another user who planted check.py -> victim in a shared folder had the
    // victim replaced (and chmodded 0755 by the check script). A link is now refused, whether
    // it points to a file or nowhere, and nothing it points to changes.
    void writesRefuseAPlantedLink()
    {
        QTemporaryDir dir;
        const QString victim = dir.filePath(QStringLiteral("victim"));
        QVERIFY(writeFileAtomically(victim, "the victim's file").ok());
        QVERIFY(QFile::setPermissions(victim, QFile::ReadOwner | QFile::WriteOwner));
        const QFile::Permissions before = QFile::permissions(victim);
        const QString planted = dir.filePath(QStringLiteral("check.py"));
        QVERIFY(QFile::link(victim, planted));
        FileProblem p = writeFileAtomically(planted, "#!/usr/bin/env python3\n", 0111);
        QCOMPARE(p.code, FileProblem::Code::SymbolicLink);
        QVERIFY2(p.detail.contains(QStringLiteral("symbolic link")), qPrintable(p.detail));
        QCOMPARE(contentOf(victim), QByteArray("the victim's file"));
        QCOMPARE(QFile::permissions(victim), before);
        QVERIFY(QFileInfo(planted).isSymLink());
        // A dangling link would have created its target.
        const QString dangling = dir.filePath(QStringLiteral("plan.json"));
        QVERIFY(QFile::link(dir.filePath(QStringLiteral("made-elsewhere")), dangling));
        p = writeFileAtomically(dangling, "{}");
        QCOMPARE(p.code, FileProblem::Code::SymbolicLink);
        QVERIFY(!QFileInfo::exists(dir.filePath(QStringLiteral("made-elsewhere"))));
        // The scenario file's save says so too, and no temporary is left behind.
        QCOMPARE(writeScenarioFile(dangling, ScenarioSpec{}).code, ScenarioError::Code::WriteFailed);
        QStringList left = QDir(dir.path()).entryList(QDir::AllEntries | QDir::System | QDir::Hidden | QDir::NoDotAndDotDot);
        left.sort();
        QCOMPARE(left, (QStringList{ QStringLiteral("check.py"), QStringLiteral("plan.json"), QStringLiteral("victim") }));
    }

    // What QSaveFile did and the writer keeps doing: an existing file keeps its permissions; a
    // new one gets 0666 less the umask; the check script's extra bits are added either way.
    void permissionsAreKept()
    {
        QTemporaryDir dir;
        const mode_t mask = ::umask(022);
        const auto restore = qScopeGuard([mask] { ::umask(mask); });
        const QString path = dir.filePath(QStringLiteral("a"));
        QVERIFY(writeFileAtomically(path, "1").ok());
        struct stat st {};
        QCOMPARE(::stat(QFile::encodeName(path).constData(), &st), 0);
        QCOMPARE(st.st_mode & 07777, mode_t(0644));
        QCOMPARE(::chmod(QFile::encodeName(path).constData(), 0640), 0);
        QVERIFY(writeFileAtomically(path, "2").ok());
        QCOMPARE(::stat(QFile::encodeName(path).constData(), &st), 0);
        QCOMPARE(st.st_mode & 07777, mode_t(0640));
        QVERIFY(writeFileAtomically(path, "3", 0111).ok());
        QCOMPARE(::stat(QFile::encodeName(path).constData(), &st), 0);
        QCOMPARE(st.st_mode & 07777, mode_t(0751));
        const QString script = dir.filePath(QStringLiteral("b"));
        QVERIFY(writeFileAtomically(script, "4", 0111).ok());
        QCOMPARE(::stat(QFile::encodeName(script).constData(), &st), 0);
        QCOMPARE(st.st_mode & 07777, mode_t(0755));
        QCOMPARE(contentOf(path), QByteArray("3"));
    }

    void readsRefuseWhatIsNotARegularFile()
    {
        QTemporaryDir dir;
        const QString fifo = dir.filePath(QStringLiteral("fifo"));
        QCOMPARE(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
        QElapsedTimer clock;
        clock.start();
        QByteArray data;
        // A FIFO with no writer: refused at once, not waited on.
        QCOMPARE(readRegularFile(fifo, data).code, FileProblem::Code::NotRegularFile);
        QCOMPARE(readRegularFile(QStringLiteral("/dev/zero"), data).code, FileProblem::Code::NotRegularFile);
        QCOMPARE(readRegularFile(dir.path(), data).code, FileProblem::Code::NotRegularFile);
        QVERIFY(clock.elapsed() < 5000);
        QCOMPARE(readRegularFile(dir.filePath(QStringLiteral("missing")), data).code, FileProblem::Code::CannotOpen);

        Catalogue catalogue;
        ScenarioSpec spec;
        spec.scenario.model.layers = 7;
        QCOMPARE(readScenarioFile(QStringLiteral("/dev/zero"), catalogue, spec).code, ScenarioError::Code::NotRegularFile);
        QCOMPARE(readScenarioFile(fifo, catalogue, spec).code, ScenarioError::Code::NotRegularFile);
        QCOMPARE(spec.scenario.model.layers, Count(7)); // untouched
    }

    void readsRefuseOversizedFilesUnread()
    {
        // A sparse file one byte over the limit: refused from its size, without reading 16 MB.
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("big.json"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        QVERIFY(f.resize(kMaxInputFileBytes + 1));
        f.close();
        QByteArray data;
        QCOMPARE(readRegularFile(path, data).code, FileProblem::Code::TooLarge);
        QVERIFY(data.isEmpty());
        Catalogue catalogue;
        ScenarioSpec spec;
        QCOMPARE(readScenarioFile(path, catalogue, spec).code, ScenarioError::Code::TooLarge);
        // At the limit exactly it is read.
        QVERIFY(f.open(QIODevice::ReadWrite));
        QVERIFY(f.resize(1000));
        f.close();
        QVERIFY(readRegularFile(path, data, 1000).ok());
        QCOMPARE(data.size(), 1000);
        QCOMPARE(readRegularFile(path, data, 999).code, FileProblem::Code::TooLarge);
    }

    void excerptsAreEscapedAndShort()
    {
        QCOMPARE(excerpt(QStringLiteral("llama-2-7b")), QStringLiteral("llama-2-7b"));
        QCOMPARE(excerpt(QStringLiteral("a\x1b[31mb\nc")), QStringLiteral("a\\x1b[31mb\\nc"));
        const QString huge(200'000'000 / 1000, QLatin1Char('x')); // 200,000 characters
        const QString e = excerpt(huge, 60);
        QCOMPARE(e.size(), 61);
        QVERIFY(e.endsWith(QChar(0x2026)));
        // Issue 32, item 6: a right-to-left override passed, so "model\u202Etxt.exe" showed as
        // "modelexe.txt"; isolates, marks and the Unicode line separators are escaped too.
        QCOMPARE(excerpt(QStringLiteral("model\u202Etxt.exe")), QStringLiteral("model\\u202etxt.exe"));
        QCOMPARE(excerpt(QStringLiteral("a\u2066b\u2069c\u200Fd\u2028e")), QStringLiteral("a\\u2066b\\u2069c\\u200fd\\u2028e"));
        QCOMPARE(excerpt(QStringLiteral("深度 ü")), QStringLiteral("深度 ü")); // other text as it is
    }

    // Issue 32, items 6 and 12: a kept name is escaped and bounded after escaping, so that a
    // save and an open leave it as it was (excerpt() bounds the input: an escaped name grew past
    // 120 characters and the next open cut it), and a 5 MB name costs no more than a short one.
    void boundedNamesSurviveARoundTrip()
    {
        const QString hostile = QStringLiteral("\x1b]0;pwned\x07\nerror: fake\u202E") + QString(5'000'000, QLatin1Char('x'));
        QElapsedTimer timer;
        timer.start();
        const QString once = boundedName(hostile, 120);
        QVERIFY(timer.elapsed() < 1000);
        QCOMPARE(once.size(), 120);
        QVERIFY(once.startsWith(QStringLiteral("\\x1b]0;pwned\\x07\\nerror: fake\\u202exxx")));
        QVERIFY(once.endsWith(QChar(0x2026)));
        QCOMPARE(boundedName(once, 120), once);
        // 118 characters with one control character: 121 escaped, cut to 119 and "…" once.
        const QString nearly = QString(117, QLatin1Char('n')) + QStringLiteral("\x01");
        const QString kept = boundedName(nearly, 120);
        QCOMPARE(kept.size(), 120);
        QCOMPARE(boundedName(kept, 120), kept);
        QCOMPARE(boundedName(QStringLiteral("LLaMA-2 7B"), 120), QStringLiteral("LLaMA-2 7B"));
    }
};

QTEST_APPLESS_MAIN(TestSafeFile)
#include "tst_safefile.moc"
