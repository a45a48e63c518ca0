#pragma once

// What the precision lab's pages share: the order of the number lines, slider ranges, the
// example values and small widget helpers. Internal to ui/precision/.

#include <array>
#include <optional>

#include <QString>

#include <headroom/numerics/numberformat.h>

class QGridLayout;
class QLabel;
class QWidget;

namespace headroom::precisionlab {

// The number lines, most telling first: FP16 against BF16 is the lab's point.
inline constexpr std::array<NumberFormat, 5> kLineOrder {
    NumberFormat::Fp16, NumberFormat::Bf16, NumberFormat::Fp8E5M2, NumberFormat::Fp8E4M3, NumberFormat::Fp32,
};

std::size_t storageIndex(NumberFormat f);
std::size_t rowIndex(NumberFormat f);

// Slider positions: tenths of a decade for the median and the spread.
inline constexpr int kMedianMin = -120; // 1e-12
inline constexpr int kMedianMax = 20;   // 1e2
inline constexpr int kSpreadMin = 1;    // 0.1 decades
inline constexpr int kSpreadMax = 50;   // 5 decades
inline constexpr int kScaleMaxExponent = 24;

// Axis of the number lines: always at least FP16's and FP8's whole range, widened to hold the
// distribution, never beyond FP32's.
inline constexpr double kAxisLow = -14;
inline constexpr double kAxisHigh = 8;
inline constexpr double kAxisLimitLow = -46;
inline constexpr double kAxisLimitHigh = 40;
inline constexpr int kDensitySamples = 240;

struct Example {
    const char *label;
    double value;
};

//! The example values of the formats page, labels marked for translation.
extern const Example kExamples[7];

enum SimPreset { Healthy, Spiky, BlowUp, Bf16Run, Custom };

QLabel *mutedLabel(const QString &text, QWidget *parent);
//! A label and its field side by side in \a grid's row, in column pair \a col, both with \a tip.
void addGridField(QGridLayout *grid, QWidget *parent, int row, int col, const QString &label, QWidget *field,
                  const QString &tip);
QLabel *problemLabel(QWidget *parent);
QWidget *scrollable(QWidget *page);
//! Reads a number typed in the user's locale or in C notation ("3e-8"), or inf/nan.
std::optional<double> parseTypedNumber(const QString &typed);

} // namespace headroom::precisionlab
