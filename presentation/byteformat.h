#pragma once

// Byte sizes and counts as the planner shows them. The core keeps exact integers; this is the one
// place they become text, in the user's locale and in the unit the user picked.

#include <QString>

#include <headroom/memory/units.h>

namespace headroom {

//! Which unit a size is shown in first: decimal GB (10^9) or binary GiB (2^30).
enum class DisplayUnit { Decimal, Binary };

//! "112.0 GB" or "104.3 GiB"; sizes below one giga-unit switch to MB/MiB, KB/KiB or B.
QString formatBytes(Bytes size, DisplayUnit unit, int decimals = 1);

//! A signed size (a difference, a shortfall): "−22.6 GiB", "+3.2 GiB" (with \a plus), "0 B".
QString formatSignedBytes(Count signedBytes, DisplayUnit unit, bool plus, int decimals = 1);

//! "112.0 GB = 104.3 GiB", the chosen unit first.
QString formatBytesBoth(Bytes size, DisplayUnit primary, int decimals = 1);

//! A size in whole giga-units as a double, for axes and ratios.
double toDisplayGiga(Bytes size, DisplayUnit unit);

//! "GB" or "GiB".
QString gigaUnitName(DisplayUnit unit);
//! "TB" or "TiB": the value axis's unit for charts of terabytes.
QString teraUnitName(DisplayUnit unit);

//! "6,738,415,616": exact digits with the locale's group separators.
QString groupedCount(Count value);

//! "6.74e9" for large counts, plain digits below 100,000.
QString shortCount(Count value);

} // namespace headroom
