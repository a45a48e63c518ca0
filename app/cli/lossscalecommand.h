#pragma once

#include <QStringList>

namespace headroom::cli {

//! `headroom-cli lossscale`: GradScaler's scale over simulated steps, as CSV on stdout, with the
//! diagnostics on stderr.
int runLossScaleCommand(const QStringList &arguments);

} // namespace headroom::cli
