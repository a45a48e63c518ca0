#pragma once

// Scenario files (versioned JSON) and the one vocabulary of scenario keys that files, the CLI's
// options and saved settings share: a file's keys are the CLI's option names, grouped.

#include <QJsonObject>
#include <QString>

#include <headroom/hardware/gpuspec.h>
#include <QStringList>

#include <headroom/io/catalogue.h>
#include <headroom/io/safetensors.h>
#include <headroom/memory/scenario.h>

namespace headroom {

inline constexpr int kScenarioSchema = 1;

//! Where an imported model came from: what the window shows beside its architecture. It is not
//! part of scenario files (the checkpoint is a property of the files read, not of the plan).
struct ImportedModel
{
    QString modelType;          //!< the config's model_type; empty: not imported
    CheckpointCount checkpoint; //!< the safetensors headers' count, when a folder was read
    QStringList report;         //!< the import's report (hfconfigtext.h), translated when it was read
};

//! A scenario with the catalogue names it was built from (the estimate needs only the values).
struct ScenarioSpec
{
    Scenario scenario;
    QString presetId; //!< empty: custom architecture
    QString modelName; //!< a custom or imported model's name (an imported config's _name_or_path)
    QString gpuId;    //!< empty: no GPU chosen
    //! A card outside the catalogue (gpu.spec, --gpu-spec; gpuspectext.h); gpuId is its id. An
    //! empty id: none.
    GpuSpec customGpu;
    //! Whether a GPU count (gpu.count, the CLI's --gpus) was read into this spec; without one
    //! the CLI runs t × p GPUs, one model replica.
    bool gpuCountGiven = false;
    ImportedModel imported;
    //! Where each model beside the policy comes from (SideRole order: reward, critic, teacher):
    //! empty for the policy's architecture, else a preset id or a Hugging Face config's path.
    QString sideModelSources[3];
};

//! The card \a spec runs on: its card outside the catalogue (gpu.spec) when it has one, else the
//! catalogue's entry for gpuId; null without a GPU.
inline const GpuSpec *gpuOf(const ScenarioSpec &spec, const Catalogue &catalogue)
{
    if (!spec.customGpu.id.isEmpty() && spec.customGpu.id == spec.gpuId)
        return &spec.customGpu;
    return spec.gpuId.isEmpty() ? nullptr : catalogue.gpu(spec.gpuId);
}

enum class ValueKind { Count, Bytes, Bool, Name, Real };

//! One scenario key: where it sits in a file, the CLI option that sets it, and its kind.
struct ScenarioKey
{
    const char *group;  //!< file object: "model", "training", "activations", "runtime", "gpu", "parallel", "lora"
    const char *key;    //!< key inside the group
    const char *option; //!< CLI option name, without "--"
    ValueKind kind;
    const char *allowed; //!< for names: the allowed values, '|'-separated; else a short description
};

//! All keys, in the order the CLI lists them.
const QList<ScenarioKey> &scenarioKeys();

struct ScenarioError
{
    enum class Code {
        None,
        CannotOpen,     //!< detail: the system's message
        NotRegularFile, //!< a FIFO, a device or a directory: refused without reading
        TooLarge,       //!< over kMaxInputFileBytes (expected: the limit in bytes)
        NotJson,        //!< detail: the parser's message; or a JSON value that is not an object (got)
        WrongSchema,
        UnknownKey,
        WrongType,
        UnknownName,
        OutOfRange,     //!< a count too large to hold (expected: the field's range)
        WriteFailed,    //!< a save that could not be completed; the previous file is unchanged
    };
    Code code = Code::None;
    QString field;    //!< "group.key" (file) or the option name (CLI)
    QString expected; //!< what is allowed
    QString got;      //!< what was found
    QString detail;   //!< parser or I/O message

    bool ok() const { return code == Code::None; }
};

/*!
 * What the CLI, the window and a scenario file start from: the core's defaults with the
 * Hugging Face Trainer stack's applied (stack.h), the itemized activation model with SDPA.
 * The textbook formula is one choice away (activations textbook, or the paper stack).
 */
ScenarioSpec realisticDefaults();

/*!
 * Puts \a model into \a spec, as choosing a preset or importing a config does. A model with a
 * learned position table (GPT-2, BERT) brings a longer sequence down to the table's rows: the
 * default S = 2,048 is not a run GPT-2 can make. A sequence given after the model (--seq, a
 * file's training.seq) is checked against the table by validate(), never cut.
 */
void takeModel(ScenarioSpec &spec, const ModelSpec &model);

/*!
 * Applies the keys present in \a root (a scenario file's object, schema 1) to \a spec, a preset
 * first so that the file's own model keys refine it. On error \a spec is left untouched.
 */
ScenarioError applyScenarioJson(const QJsonObject &root, const Catalogue &catalogue, ScenarioSpec &spec);

//! A scenario pinned beside the current one to compare with it; saved in the same file.
struct PinnedScenario
{
    QString name; //!< what the comparison calls it; the user's words, at most kMaxPinnedNameLength
    ScenarioSpec spec;
};

//! With the current scenario, four side by side.
inline constexpr int kMaxPinnedScenarios = 3;
inline constexpr int kMaxPinnedNameLength = 80;

/*!
 * A whole scenario file: the scenario (applyScenarioJson()) and, under "compare", up to
 * kMaxPinnedScenarios pinned ones, each {"name": text, "scenario": a schema-1 object}, read
 * from realisticDefaults() as a file of its own would be. Errors name the pinned entry
 * ("compare[2].scenario.training.recipe"). \a pinned may be null: the entries are still
 * checked, then dropped (the CLI estimates the file's own scenario). On error neither \a spec
 * nor \a pinned changes.
 */
ScenarioError applyScenarioFileJson(const QJsonObject &root, const Catalogue &catalogue, ScenarioSpec &spec,
                                    QList<PinnedScenario> *pinned);

//! Reads \a path and applies it as applyScenarioFileJson() does.
ScenarioError readScenarioFile(const QString &path, const Catalogue &catalogue, ScenarioSpec &spec,
                               QList<PinnedScenario> *pinned = nullptr);

//! The scenario as a complete schema-1 object (every key written, presets by name).
QJsonObject scenarioToJson(const ScenarioSpec &spec);

//! Writes atomically (writeFileAtomically(): every write and the commit checked): a failed save
//! leaves the old file byte for byte as it was.
ScenarioError writeScenarioFile(const QString &path, const ScenarioSpec &spec,
                                const QList<PinnedScenario> &pinned = {});

//! scenarioToJson() with the pinned scenarios under "compare" (none: no "compare" key).
QJsonObject scenarioFileToJson(const ScenarioSpec &spec, const QList<PinnedScenario> &pinned);

} // namespace headroom
