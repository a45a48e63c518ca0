#pragma once

// Model presets and the GPU catalogue: data files read at run time (resources/*.json), so a
// user can add a card or a model without rebuilding. What a GPU is lives in hardware/; this
// only reads the files into it.

#include <QList>
#include <QString>

#include <headroom/hardware/gpuspec.h>
#include <headroom/memory/model.h>
#include <headroom/memory/units.h>

namespace headroom {

struct ModelPreset
{
    QString id;    //!< stable key, e.g. "llama-2-7b"
    QString name;  //!< display name, e.g. "LLaMA-2 7B" (a proper noun: not translated)
    ModelSpec model;
    Count publishedParams = 0;       //!< the total its authors publish (0: none found), to check the derivation
    Count publishedActiveParams = 0; //!< MoE: parameters a token uses, as published (0: none found)
    QString checkpoint;              //!< the Hugging Face repository, e.g. "meta-llama/Llama-3.1-8B"
    QString modelType;               //!< the config's model_type
    QString source;                  //!< where the config.json comes from (models/provenance.json; read with PresetConfigs::ReadAll)
    QString configPath;              //!< its config.json; \a model and \a modelType are read from it
    bool configRead = false;         //!< whether they have been (always, after PresetConfigs::ReadAll)
    QString configProblem;           //!< why reading it failed (PresetConfigs::OnDemand), else empty
};

struct CatalogueError
{
    enum class Code { None, CannotOpen, NotRegularFile, TooLarge, NotJson, WrongSchema, BadEntry };
    Code code = Code::None;
    QString file;
    QString detail; //!< JSON parser message or the offending entry and key
};

struct Catalogue
{
    //! Every preset the index names. Mutable: under PresetConfigs::OnDemand, preset() reads a
    //! preset's config.json into its entry the first time it is named.
    mutable QList<ModelPreset> presets;
    //! Every GPU of gpus.json. Mutable: under GpuList::OnFirstUse, gpu() reads the file the
    //! first time a GPU is named (until then the list is empty).
    mutable QList<GpuSpec> gpus;
    QString gpusPath;            //!< gpus.json, while it waits to be read (GpuList::OnFirstUse)
    mutable QString gpusProblem; //!< why reading it on first use failed, else empty

    //! The preset \a id with its model read, or nullptr: unknown, or (read on demand) its config
    //! cannot be read, and then its entry's configProblem says why.
    const ModelPreset *preset(const QString &id) const;
    //! The preset whose Hugging Face checkpoint \a hubId names (checkpointStem() equal), its
    //! model read, or nullptr: none, or more than one.
    const ModelPreset *presetOfCheckpoint(const QString &hubId) const;
    //! The GPU \a id, or nullptr: unknown, or (read on first use) gpus.json cannot be read, and
    //! then gpusProblem says why.
    const GpuSpec *gpu(const QString &id) const;
};

/*!
 * The part of a Hub id ("org/name") that fixes a model's shapes: lower case, without the
 * post-training suffixes that keep the base's architecture (-instruct, -it, -chat, -hf, -base,
 * -pt, repeated: Llama-2-7b-chat-hf is Llama-2-7b) and without the "meta-" of meta-llama's older
 * names (Meta-Llama-3.1-8B is Llama-3.1-8B). Empty for anything but one organisation and one
 * name (a local path, a bare name): those name no checkpoint.
 */
QString checkpointStem(const QString &hubId);

//! When the presets' config.json files are read: all while loading (the window, which lists
//! every preset with its size; a bad one fails the load), or each when first named (the command
//! line, which starts for one preset: 45 configs parsed on every start cost more than the rest
//! of an estimate).
enum class PresetConfigs { ReadAll, OnDemand };

//! When gpus.json is read: while loading (whatever lists or searches the GPUs: `fit`, `gpus`,
//! the report, the window), or the first time one GPU is named (`estimate`, which names one at
//! most, and none by default: reading the file was a sixth of its start).
enum class GpuList { Read, OnFirstUse };

/*!
 * The folder holding models/ (index.json and the presets' config.json files) and gpus.json: $HEADROOM_DATA_DIR if set, else
 * <executable>/../share/headroom (the build tree and the installed layout), <executable>/../../share/headroom
 * (headroom-report, installed in libexec/headroom), else
 * /usr/share/headroom.
 */
QString findDataDir();

//! Loads both catalogues from \a dataDir. On error \a catalogue is left untouched.
CatalogueError loadCatalogue(const QString &dataDir, Catalogue &catalogue, PresetConfigs configs = PresetConfigs::ReadAll,
                             GpuList gpus = GpuList::Read);

} // namespace headroom
