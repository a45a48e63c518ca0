#pragma once

// Hugging Face model descriptions, read offline: a config.json (or a folder holding one, and its
// .safetensors headers for the checkpoint's exact count). Every model_type maps to a block family
// and its options (model.h) with the defaults of its transformers configuration class; every key
// of the file is accounted for: used, metadata, ignored (the model uses it, its memory does not
// depend on it) or a warning (it changes memory and is not modelled). The model presets are
// config files read through here too.

#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <headroom/io/safetensors.h>
#include <headroom/memory/model.h>
#include <headroom/memory/stack.h>

namespace headroom {

struct HfModel
{
    ModelSpec model;
    QString modelType;       //!< the config's model_type, e.g. "mixtral"
    QString name;            //!< _name_or_path, else the folder's name
    QString torchDtype;      //!< torch_dtype as the config states it ("bfloat16"), if any
    double dropout = 0;      //!< the config's residual/attention dropout, for the itemized model
    QStringList used;        //!< keys that set the architecture
    QStringList metadata;    //!< token ids, versions, epsilons...: nothing memory depends on
    QStringList ignored;     //!< used by the model, not by its memory: rope_scaling, sliding_window...
    QStringList warnings;    //!< change memory and are not modelled, e.g. "quantization_config"
    QStringList unrecognized; //!< keys no known family has: their effect is unknown
    QStringList notes;       //!< what the import assumed (English phrases; the views translate known ones)
    CheckpointCount checkpoint; //!< found only for a folder with .safetensors files
    //! The checkpoint's quantized storage from its quantization_config (GPTQ, AWQ, bitsandbytes
    //! 4-bit or 8-bit, FP8): the frozen base's format under --lora qlora. Unset when the config
    //! has none, or one Headroom does not model (then "quantization_config" is a warning).
    bool hasQuantBase = false;
    QuantBase quantBase = QuantBase::Nf4DoubleQuant;
    Count quantGroupSize = -1; //!< GPTQ's and AWQ's group_size; -1: the format's default
    //! A multimodal config's vision tower and projector, where Headroom knows the tower's layout
    //! (SigLIP, Qwen2-VL, Qwen2.5-VL, Qwen3-VL); 0 otherwise. Counted, not yet in the estimate.
    Count visionParameters = 0;
    QString visionKind; //!< "SigLIP", "Qwen2.5-VL"...
};

/*!
 * Reads a quantization_config into \a out (quantBase, quantGroupSize, a note): transformers'
 * GPTQConfig (quant_method "gptq", bits 4, group_size), AwqConfig ("awq", bits 4, group_size),
 * BitsAndBytesConfig ("bitsandbytes": load_in_4bit with bnb_4bit_quant_type "nf4" and
 * bnb_4bit_use_double_quant, or load_in_8bit) and FbgemmFp8Config ("fbgemm_fp8", per-channel
 * scales). Returns false for anything else (4-bit FP4, 3- or 8-bit GPTQ, per-channel GPTQ,
 * block-wise FP8 as DeepSeek-V3 ships it, HQQ's nested layout...), which stays a warning.
 */
bool readQuantizationConfig(const QJsonObject &config, HfModel &out);

struct HfConfigError
{
    enum class Code {
        None,
        CannotOpen,
        NotRegularFile,
        TooLarge,
        NoConfig,         //!< a folder without config.json
        NotJson,
        NotObject,
        MissingField,     //!< field: the key; expected: what it must be
        WrongType,        //!< field, expected, got
        OutOfRange,       //!< field, expected (the range), got
        NotDivisible,     //!< field must divide (or be divided by) other
        UnknownModelType, //!< got: the model_type; expected: the supported ones
        UnknownFamily,    //!< the --hf-family given is none of the supported ones
        Contradiction,    //!< field: a structural key the --hf-family (expected) does not read; got: its value; other: model_type
        HybridLayers,     //!< field: model_type or layer_types[i]; expected: the model_type; got: what its layers are
        Checkpoint,       //!< a safetensors header or index at fault: checkpoint
    };
    Code code = Code::None;
    QString file;
    QString field;
    QString expected;
    QString got;
    QString other;
    CheckpointError checkpoint;

    bool ok() const { return code == Code::None; }
};

//! The model_types the importer reads, in the order messages list them.
QStringList supportedModelTypes();

/*!
 * Reads \a path: a config.json, or a folder holding one (then its safetensors headers too).
 * \a familyAs, if not empty, reads a config whose model_type is unknown as that supported
 * model_type (a generic decoder with the usual fields). On error \a out is left as it was.
 * \a control: the checkpoint's reading can be cancelled and followed (countCheckpoint()).
 */
HfConfigError readHfConfig(const QString &path, const QString &familyAs, HfModel &out, ReadControl *control = nullptr);

//! The same on a config already parsed (tests, the presets).
HfConfigError readHfConfigObject(const QJsonObject &config, const QString &familyAs, HfModel &out);

} // namespace headroom
