// Counts and byte sizes as typed on the command line and in scenario files ("7B", "1.5GiB",
// "0017000000000000000000000000010T"): never a wrapped or negative result.

#include <cstdlib>
#include <string_view>

#include <headroom/io/quantityparse.h>

using namespace headroom;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const std::string_view text(reinterpret_cast<const char *>(data), size);
    bool tooLarge = false;
    if (const std::optional<Count> c = parseCount(text, &tooLarge); c && *c < 0)
        std::abort();
    if (const std::optional<Bytes> b = parseBytes(text, &tooLarge); b && b->value() < 0)
        std::abort();
    return 0;
}
