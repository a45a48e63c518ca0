#include <headroom/io/safewrite.h>

#include <cerrno>
#include <cstring>
#include <random>
#include <utility>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>

namespace headroom {

namespace {

struct SafeWrite
{
    Q_DECLARE_TR_FUNCTIONS(SafeWrite)
};

FileProblem systemProblem(FileProblem::Code code)
{
    return { code, QString::fromLocal8Bit(std::strerror(errno)) };
}

FileProblem linkRefused()
{
    return { FileProblem::Code::SymbolicLink,
             SafeWrite::tr("it is a symbolic link, and Headroom does not write through a link it did not make; remove it "
                           "or name another file") };
}

FileProblem notRegular()
{
    return { FileProblem::Code::NotRegularFile, SafeWrite::tr("it is not a regular file") };
}

// A name no other writer uses: a dot (hidden), the final name, a random suffix.
QByteArray temporaryName(const QByteArray &name)
{
    static thread_local std::mt19937_64 random{ std::random_device{}() };
    return '.' + name + '.' + QByteArray::number(static_cast<qulonglong>(random()), 36) + ".tmp";
}

int duplicate(int fd)
{
    return fd >= 0 ? ::fcntl(fd, F_DUPFD_CLOEXEC, 0) : -1;
}

} // namespace

WriteFolder::~WriteFolder()
{
    if (m_fd >= 0)
        ::close(m_fd);
}

WriteFolder::WriteFolder(WriteFolder &&other) noexcept : m_fd(std::exchange(other.m_fd, -1)), m_path(std::move(other.m_path)) { }

WriteFolder &WriteFolder::operator=(WriteFolder &&other) noexcept
{
    if (this != &other) {
        if (m_fd >= 0)
            ::close(m_fd);
        m_fd = std::exchange(other.m_fd, -1);
        m_path = std::move(other.m_path);
    }
    return *this;
}

QString WriteFolder::filePath(const QString &name) const
{
    return QDir(m_path).filePath(name);
}

FileProblem WriteFolder::parentOf(const QString &path, WriteFolder &out)
{
    const QString folder = QFileInfo(path).absolutePath();
    const int fd = ::open(QFile::encodeName(folder).constData(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0)
        return systemProblem(FileProblem::Code::CannotOpen);
    out = WriteFolder();
    out.m_fd = fd;
    out.m_path = folder;
    return {};
}

FileProblem WriteFolder::open(const QString &path, bool create, WriteFolder &out, bool *made)
{
    if (made)
        *made = false;
    const QByteArray name = QFile::encodeName(path);
    if (create && ::mkdir(name.constData(), 0777) == 0 && made)
        *made = true;
    // O_NOFOLLOW on the last component: a link there fails with ELOOP (or ENOTDIR, for a link
    // with O_DIRECTORY on some systems), told apart with lstat for the message.
    const int fd = ::open(name.constData(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0) {
        const int error = errno;
        struct stat st {};
        if (::lstat(name.constData(), &st) == 0) {
            if (S_ISLNK(st.st_mode))
                return linkRefused();
            if (!S_ISDIR(st.st_mode))
                return { FileProblem::Code::NotRegularFile, SafeWrite::tr("it is not a folder") };
        }
        errno = error;
        return systemProblem(FileProblem::Code::CannotOpen);
    }
    out = WriteFolder();
    out.m_fd = fd;
    out.m_path = path;
    return {};
}

PendingFile::~PendingFile()
{
    cancel();
}

PendingFile::PendingFile(PendingFile &&other) noexcept
    : m_dirFd(std::exchange(other.m_dirFd, -1)),
      m_temporary(std::move(other.m_temporary)),
      m_name(std::move(other.m_name)),
      m_path(std::move(other.m_path))
{
}

PendingFile &PendingFile::operator=(PendingFile &&other) noexcept
{
    if (this != &other) {
        cancel();
        m_dirFd = std::exchange(other.m_dirFd, -1);
        m_temporary = std::move(other.m_temporary);
        m_name = std::move(other.m_name);
        m_path = std::move(other.m_path);
    }
    return *this;
}

FileProblem PendingFile::write(const WriteFolder &folder, const QString &name, const QByteArray &data, PendingFile &out,
                               mode_t extraMode)
{
    out.cancel();
    if (!folder.isOpen())
        return { FileProblem::Code::CannotOpen, SafeWrite::tr("the folder is not open") };
    const QByteArray encoded = QFile::encodeName(name);
    struct stat existing {};
    const bool exists = ::fstatat(folder.fd(), encoded.constData(), &existing, AT_SYMLINK_NOFOLLOW) == 0;
    if (exists && S_ISLNK(existing.st_mode))
        return linkRefused();
    if (exists && !S_ISREG(existing.st_mode))
        return notRegular();
    // A file made read-only is not replaced behind the user's back (QSaveFile refused it too),
    // though the folder's permissions would allow the rename.
    if (exists && ::faccessat(folder.fd(), encoded.constData(), W_OK, AT_EACCESS) != 0)
        return { FileProblem::Code::CannotOpen, SafeWrite::tr("the file is read-only") };
    const int dirFd = duplicate(folder.fd());
    if (dirFd < 0)
        return systemProblem(FileProblem::Code::CannotOpen);
    QByteArray temporary;
    int fd = -1;
    for (int attempt = 0; attempt < 16 && fd < 0; ++attempt) {
        temporary = temporaryName(encoded);
        // O_EXCL | O_NOFOLLOW: never a file or a link someone else put at this name.
        fd = ::openat(dirFd, temporary.constData(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC,
                      (0666 | extraMode) & 07777);
        if (fd < 0 && errno != EEXIST)
            break;
    }
    if (fd < 0) {
        const FileProblem p = systemProblem(FileProblem::Code::CannotOpen);
        ::close(dirFd);
        return p;
    }
    auto fail = [&](FileProblem::Code code) {
        const FileProblem p = systemProblem(code);
        ::close(fd);
        ::unlinkat(dirFd, temporary.constData(), 0);
        ::close(dirFd);
        return p;
    };
    // An existing file keeps its permissions (as QSaveFile kept them), plus the extra bits.
    if (exists && ::fchmod(fd, (existing.st_mode | extraMode) & 07777) != 0)
        return fail(FileProblem::Code::WriteFailed);
    qint64 written = 0;
    while (written < data.size()) {
        const ssize_t n = ::write(fd, data.constData() + written, static_cast<size_t>(data.size() - written));
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            if (n == 0)
                errno = EIO;
            return fail(FileProblem::Code::WriteFailed);
        }
        written += n;
    }
    // On disk before it takes the name: a crash after the rename never leaves an empty file.
    if (::fsync(fd) != 0)
        return fail(FileProblem::Code::WriteFailed);
    if (::close(fd) != 0) {
        fd = -1;
        const FileProblem p = systemProblem(FileProblem::Code::WriteFailed);
        ::unlinkat(dirFd, temporary.constData(), 0);
        ::close(dirFd);
        return p;
    }
    out.m_dirFd = dirFd;
    out.m_temporary = temporary;
    out.m_name = encoded;
    out.m_path = folder.filePath(name);
    return {};
}

FileProblem PendingFile::commit()
{
    if (m_dirFd < 0)
        return { FileProblem::Code::CommitFailed, SafeWrite::tr("nothing was written") };
    // renameat replaces the name itself: a link put there since write() is replaced, not followed.
    if (::renameat(m_dirFd, m_temporary.constData(), m_dirFd, m_name.constData()) != 0) {
        const FileProblem p = systemProblem(FileProblem::Code::CommitFailed);
        cancel();
        return p;
    }
    ::fsync(m_dirFd); // the rename itself on disk; a folder that cannot be synced still has it
    ::close(m_dirFd);
    m_dirFd = -1;
    return {};
}

void PendingFile::cancel()
{
    if (m_dirFd < 0)
        return;
    ::unlinkat(m_dirFd, m_temporary.constData(), 0);
    ::close(m_dirFd);
    m_dirFd = -1;
}

KeptFile::~KeptFile()
{
    drop();
}

KeptFile::KeptFile(KeptFile &&other) noexcept
    : m_dirFd(std::exchange(other.m_dirFd, -1)), m_name(std::move(other.m_name)), m_aside(std::move(other.m_aside))
{
}

KeptFile &KeptFile::operator=(KeptFile &&other) noexcept
{
    if (this != &other) {
        drop();
        m_dirFd = std::exchange(other.m_dirFd, -1);
        m_name = std::move(other.m_name);
        m_aside = std::move(other.m_aside);
    }
    return *this;
}

FileProblem KeptFile::keep(const WriteFolder &folder, const QString &name, KeptFile &out)
{
    out.drop();
    const QByteArray encoded = QFile::encodeName(name);
    struct stat st {};
    const bool exists = ::fstatat(folder.fd(), encoded.constData(), &st, AT_SYMLINK_NOFOLLOW) == 0;
    if (exists && S_ISLNK(st.st_mode))
        return linkRefused();
    if (exists && !S_ISREG(st.st_mode))
        return notRegular();
    out.m_dirFd = duplicate(folder.fd());
    if (out.m_dirFd < 0)
        return systemProblem(FileProblem::Code::CannotOpen);
    out.m_name = encoded;
    if (!exists)
        return {};
    // A hard link keeps the old content under another name while a rename replaces the name.
    for (int attempt = 0; attempt < 16; ++attempt) {
        const QByteArray aside = temporaryName(encoded);
        if (::linkat(out.m_dirFd, encoded.constData(), out.m_dirFd, aside.constData(), 0) == 0) {
            out.m_aside = aside;
            return {};
        }
        if (errno != EEXIST)
            break;
    }
    // Where links cannot be made (some file systems), a copy does the same.
    QByteArray content;
    QFile source;
    const int in = ::openat(out.m_dirFd, encoded.constData(), O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
    if (in < 0 || !source.open(in, QIODevice::ReadOnly, QFileDevice::AutoCloseHandle)) {
        if (in >= 0)
            ::close(in);
        const FileProblem p = systemProblem(FileProblem::Code::CannotOpen);
        out.drop();
        return p;
    }
    content = source.readAll();
    source.close();
    PendingFile copy;
    if (const FileProblem p = PendingFile::write(folder, name + QStringLiteral(".kept"), content, copy); !p.ok()) {
        out.drop();
        return p;
    }
    // Left uncommitted under its temporary name: that name is the copy.
    out.m_aside = copy.m_temporary;
    ::close(copy.m_dirFd);
    copy.m_dirFd = -1;
    return {};
}

bool KeptFile::restore()
{
    if (m_dirFd < 0)
        return true;
    const bool ok = m_aside.isEmpty() ? (::unlinkat(m_dirFd, m_name.constData(), 0) == 0 || errno == ENOENT)
                                      : ::renameat(m_dirFd, m_aside.constData(), m_dirFd, m_name.constData()) == 0;
    if (ok)
        m_aside.clear();
    drop();
    return ok;
}

void KeptFile::drop()
{
    if (m_dirFd < 0)
        return;
    if (!m_aside.isEmpty())
        ::unlinkat(m_dirFd, m_aside.constData(), 0);
    ::close(m_dirFd);
    m_dirFd = -1;
    m_aside.clear();
}

} // namespace headroom
