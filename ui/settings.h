#pragma once

// Typed settings: each value keeps its key, its type and its default together, so no caller
// spells a key or repeats a default (qBittorrent's SettingValue<T>, Tiled's SessionOption<T>).

#include <memory>

#include <QByteArray>
#include <QSettings>
#include <QSize>
#include <QString>
#include <QStringList>
#include <QVariant>

#include "byteformat.h"

namespace headroom {

//! How a value type is stored. Enums are stored by stable name so a settings file stays readable.
template<typename T>
struct SettingCodec
{
    static QVariant encode(const T &value) { return QVariant::fromValue(value); }
    static T decode(const QVariant &stored, const T &fallback)
    {
        return stored.canConvert<T>() ? stored.value<T>() : fallback;
    }
};

template<>
struct SettingCodec<DisplayUnit>
{
    static QVariant encode(DisplayUnit unit)
    {
        return unit == DisplayUnit::Decimal ? QStringLiteral("GB") : QStringLiteral("GiB");
    }
    static DisplayUnit decode(const QVariant &stored, DisplayUnit fallback)
    {
        const QString s = stored.toString();
        if (s == QLatin1String("GB"))
            return DisplayUnit::Decimal;
        if (s == QLatin1String("GiB"))
            return DisplayUnit::Binary;
        return fallback;
    }
};

template<typename T>
class SettingValue
{
public:
    SettingValue(QSettings &storage, const QString &key, T defaultValue)
        : m_storage(storage), m_key(key), m_default(std::move(defaultValue))
    {
    }

    T value() const
    {
        const QVariant stored = m_storage.value(m_key);
        return stored.isValid() ? SettingCodec<T>::decode(stored, m_default) : m_default;
    }
    void setValue(const T &value) { m_storage.setValue(m_key, SettingCodec<T>::encode(value)); }
    void reset() { m_storage.remove(m_key); }
    const QString &key() const { return m_key; }
    const T &defaultValue() const { return m_default; }

private:
    QSettings &m_storage;
    QString m_key;
    T m_default;
};

//! Everything the planner remembers between sessions.
class Settings final
{
    Q_DISABLE_COPY_MOVE(Settings)

public:
    //! The user's settings (XDG config, organisation "Headroom", application "headroom").
    Settings();
    //! Settings kept in the INI file \a path: tests use a temporary one.
    explicit Settings(const QString &path);
    ~Settings();

    //! Writes what changed; false if the file could not be written (QSettings::status()).
    bool sync();
    QString fileName() const;

private:
    std::unique_ptr<QSettings> m_storage;

public:
    SettingValue<QByteArray> windowGeometry{ *m_storage, QStringLiteral("window/geometry"), {} };
    SettingValue<QByteArray> windowState{ *m_storage, QStringLiteral("window/state"), {} };
    //! The available screen area the geometry and dock state were saved on: they are restored
    //! only on a screen at least as large, where they still fit.
    SettingValue<QSize> windowScreen{ *m_storage, QStringLiteral("window/screen"), {} };
    //! Scenario files opened or saved, the latest first (File › Open Recent).
    SettingValue<QStringList> recentFiles{ *m_storage, QStringLiteral("files/recent"), {} };
    //! The last scenario, as a schema-1 scenario file's JSON; empty: start from the default.
    SettingValue<QByteArray> lastScenario{ *m_storage, QStringLiteral("scenario/last"), {} };
    SettingValue<QString> lastDirectory{ *m_storage, QStringLiteral("files/lastDirectory"), {} };
    SettingValue<DisplayUnit> displayUnit{ *m_storage, QStringLiteral("view/unit"), DisplayUnit::Binary };
    SettingValue<bool> darkPalette{ *m_storage, QStringLiteral("view/darkPalette"), false };
    //! The language chosen in View › Language ("en", "zh_CN"); empty: the system locale's.
    SettingValue<QString> language{ *m_storage, QStringLiteral("view/language"), {} };
};

} // namespace headroom
