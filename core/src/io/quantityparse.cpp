#include <headroom/io/quantityparse.h>

#include <cctype>

namespace headroom {

namespace {

constexpr Count kLimit = Count(1) << 100; // far beyond any field's range, far from overflow

std::string_view trim(std::string_view s)
{
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front())))
        s.remove_prefix(1);
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back())))
        s.remove_suffix(1);
    return s;
}

std::optional<Count> overflow(bool *tooLarge)
{
    if (tooLarge)
        *tooLarge = true;
    return std::nullopt;
}

// Parses digits[.digits][e[+-]digits] times multiplier exactly.
std::optional<Count> parseScaled(std::string_view s, Count multiplier, bool *tooLarge)
{
    Count mantissa = 0;
    int fractionDigits = 0;
    bool anyDigit = false;
    bool seenPoint = false;
    std::size_t i = 0;
    for (; i < s.size(); ++i) {
        const char c = s[i];
        if (c == '.' && !seenPoint) {
            seenPoint = true;
            continue;
        }
        if (!std::isdigit(static_cast<unsigned char>(c)))
            break;
        anyDigit = true;
        mantissa = mantissa * 10 + (c - '0');
        if (mantissa > kLimit)
            return overflow(tooLarge);
        if (seenPoint)
            ++fractionDigits;
    }
    if (!anyDigit)
        return std::nullopt;
    int exponent = 0;
    if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
        ++i;
        bool negative = false;
        if (i < s.size() && (s[i] == '+' || s[i] == '-'))
            negative = s[i++] == '-';
        bool expDigit = false;
        for (; i < s.size() && std::isdigit(static_cast<unsigned char>(s[i])); ++i) {
            expDigit = true;
            exponent = exponent * 10 + (s[i] - '0');
            if (exponent > 40) {
                if (negative)
                    return std::nullopt;
                return overflow(tooLarge);
            }
        }
        if (!expDigit)
            return std::nullopt;
        if (negative)
            exponent = -exponent;
    }
    if (i != s.size())
        return std::nullopt;
    // Every product is bounded before it is formed: mantissa <= kLimit (2^100), and a result
    // past kLimit is refused, so nothing wraps around 128 bits (2^127).
    if (multiplier > 1 && mantissa > kLimit / multiplier)
        return overflow(tooLarge);
    Count value = mantissa * multiplier;
    int shift = exponent - fractionDigits;
    for (; shift > 0; --shift) {
        if (value > kLimit / 10)
            return overflow(tooLarge);
        value *= 10;
    }
    for (; shift < 0; ++shift) {
        if (value % 10 != 0)
            return std::nullopt; // not a whole number
        value /= 10;
    }
    return value;
}

bool endsWithNoCase(std::string_view s, std::string_view suffix)
{
    if (s.size() < suffix.size())
        return false;
    for (std::size_t i = 0; i < suffix.size(); ++i)
        if (std::tolower(static_cast<unsigned char>(s[s.size() - suffix.size() + i]))
            != std::tolower(static_cast<unsigned char>(suffix[i])))
            return false;
    return true;
}

} // namespace

std::optional<Count> parseCount(std::string_view text, bool *tooLarge)
{
    if (tooLarge)
        *tooLarge = false;
    std::string_view s = trim(text);
    if (s.empty())
        return std::nullopt;
    Count multiplier = 1;
    switch (std::tolower(static_cast<unsigned char>(s.back()))) {
    case 'k': multiplier = 1'000; break;
    case 'm': multiplier = 1'000'000; break;
    case 'b':
    case 'g': multiplier = 1'000'000'000; break;
    case 't': multiplier = 1'000'000'000'000; break;
    default: break;
    }
    if (multiplier != 1)
        s = trim(s.substr(0, s.size() - 1));
    return parseScaled(s, multiplier, tooLarge);
}

std::optional<Bytes> parseBytes(std::string_view text, bool *tooLarge)
{
    if (tooLarge)
        *tooLarge = false;
    std::string_view s = trim(text);
    struct Unit { std::string_view suffix; Count factor; };
    // Longest suffixes first so "GiB" is not read as "B".
    static constexpr Unit units[] = {
        { "KiB", kKiB }, { "MiB", kMiB }, { "GiB", kGiB }, { "TiB", kGiB * 1024 },
        { "KB", 1'000 }, { "MB", 1'000'000 }, { "GB", kGB }, { "TB", kGB * 1000 }, { "B", 1 },
    };
    Count factor = 1;
    for (const Unit &u : units) {
        if (endsWithNoCase(s, u.suffix)) {
            factor = u.factor;
            s = trim(s.substr(0, s.size() - u.suffix.size()));
            break;
        }
    }
    const std::optional<Count> n = parseScaled(s, factor, tooLarge);
    if (!n)
        return std::nullopt;
    return bytes(*n);
}

} // namespace headroom
