#include "offscreenplatform.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <unistd.h>

namespace headroom {

bool screenless()
{
    return qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM") && qEnvironmentVariableIsEmpty("DISPLAY")
            && qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY");
}

void useOffscreenPlatform()
{
    qputenv("QT_QPA_PLATFORM", "offscreen");
    if (!qEnvironmentVariableIsEmpty("XDG_RUNTIME_DIR"))
        return;
    const uint uid = ::getuid();
    const QString path = QDir::tempPath() + QStringLiteral("/headroom-runtime-%1").arg(uid);
    constexpr QFile::Permissions kOwnerOnly = QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner;
    const QFileInfo existing(path);
    if (!existing.exists()) {
        if (!QDir().mkdir(path, kOwnerOnly))
            return;
    }
    const QFileInfo made(path);
    // Only a real folder of this user's with no rights for anyone else.
    const QFile::Permissions others = QFile::ReadGroup | QFile::WriteGroup | QFile::ExeGroup | QFile::ReadOther
            | QFile::WriteOther | QFile::ExeOther;
    if (!made.isDir() || made.isSymLink() || made.ownerId() != uid || (made.permissions() & others))
        return;
    qputenv("XDG_RUNTIME_DIR", QFile::encodeName(path));
}

} // namespace headroom
