#pragma once

#include <QStringList>

namespace headroom::cli {

//! `headroom-cli check-script [scenario options] --output check.py`: writes the PyTorch script
//! that measures the scenario on a real GPU (io/checkscript.h).
int runCheckScriptCommand(const QStringList &arguments);

} // namespace headroom::cli
