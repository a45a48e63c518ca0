#pragma once

// A measurement file: the JSON a check script (io/checkscript.h) prints after real training
// steps, read back so that the estimate can be set beside it (memory/measuredcomparison.h).
// Read through the safe reader with its own limits: at most kMaxMeasuredFileBytes, objects and
// arrays nested at most kMaxMeasuredDepth deep, every key once per object. README.md documents
// the keys ("Check it on your GPU").

#include <array>

#include <QString>
#include <QStringList>

#include <headroom/io/catalogue.h>
#include <headroom/io/scenariofile.h>
#include <headroom/memory/measuredcomparison.h>

namespace headroom {

inline constexpr int kMeasuredSchema = 1;
//! A check script's output is a few kilobytes; ten megabytes is far above any real one.
inline constexpr qint64 kMaxMeasuredFileBytes = 10 * 1024 * 1024;
//! The file's deepest value is the scenario's groups, four levels down.
inline constexpr int kMaxMeasuredDepth = 16;
//! Byte counts must be exact JSON integers: at most 2^53.
inline constexpr qint64 kMaxMeasuredBytes = qint64(1) << 53;

//! One measurement, as the file has it.
struct MeasuredRun
{
    QString path;        //!< the file it was read from
    QString device;      //!< "cuda" or "cpu"
    QString deviceName;  //!< "NVIDIA H200", or the CPU's name
    QString torchVersion;
    bool tiny = false;   //!< the shrunk architecture (--tiny) ran, not the scenario's own
    Count steps = 0;
    MeasuredFigures figures;
    //! How each figure was measured ("cuda-allocator", "tensor-sizes", "saved-tensors-hooks"), or empty.
    std::array<QString, kMeasuredFigureCount> measuredBy{};
    QStringList notes;   //!< what the script substituted or could not do
    //! The scenario that ran, as its scenario file would hold it (realisticDefaults() refined by it).
    ScenarioSpec scenario;
};

struct MeasuredFileError
{
    enum class Code {
        None,
        CannotOpen,     //!< detail: the system's message
        NotRegularFile,
        TooLarge,       //!< expected: the limit in bytes
        NotJson,        //!< malformed, truncated or binary: detail has the parser's message and offset
        TooDeep,        //!< expected: the limit; got: where
        DuplicateKey,   //!< key: where; got: the key
        MissingKey,     //!< key: the missing key
        WrongType,      //!< key, expected, got
        OutOfRange,     //!< key, expected (the range), got
        WrongSchema,    //!< got: the file's schema
        BadScenario,    //!< key: "scenario.<group>.<key>"; scenario: the scenario file's own error
    };
    Code code = Code::None;
    QString file;
    QString key;      //!< "measured.phases.backward_peak", "scenario.training.batch"
    QString expected;
    QString got;
    QString detail;
    ScenarioError scenario; //!< BadScenario: what the scenario reader said

    bool ok() const { return code == Code::None; }
};

/*!
 * Reads the check script's JSON at \a path into \a run. Its "scenario" is applied to
 * realisticDefaults() as a scenario file is (with \a catalogue for presets and GPUs). On any
 * error \a run is left untouched.
 */
MeasuredFileError readMeasuredFile(const QString &path, const Catalogue &catalogue, MeasuredRun &run);

//! The same on text already read (\a path names it in errors).
MeasuredFileError parseMeasuredJson(const QByteArray &json, const QString &path, const Catalogue &catalogue,
                                    MeasuredRun &run);

} // namespace headroom
