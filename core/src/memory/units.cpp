#include <headroom/memory/units.h>

namespace headroom {

[[gnu::noinline]] Count wideQuotient(Count a, Count b)
{
#if defined(__x86_64__) && defined(__GNUC__)
    // The common wide case, a product of two sizes over a third (a share of a bucket): a >= 0 and
    // 0 < b < 2^64 with a's upper half below b, so that the quotient fits in 64 bits. One divq
    // (128 by 64 bits, rounding down, which for these signs is truncation) gives it instead of
    // the generic __divti3.
    using Wide = unsigned __int128;
    using Narrow = unsigned long long;
    if (a >= 0 && b > 0 && static_cast<Wide>(b) <= static_cast<Wide>(~Narrow(0))) {
        const Narrow high = static_cast<Narrow>(static_cast<Wide>(a) >> 64);
        const Narrow low = static_cast<Narrow>(static_cast<Wide>(a));
        const Narrow divisor = static_cast<Narrow>(b);
        if (high < divisor) {
            Narrow q = 0, r = 0;
            asm("divq %4" : "=a"(q), "=d"(r) : "a"(low), "d"(high), "rm"(divisor) : "cc");
            return static_cast<Count>(q);
        }
    }
#endif
    return a / b;
}

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
