#include "settings.h"

namespace headroom {

Settings::Settings()
    : m_storage(std::make_unique<QSettings>(QSettings::IniFormat, QSettings::UserScope, QStringLiteral("Headroom"),
                                            QStringLiteral("headroom")))
{
}

Settings::Settings(const QString &path) : m_storage(std::make_unique<QSettings>(path, QSettings::IniFormat)) { }

Settings::~Settings()
{
    m_storage->sync();
}

bool Settings::sync()
{
    m_storage->sync();
    return m_storage->status() == QSettings::NoError;
}

QString Settings::fileName() const
{
    return m_storage->fileName();
}

} // namespace headroom
