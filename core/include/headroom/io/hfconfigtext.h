#pragma once

// What an import of a Hugging Face config says to the user, in words, for the CLI and the window
// alike: the error naming the file and the key, and the report of what the config held beyond
// the architecture (nothing is dropped silently). Translated in the "HfImport" context.

#include <QString>
#include <QStringList>

#include <headroom/io/hfconfig.h>

namespace headroom {

//! An import error in words, naming the file and the key; empty when \a error is ok().
QString hfConfigErrorText(const HfConfigError &error);

//! The import's report, one line each: the architecture's count (and active count), the
//! checkpoint's, then warnings, ignored and unrecognized fields, metadata and notes.
QStringList hfImportReport(const HfModel &model);

} // namespace headroom
