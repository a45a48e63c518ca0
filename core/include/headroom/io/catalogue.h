#pragma once

// Model presets and the GPU catalogue: data files read at run time (resources/*.json), so a
// user can add a card or a model without rebuilding.

#include <QList>
#include <QString>

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
    QString source;                  //!< where the config.json comes from
};

struct GpuSpec
{
    QString id;
    QString name;
    Bytes capacity = bytes(0); //!< total memory as the card reports it (nvidia-smi memory.total)
    QString capacitySource;
    bool bf16 = false;         //!< BF16 tensor-core support
    double tflopsFp16 = 0;     //!< dense FP16 tensor TFLOP/s (FP32 accumulate)
    double tflopsBf16 = 0;     //!< dense BF16 tensor TFLOP/s; 0 without BF16
    double pricePerHourUsd = 0; //!< indicative on-demand price per GPU-hour, user-editable
    // What the step time (steptime.h) and the cost of owning need; every entry gives them.
    double hbmGBps = 0;          //!< memory bandwidth, GB/s
    double matmulEfficiency = 0; //!< share of the dense peak large BF16/FP16 matmuls reach
    QString matmulEfficiencySource;
    double nvlinkGBps = 0;       //!< NVLink per GPU, one direction, GB/s; 0: none
    Count nvlinkGpus = 0;        //!< GPUs one NVLink domain joins (8: NVSwitch, 2: a bridge); 0: none
    int pcieGen = 0;             //!< the host link's PCIe generation
    int pcieLanes = 0;
    Count gpusPerNode = 0;       //!< GPUs in one server as usually sold or rented
    double networkGbps = 0;      //!< usual network per node of such servers, Gbit/s
    double powerWatts = 0;       //!< board power (TDP / TBP)
    double purchaseUsd = 0;      //!< indicative purchase price of one card, user-editable
    QString priceDate;           //!< when the prices were read (YYYY-MM)
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
    QList<ModelPreset> presets;
    QList<GpuSpec> gpus;

    const ModelPreset *preset(const QString &id) const;
    const GpuSpec *gpu(const QString &id) const;
};

/*!
 * The folder holding models/ (index.json and the presets' config.json files) and gpus.json: $HEADROOM_DATA_DIR if set, else
 * <executable>/../share/headroom (the build tree and the installed layout), else
 * /usr/share/headroom.
 */
QString findDataDir();

//! Loads both catalogues from \a dataDir. On error \a catalogue is left untouched.
CatalogueError loadCatalogue(const QString &dataDir, Catalogue &catalogue);

} // namespace headroom
