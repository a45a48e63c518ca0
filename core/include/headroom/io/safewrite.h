#pragma once

// Atomic writes that never follow a link they did not make. A file is written in full under a
// fresh name in its folder (O_CREAT | O_EXCL | O_NOFOLLOW) and renamed over its final name
// (renameat: the name is replaced, whatever it was, and nothing it pointed to is touched). A
// symbolic link found at the final name, or at a folder Headroom writes into by name (a
// report's <name>-files), is refused before anything is written: another user who plants
// check.py -> victim in a shared folder gets a refusal naming check.py, not a victim replaced.
// QSaveFile, used before, resolved such a link itself and wrote to its target, bypassing the
// kernel's protected-symlink guard.

#include <sys/types.h>

#include <QByteArray>
#include <QString>

#include <headroom/io/safefile.h>

namespace headroom {

//! A folder opened once for writing into: files are made and renamed relative to it (openat,
//! renameat), so a folder swapped for a link after it was opened changes nothing.
class WriteFolder
{
public:
    WriteFolder() = default;
    ~WriteFolder();
    WriteFolder(WriteFolder &&other) noexcept;
    WriteFolder &operator=(WriteFolder &&other) noexcept;
    WriteFolder(const WriteFolder &) = delete;
    WriteFolder &operator=(const WriteFolder &) = delete;

    //! The folder holding \a path's last component, as the user named it (links above the last
    //! component are the user's own way to their folder and are followed).
    static FileProblem parentOf(const QString &path, WriteFolder &out);
    /*!
     * \a path itself as a folder, refusing a symbolic link or anything but a folder there
     * (FileProblem::Code::SymbolicLink, NotRegularFile). Made (0777 less the umask) when absent
     * and \a create; \a made says whether this call made it.
     */
    static FileProblem open(const QString &path, bool create, WriteFolder &out, bool *made = nullptr);

    bool isOpen() const { return m_fd >= 0; }
    int fd() const { return m_fd; }
    const QString &path() const { return m_path; }
    //! \a name inside this folder, for messages.
    QString filePath(const QString &name) const;

private:
    int m_fd = -1;
    QString m_path;
};

/*!
 * A file written in full under a temporary name in its folder and not yet in place. commit()
 * renames it over its name; cancel(), or destruction before commit(), removes it.
 */
class PendingFile
{
public:
    PendingFile() = default;
    ~PendingFile();
    PendingFile(PendingFile &&other) noexcept;
    PendingFile &operator=(PendingFile &&other) noexcept;
    PendingFile(const PendingFile &) = delete;
    PendingFile &operator=(const PendingFile &) = delete;

    /*!
     * Writes \a data for \a name in \a folder. A symbolic link at \a name is refused
     * (Code::SymbolicLink), as is anything there but a regular file (Code::NotRegularFile).
     * The file gets an existing file's permissions, else 0666 less the umask, plus \a extraMode
     * (0111 for a script; less the umask for a new file). Every write and the flush to disk are
     * checked.
     */
    static FileProblem write(const WriteFolder &folder, const QString &name, const QByteArray &data, PendingFile &out,
                             mode_t extraMode = 0);

    //! Puts the file in place; on failure it is removed and the name keeps what it had.
    FileProblem commit();
    void cancel();
    bool isPending() const { return m_dirFd >= 0; }
    //! The final path, for messages.
    const QString &path() const { return m_path; }

private:
    friend class KeptFile; // keeps a copy as an uncommitted pending file
    int m_dirFd = -1; //!< a duplicate of the folder's descriptor, so the folder may go first
    QByteArray m_temporary;
    QByteArray m_name;
    QString m_path;
};

/*!
 * Keeps a file's current content aside (a hard link, or a copy where links cannot be made)
 * while it is replaced, so that a write that fails later can put it back: restore() renames it
 * back, drop() forgets it. Without a file at the name there is nothing to keep.
 */
class KeptFile
{
public:
    KeptFile() = default;
    ~KeptFile(); //!< drops what it kept
    KeptFile(KeptFile &&other) noexcept;
    KeptFile &operator=(KeptFile &&other) noexcept;
    KeptFile(const KeptFile &) = delete;
    KeptFile &operator=(const KeptFile &) = delete;

    static FileProblem keep(const WriteFolder &folder, const QString &name, KeptFile &out);
    //! Puts the kept content back at the name (or removes the name if there was nothing).
    bool restore();
    void drop();

private:
    int m_dirFd = -1;
    QByteArray m_name;
    QByteArray m_aside; //!< empty: there was no file at the name
};

} // namespace headroom
