#include <headroom/io/safetensors.h>

#include <algorithm>
#include <cmath>

#include <cmath>
#include <map>
#include <set>
#include <utility>

#include <sys/stat.h>

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <headroom/io/safefile.h>
#include <headroom/memory/formula.h>

namespace headroom {

namespace {

constexpr Count kElementLimit = Count(1) << 62; // beyond any tensor; keeps every sum exact

// Tensors that checkpoints store beside the parameters but that are module buffers: rotary
// frequencies (older LLaMA checkpoints), GPT-2's causal masks, BERT/RoBERTa's position ids.
bool isBuffer(const QString &name)
{
    return name.endsWith(QLatin1String(".inv_freq")) || name.endsWith(QLatin1String(".attn.bias"))
            || name.endsWith(QLatin1String(".attn.masked_bias")) || name.endsWith(QLatin1String("position_ids"));
}

CheckpointError fileError(const FileProblem &p, const QString &file)
{
    if (p.code == FileProblem::Code::NotRegularFile)
        return { CheckpointError::Code::NotRegularFile, file, {}, {} };
    return { CheckpointError::Code::CannotOpen, file, {}, p.detail };
}

using DtypeTally = std::map<QString, Count>; // parameter elements per stored dtype

// Bits per element of every dtype safetensors defines (safetensors/src/tensor.rs, Dtype, 0.5):
// the sub-byte ones (F4, F6) are packed, so a tensor's bytes are its bits rounded up.
int dtypeBits(const QString &dtype)
{
    static const std::map<QString, int> bits{
        { QStringLiteral("BOOL"), 8 },    { QStringLiteral("U8"), 8 },       { QStringLiteral("I8"), 8 },
        { QStringLiteral("F8_E5M2"), 8 }, { QStringLiteral("F8_E4M3"), 8 },  { QStringLiteral("F8_E8M0"), 8 },
        { QStringLiteral("I16"), 16 },    { QStringLiteral("U16"), 16 },     { QStringLiteral("F16"), 16 },
        { QStringLiteral("BF16"), 16 },   { QStringLiteral("I32"), 32 },     { QStringLiteral("U32"), 32 },
        { QStringLiteral("F32"), 32 },    { QStringLiteral("F64"), 64 },     { QStringLiteral("I64"), 64 },
        { QStringLiteral("U64"), 64 },    { QStringLiteral("F4"), 4 },       { QStringLiteral("F6_E2M3"), 6 },
        { QStringLiteral("F6_E3M2"), 6 },
    };
    const auto it = bits.find(dtype);
    return it == bits.end() ? 0 : it->second;
}

// The header's length from the first 8 bytes of \a head, checked against the file's size.
CheckpointError headerLength(const QByteArray &head, qint64 fileSize, const QString &file, quint64 &length)
{
    if (head.size() < 8)
        return { CheckpointError::Code::TooShort, file, {}, {} };
    length = 0;
    for (int i = 7; i >= 0; --i)
        length = (length << 8) | static_cast<unsigned char>(head[i]);
    if (length > static_cast<quint64>(kMaxSafetensorsHeaderBytes))
        return { CheckpointError::Code::HeaderTooLarge, file, {}, QString::number(length) };
    if (length > static_cast<quint64>(fileSize - 8))
        return { CheckpointError::Code::HeaderBeyondFile, file, {}, QString::number(length) };
    return {};
}

// Counts the header in \a header (the file's first 8 + length bytes) of a file of \a size bytes.
CheckpointError parseHeader(const QByteArray &header, qint64 size, const QString &file, CheckpointCount &out, DtypeTally *tally)
{
    quint64 length = 0;
    if (CheckpointError e = headerLength(header, size, file, length); !e.ok())
        return e;
    if (header.size() < 8 + qint64(length))
        return { CheckpointError::Code::HeaderBeyondFile, file, {}, QString::number(length) };
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(header.mid(8, qsizetype(length)), &parseError);
    if (parseError.error != QJsonParseError::NoError || !doc.isObject())
        return { CheckpointError::Code::NotJson, file, {}, parseError.errorString() };
    const qint64 dataBytes = size - 8 - qint64(length);
    CheckpointCount result = out;
    const QJsonObject tensors = doc.object();
    for (auto it = tensors.begin(); it != tensors.end(); ++it) {
        if (it.key() == QLatin1String("__metadata__"))
            continue;
        const QJsonObject t = it.value().toObject();
        const QJsonValue dtype = t.value(QStringLiteral("dtype"));
        const QJsonArray shape = t.value(QStringLiteral("shape")).toArray();
        const QJsonArray offsets = t.value(QStringLiteral("data_offsets")).toArray();
        if (!it.value().isObject() || !dtype.isString() || !t.value(QStringLiteral("shape")).isArray() || offsets.size() != 2)
            return { CheckpointError::Code::BadTensor, file, excerpt(it.key()), {} };
        Count elements = 1;
        for (const QJsonValue &d : shape) {
            const double v = d.toDouble(-1);
            if (!d.isDouble() || v < 0 || v != std::floor(v) || v > 1e15)
                return { CheckpointError::Code::BadTensor, file, excerpt(it.key()), {} };
            elements *= static_cast<Count>(v);
            if (elements > kElementLimit)
                return { CheckpointError::Code::BadTensor, file, excerpt(it.key()), {} };
        }
        const double begin = offsets[0].toDouble(-1), end = offsets[1].toDouble(-1);
        if (!offsets[0].isDouble() || !offsets[1].isDouble() || begin < 0 || end < begin || end > double(dataBytes))
            return { CheckpointError::Code::OffsetsOutsideFile, file, excerpt(it.key()), {} };
        // The data must be there: a 112-byte file once "held" 4e18 parameters in its shapes.
        const int bits = dtypeBits(dtype.toString());
        if (bits == 0)
            return { CheckpointError::Code::UnknownDtype, file, excerpt(it.key()), excerpt(dtype.toString(), 16) };
        const Count needed = (elements * bits + 7) / 8;
        const Count spanned = static_cast<Count>(end) - static_cast<Count>(begin);
        if (needed != spanned)
            return { CheckpointError::Code::SizeMismatch, file, excerpt(it.key()),
                     QString::fromStdString(groupedNumber(needed)) + QLatin1Char('/') + QString::fromStdString(groupedNumber(spanned)) };
        ++result.tensors;
        if (isBuffer(it.key())) {
            result.buffers += elements;
            continue;
        }
        result.parameters += elements;
        if (result.parameters > kElementLimit)
            return { CheckpointError::Code::BadTensor, file, excerpt(it.key()), {} };
        if (tally)
            (*tally)[boundedName(dtype.toString(), 16)] += elements; // shown in the import report
    }
    result.files << QFileInfo(file).fileName();
    result.found = true;
    out = result;
    return {};
}

// \a budget: the header bytes the folder may still make us read (kMaxSafetensorsHeaderBytesTotal).
CheckpointError readHeader(const QString &file, CheckpointCount &out, DtypeTally *tally, qint64 *budget = nullptr)
{
    QByteArray head;
    qint64 size = 0;
    if (const FileProblem p = readRegularFilePrefix(file, 8, head, size); !p.ok())
        return fileError(p, file);
    quint64 length = 0;
    if (CheckpointError e = headerLength(head, size, file, length); !e.ok())
        return e;
    if (budget) {
        if (qint64(length) > *budget)
            return { CheckpointError::Code::HeadersTooLarge, file, {}, QString::number(kMaxSafetensorsHeaderBytesTotal) };
        *budget -= qint64(length);
    }
    QByteArray header;
    if (const FileProblem p = readRegularFilePrefix(file, 8 + qint64(length), header, size); !p.ok())
        return fileError(p, file);
    return parseHeader(header, size, file, out, tally);
}

} // namespace

CheckpointError readSafetensorsHeader(const QString &file, CheckpointCount &out)
{
    return readHeader(file, out, nullptr);
}

CheckpointError parseSafetensorsHeader(const QByteArray &head, qint64 fileSize, const QString &file, CheckpointCount &out)
{
    return parseHeader(head, fileSize, file, out, nullptr);
}

CheckpointError countCheckpoint(const QString &folder, CheckpointCount &out, ReadControl *control)
{
    const QDir dir(folder);
    QStringList shards;
    const QString index = dir.filePath(QStringLiteral("model.safetensors.index.json"));
    if (QFileInfo::exists(index)) {
        QByteArray data;
        if (const FileProblem p = readRegularFile(index, data); !p.ok())
            return fileError(p, index);
        const QJsonDocument doc = QJsonDocument::fromJson(data);
        if (!doc.isObject())
            return { CheckpointError::Code::NotJson, index, {}, {} };
        const QJsonValue map = doc.object().value(QStringLiteral("weight_map"));
        if (!map.isObject())
            return { CheckpointError::Code::BadIndex, index, QStringLiteral("weight_map"), {} };
        const QJsonObject weights = map.toObject();
        for (auto it = weights.begin(); it != weights.end(); ++it) {
            const QString shard = it.value().toString();
            // A shard is a file name beside the index, never a path elsewhere.
            if (!it.value().isString() || shard.isEmpty() || shard.contains(QLatin1Char('/')))
                return { CheckpointError::Code::BadIndex, index, excerpt(it.key()), {} };
            if (!shards.contains(shard))
                shards << shard;
            if (shards.size() > kMaxSafetensorsShards)
                return { CheckpointError::Code::TooManyShards, index, {}, QString::number(kMaxSafetensorsShards) };
        }
        const bool none = std::none_of(shards.cbegin(), shards.cend(), [&dir](const QString &shard) { return QFileInfo::exists(dir.filePath(shard)); });
        const QJsonValue total = doc.object().value(QStringLiteral("metadata")).toObject().value(QStringLiteral("total_size"));
        if (none && !shards.isEmpty() && total.isDouble() && total.toDouble() >= 1 && total.toDouble() <= 9e15
            && total.toDouble() == std::floor(total.toDouble())) {
            // The index without its shards: its byte total is the checkpoint's size.
            CheckpointCount result;
            result.found = true;
            result.indexTotalBytes = qint64(total.toDouble());
            result.files << QStringLiteral("model.safetensors.index.json");
            out = result;
            return {};
        }
        for (const QString &shard : shards)
            if (!QFileInfo::exists(dir.filePath(shard)))
                return { CheckpointError::Code::MissingShard, index, excerpt(shard), {} };
    } else if (QFileInfo::exists(dir.filePath(QStringLiteral("model.safetensors")))) {
        shards << QStringLiteral("model.safetensors");
    } else {
        shards = dir.entryList({ QStringLiteral("*.safetensors") }, QDir::Files, QDir::Name);
        if (shards.size() > kMaxSafetensorsShards)
            return { CheckpointError::Code::TooManyShards, folder, {}, QString::number(kMaxSafetensorsShards) };
    }
    CheckpointCount result;
    DtypeTally tally;
    qint64 budget = kMaxSafetensorsHeaderBytesTotal;
    // Each file once: five links to one 100 MB header were five reads (16.5 s), and its
    // parameters counted five times.
    std::set<std::pair<dev_t, ino_t>> seen;
    for (qsizetype i = 0; i < shards.size(); ++i) {
        if (control) {
            if (control->cancelled.load())
                return { CheckpointError::Code::Cancelled, folder, {}, {} };
            if (control->progress)
                control->progress(int(i), int(shards.size()));
        }
        const QString path = dir.filePath(shards.at(i));
        struct stat st {};
        if (::stat(QFile::encodeName(path).constData(), &st) == 0 && !seen.insert({ st.st_dev, st.st_ino }).second)
            return { CheckpointError::Code::SameFile, path, excerpt(shards.at(i)), {} };
        if (const CheckpointError e = readHeader(path, result, &tally, &budget); !e.ok())
            return e;
    }
    if (control && control->progress)
        control->progress(int(shards.size()), int(shards.size()));
    Count most = -1;
    for (const auto &[dtype, n] : tally)
        if (n > most) {
            most = n;
            result.dtype = dtype;
        }
    out = result;
    return {};
}

} // namespace headroom
