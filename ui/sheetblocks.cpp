#include "sheetblocks.h"

namespace headroom {

SheetText &SheetText::add(const QString &s, SheetTone tone, bool bold)
{
    if (tone != SheetTone::Text || bold)
        spans.append(SheetSpan{ static_cast<int>(text.size()), static_cast<int>(s.size()), tone, bold });
    text += s;
    return *this;
}

} // namespace headroom
