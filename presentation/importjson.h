#pragma once
// What each training-framework config an estimate was given set and left out (frameworkconfig.h),
// as `estimate --json` and `fit --json` write it under "imports": one object per file, in the
// order they were applied.

#include <QList>

#include <headroom/io/frameworkconfig.h>

#include "jsonwriter.h"

namespace headroom {

//! [{file, kind, set: {option: value}, sources: {option: key}, auto: [{key, reason}],
//!   not_modelled: [{key, reason}], ignored: [keys], unknown: [keys], warnings: [text]}].
//! An option set twice (by two keys) shows the value applied last, as the scenario has it.
void writeFrameworkImports(JsonWriter &w, const QList<FrameworkImport> &imports);

} // namespace headroom
