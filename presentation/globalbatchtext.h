#pragma once

// The global batch as a user writes it, in sequences ("256") or tokens ("2M tokens",
// "524288tok"): read once here for the command line's --global-batch and the window's field.

#include <QString>

#include <headroom/memory/units.h>

namespace headroom {

//! A global batch as given, before the sequence length turns tokens into sequences.
struct GlobalBatchText
{
    Count value = 0;
    bool inTokens = false;
};

//! What is wrong with a global batch.
enum class GlobalBatchProblem : std::uint8_t {
    None,
    NotANumber,        //!< not a whole number (with or without "tokens")
    OutOfRange,        //!< sequences outside 1 to kMaxGlobalBatchSequences, tokens outside 1 to kMaxGlobalBatchTokens
    NotWholeSequences, //!< tokens that are not a whole, positive number of sequences of S
};

inline constexpr Count kMaxGlobalBatchSequences = 100'000'000;
inline constexpr Count kMaxGlobalBatchTokens = 1'000'000'000'000;

//! Reads "256", "2M tokens", "524288tok" (parseCount()'s numbers, a "tokens", "token" or "tok"
//! suffix in any case) into \a out; \a out is left alone on a problem.
GlobalBatchProblem parseGlobalBatch(const QString &typed, GlobalBatchText &out);

//! Sequences of \a sequence tokens in \a given: the count itself, or its tokens divided by S when
//! they make a whole number of sequences (NotWholeSequences otherwise).
GlobalBatchProblem globalBatchSequences(const GlobalBatchText &given, Count sequence, Count &sequences);

} // namespace headroom
