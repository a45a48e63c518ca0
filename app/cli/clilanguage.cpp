#include "clilanguage.h"

#include <QLocale>
#include <QTextStream>

#include <headroom/io/language.h>

#include "cliio.h"
#include "wording.h"

namespace headroom::cli {

// The command is the first argument that is not the global --lang and its value.
const char *commandOf(int argc, char *argv[])
{
    for (int i = 1; i < argc; ++i) {
        if (qstrcmp(argv[i], "--lang") == 0)
            ++i;
        else if (qstrncmp(argv[i], "--lang=", 7) != 0)
            return argv[i];
    }
    return nullptr;
}

// Installs --lang's language (taken out of \a arguments), else the system locale's. An unknown
// one is bad input, answered with the languages there are.
bool applyLanguageArgument(QStringList &arguments, bool keepForCommand)
{
    bool given = false;
    const QString requested = headroom::takeLanguageArgument(arguments, true, &given);
    const QString language = given ? headroom::matchLanguage(requested) : headroom::languageForLocale(QLocale());
    if (language.isEmpty() || !headroom::setLanguage(language)) {
        err() << Cli::tr("error: --lang: unknown language \"%1\"; available: %2")
                         .arg(requested, headroom::availableLanguages().join(QStringLiteral(", ")))
              << Qt::endl;
        return false;
    }
    // `report` has --lang among its own options: it gets it back, after the command.
    if (given && keepForCommand && arguments.size() > 1)
        arguments << QStringLiteral("--lang") << language;
    return true;
}

} // namespace headroom::cli
