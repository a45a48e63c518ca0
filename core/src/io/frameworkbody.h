#pragma once

// Internal: what the three framework-config readers share (frameworkconfig.h). Each file is
// turned into a JSON value first (YAML through yaml-cpp, with its typed scalars resolved as
// YAML 1.2's core schema does), so that one reader class checks every value, names the key
// path and records the settings and the notes.

#include <optional>

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonObject>

#include <headroom/io/frameworkconfig.h>
#include <headroom/memory/formula.h>
#include <headroom/memory/scenario.h>
#include <headroom/memory/validation.h>

namespace headroom::detail {

// The messages' translation context, as lupdate reads it.
struct FrameworkImportTr
{
    Q_DECLARE_TR_FUNCTIONS(FrameworkImport)
};

//! A count as the messages write it: "100,000".
inline QString digits(Count c)
{
    return QString::fromStdString(groupedNumber(c));
}

//! A count as a setting's value (JSON numbers are doubles; every count here is far below 2^53).
inline QJsonValue countValue(Count c)
{
    return QJsonValue(double(c));
}

inline QString keyPath(const QString &prefix, const QString &key)
{
    return prefix.isEmpty() ? key : prefix + QLatin1Char('.') + key;
}

//! Reads values of one file, recording the settings, the notes and the first error.
class ConfigReader
{
public:
    ConfigReader(const QString &file, const Scenario &current, FrameworkImport &out)
        : m_file(file), m_current(current), m_out(out)
    {
    }

    FrameworkError error;
    bool ok() const { return error.ok(); }
    const Scenario &current() const { return m_current; }
    FrameworkImport &out() { return m_out; }

    void fail(const QString &key, const QString &problem)
    {
        if (ok())
            error = { m_file, key, problem };
    }
    void set(const char *option, const QJsonValue &value, const QString &source)
    {
        m_out.settings.append({ QLatin1String(option), value, source });
    }
    void note(FrameworkNote::Kind kind, const QString &key, const QString &reason = QString())
    {
        m_out.notes.append({ kind, key, reason });
    }

    static bool isAuto(const QJsonValue &v) { return v.isString() && v.toString() == QLatin1String("auto"); }
    static bool absent(const QJsonValue &v) { return v.isUndefined() || v.isNull(); }

    //! A whole number in [min, max]; nullopt (and the error) otherwise.
    std::optional<Count> count(const QJsonValue &v, const QString &key, Count min, Count max);
    std::optional<bool> flag(const QJsonValue &v, const QString &key);
    std::optional<double> real(const QJsonValue &v, const QString &key, double min, double max);
    std::optional<QString> text(const QJsonValue &v, const QString &key);
    //! An object; an absent or null value reads as an empty one.
    std::optional<QJsonObject> object(const QJsonValue &v, const QString &key);
    //! One of \a allowed (compared case-insensitively when \a anyCase); the error lists them.
    std::optional<QString> choice(const QJsonValue &v, const QString &key, const QStringList &allowed, bool anyCase = false);

    //! Every key of \a o under \a prefix not in \a handled, as an unknown key.
    void rest(const QJsonObject &o, const QString &prefix, const QStringList &handled);
    //! Every key of \a o under \a prefix not in \a handled, as read without effect (\a reason).
    void noEffect(const QJsonObject &o, const QString &prefix, const QStringList &handled, const QString &reason);

