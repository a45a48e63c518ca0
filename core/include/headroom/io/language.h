#pragma once

// The languages Headroom speaks and the one it speaks now, for both executables: English (the
// source strings) and one Qt Linguist catalogue per translation, compiled into each executable
// under :/i18n (headroom_<lang>.qm) or installed beside the data files. Which languages exist is
// read from those catalogues, never listed by hand.

#include <QLocale>
#include <QString>
#include <QStringList>

namespace headroom {

//! "en" and one name per headroom_<lang>.qm found (e.g. "zh_CN"), sorted, without duplicates.
QStringList availableLanguages();

/*!
 * The available language \a requested names, "" if none: exact names ("zh_CN"), any case and
 * '-' for '_' ("zh-cn"), a bare language with one translation ("zh"), English in any country
 * ("en_US") and the C locale ("C", "POSIX") as "en".
 */
QString matchLanguage(const QString &requested);

//! The available language closest to \a locale's UI languages; "en" when none is translated.
QString languageForLocale(const QLocale &locale);

/*!
 * Makes \a language (an available one) the application's: removes the catalogues installed by a
 * previous call, installs Headroom's and Qt's own (qtbase, when the system has it) and makes it
 * the default locale, so that numbers follow it too. Qt sends every widget a LanguageChange
 * event. False, with nothing changed, when \a language is not available.
 */
bool setLanguage(const QString &language);

/*!
 * Where a command line names its language: the value of "--lang X" or "--lang=X", wherever it
 * stands (before or after a command), the last one winning. \a given says whether --lang was
 * there at all (then an empty value is an error for the caller to report); with \a remove the
 * option and its value are taken out of \a arguments.
 */
QString takeLanguageArgument(QStringList &arguments, bool remove, bool *given);

//! The language set by the last setLanguage(); "" before the first.
QString currentLanguage();

//! The language's own name for itself: "English", "简体中文".
QString languageDisplayName(const QString &language);

} // namespace headroom
