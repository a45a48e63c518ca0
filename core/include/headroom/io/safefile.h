#pragma once

// Reading and writing the user's files safely: a read never blocks on a FIFO or a device and
// never takes more than a stated size; a write is atomic, every write and the final commit are
// checked, and on failure the previous file stays byte for byte as it was. Every file Headroom
// reads or writes goes through here.

#include <QByteArray>
#include <QString>

class QSaveFile;

namespace headroom {

//! The largest file any reader accepts: scenario, catalogue, configs, measurements. Far above
//! any real one (a scenario is ~2 KB, the catalogue ~10 KB), far below what would hurt.
inline constexpr qint64 kMaxInputFileBytes = 16 * 1024 * 1024;

struct FileProblem
{
    //! SymbolicLink: a write refused a link at the name it was to replace (safewrite.h).
    enum class Code { None, CannotOpen, NotRegularFile, TooLarge, ReadFailed, WriteFailed, CommitFailed, SymbolicLink };
    Code code = Code::None;
    QString detail; //!< the system's message, or the limit

    bool ok() const { return code == Code::None; }
};

/*!
 * Reads the whole regular file \a path into \a out, if it is at most \a maxBytes. Opens without
 * blocking and checks the opened file itself (not only its name), so a FIFO, a device or a
 * directory is refused at once, and a file that grows past the limit while being read is
 * refused too. \a out is left empty on failure.
 */
FileProblem readRegularFile(const QString &path, QByteArray &out, qint64 maxBytes = kMaxInputFileBytes);

/*!
 * Reads at most \a length bytes from the start of the regular file \a path (the header of a
 * multi-gigabyte checkpoint, say) without reading the rest; \a fileSize gets the file's size.
 * Refuses what is not a regular file, as readRegularFile() does.
 */
FileProblem readRegularFilePrefix(const QString &path, qint64 length, QByteArray &out, qint64 &fileSize);

/*!
 * Writes \a data to \a path atomically (safewrite.h: a temporary file beside it, renamed over
 * it). Checks that every byte was written and that the rename succeeded; on any failure \a path
 * keeps its previous content (or stays absent). A symbolic link at \a path is refused
 * (Code::SymbolicLink), never followed. \a extraMode: permission bits added (0111 for a script).
 */
FileProblem writeFileAtomically(const QString &path, const QByteArray &data, unsigned extraMode = 0);

//! The same on a save file the caller opened for writing (tests pass one whose device fails).
FileProblem writeFileAtomically(QSaveFile &file, const QByteArray &data);

/*!
 * A user's value quoted in a message: control characters escaped (\\n, \\x1b, ...), and the
 * characters that reorder text on screen (bidirectional overrides and isolates, U+202A-U+202E,
 * U+2066-U+2069, the marks U+200E, U+200F, U+061C) and the line and paragraph separators as
 * \\u202e; at most \a maxChars characters of \a text, the rest replaced by "…". A 200 MB
 * preset name or an escape sequence never reaches the terminal whole.
 */
QString excerpt(const QString &text, int maxChars = 60);

/*!
 * A name from outside (a config's _name_or_path, a model name in a scenario file) as it is kept
 * and shown: escaped as excerpt() escapes, and at most \a maxChars characters *after* escaping
 * (the last one "…" when cut). Applying it again changes nothing, so a name survives a save and
 * an open unchanged.
 */
QString boundedName(const QString &text, int maxChars = 120);

} // namespace headroom
