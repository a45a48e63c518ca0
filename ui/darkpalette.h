#pragma once

#include <QPalette>

namespace headroom {

//! Fusion's colour roles for a dark look; text contrast stays above 7:1 on the window colour.
QPalette darkPalette();

} // namespace headroom
