#include <headroom/memory/units.h>

namespace headroom {

int formatCount(Count value, char *buffer)
{
    char digits[41];
    int n = 0;
    const bool negative = value < 0;
    // Work in the negative range so that the most negative value needs no special case.
    Count v = negative ? value : -value;
    do {
        digits[n++] = static_cast<char>('0' - static_cast<int>(v % 10));
        v /= 10;
    } while (v != 0);
    int out = 0;
    if (negative)
        buffer[out++] = '-';
    while (n > 0)
        buffer[out++] = digits[--n];
    buffer[out] = '\0';
    return out;
}

} // namespace headroom
