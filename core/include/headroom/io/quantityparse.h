#pragma once

// Exact parsing of the counts people type: "7000000000", "7e9", "7B", "6.74B", "1.5GiB".

#include <optional>
#include <string_view>

#include <headroom/memory/units.h>

namespace headroom {

/*!
 * A non-negative integer count, written plainly, in scientific notation or with a decimal
 * suffix K, M, B (or G), T (case-insensitive). The value must be a whole number: "7.5" is
 * rejected, "7.5B" is 7,500,000,000. Computed exactly in integers, never through a double, and
 * bounded: a value beyond 2^100 (far past every field's range) is refused, with \a tooLarge set,
 * before any product could wrap around.
 */
std::optional<Count> parseCount(std::string_view text, bool *tooLarge = nullptr);

/*!
 * A byte size: a count as above followed by an optional unit B, KB, MB, GB, TB (decimal) or
 * KiB, MiB, GiB, TiB (binary), case-insensitive for the prefix letter.
 */
std::optional<Bytes> parseBytes(std::string_view text, bool *tooLarge = nullptr);

} // namespace headroom
