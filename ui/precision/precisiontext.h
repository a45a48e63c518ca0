#pragma once

// Translated screen text for the precision lab's typed core values (formats, value classes,
// rounding outcomes, scaler diagnostics, input problems). The core names them with codes; the
// panel shows these words.

#include <QColor>
#include <QCoreApplication>
#include <QString>

#include <headroom/numerics/fp8scaling.h>
#include <headroom/numerics/gradientdistribution.h>
#include <headroom/numerics/lossscaler.h>
#include <headroom/numerics/numberformat.h>

namespace headroom {

class PrecisionText
{
    Q_DECLARE_TR_FUNCTIONS(PrecisionText)

public:
    //! "FP16", "FP8 E4M3", ...
    static QString formatName(NumberFormat format);
    //! One line on what the format is for, for tooltips.
    static QString formatToolTip(NumberFormat format);
    static QString valueClass(ValueClass valueClass);
    static QString outcome(RoundingOutcome outcome);
    //! A finding in words; \a rich allows <b> for the headline.
    static QString diagnostic(const DiagnosticFinding &finding);
    //! How serious a finding is, as a colour for its bullet.
    static QColor diagnosticColor(ScalerDiagnostic code);
    static QString histogramError(const HistogramParseResult &result);
    //! An FP8 page input outside its range, naming the field and the range.
    static QString fp8Issue(const Fp8Issue &issue);
    static QString recommendation(PrecisionRecommendation recommendation, const QString &gpuName);

    //! A number as the lab shows it: the shortest text that reads back exactly, in the locale.
    static QString exactNumber(double value);
    //! A number to \a digits significant digits ("1.5e-05"), in the locale.
    static QString shortNumber(double value, int digits = 3);
    //! A share in [0, 1] as a percentage, with "< 0.01 %" for tiny non-zero shares.
    static QString share(double share);
    //! "2^16 = 65,536".
    static QString powerOfTwo(int exponent);
    //! A loss scale: "2^-29" for powers of two (what scales nearly always are), else 6 digits.
    static QString scale(double scale);
};

//! Colours shared by the lab's views (Okabe–Ito, as the charts use).
namespace precisioncolors {
QColor sign();
QColor exponent();
QColor mantissa();
QColor flushToZero();
QColor subnormal();
QColor normal();
QColor overflow();
QColor distribution();
} // namespace precisioncolors

} // namespace headroom
