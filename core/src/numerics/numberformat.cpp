#include <headroom/numerics/numberformat.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <limits>

namespace headroom {

namespace {

// Everything an encoder needs, derived once per format at compile time.
struct Spec {
    FormatLayout layout;
    std::uint32_t nanCode;       // canonical quiet NaN magnitude (sign bit clear)
    std::uint32_t maxFiniteCode; // magnitude code of the largest finite value
};

constexpr Spec makeIeeeSpec(int exponentBits, int mantissaBits)
{
    const int total = 1 + exponentBits + mantissaBits;
    const std::uint32_t expAllOnes = (std::uint32_t { 1 } << exponentBits) - 1;
    const std::uint32_t mantMask = (std::uint32_t { 1 } << mantissaBits) - 1;
    return Spec {
        FormatLayout { total, exponentBits, mantissaBits, (1 << (exponentBits - 1)) - 1, true },
        // Quiet NaN: all-ones exponent and the mantissa's top bit (IEEE 754-2008 §6.2.1).
        (expAllOnes << mantissaBits) | (std::uint32_t { 1 } << (mantissaBits - 1)),
        ((expAllOnes - 1) << mantissaBits) | mantMask,
    };
}

// OCP OFP8 rev 1.0 Table 1: E4M3 reuses the all-ones exponent for normal numbers except the
// single NaN mantissa 111, which is why its maximum is 1.75 * 2^8 = 448 and it has no infinity.
constexpr Spec e4m3Spec { FormatLayout { 8, 4, 3, 7, false }, 0x7F, 0x7E };

constexpr Spec specOf(NumberFormat format)
{
    switch (format) {
    case NumberFormat::Fp32: return makeIeeeSpec(8, 23);
    case NumberFormat::Tf32: return makeIeeeSpec(8, 10);
    case NumberFormat::Fp16: return makeIeeeSpec(5, 10);
    case NumberFormat::Bf16: return makeIeeeSpec(8, 7);
    case NumberFormat::Fp8E4M3: return e4m3Spec;
    case NumberFormat::Fp8E5M2: return makeIeeeSpec(5, 2);
    }
    return makeIeeeSpec(8, 23);
}

static_assert(specOf(NumberFormat::Fp16).nanCode == 0x7E00);
static_assert(specOf(NumberFormat::Bf16).nanCode == 0x7FC0);
static_assert(specOf(NumberFormat::Fp32).nanCode == 0x7FC00000);
static_assert(specOf(NumberFormat::Tf32).nanCode == 0x3FE00);
static_assert(specOf(NumberFormat::Fp8E5M2).nanCode == 0x7E);
static_assert(specOf(NumberFormat::Fp16).maxFiniteCode == 0x7BFF);
static_assert(specOf(NumberFormat::Fp8E5M2).maxFiniteCode == 0x7B);

constexpr std::uint32_t signBit(const Spec &spec)
{
    return std::uint32_t { 1 } << (spec.layout.totalBits - 1);
}

constexpr std::uint32_t infCode(const Spec &spec)
{
    const std::uint32_t expAllOnes = (std::uint32_t { 1 } << spec.layout.exponentBits) - 1;
    return expAllOnes << spec.layout.mantissaBits;
}

constexpr std::uint32_t widthMask(const Spec &spec)
{
    return spec.layout.totalBits == 32 ? ~std::uint32_t { 0 }
                                       : (std::uint32_t { 1 } << spec.layout.totalBits) - 1;
}

ValueClass classifyMagnitude(const Spec &spec, std::uint32_t magnitude)
{
    const int mbits = spec.layout.mantissaBits;
    const std::uint32_t expField = magnitude >> mbits;
    const std::uint32_t mant = magnitude & ((std::uint32_t { 1 } << mbits) - 1);
    const std::uint32_t expAllOnes = (std::uint32_t { 1 } << spec.layout.exponentBits) - 1;
    if (spec.layout.hasInfinity && expField == expAllOnes)
        return mant == 0 ? ValueClass::Infinity : ValueClass::NaN;
    if (!spec.layout.hasInfinity && magnitude == spec.nanCode)
        return ValueClass::NaN;
    if (expField == 0)
        return mant == 0 ? ValueClass::Zero : ValueClass::Subnormal;
    return ValueClass::Normal;
}

double decodeMagnitude(const Spec &spec, std::uint32_t magnitude)
{
    const int mbits = spec.layout.mantissaBits;
    const int emin = 1 - spec.layout.exponentBias;
    const std::uint32_t expField = magnitude >> mbits;
    const std::uint32_t mant = magnitude & ((std::uint32_t { 1 } << mbits) - 1);
    switch (classifyMagnitude(spec, magnitude)) {
    case ValueClass::Infinity: return std::numeric_limits<double>::infinity();
    case ValueClass::NaN: return std::numeric_limits<double>::quiet_NaN();
    case ValueClass::Zero: return 0.0;
    case ValueClass::Subnormal: return std::ldexp(static_cast<double>(mant), emin - mbits);
    case ValueClass::Normal: break;
    }
    const int exponent = static_cast<int>(expField) - spec.layout.exponentBias;
    return std::ldexp(static_cast<double>((std::uint32_t { 1 } << mbits) | mant), exponent - mbits);
}

double ulpOfMagnitude(const Spec &spec, std::uint32_t magnitude)
{
    const int mbits = spec.layout.mantissaBits;
    const int emin = 1 - spec.layout.exponentBias;
    const int expField = static_cast<int>(magnitude >> mbits);
    // Zero and subnormals share the spacing of the smallest normal binade.
    const int exponent = expField == 0 ? emin : expField - spec.layout.exponentBias;
    return std::ldexp(1.0, exponent - mbits);
}

double signedValue(bool negative, double magnitude)
{
    return negative ? -magnitude : magnitude;
}

} // namespace

FormatLayout formatLayout(NumberFormat format)
{
    return specOf(format).layout;
}

FormatConstants formatConstants(NumberFormat format)
{
    const Spec spec = specOf(format);
    const int mbits = spec.layout.mantissaBits;
    const int emin = 1 - spec.layout.exponentBias;
    const double maxFinite = decodeMagnitude(spec, spec.maxFiniteCode);
    const double minNormal = std::ldexp(1.0, emin);
    const double minSubnormal = std::ldexp(1.0, emin - mbits);
    const double maxUlp = ulpOfMagnitude(spec, spec.maxFiniteCode);
    // At max + ulp/2 round-to-even picks the neighbour with the even mantissa: for IEEE formats
    // the maximum's mantissa is all ones (odd), so the tie goes up to infinity; E4M3's maximum
    // has mantissa 110 (even), so the tie stays at 448.
    const bool overflowAtBound = (spec.maxFiniteCode & 1U) != 0;
    return FormatConstants {
        maxFinite,
        minNormal,
        minSubnormal,
        std::ldexp(1.0, -mbits),
        (mbits + 1) * std::log10(2.0),
        minSubnormal / 2,
        minNormal - minSubnormal / 2,
        maxFinite + maxUlp / 2,
        overflowAtBound,
    };
}

std::string_view formatKey(NumberFormat format)
{
    switch (format) {
    case NumberFormat::Fp32: return "fp32";
    case NumberFormat::Tf32: return "tf32";
    case NumberFormat::Fp16: return "fp16";
    case NumberFormat::Bf16: return "bf16";
    case NumberFormat::Fp8E4M3: return "fp8-e4m3";
    case NumberFormat::Fp8E5M2: return "fp8-e5m2";
    }
    return "fp32";
}

std::optional<NumberFormat> formatFromKey(std::string_view key)
{
    for (NumberFormat format : allNumberFormats) {
        if (formatKey(format) == key)
            return format;
    }
    return std::nullopt;
}

std::string_view valueClassKey(ValueClass valueClass)
{
    switch (valueClass) {
    case ValueClass::Zero: return "zero";
    case ValueClass::Subnormal: return "subnormal";
    case ValueClass::Normal: return "normal";
    case ValueClass::Infinity: return "infinity";
    case ValueClass::NaN: return "nan";
    }
    return "nan";
}

FieldMasks fieldMasks(NumberFormat format)
{
    const Spec spec = specOf(format);
    const std::uint32_t mantissa = (std::uint32_t { 1 } << spec.layout.mantissaBits) - 1;
    const std::uint32_t exponent = ((std::uint32_t { 1 } << spec.layout.exponentBits) - 1)
                                   << spec.layout.mantissaBits;
    return FieldMasks { signBit(spec), exponent, mantissa };
}

double decode(NumberFormat format, std::uint32_t bits)
{
    const Spec spec = specOf(format);
    bits &= widthMask(spec);
    const bool negative = (bits & signBit(spec)) != 0;
    return signedValue(negative, decodeMagnitude(spec, bits & ~signBit(spec)));
}

ValueClass classify(NumberFormat format, std::uint32_t bits)
{
    const Spec spec = specOf(format);
    bits &= widthMask(spec);
    return classifyMagnitude(spec, bits & ~signBit(spec));
}

Encoding encode(NumberFormat format, double value, OverflowMode mode)
{
    constexpr double nan = std::numeric_limits<double>::quiet_NaN();
    const Spec spec = specOf(format);
    const int mbits = spec.layout.mantissaBits;
    const int emin = 1 - spec.layout.exponentBias;

    const auto doubleBits = std::bit_cast<std::uint64_t>(value);
    const bool negative = (doubleBits >> 63) != 0;
    const std::uint32_t sign = negative ? signBit(spec) : 0;

    std::uint32_t magnitude = 0;
    RoundingOutcome outcome = RoundingOutcome::Exact;

    if (std::isnan(value)) {
        magnitude = spec.nanCode;
        outcome = RoundingOutcome::NotFinite;
    } else if (std::isinf(value)) {
        outcome = RoundingOutcome::NotFinite;
        if (mode == OverflowMode::Saturating)
            magnitude = spec.maxFiniteCode;
        else
            magnitude = spec.layout.hasInfinity ? infCode(spec) : spec.nanCode;
    } else {
        const auto expField = static_cast<int>((doubleBits >> 52) & 0x7FF);
        const std::uint64_t fraction = doubleBits & ((std::uint64_t { 1 } << 52) - 1);
        if (expField == 0) {
            // Zero, or a double subnormal (< 2^-1022): far below half of every format's smallest
            // subnormal (>= 2^-150), so it rounds to zero.
            outcome = fraction == 0 ? RoundingOutcome::Exact : RoundingOutcome::Underflow;
        } else {
            // value = significand * 2^(exponent - 52), significand in [2^52, 2^53).
            const std::uint64_t significand = fraction | (std::uint64_t { 1 } << 52);
            const int exponent = expField - 1023;
            // The quantum (weight of the last mantissa bit) of the target binade; below the
            // normal range it stays at the subnormal quantum.
            const int quantumExponent = std::max(exponent, emin) - mbits;
            const int shift = quantumExponent - (exponent - 52); // >= 52 - 23 > 0
            std::uint64_t units = 0;
            bool inexact = true;
            if (shift < 54) {
                units = significand >> shift;
                const std::uint64_t remainder = significand & ((std::uint64_t { 1 } << shift) - 1);
                const std::uint64_t half = std::uint64_t { 1 } << (shift - 1);
                inexact = remainder != 0;
                if (remainder > half || (remainder == half && (units & 1U) != 0))
                    ++units;
            }
            // (shift >= 54: significand < 2^53 <= half a quantum, so the value rounds to zero.)
            if (units == 0) {
                outcome = RoundingOutcome::Underflow;
            } else {
                int leadExponent = quantumExponent + mbits;
                const std::uint64_t hidden = std::uint64_t { 1 } << mbits;
                if (units >= (hidden << 1)) { // rounding carried into the next binade
                    units >>= 1;
                    ++leadExponent;
                }
                std::uint64_t code = 0;
                if (units < hidden) {
                    code = units; // subnormal: exponent field 0
                } else {
                    const auto biased = static_cast<std::uint64_t>(leadExponent + spec.layout.exponentBias);
                    code = (biased << mbits) | (units - hidden);
                }
                if (code > spec.maxFiniteCode) {
                    outcome = RoundingOutcome::Overflow;
                    if (mode == OverflowMode::Saturating)
                        magnitude = spec.maxFiniteCode;
                    else
                        magnitude = spec.layout.hasInfinity ? infCode(spec) : spec.nanCode;
                } else {
                    magnitude = static_cast<std::uint32_t>(code);
                    outcome = inexact ? RoundingOutcome::Rounded : RoundingOutcome::Exact;
                }
            }
        }
    }

    Encoding result {};
    result.format = format;
    result.input = value;
    result.bits = sign | magnitude;
    result.valueClass = classifyMagnitude(spec, magnitude);
    result.stored = signedValue(negative, decodeMagnitude(spec, magnitude));
    result.outcome = outcome;
    result.errorDefined = std::isfinite(value) && std::isfinite(result.stored);
    if (result.errorDefined) {
        // Exact by Sterbenz's lemma whenever stored and input lie within a factor of two, which
        // holds for every non-saturated rounding; an underflow to zero subtracts zero.
        result.absoluteError = std::fabs(result.stored - value);
        result.relativeError = value == 0.0 ? 0.0 : result.absoluteError / std::fabs(value);
        result.ulp = ulpOfMagnitude(spec, magnitude);
    } else {
        result.absoluteError = nan;
        result.relativeError = nan;
        result.ulp = nan;
    }
    return result;
}

std::optional<double> ulpAt(NumberFormat format, double value)
{
    const Encoding e = encode(format, value);
    if (!std::isfinite(e.stored))
        return std::nullopt;
    return e.ulp;
}

} // namespace headroom
