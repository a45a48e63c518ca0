// A .safetensors file's header (8-byte little-endian length, then JSON): counted without
// reading tensor data, or refused with a reason; never a wrapped count. The input is the whole
// file: its size bounds the data offsets.

#include <cstdlib>

#include <headroom/io/safetensors.h>

#include "fuzzsupport.h"

using namespace headroom;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz::application();
    const QByteArray bytes = QByteArray::fromRawData(reinterpret_cast<const char *>(data), static_cast<qsizetype>(size));
    CheckpointCount count;
    if (parseSafetensorsHeader(bytes, static_cast<qint64>(size), QStringLiteral("model.safetensors"), count).ok()
        && (count.parameters < 0 || count.buffers < 0 || count.tensors < 0))
        std::abort();
    return 0;
}
