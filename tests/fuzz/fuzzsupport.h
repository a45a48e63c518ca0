#pragma once

// What every fuzz target shares: a Qt core application (the readers use Qt's JSON and files),
// the real catalogue (scenario files name its presets and GPUs), and a scratch folder for the
// reader that takes a folder.

#include <QCoreApplication>
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

} // namespace headroom::fuzz
