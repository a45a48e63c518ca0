#pragma once

#include <QStringList>

namespace headroom::cli {

//! `headroom-cli presets`: the model presets with their architecture and parameter counts.
int runPresetsCommand(const QStringList &arguments);
//! `headroom-cli gpus`: the GPU catalogue with capacity, BF16 support and throughput.
int runGpusCommand(const QStringList &arguments);

} // namespace headroom::cli
