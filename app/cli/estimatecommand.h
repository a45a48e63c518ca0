#pragma once

#include <QStringList>

namespace headroom::cli {

//! `headroom-cli estimate`: one scenario's per-GPU breakdown, as a table or as JSON.
int runEstimateCommand(const QStringList &arguments);

} // namespace headroom::cli
