#include <headroom/io/measuredfiletext.h>

#include <QCoreApplication>
#include <QLocale>

namespace headroom {

namespace {

struct Measured
{
    Q_DECLARE_TR_FUNCTIONS(Measured)
};

QString grouped(const QString &digits)
{
    bool ok = false;
    const qlonglong v = digits.toLongLong(&ok);
    return ok ? QLocale(QLocale::English).toString(v) : digits;
}

} // namespace

QString measuredErrorText(const MeasuredFileError &e)
{
    using Code = MeasuredFileError::Code;
    switch (e.code) {
    case Code::None:
        return {};
    case Code::CannotOpen:
        return Measured::tr("cannot open %1: %2").arg(e.file, e.detail);
    case Code::NotRegularFile:
        return Measured::tr("%1 is not a regular file (a FIFO, a device or a folder): refused without reading it").arg(e.file);
    case Code::TooLarge:
        return Measured::tr("%1 is larger than %2 bytes, the most a measurement file may have: refused without reading it")
                .arg(e.file, grouped(e.expected));
    case Code::NotJson:
        if (!e.got.isEmpty())
            return Measured::tr("%1 holds %2 at its top level; expected the check script's JSON object").arg(e.file, e.got);
        return Measured::tr("%1 is not valid JSON (malformed, truncated or binary): %2").arg(e.file, e.detail);
    case Code::TooDeep:
        return Measured::tr("%1 nests objects and arrays deeper than %2 levels (at %3): not a check script's measurement")
                .arg(e.file, e.expected, e.got);
    case Code::DuplicateKey:
    case Code::WrongType:
        return Measured::tr("%1: %2: expected %3, got %4").arg(e.file, e.key, e.expected, e.got);
    case Code::MissingKey:
        return Measured::tr("%1: the key \"%2\" is missing (expected %3)").arg(e.file, e.key, e.expected);
    case Code::OutOfRange:
        return Measured::tr("%1: %2: %3 is out of range; allowed: %4").arg(e.file, e.key, e.got, e.expected);
    case Code::WrongSchema:
        return Measured::tr("%1: \"schema\" must be %2, found %3").arg(e.file, e.expected, e.got);
    case Code::BadScenario:
        // The scenario the script embedded, as a scenario file would name its key.
        if (e.got.isEmpty())
            return Measured::tr("%1: %2: the scenario that ran cannot be read (%3)").arg(e.file, e.key, e.expected + e.detail);
        return Measured::tr("%1: %2: expected %3, got %4").arg(e.file, e.key, e.expected, e.got);
    }
    return {};
}

QString measuredFigureText(MeasuredFigure f)
{
    switch (f) {
    case MeasuredFigure::Parameters: return Measured::tr("Parameters");
    case MeasuredFigure::Gradients: return Measured::tr("Gradients");
    case MeasuredFigure::MasterWeights: return Measured::tr("Master weights");
    case MeasuredFigure::OptimizerStates: return Measured::tr("Optimizer states");
    case MeasuredFigure::Activations: return Measured::tr("Saved activations");
    case MeasuredFigure::StepStart: return Measured::tr("Step start");
    case MeasuredFigure::ForwardPeak: return Measured::tr("Forward peak");
    case MeasuredFigure::ForwardEnd: return Measured::tr("Forward end");
    case MeasuredFigure::BackwardPeak: return Measured::tr("Backward peak");
    case MeasuredFigure::BackwardEnd: return Measured::tr("Backward end");
    case MeasuredFigure::OptimizerPeak: return Measured::tr("Optimizer-step peak");
    case MeasuredFigure::StepEnd: return Measured::tr("Step end");
    case MeasuredFigure::PeakAllocated: return Measured::tr("Peak allocated");
    case MeasuredFigure::PeakReserved: return Measured::tr("Peak reserved");
    case MeasuredFigure::DeviceUsed: return Measured::tr("Used on the device");
    }
    return {};
}

} // namespace headroom
