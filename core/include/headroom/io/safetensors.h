#pragma once

// A checkpoint's exact parameter count and stored dtype, from the headers of its .safetensors
// files (an 8-byte little-endian header length, then a JSON object of tensor names to dtype,
// shape and data offsets), without reading any tensor data. A folder is read through its
// model.safetensors.index.json when it has one (every shard the index names must exist), else
// model.safetensors, else every *.safetensors file in it.

#include <atomic>
#include <functional>

#include <QString>
#include <QStringList>

#include <headroom/memory/units.h>

namespace headroom {

//! The largest safetensors header accepted (the biggest real ones are a few MB).
inline constexpr qint64 kMaxSafetensorsHeaderBytes = 100 * 1024 * 1024;
//! The most header bytes one checkpoint folder may make Headroom read, all shards together
//! (DeepSeek-V3's 163 shards hold about 25 MB): the work is bounded, not only each file.
inline constexpr qint64 kMaxSafetensorsHeaderBytesTotal = 100 * 1024 * 1024;
//! The most shard files an index may name, or a folder may hold.
inline constexpr int kMaxSafetensorsShards = 10'000;

/*!
 * Watches a long read from another thread: cancelled is checked between shards, progress (if
 * set) is called, on the reading thread, with the shards read so far and their number.
 */
struct ReadControl
{
    std::atomic<bool> cancelled{ false };
    std::function<void(int done, int total)> progress;
};

struct CheckpointCount
{
    bool found = false;      //!< false: the folder holds no safetensors file (not an error)
    Count parameters = 0;    //!< elements of every tensor but the buffers below
    Count buffers = 0;       //!< elements of non-parameter tensors some checkpoints carry
                             //!< (rotary inv_freq, GPT-2's causal masks, position_ids)
    Count tensors = 0;
    QString dtype;           //!< the dtype most parameter elements are stored in ("BF16", "F32", ...)
    QStringList files;       //!< the headers read
    //! Bytes of every tensor, from model.safetensors.index.json's metadata.total_size, when the
    //! folder holds the index and none of its shards (a download of the small files only); the
    //! counts above are then left for the config's torch_dtype to fill (readHfConfig()).
    qint64 indexTotalBytes = 0;
};

struct CheckpointError
{
    enum class Code {
        None,
        CannotOpen,
        NotRegularFile,
        TooShort,         //!< under 8 bytes: no header length
        HeaderTooLarge,   //!< over kMaxSafetensorsHeaderBytes
        HeaderBeyondFile, //!< the header length runs past the end of the file
        NotJson,          //!< the header (or the index) is not a JSON object
        BadTensor,        //!< a tensor entry without a dtype, a shape of whole numbers or two offsets
        OffsetsOutsideFile, //!< a tensor's data offsets lie outside the file's data section
        BadIndex,         //!< the index has no weight_map of shard names
        MissingShard,     //!< the index names a shard that is not in the folder
        IndexOnlyNoDtype, //!< the index without shards, and no whole-byte torch_dtype to count its bytes in (detail: the dtype)
        TooManyShards,
        SizeMismatch,     //!< a tensor's data offsets do not span shape × the dtype's size (detail: both)
        UnknownDtype,     //!< a dtype safetensors does not define (detail: the dtype, escaped)
        SameFile,         //!< two shard names are one file (through a link): tensor names the second
        HeadersTooLarge,  //!< the shards' headers together exceed kMaxSafetensorsHeaderBytesTotal
        Cancelled,        //!< ReadControl::cancelled was set
    };
    Code code = Code::None;
    QString file;
    QString tensor; //!< the tensor or index entry at fault
    QString detail;

    bool ok() const { return code == Code::None; }
};

/*!
 * Counts the checkpoint in \a folder (see above). Each shard is read once: two names of one
 * file (links) are refused, as is more than kMaxSafetensorsHeaderBytesTotal of headers. Every
 * tensor's data offsets must span exactly its shape times its dtype's size. On error \a out is
 * left as it was. \a control, if given, can cancel it between shards and hears the progress.
 */
CheckpointError countCheckpoint(const QString &folder, CheckpointCount &out, ReadControl *control = nullptr);

//! Adds one safetensors file's header to \a out.
CheckpointError readSafetensorsHeader(const QString &file, CheckpointCount &out);
//! The same from the file's first bytes \a head (the 8-byte length and the header at least) of
//! a file of \a fileSize bytes named \a file in messages: what readSafetensorsHeader() does
//! once it has read them (the fuzz target feeds it directly).
CheckpointError parseSafetensorsHeader(const QByteArray &head, qint64 fileSize, const QString &file, CheckpointCount &out);

} // namespace headroom