    //! The value's text as a message quotes it.
    static QString shown(const QJsonValue &v);

private:
    QString m_file;
    const Scenario &m_current;
    FrameworkImport &m_out;
};

//! The file's text checked (size, binary) and parsed as JSON (an object, no duplicated key).
FrameworkError parseJsonConfig(const QByteArray &data, const QString &file, QJsonObject &root);
//! The same for YAML: a mapping at the top, nesting and aliases bounded, no duplicated key.
FrameworkError parseYamlConfig(const QByteArray &data, const QString &file, QJsonObject &root);
//! The same for TOML (tomltree.cpp): torchtitan's configs.
FrameworkError parseTomlConfig(const QByteArray &data, const QString &file, QJsonObject &root);
//! Text, not binary, and UTF-8: what every reader checks before parsing.
FrameworkError checkConfigText(const QByteArray &data, const QString &file);
//! Reads \a path within kMaxFrameworkConfigBytes.
FrameworkError readConfigBytes(const QString &path, QByteArray &data);

// The readers, on the parsed file (deepspeedconfig.cpp, accelerateconfig.cpp, torchtuneconfig.cpp).
//! Who runs a DeepSpeed file: given on its own (its "auto" values say Hugging Face's integration,
//! else DeepSpeed's own engine), or named by an Accelerate config (always Accelerate's).
enum class DeepSpeedLauncher { File, Accelerate };
void readDeepSpeed(const QJsonObject &root, ConfigReader &r, DeepSpeedLauncher launcher = DeepSpeedLauncher::File);
void readAccelerate(const QJsonObject &root, const QString &file, ConfigReader &r);
//! What a torchtune config's header says of its launch ("# Config for multi-device LoRA in
//! lora_finetune_distributed.py", "#   tune run --nproc_per_node 8 lora_finetune_distributed
//! --config ..."): the recipe, and the processes per node and nodes it is launched with (0: not said).
struct TorchtuneLaunch
{
    QString recipe;
    Count processesPerNode = 0;
    Count nodes = 0;
};
TorchtuneLaunch torchtuneLaunchOf(const QByteArray &data);

void readTorchtune(const QJsonObject &root, const TorchtuneLaunch &launch, ConfigReader &r);
//! The front ends (axolotlconfig.cpp, llamafactoryconfig.cpp, trlconfig.cpp); \a file finds a
//! DeepSpeed JSON they name.
void readAxolotl(const QJsonObject &root, const QString &file, ConfigReader &r);
void readLlamaFactory(const QJsonObject &root, const QString &file, ConfigReader &r);
void readTrl(const QJsonObject &root, const QString &file, ConfigReader &r);
void readTorchtitan(const QJsonObject &root, ConfigReader &r);

//! How readFsdp() reads what a block leaves out: its key path in messages, and the sharding
//! when neither a strategy nor reshard_after_forward is given (with what said so).
struct FsdpDefaults
{
    QString prefix = QStringLiteral("fsdp_config");
    int stage = 3;
    QString stageSource; //!< empty: Accelerate's default, FULL_SHARD
};
//! An FSDP block as Accelerate and the Trainer read it (keys with or without "fsdp_"):
//! sharding, offload, checkpointing, and the wrapping and prefetching the estimate assumes.
void readFsdp(const QJsonObject &f, int version, ConfigReader &r, const FsdpDefaults &defaults = {});

/*!
 * The DeepSpeed JSON a YAML names (Accelerate's deepspeed_config_file, a front end's deepspeed:),
 * read as Hugging Face's integration reads it, "auto" filled from \a provisional. Looked for
 * beside the YAML, then as given (absolute, or from the working folder, where the launcher
 * resolves it), then in the YAML's parent folders (axolotl's examples name
 * deepspeed_configs/zero3_bf16.json from the checkout's root). Its settings and notes join
 * \a r's, each prefixed with the JSON's name; a file not found or refused fails \a key.
 */
void readReferencedDeepSpeed(const QString &name, const QString &key, const QString &yamlFile, const Scenario &provisional,
                             ConfigReader &r);

// What the front ends over Hugging Face's Trainer share (trainerfrontend.cpp).
//! TrainingArguments.optim (transformers' OptimizerNames): the optimizer, paged, fused.
void readTrainerOptim(const QJsonValue &v, const QString &key, ConfigReader &r);
//! PEFT's target_modules as a front end lists them (q_proj, ..., "all-linear"): --lora-targets,
//! modules outside the decoder's projections said not modelled. Fails when none is known.
void readLoraModules(const QJsonValue &v, const QString &key, ConfigReader &r);
//! The Trainer's fsdp (a string of options or a list: full_shard, shard_grad_op, hybrid_shard,
//! offload, auto_wrap) and its fsdp_config; \a fsdpKey empty when only the block is given.
void readTrainerFsdp(const QJsonValue &fsdp, const QString &fsdpKey, const QJsonValue &config, const QString &configKey,
                     const QJsonValue &version, const QString &versionKey, ConfigReader &r);
//! TRL's arguments of a preference or RL trainer under \a prefix (\a method: "dpo", "grpo", ...):
//! GRPO's generations, lengths, vLLM and beta; the preference trainers' max_length and
//! precomputed reference. Every key read joins \a handled.
void readTrlMethodArgs(const QJsonObject &o, const QString &prefix, const QString &method, QStringList &handled, ConfigReader &r);
//! A whole number in \a field's range set as \a option: the file's \a v (at \a key) or, absent, \a fallback
//! (said by \a fallbackSource; 0 sets nothing). The number set (0 for nothing), or nullopt when refused.
std::optional<Count> setCountOr(const QJsonValue &v, const QString &key, const char *option, Field field, Count fallback,
                                const QString &fallbackSource, ConfigReader &r);
//! lora_dropout, 0 <= p < 1, as --lora-dropout: the file's or, absent, \a fallback (nothing when none).
//! False when refused.
bool setDropoutOr(const QJsonValue &v, const QString &key, std::optional<double> fallback, const QString &fallbackSource, ConfigReader &r);
//! transformers' attn_implementation: flash_attention_2/3 (and flash-attn hub kernels), sdpa,
//! eager; any other kernel said not modelled.
void readAttnImplementation(const QJsonValue &v, const QString &key, ConfigReader &r);
//! PEFT's modules_to_save (embed_tokens, lm_head): --lora-trainable; others said not modelled.
void readModulesToSave(const QJsonValue &v, const QString &key, ConfigReader &r);
//! The end of a front end's reading: the stack's settings moved first (their defaults are what
//! the others refine, and a stack set late, by FSDP's block, would undo them); every key read
//! that set nothing listed as read without effect; every key not read, as unknown.
void finishFrontEnd(const QJsonObject &root, const QStringList &handled, ConfigReader &r);
//! \a cur with the settings read so far that a DeepSpeed file's "auto" is filled from (batch,
//! accumulation, GPUs, recipe, stage).
Scenario provisionalScenario(const Scenario &cur, const QList<FrameworkSetting> &settings);

//! The 16-bit format of the scenario's recipe: what Hugging Face's --bf16 / --fp16 stand for.
enum class HalfFormat { None, Fp16, Bf16 };
HalfFormat halfFormatOf(const Scenario &s);

} // namespace headroom::detail
