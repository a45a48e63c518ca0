#include <headroom/io/hfconfigtext.h>

#include <QCoreApplication>

#include <headroom/memory/formula.h>
#include <headroom/memory/scenario.h>

namespace headroom {

namespace {

// The messages' translation context, as lupdate reads it.
struct HfImport
{
    Q_DECLARE_TR_FUNCTIONS(HfImport)
};

QString digits(Count c)
{
    return QString::fromStdString(groupedNumber(c));
}

QString checkpointErrorText(const CheckpointError &c)
{
    using K = CheckpointError::Code;
    switch (c.code) {
    case K::None: return {};
    case K::CannotOpen: return HfImport::tr("cannot open %1: %2").arg(c.file, c.detail);
    case K::NotRegularFile: return HfImport::tr("%1 is not a regular file").arg(c.file);
    case K::TooShort: return HfImport::tr("%1: too short for a safetensors header (under 8 bytes)").arg(c.file);
    case K::HeaderTooLarge:
        return HfImport::tr("%1: the safetensors header claims %2 bytes, more than the 100 MB allowed").arg(c.file, c.detail);
    case K::HeaderBeyondFile:
        return HfImport::tr("%1: the safetensors header claims %2 bytes, more than the file holds").arg(c.file, c.detail);
    case K::NotJson: return HfImport::tr("%1: the header is not a JSON object").arg(c.file);
    case K::BadTensor:
        return HfImport::tr("%1: tensor \"%2\" lacks a dtype, a shape of whole numbers or two data offsets").arg(c.file, c.tensor);
    case K::OffsetsOutsideFile: return HfImport::tr("%1: tensor \"%2\" has data offsets outside the file").arg(c.file, c.tensor);
    case K::BadIndex: return HfImport::tr("%1: entry \"%2\" is not a shard file name").arg(c.file, c.tensor);
    case K::MissingShard: return HfImport::tr("%1 names shard \"%2\", which is not in the folder").arg(c.file, c.tensor);
    case K::IndexOnlyNoDtype:
        return HfImport::tr("%1: no shard is in the folder, and the config's torch_dtype (%2) does not say how many bytes its "
                            "metadata.total_size holds per element; download the shards, or give the config alone")
                .arg(c.file, c.detail.isEmpty() ? HfImport::tr("not given") : c.detail);
    case K::TooManyShards: return HfImport::tr("%1 names more than %2 shards").arg(c.file, c.detail);
    case K::SizeMismatch: {
        const QStringList sizes = c.detail.split(QLatin1Char('/'));
        //: %3 bytes the shape and dtype need, %4 bytes the data offsets span
        return HfImport::tr("%1: tensor \"%2\" needs %3 bytes for its shape and dtype, but its data offsets span %4")
                .arg(c.file, c.tensor, sizes.value(0), sizes.value(1));
    }
    case K::UnknownDtype: return HfImport::tr("%1: tensor \"%2\" has the dtype \"%3\", which safetensors does not define").arg(c.file, c.tensor, c.detail);
    case K::SameFile: return HfImport::tr("%1: shard \"%2\" is a file already read under another name (a link)").arg(c.file, c.tensor);
    case K::HeadersTooLarge:
        return HfImport::tr("%1: the checkpoint's headers together exceed %2 bytes; refused").arg(c.file, digits(c.detail.toLongLong()));
    case K::Cancelled: return HfImport::tr("reading %1 was cancelled").arg(c.file);
    }
    return {};
}

} // namespace

QString hfConfigErrorText(const HfConfigError &e)
{
    using C = HfConfigError::Code;
    switch (e.code) {
    case C::None: return {};
    case C::CannotOpen: return HfImport::tr("cannot open %1: %2").arg(e.file, e.got);
    case C::NotRegularFile: return HfImport::tr("%1 is not a regular file: refused without reading it").arg(e.file);
    case C::TooLarge:
        return HfImport::tr("%1 is larger than %2 bytes: refused without reading it").arg(e.file, digits(e.expected.toLongLong()));
    case C::NoConfig: return HfImport::tr("%1 holds no config.json").arg(e.file);
    case C::NotJson: return HfImport::tr("%1 is not valid JSON: %2").arg(e.file, e.got);
    case C::NotObject: return HfImport::tr("%1 holds %2 at its top level; a config.json is a JSON object").arg(e.file, e.got);
    case C::MissingField: return HfImport::tr("%1: \"%2\" is missing; expected %3").arg(e.file, e.field, e.expected);
    case C::WrongType: return HfImport::tr("%1: \"%2\" is %3; expected %4").arg(e.file, e.field, e.got, e.expected);
    case C::OutOfRange: return HfImport::tr("%1: \"%2\" is %3, out of range; allowed: %4").arg(e.file, e.field, e.got, e.expected);
    case C::NotDivisible: return HfImport::tr("%1: \"%2\" (%3) must divide \"%4\" exactly").arg(e.file, e.field, e.got, e.other);
    case C::UnknownModelType:
        return HfImport::tr("%1: model_type %2 is not supported; supported: %3 (a config with the usual fields under another "
                  "name can be read as one of them)")
                .arg(e.file, e.got, e.expected);
    case C::UnknownFamily: return HfImport::tr("unknown model_type to read the config as: \"%1\"; allowed: %2").arg(e.got, e.expected);
    case C::Contradiction:
        //: %2 the key, %3 its value, %4 the family asked for, %5 the config's own model_type
        return HfImport::tr("%1: \"%2\" (%3) gives the model a structure that %4 does not have; the config (model_type %5) "
                            "contradicts --hf-family %4 and is refused rather than read wrong")
                .arg(e.file, e.field, e.got, e.expected, e.other);
    case C::HybridLayers:
        //: %3 what the layers are, e.g. "Mamba-2 state-space layers"
        return HfImport::tr("%1: \"%2\" says the model (%4) has %3, beside or instead of self-attention; Headroom does not model "
                            "such layers yet and refuses the config rather than estimate it as a transformer")
                .arg(e.file, e.field, e.got, e.expected);
    case C::Checkpoint: return checkpointErrorText(e.checkpoint);
    }
    return {};
}

QStringList hfImportReport(const HfModel &h)
{
    QStringList lines;
    const ModelSpec &m = h.model;
    const ParameterCounts counts = parameterCounts(m);
    const std::string_view family = familyName(m.family);
    QString head = HfImport::tr("%1 (model_type %2, %3 block): %4 parameters from the architecture")
                           .arg(h.name, h.modelType, QString::fromLatin1(family.data(), qsizetype(family.size())),
                                digits(counts.total(m.layers)));
    if (m.moe.enabled())
        head += HfImport::tr(", %1 active per token").arg(digits(counts.active(m.layers)));
    lines << head;
    if (h.checkpoint.found) {
        QString line = HfImport::tr("checkpoint: %1 parameters stored as %2 in %n file(s)", nullptr, int(h.checkpoint.files.size()))
                               .arg(digits(h.checkpoint.parameters), h.checkpoint.dtype);
        if (h.checkpoint.buffers > 0)
            line += HfImport::tr(" (and %1 buffer values, not parameters)").arg(digits(h.checkpoint.buffers));
        lines << line;
    }
    if (h.visionParameters > 0)
        lines << HfImport::tr("vision tower (%1) and its projector: %2 parameters, in the estimate")
                         .arg(h.visionKind, digits(h.visionParameters));
    if (!h.warnings.isEmpty())
        lines << HfImport::tr("warning: not modelled, and memory depends on them: %1").arg(h.warnings.join(QStringLiteral(", ")));
    if (!h.ignored.isEmpty())
        lines << HfImport::tr("ignored (the model uses them; its training memory does not depend on them): %1")
                         .arg(h.ignored.join(QStringLiteral(", ")));
    if (!h.unrecognized.isEmpty())
        lines << HfImport::tr("unrecognized fields, their effect unknown: %1").arg(h.unrecognized.join(QStringLiteral(", ")));
    if (!h.metadata.isEmpty())
        lines << HfImport::tr("metadata: %1").arg(h.metadata.join(QStringLiteral(", ")));
    for (const QString &n : h.notes)
        lines << HfImport::tr("note: %1").arg(n);
    return lines;
}

} // namespace headroom
