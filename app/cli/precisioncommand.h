#pragma once

#include <QStringList>

namespace headroom::cli {

//! `headroom-cli precision`: how a value is stored in FP32/TF32/FP16/BF16/FP8 (--value), a
//! format's constants (--format), or what an encoding means (--format with --bits); table or JSON.
int runPrecisionCommand(const QStringList &arguments);

} // namespace headroom::cli
