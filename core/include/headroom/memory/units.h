#pragma once

// The vocabulary of memory sizes. Every byte figure in the engine is a Boost.Units quantity of
// information whose value is an exact 128-bit integer: GB (10^9) and GiB (2^30) cannot be mixed
// up because neither is a type here, and absurd inputs (B = 10^5, S = 10^7: ~10^21 bytes of
// attention scores) still compute exactly. Conversion to a display unit happens only at the edge.

#include <cstdint>
#include <limits>
#include <type_traits>

#include <boost/units/quantity.hpp>
#include <boost/units/systems/information.hpp>

namespace headroom {

//! Exact count of elements, parameters or bytes. 128 bits: the S^2 attention term overflows 64.
using Count = __int128;

using ByteUnit = boost::units::information::info;
using Bytes = boost::units::quantity<ByteUnit, Count>;

//! Bytes from a plain count; the one place a bare number becomes a memory size.
constexpr Bytes bytes(Count n) { return Bytes::from_value(n); }
constexpr Count countOf(Bytes b) { return b.value(); }

inline constexpr Count kKiB = 1024;
inline constexpr Count kMiB = kKiB * 1024;
inline constexpr Count kGiB = kMiB * 1024;
inline constexpr Count kGB = 1'000'000'000;

//! Display conversions. Doubles are for showing and for ratios only.
inline double toDouble(Bytes b) { return static_cast<double>(b.value()); }
inline double toGB(Bytes b) { return toDouble(b) / 1e9; }
inline double toGiB(Bytes b) { return toDouble(b) / static_cast<double>(kGiB); }

//! a / b for any Counts: quotient()'s slow path, out of line so that the inlined fast path keeps
//! its registers (units.cpp; one 128-by-64-bit divide where the quotient fits in 64 bits).
Count wideQuotient(Count a, Count b);

/*!
 * a / b, truncated toward zero exactly as the built-in division. A 128-bit division is a library
 * call (__divti3, tens of cycles); operands in [0, 2^64), which every validated size and almost
 * every product of them is, divide in one 64-bit instruction instead. Anything else (negative
 * or wider operands) takes the 128-bit division, so the result never differs.
 */
constexpr Count quotient(Count a, Count b)
{
    using Wide = unsigned __int128;
    using Narrow = unsigned long long;
    if (static_cast<Wide>(a) <= static_cast<Wide>(~Narrow(0)) && static_cast<Wide>(b) <= static_cast<Wide>(~Narrow(0)))
        return static_cast<Count>(static_cast<Narrow>(a) / static_cast<Narrow>(b));
    if (std::is_constant_evaluated())
        return a / b;
    return wideQuotient(a, b);
}

//! ceil(a / b) for a >= 0, b >= 1, without a division when b is 1 (most runs divide by 1: one
//! GPU, no tensor parallelism).
constexpr Count ceilQuotient(Count a, Count b) { return b > 1 ? quotient(a + b - 1, b) : a; }

//! A size per element or per parameter, in bytes. Fractional sizes (4-bit weights, block-wise
//! quantisation constants) are kept exact as numerator / denominator.
struct BytesPer
{
    Count numerator = 0;
    Count denominator = 1;

    // Whole sizes, the common case, skip the division.
    constexpr Bytes times(Count n) const
    {
        return bytes(denominator == 1 ? n * numerator : quotient(n * numerator, denominator));
    }
    constexpr double value() const { return static_cast<double>(numerator) / static_cast<double>(denominator); }
    friend constexpr bool operator==(const BytesPer &a, const BytesPer &b)
    {
        return a.numerator * b.denominator == b.numerator * a.denominator;
    }
};

constexpr BytesPer bytesPer(Count n, Count d = 1) { return BytesPer{ n, d }; }

//! Decimal digits of a Count, for JSON and tables; no allocation beyond the caller's buffer.
//! Returns the number of characters written (buffer must hold 41).
int formatCount(Count value, char *buffer);

} // namespace headroom
