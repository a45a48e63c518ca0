#include "globalbatchtext.h"

#include <headroom/io/quantityparse.h>

namespace headroom {

GlobalBatchProblem parseGlobalBatch(const QString &typed, GlobalBatchText &out)
{
    QString text = typed.trimmed().toLower();
    bool inTokens = false;
    for (const QString &suffix : { QStringLiteral("tokens"), QStringLiteral("token"), QStringLiteral("tok") })
        if (text.endsWith(suffix)) {
            text.chop(suffix.size());
            inTokens = true;
            break;
        }
    bool tooLarge = false;
    const auto c = parseCount(text.trimmed().toStdString(), &tooLarge);
    if (!c && !tooLarge)
        return GlobalBatchProblem::NotANumber;
    const Count most = inTokens ? kMaxGlobalBatchTokens : kMaxGlobalBatchSequences;
    if (!c || *c < 1 || *c > most)
        return GlobalBatchProblem::OutOfRange;
    out = { *c, inTokens };
    return GlobalBatchProblem::None;
}

GlobalBatchProblem globalBatchSequences(const GlobalBatchText &given, Count sequence, Count &sequences)
{
    if (!given.inTokens) {
        sequences = given.value;
        return GlobalBatchProblem::None;
    }
    if (sequence < 1 || given.value < sequence || given.value % sequence != 0)
        return GlobalBatchProblem::NotWholeSequences;
    sequences = given.value / sequence;
    return GlobalBatchProblem::None;
}

} // namespace headroom
