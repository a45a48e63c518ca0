#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

namespace headroom {

/// The floating-point formats of mixed-precision training.
///
/// FP32, FP16 and BF16 are IEEE 754 binary formats (BF16 = FP32's upper 16 bits). FP8 follows the
/// OCP "8-bit Floating Point Specification (OFP8)" rev. 1.0: E4M3 has bias 7, no infinity and a
/// single NaN mantissa (S.1111.111), so its largest finite value is 448; E5M2 has bias 15 and
/// IEEE-style infinities and NaNs. TF32 is the tensor-core math format (8-bit exponent, 10-bit
/// mantissa): it is never stored in memory and is listed for display only.
enum class NumberFormat : std::uint8_t {
    Fp32,
    Tf32,
    Fp16,
    Bf16,
    Fp8E4M3,
    Fp8E5M2,
};

/// Every format, in the order tables list them.
inline constexpr std::array<NumberFormat, 6> allNumberFormats {
    NumberFormat::Fp32, NumberFormat::Tf32,    NumberFormat::Fp16,
    NumberFormat::Bf16, NumberFormat::Fp8E4M3, NumberFormat::Fp8E5M2,
};

/// The formats that tensors are stored in (all but TF32).
inline constexpr std::array<NumberFormat, 5> storageNumberFormats {
    NumberFormat::Fp32, NumberFormat::Fp16, NumberFormat::Bf16,
    NumberFormat::Fp8E4M3, NumberFormat::Fp8E5M2,
};

/// What an encoding represents.
enum class ValueClass : std::uint8_t { Zero, Subnormal, Normal, Infinity, NaN };

/// What happened to the input on its way into the format.
enum class RoundingOutcome : std::uint8_t {
    Exact,      ///< representable, stored unchanged
    Rounded,    ///< rounded to a neighbouring finite non-zero value
    Underflow,  ///< a non-zero input rounded to (signed) zero
    Overflow,   ///< a finite input became infinity, NaN (E4M3) or was clamped when saturating
    NotFinite,  ///< the input was already infinity or NaN
};

/// How values beyond the largest finite one are converted (OCP OFP8 §5.3.1 names both modes).
enum class OverflowMode : std::uint8_t {
    NonSaturating,  ///< IEEE: to infinity; E4M3, which has none, to NaN (as torch's float8_e4m3fn)
    Saturating,     ///< clamp to ±max finite (also for ±infinity inputs); NaN stays NaN
};

/// Field layout of a format: sign bit, exponent bits, explicit mantissa bits.
struct FormatLayout {
    int totalBits;
    int exponentBits;
    int mantissaBits;
    int exponentBias;
    bool hasInfinity;
};

/// A format's characteristic values, all exact powers of two or sums of them.
struct FormatConstants {
    double maxFinite;         ///< largest finite value
    double minNormal;         ///< smallest positive normal value, 2^(1 - bias)
    double minSubnormal;      ///< smallest positive subnormal value, 2^(1 - bias - mantissaBits)
    double epsilon;           ///< machine epsilon: distance from 1.0 to the next value, 2^-mantissaBits
    double decimalDigits;     ///< (mantissaBits + 1) * log10(2): significant decimal digits carried
    double underflowBound;    ///< |x| <= this rounds to zero: half the smallest subnormal (the tie goes to zero)
    double normalBound;       ///< |x| >= this rounds to a normal: minNormal - minSubnormal/2 (ties go up to minNormal)
    double overflowBound;     ///< |x| > this overflows (>= for IEEE formats, where the tie goes to infinity)
    bool overflowAtBound;     ///< true when exactly overflowBound already overflows (IEEE round-to-even)
};

/// The result of rounding one double into a format.
///
/// absoluteError, relativeError and ulp are meaningful only when errorDefined is true (input and
/// stored value both finite); they are quiet NaN otherwise so that a caller which forgets to
/// check cannot print a plausible number.
struct Encoding {
    NumberFormat format;
    double input;
    std::uint32_t bits;        ///< the encoding, right-aligned (TF32: 19 bits)
    double stored;             ///< the value the encoding decodes to
    ValueClass valueClass;
    RoundingOutcome outcome;
    double absoluteError;      ///< |stored - input|
    double relativeError;      ///< |stored - input| / |input|; 0 for a zero input
    double ulp;                ///< spacing of the format at the stored value (positive)
    bool errorDefined;         ///< input and stored value are both finite
};

/// Layout of a format (bit widths, bias, whether it has infinities).
[[nodiscard]] FormatLayout formatLayout(NumberFormat format);

/// The format's constants, derived from its layout.
[[nodiscard]] FormatConstants formatConstants(NumberFormat format);

/// Stable lower-case key used in files, the CLI and JSON: "fp32", "tf32", "fp16", "bf16",
/// "fp8-e4m3", "fp8-e5m2". Not a user-visible label.
[[nodiscard]] std::string_view formatKey(NumberFormat format);

/// Inverse of formatKey (case-sensitive); nullopt for an unknown key.
[[nodiscard]] std::optional<NumberFormat> formatFromKey(std::string_view key);

/// Stable lower-case key of a value class: "zero", "subnormal", "normal", "infinity", "nan".
[[nodiscard]] std::string_view valueClassKey(ValueClass valueClass);

/// Rounds a double to the format with round-to-nearest, ties-to-even, in one rounding step (no
/// intermediate float). NaN becomes the format's canonical quiet NaN with the input's sign
/// (FP16 0x7E00, BF16 0x7FC0, FP32 0x7FC00000, TF32 0x3FE00, E4M3 0x7F, E5M2 0x7E).
[[nodiscard]] Encoding encode(NumberFormat format, double value,
                              OverflowMode mode = OverflowMode::NonSaturating);

/// The value an encoding represents. Bits above the format's width are ignored.
[[nodiscard]] double decode(NumberFormat format, std::uint32_t bits);

/// The class of an encoding. Bits above the format's width are ignored.
[[nodiscard]] ValueClass classify(NumberFormat format, std::uint32_t bits);

/// Spacing of the format at a finite value of it: 2^(max(e, emin) - mantissaBits) where
/// 2^e <= |value| < 2^(e+1). Zero and subnormals give the smallest subnormal.
/// The value is first rounded to the format; nullopt when that gives infinity or NaN.
[[nodiscard]] std::optional<double> ulpAt(NumberFormat format, double value);

/// Mask of the sign, exponent and mantissa fields within an encoding of the format.
struct FieldMasks {
    std::uint32_t sign;
    std::uint32_t exponent;
    std::uint32_t mantissa;
};
[[nodiscard]] FieldMasks fieldMasks(NumberFormat format);

} // namespace headroom
