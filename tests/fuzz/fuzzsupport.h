#pragma once

// What every fuzz target shares: a Qt core application (the readers use Qt's JSON and files),
// the real catalogue (scenario files name its presets and GPUs), and a scratch folder for the
// readers that take a path.

#include <QCoreApplication>
#include <QFile>
#include <QTemporaryDir>

#include <headroom/io/catalogue.h>

namespace headroom::fuzz {

inline QCoreApplication &application()
{
    static int argc = 1;
    static char name[] = "headroom-fuzz";
    static char *argv[] = { name, nullptr };
    static QCoreApplication app(argc, argv);
    return app;
}

//! The shipped catalogue ($HEADROOM_DATA_DIR or the source tree's resources/).
inline const Catalogue &catalogue()
{
    static const Catalogue c = [] {
        application();
        Catalogue loaded;
        if (qEnvironmentVariableIsEmpty("HEADROOM_DATA_DIR"))
            qputenv("HEADROOM_DATA_DIR", HEADROOM_SOURCE_DATA_DIR);
        if (loadCatalogue(findDataDir(), loaded).code != CatalogueError::Code::None)
            qFatal("the fuzz targets need the catalogue: set HEADROOM_DATA_DIR");
        return loaded;
    }();
    return c;
}

//! A scratch folder for the run's files.
inline const QTemporaryDir &scratch()
{
    application();
    static const QTemporaryDir dir;
    return dir;
}

//! Writes \a data to \a name in the scratch folder and returns its path.
inline QString writeScratch(const QString &name, const uint8_t *data, size_t size)
{
    const QString path = scratch().filePath(name);
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate))
        qFatal("cannot write the scratch file");
    f.write(reinterpret_cast<const char *>(data), static_cast<qint64>(size));
    return path;
}

} // namespace headroom::fuzz
