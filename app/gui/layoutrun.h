#pragma once

// `headroom --check-layout`: the window built offscreen at one size on a set of scenarios, every
// pane and tab shown in turn, and every clipped or overlapping text reported (layoutcheck.h).

#include <QSize>

namespace headroom {

struct Catalogue;
class Settings;

//! Prints each problem on stderr; returns the number found.
int runLayoutCheck(const Catalogue &catalogue, Settings &settings, QSize size, bool dark);

} // namespace headroom
