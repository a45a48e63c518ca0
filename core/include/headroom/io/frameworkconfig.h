#pragma once

// Training-framework configs read as scenario changes: a DeepSpeed config JSON, an Accelerate
// config YAML (accelerate config / accelerate launch --config_file), a torchtune recipe YAML, and
// the YAML of the front ends over Hugging Face's Trainer: axolotl, LLaMA-Factory and TRL's
// trainer configs (trl sft|dpo|grpo --config, alignment-handbook and open-r1 recipes); and
// torchtitan's TOML.
// Each reader turns the file into a list of settings in the scenario's own vocabulary (the CLI's
// option names, scenariofile.h), applied on top of the current scenario, and accounts for every
// other key of the file: "auto" filled the way Hugging Face fills it, read but not modelled
// (memory depends on it), read with no effect on GPU memory, or unknown. Nothing is dropped
// silently. docs/importers.md lists what each reader maps.
//
// Bad input (unreadable, over kMaxFrameworkConfigBytes, binary, malformed, nested deeper than
// kMaxFrameworkNesting, a key given twice, a value of the wrong type or out of range) comes back
// as an error naming the file, the key and the problem; the scenario is then left as it was.

#include <QJsonValue>
#include <QList>
#include <QString>
#include <QStringList>

#include <headroom/io/catalogue.h>
#include <headroom/io/scenariofile.h>

namespace headroom {

enum class FrameworkKind { DeepSpeed, Accelerate, Torchtune, Axolotl, LlamaFactory, Trl, Torchtitan };

//! Every kind, in the order the CLI applies them (each on what the ones before made).
inline constexpr FrameworkKind kFrameworkKinds[] = { FrameworkKind::DeepSpeed, FrameworkKind::Accelerate, FrameworkKind::Torchtune,
                                                     FrameworkKind::Axolotl,   FrameworkKind::LlamaFactory, FrameworkKind::Trl,
                                                     FrameworkKind::Torchtitan };

//! "deepspeed", "accelerate", "torchtune", "axolotl", "llamafactory", "trl", "torchtitan": the CLI option and
//! the messages' name of the kind.
QString frameworkKindName(FrameworkKind kind);

//! Far above any real config (the largest DeepSpeed or torchtune file is a few KB).
inline constexpr qint64 kMaxFrameworkConfigBytes = 10 * 1000 * 1000;
/*!
 * Nesting refused before a parser recurses into it. Real configs nest 3 levels. QJsonDocument
 * stops at 1,024 levels itself (QJsonParseError::DeepNesting, Qt's qjsonparser.cpp
 * nestingLimit); yaml-cpp at 500 levels of its parser (a DeepRecursion whose message says
 * "bad file"; depthguard.h's default of 2,000 is not the one its parser uses), recursing per
 * level until then, so YAML text is scanned for its nesting first.
 */
inline constexpr int kMaxFrameworkNesting = 64;
//! Values a YAML file may hold, or expand to through aliases (the "billion laughs" file), before
//! it is refused; counted before yaml-cpp builds its tree, and again as aliases expand.
inline constexpr int kMaxFrameworkValues = 100000;

//! One change to the scenario: a scenario key (by its CLI option) and the value a scenario file
//! would hold for it, and the file's key it came from.
struct FrameworkSetting
{
    QString option;   //!< "zero", "offload", "batch", "stack", "preset"...
    QJsonValue value; //!< 3, "optimizer+params", true
    QString source;   //!< "zero_optimization.stage"
};

//! A key of the file that set nothing, and why.
struct FrameworkNote
{
    enum class Kind {
        Auto,        //!< "auto": filled as Hugging Face fills it (the scenario's value, or the stack's rule)
        NotModelled, //!< memory depends on it and the estimate does not model it
        NoEffect,    //!< read; GPU memory does not depend on it (logging, paths, learning rate)
        Unknown,     //!< not a key of this kind of file that Headroom knows: its effect is unknown
    };
    Kind kind = Kind::Unknown;
    QString key;    //!< its path in the file, "zero_optimization.stage3_max_reuse_distance"
    QString reason; //!< in words, translated when read; may be empty for NoEffect and Unknown
};

//! What a framework config says, before it is applied.
struct FrameworkImport
{
    FrameworkKind kind = FrameworkKind::DeepSpeed;
    QString file;
    QList<FrameworkSetting> settings; //!< in the order they are applied (stack and model first)
    QList<FrameworkNote> notes;       //!< by key path

    QStringList keysOf(FrameworkNote::Kind kind) const;
};

//! A refused file: which file, which key (empty when the file as a whole is at fault), what is wrong.
struct FrameworkError
{
    QString file;
    QString key;
    QString problem; //!< in words, translated

    bool ok() const { return problem.isEmpty(); }
    //! "FILE: KEY: PROBLEM", or "FILE: PROBLEM".
    QString text() const;
};

/*!
 * Reads \a path as \a kind. \a current is the scenario the file is applied to: its values stand
 * for the training arguments Hugging Face fills "auto" from (micro-batch, accumulation, the
 * 16-bit format) and for the GPU count a train_batch_size is split over. On error \a out is
 * left as it was.
 */
FrameworkError readFrameworkConfig(FrameworkKind kind, const QString &path, const Scenario &current, FrameworkImport &out);

//! The same on the file's bytes (tests, fuzzing). \a file names it in messages; an Accelerate
//! config's deepspeed_config_file is found beside it.
FrameworkError parseFrameworkConfig(FrameworkKind kind, const QByteArray &data, const QString &file, const Scenario &current,
                                    FrameworkImport &out);

/*!
 * The kind of the config at \a path, for the window's one Import Training Config: a .json file
 * is a DeepSpeed config, a .toml file torchtitan's; YAML with distributed_type or compute_environment at its top an
 * Accelerate config, one with model._component_ (or any top-level _component_) a torchtune
 * recipe, one with base_model an axolotl config, one with model_name_or_path and stage or
 * finetuning_type a LLaMA-Factory config, one with model_name_or_path and neither a TRL
 * trainer config. An error when the file cannot be read or is none of them.
 */
FrameworkError detectFrameworkKind(const QString &path, FrameworkKind &kind);

//! Whose model a run estimates: the one the file names (a torchtune builder, a front end's
//! base_model), or one given beside the file (the CLI's --preset or --hf-config), whose model
//! lines are then kept as notes.
enum class FrameworkModel { FromFile, GivenElsewhere };

/*!
 * Applies \a import's settings to \a spec in their order, as a scenario file's keys are applied
 * (applyScenarioJson()), so their values are checked exactly as a file's are. A Hub id
 * (--hub-model) that is no preset's checkpoint is refused, asking for the model's config.json,
 * unless \a spec already holds a model imported from one (kept, and said). On error \a spec and
 * \a import are left as they were and the error names the config's key the bad value came
 * from; on success the settings not applied move to \a import's notes. Validating the result
 * (validate()) is the caller's: the CLI's flags may still change it.
 */
FrameworkError applyFrameworkImport(FrameworkImport &import, const Catalogue &catalogue, ScenarioSpec &spec,
                                    FrameworkModel model = FrameworkModel::FromFile);

//! What the import did, one line each: the settings ("zero_optimization.stage = 3: --zero 3"),
//! then the keys filled as "auto", not modelled, without effect, and unknown, each with its reason.
QStringList frameworkImportReport(const FrameworkImport &import);

//! The lines of the report that need the user's attention (not modelled and unknown keys):
//! what the CLI prints as warnings.
QStringList frameworkImportWarnings(const FrameworkImport &import);

} // namespace headroom
