#pragma once

// A validation issue in words, for the CLI and the window alike: what is wrong, with the field's
// value and the allowed range or the reason two choices do not go together. The caller names
// fields its own way (the CLI by option, the window by label) and formats numbers for its
// locale. Translated in the "Issue" context.

#include <QString>

#include <headroom/memory/validation.h>

namespace headroom {

struct IssueWords
{
    QString (*field)(Field field);  //!< "--hidden", or "Hidden size"
    QString (*count)(Count value);  //!< "4,096"
    QString (*real)(double value);  //!< "0.5"
};

QString issueText(const ValidationIssue &issue, const Scenario &scenario, const IssueWords &words);

//! Why two choices do not go together, as a clause ("FSDP shards gradients with parameters").
QString conflictReason(Conflict reason);

} // namespace headroom
