#pragma once

// A seeded random stream whose output is fixed by the seed alone, on every platform: the
// simulations of the precision lab draw from it so the same seed gives the same picture.

#include <cmath>
#include <cstdint>

namespace headroom {

// splitmix64 (Steele, Lea, Flood 2014): a tiny generator whose output is fixed by the seed alone,
// unlike std::normal_distribution, whose algorithm differs between standard libraries.
class SplitMix64
{
public:
    explicit SplitMix64(std::uint64_t seed) : m_state(seed) { }

    std::uint64_t next()
    {
        std::uint64_t z = (m_state += 0x9E3779B97F4A7C15ULL);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
        return z ^ (z >> 31);
    }

    // Uniform in [0, 1) with 53 random bits.
    double uniform() { return static_cast<double>(next() >> 11) * 0x1p-53; }

    // Standard normal by Box-Muller; 1 - u keeps the logarithm's argument in (0, 1].
    double normal()
    {
        const double u1 = 1.0 - uniform();
        const double u2 = uniform();
        constexpr double twoPi = 6.283185307179586;
        return std::sqrt(-2.0 * std::log(u1)) * std::cos(twoPi * u2);
    }

private:
    std::uint64_t m_state;
};

} // namespace headroom
