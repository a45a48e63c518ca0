#include "derivationwords.h"

#include <QCoreApplication>

namespace headroom {

namespace {

class FormulaText
{
    Q_DECLARE_TR_FUNCTIONS(FormulaText)
};

FormulaWords translatedWords()
{
    FormulaWords w;
    //: unit word printed after a byte count in a formula
    w.bytes = FormulaText::tr("bytes").toStdString();
    //: unit printed after a constant in a formula: bytes per parameter
    w.bytesPerParam = FormulaText::tr("bytes/param").toStdString();
    //: unit printed after a constant in a formula: bytes per tensor element
    w.bytesPerElement = FormulaText::tr("bytes/elem").toStdString();
    return w;
}

} // namespace

QString derivationWord(const char *english)
{
    return QCoreApplication::translate("Derivation", english);
}

QString formulaText(const Formula &formula, Formula::Style style)
{
    // Unit words follow the language in use, which can change while the window is open.
    return QString::fromStdString(formula.print(style, translatedWords()));
}

QString formulaWithNumbers(const Formula &formula)
{
    const QString symbols = formulaText(formula, Formula::Style::Symbols);
    const QString numbers = formulaText(formula, Formula::Style::Values);
    return symbols == numbers ? symbols : symbols + QStringLiteral(" = ") + numbers;
}

const BucketDerivation *derivationBucket(const Derivation &d, const char *key)
{
    for (const BucketDerivation *b : d.buckets())
        if (qstrcmp(b->key, key) == 0)
            return b;
    return nullptr;
}

} // namespace headroom
