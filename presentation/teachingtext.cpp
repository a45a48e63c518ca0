#include "teachingtext.h"

#include <QLocale>
#include <QTextStream>

#include "derivationwords.h"
#include "wording.h"

namespace headroom {

QString teachingResultText(const TeachingStep &step)
{
    if (step.perParameter)
        //: bytes per parameter, e.g. "16 bytes/param"
        return Cli::tr("%1 bytes/param").arg(QLocale().toString(step.rate.value(), 'g', 6));
    //: exact bytes, then decimal GB and binary GiB
    return Cli::tr("%1 bytes (%2, %3)").arg(groupedDigits(countOf(step.bytes)), gbText(step.bytes), gibText(step.bytes));
}

QString additionBytesText(Bytes b)
{
    const bool negative = b < bytes(0);
    const Bytes magnitude = negative ? bytes(0) - b : b;
    const QString sign = negative ? QStringLiteral("−") : QStringLiteral("+");
    //: a signed difference in bytes: %1 the sign, %2 exact bytes, %3 GB
    return Cli::tr("%1%2 bytes (%1%3)").arg(sign, groupedDigits(countOf(magnitude)), gbText(magnitude));
}

void printTeachingPath(QTextStream &o, const TeachingPath &path)
{
    o << Cli::tr("The article's four steps, with this run's numbers:") << Qt::endl;
    for (const TeachingStep &s : path.steps) {
        const QString symbols = formulaText(s.formula, Formula::Style::Symbols);
        const QString numbers = formulaText(s.formula, Formula::Style::Values);
        o << QStringLiteral("  %1. ").arg(s.number) << derivationWord(s.label) << QStringLiteral(" = ") << symbols;
        if (numbers != symbols)
            o << QStringLiteral(" = ") << numbers;
        o << QStringLiteral(" = ") << teachingResultText(s) << Qt::endl;
        o << QStringLiteral("     ") << derivationWord(s.why) << Qt::endl;
    }
    o << Qt::endl << Cli::tr("What the training stack adds beyond the article, and why:") << Qt::endl;
    if (path.additions.empty())
        o << QStringLiteral("  ")
          << Cli::tr("nothing: this run keeps the article's conventions (textbook activations, every bucket resident, no "
                     "runtime share)")
          << Qt::endl;
    for (const StackAddition &a : path.additions) {
        o << QStringLiteral("  ") << derivationWord(a.label) << QStringLiteral(": ")
          << formulaText(a.formula, Formula::Style::Symbols) << QStringLiteral(" = ") << additionBytesText(a.bytes) << Qt::endl;
        o << QStringLiteral("    ") << derivationWord(a.why) << Qt::endl;
    }
    o << Qt::endl
      << Cli::tr("Headroom's peak per GPU: %1 bytes (%2); the full derivation reconciles it term by term.")
                 .arg(groupedDigits(countOf(path.peak)), gbText(path.peak))
      << Qt::endl;
}

} // namespace headroom
