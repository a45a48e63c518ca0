#include <headroom/io/language.h>

#include <QCoreApplication>
#include <QDir>
#include <QLibraryInfo>
#include <QTranslator>

#include <headroom/io/catalogue.h>

namespace headroom {

namespace {

const QString kSourceLanguage = QStringLiteral("en");
const QString kPrefix = QStringLiteral("headroom_");
const QString kSuffix = QStringLiteral(".qm");

// Embedded by the build first; an installed folder may add languages without a rebuild.
QStringList catalogueFolders()
{
    return { QStringLiteral(":/i18n"), findDataDir() + QStringLiteral("/translations") };
}

// The catalogues installed by setLanguage(), owned by the application so that they outlive
// every widget that shows their strings.
struct Installed
{
    QTranslator *own = nullptr;
    QTranslator *qt = nullptr;
    QString language;
};

Installed &installed()
{
    static Installed state;
    return state;
}

void remove(QTranslator *&translator)
{
    if (!translator)
        return;
    QCoreApplication::removeTranslator(translator);
    delete translator;
    translator = nullptr;
}

} // namespace

QStringList availableLanguages()
{
    // Listed once per set of folders: every command-line start asks twice (the locale's
    // language, then --lang's), and the folders only change when HEADROOM_DATA_DIR does. Names
    // are matched by hand: a name filter would compile a regular expression per folder, a tenth
    // of the command line's start.
    static QStringList listedFolders;
    static QStringList languages;
    const QStringList folders = catalogueFolders();
    if (folders == listedFolders)
        return languages;
    QStringList found{ kSourceLanguage };
    for (const QString &folder : folders) {
        const QStringList files = QDir(folder).entryList(QDir::Files);
        for (const QString &file : files)
            if (file.startsWith(kPrefix) && file.endsWith(kSuffix) && file.size() > kPrefix.size() + kSuffix.size())
                found << file.mid(kPrefix.size(), file.size() - kPrefix.size() - kSuffix.size());
    }
    found.removeDuplicates();
    found.sort();
    listedFolders = folders;
    languages = found;
    return languages;
}

QString matchLanguage(const QString &requested)
{
    QString wanted = requested.trimmed();
    wanted.replace(QLatin1Char('-'), QLatin1Char('_'));
    // "zh_CN.UTF-8" as LANG spells it.
    wanted = wanted.section(QLatin1Char('.'), 0, 0);
    if (wanted.isEmpty())
        return {};
    if (wanted.compare(QLatin1String("C"), Qt::CaseInsensitive) == 0
        || wanted.compare(QLatin1String("POSIX"), Qt::CaseInsensitive) == 0)
        return kSourceLanguage;
    const QStringList languages = availableLanguages();
    for (const QString &l : languages)
        if (l.compare(wanted, Qt::CaseInsensitive) == 0)
            return l;
    const QString bare = wanted.section(QLatin1Char('_'), 0, 0);
    if (bare.compare(kSourceLanguage, Qt::CaseInsensitive) == 0)
        return kSourceLanguage;
    if (wanted.contains(QLatin1Char('_')))
        return {}; // a country we have no catalogue for: zh_TW is not zh_CN
    QStringList sameLanguage;
    for (const QString &l : languages)
        if (l.section(QLatin1Char('_'), 0, 0).compare(bare, Qt::CaseInsensitive) == 0)
            sameLanguage << l;
    return sameLanguage.size() == 1 ? sameLanguage.constFirst() : QString();
}

QString languageForLocale(const QLocale &locale)
{
    // The C locale (scripts, CI, containers) is the source language: no catalogue to look for.
    if (locale.language() == QLocale::C)
        return kSourceLanguage;
    const QStringList languages = availableLanguages();
    for (QString ui : locale.uiLanguages()) {
        ui.replace(QLatin1Char('-'), QLatin1Char('_'));
        // uiLanguages() gives "zh_Hans_CN", "zh_CN", "zh": the first with a catalogue wins.
        for (const QString &l : languages)
            if (l.compare(ui, Qt::CaseInsensitive) == 0)
                return l;
        if (ui.section(QLatin1Char('_'), 0, 0).compare(kSourceLanguage, Qt::CaseInsensitive) == 0)
            return kSourceLanguage;
    }
    return kSourceLanguage;
}

bool setLanguage(const QString &language)
{
    const bool source = language == kSourceLanguage;
    if (!source && !availableLanguages().contains(language))
        return false;
    Installed &state = installed();
    // The source language needs no catalogue: it is not looked for (every English start of the
    // command line passes here, and finding the data folder is a tenth of that start).
    QTranslator *own = nullptr;
    if (!source) {
        own = new QTranslator(QCoreApplication::instance());
        bool loaded = false;
        for (const QString &folder : catalogueFolders()) {
            if (own->load(kPrefix + language, folder)) {
                loaded = true;
                break;
            }
        }
        if (!loaded) {
            delete own;
            return false;
        }
    }
    remove(state.own);
    remove(state.qt);
    const QLocale locale(language);
    if (own) {
        QCoreApplication::installTranslator(own);
        state.own = own;
        // Qt's own strings (QCommandLineParser's help, standard dialog buttons), where the system
        // has them (Debian: qt6-translations-l10n).
        auto *qt = new QTranslator(QCoreApplication::instance());
        if (qt->load(locale, QStringLiteral("qtbase"), QStringLiteral("_"), QLibraryInfo::path(QLibraryInfo::TranslationsPath))) {
            QCoreApplication::installTranslator(qt);
            state.qt = qt;
        } else {
            delete qt;
        }
    }
    // Numbers follow the language chosen; a language that is the system's keeps the system's
    // locale (English text under a de_DE system still groups digits the German way).
    QLocale::setDefault(language == languageForLocale(QLocale::system()) ? QLocale::system() : locale);
    state.language = language;
    return true;
}

QString takeLanguageArgument(QStringList &arguments, bool remove, bool *given)
{
    static const QString option = QStringLiteral("--lang");
    static const QString withValue = QStringLiteral("--lang=");
    QString value;
    *given = false;
    for (qsizetype i = 1; i < arguments.size();) {
        const QString &a = arguments.at(i);
        qsizetype taken = 0;
        if (a == option) {
            *given = true;
            const bool hasValue = i + 1 < arguments.size();
            value = hasValue ? arguments.at(i + 1) : QString();
            taken = hasValue ? 2 : 1;
        } else if (a.startsWith(withValue)) {
            *given = true;
            value = a.mid(withValue.size());
            taken = 1;
        }
        if (taken > 0 && remove)
            arguments.remove(i, taken);
        else
            i += taken > 0 ? taken : 1;
    }
    return value;
}

QString currentLanguage()
{
    return installed().language;
}

QString languageDisplayName(const QString &language)
{
    if (language == kSourceLanguage)
        return QStringLiteral("English");
    const QLocale locale(language);
    // Qt names Chinese "中文（中国）"; the script is what a reader of Chinese chooses by.
    if (locale.language() == QLocale::Chinese)
        return locale.script() == QLocale::TraditionalChineseScript ? QStringLiteral("繁體中文") : QStringLiteral("简体中文");
    return locale.nativeLanguageName();
}

} // namespace headroom
