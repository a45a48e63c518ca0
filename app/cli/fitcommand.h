#pragma once

#include <QStringList>

namespace headroom::cli {

//! `headroom-cli fit`: for every GPU kind (or the one --gpu names), the GPUs needed under each
//! strategy, the largest micro-batch and longest sequence that fit, days and cost for a token
//! budget, what to change first when nothing fits, and the cheapest GPU kind x count x strategy.
int runFitCommand(const QStringList &arguments);

} // namespace headroom::cli
