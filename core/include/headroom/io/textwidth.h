#pragma once

// Column widths of plain-text tables as a terminal draws them: a Chinese character takes two
// cells, so padding by QString::size() misaligns every column after a translated header.

#include <QString>
#include <QStringView>

namespace headroom {

/*!
 * The cells \a text takes in a terminal: 2 for each East Asian Wide or Fullwidth character
 * (UAX #11; the ranges of Markus Kuhn's wcwidth: CJK ideographs, kana, Hangul, fullwidth forms
 * and CJK punctuation such as "，" and "（"), 0 for combining marks and zero-width format
 * characters, 1 for everything else, the ambiguous ones (×, ·, ², “) included, as terminals in
 * a UTF-8 locale draw them by default.
 */
int displayWidth(QStringView text);

//! \a text followed by spaces up to \a width cells; longer text is returned whole.
QString padEnd(const QString &text, int width);
//! Spaces up to \a width cells, then \a text (for numbers); longer text is returned whole.
QString padStart(const QString &text, int width);

} // namespace headroom
