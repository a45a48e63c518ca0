#include <headroom/io/safefile.h>

#include <cerrno>
#include <cstring>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <QFile>
#include <QFileInfo>
#include <QSaveFile>

#include <headroom/io/safewrite.h>

namespace headroom {

namespace {

// Opens \a path for reading without blocking and checks that it is a regular file.
FileProblem openRegular(const QString &path, QFile &file, qint64 &size)
{
    // O_NONBLOCK: opening a FIFO without a writer returns at once instead of waiting forever;
    // fstat on the descriptor then judges what was opened, not what the name pointed to before.
    const QByteArray name = QFile::encodeName(path);
    const int fd = ::open(name.constData(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0)
        return { FileProblem::Code::CannotOpen, QString::fromLocal8Bit(std::strerror(errno)) };
    struct stat st {};
    if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        ::close(fd);
        return { FileProblem::Code::NotRegularFile, {} };
    }
    size = st.st_size;
    // Unbuffered: the callers read the whole file (or a prefix) in one call, so QFile's own
    // 16 KB read buffer would only be allocated, filled and copied once more.
    if (!file.open(fd, QIODevice::ReadOnly | QIODevice::Unbuffered, QFileDevice::AutoCloseHandle)) {
        ::close(fd);
        return { FileProblem::Code::CannotOpen, file.errorString() };
    }
    return {};
}

} // namespace

FileProblem readRegularFilePrefix(const QString &path, qint64 length, QByteArray &out, qint64 &fileSize)
{
    out.clear();
    QFile file;
    if (const FileProblem p = openRegular(path, file, fileSize); !p.ok())
        return p;
    out = file.read(length < fileSize ? length : fileSize);
    if (file.error() != QFileDevice::NoError)
        return { FileProblem::Code::ReadFailed, file.errorString() };
    return {};
}

FileProblem readRegularFile(const QString &path, QByteArray &out, qint64 maxBytes)
{
    out.clear();
    QFile file;
    qint64 size = 0;
    if (const FileProblem p = openRegular(path, file, size); !p.ok())
        return p;
    if (size > maxBytes)
        return { FileProblem::Code::TooLarge, QString::number(maxBytes) };
    // The size fstat gave and one byte more, which tells a file that grew since: only then is
    // the rest read, up to one byte over the limit. (Asking for the limit at once made Qt
    // allocate and clear 16 MB for every 2 KB scenario; the catalogue's fuzz target found it.)
    QByteArray data = file.read(size + 1);
    if (data.size() > size && file.error() == QFileDevice::NoError)
        data += file.read(maxBytes + 1 - data.size());
    if (file.error() != QFileDevice::NoError)
        return { FileProblem::Code::ReadFailed, file.errorString() };
    if (data.size() > maxBytes)
        return { FileProblem::Code::TooLarge, QString::number(maxBytes) };
    out = std::move(data);
    return {};
}

FileProblem writeFileAtomically(QSaveFile &file, const QByteArray &data)
{
    // QSaveFile::commit() can return true after a failed write (seen on Qt 6.4 with ENOSPC),
    // so each write's count is checked and the file cancelled before committing anything short.
    qint64 written = 0;
    while (written < data.size()) {
        const qint64 n = file.write(data.constData() + written, data.size() - written);
        if (n <= 0) {
            const QString why = file.errorString();
            file.cancelWriting();
            file.commit(); // with writing cancelled this discards the temporary file
            return { FileProblem::Code::WriteFailed, why };
        }
        written += n;
    }
    if (!file.flush() || file.error() != QFileDevice::NoError) {
        const QString why = file.errorString();
        file.cancelWriting();
        file.commit();
        return { FileProblem::Code::WriteFailed, why };
    }
    if (!file.commit())
        return { FileProblem::Code::CommitFailed, file.errorString() };
    return {};
}

FileProblem writeFileAtomically(const QString &path, const QByteArray &data, unsigned extraMode)
{
    // Not QSaveFile: it resolves a link at the name and writes to its target (safewrite.h).
    WriteFolder folder;
    if (const FileProblem p = WriteFolder::parentOf(path, folder); !p.ok())
        return p;
    PendingFile file;
    if (const FileProblem p = PendingFile::write(folder, QFileInfo(path).fileName(), data, file, extraMode); !p.ok())
        return p;
    return file.commit();
}

namespace {

// Characters a terminal or a text view would act on rather than show: C0 and C1 controls, and
// those that reorder what follows them (a U+202E in a name makes "exe.txt" read "txt.exe").
bool reordersText(char16_t u)
{
    return (u >= 0x202a && u <= 0x202e) || (u >= 0x2066 && u <= 0x2069) || u == 0x200e || u == 0x200f || u == 0x061c
            || u == 0x2028 || u == 0x2029;
}

void appendEscaped(QString &out, QChar c)
{
    const char16_t u = c.unicode();
    if (u == u'\n')
        out += QStringLiteral("\\n");
    else if (u == u'\t')
        out += QStringLiteral("\\t");
    else if (u == u'\r')
        out += QStringLiteral("\\r");
    else if (u < 0x20 || u == 0x7f || (u >= 0x80 && u < 0xa0))
        out += QStringLiteral("\\x%1").arg(unsigned(u), 2, 16, QLatin1Char('0'));
    else if (reordersText(u))
        out += QStringLiteral("\\u%1").arg(unsigned(u), 4, 16, QLatin1Char('0'));
    else
        out += c;
}

} // namespace

QString excerpt(const QString &text, int maxChars)
{
    QString out;
    int shown = 0;
    for (const QChar c : text) {
        if (shown >= maxChars)
            break;
        appendEscaped(out, c);
        ++shown;
    }
    if (text.size() > maxChars)
        out += QChar(0x2026); // …
    return out;
}

QString boundedName(const QString &text, int maxChars)
{
    QString out;
    // Escaping stops once the name is surely too long: a 5 MB name costs no more than a short one.
    for (const QChar c : text) {
        if (out.size() > maxChars)
            break;
        appendEscaped(out, c);
    }
    if (out.size() <= maxChars)
        return out;
    out.truncate(maxChars > 0 ? maxChars - 1 : 0);
    if (!out.isEmpty() && out.back().isHighSurrogate())
        out.chop(1); // never half a character
    return out + QChar(0x2026); // …
}

} // namespace headroom
