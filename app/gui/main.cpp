// headroom: the planner window. Parses the command line, installs the translation, loads the
// catalogue and hands over to MainWindow; --screenshot renders one frame to a PNG and exits.

#include <QApplication>
#include <QBuffer>
#include <QCommandLineParser>
#include <QDir>
#include <QFileInfo>
#include <QLibraryInfo>
#include <QLocale>
#include <QPixmap>
#include <QTextStream>
#include <QTranslator>

#include <algorithm>
#include <cstdio>
#include <string_view>

#include <headroom/io/catalogue.h>
#include <headroom/io/language.h>
#include <headroom/io/safefile.h>

#include "aboutdialog.h"
#include "autosave.h"
#include "labels.h"
#include "layoutrun.h"
#include "mainwindow.h"
#include "offscreenplatform.h"
#include "messagebox.h"
#include "plannerstyle.h"
#include "scenariodocument.h"
#include "settings.h"

using namespace headroom;

namespace {

class Gui
{
    Q_DECLARE_TR_FUNCTIONS(Gui)
};

QTextStream &err()
{
    static QTextStream stream(stderr);
    return stream;
}

//! Exit code for bad input (a missing file, an unknown panel), as the CLI uses.
constexpr int kBadInput = 2;

/*!
 * The language to start in: --lang's, else the one chosen in View › Language (not for a scripted
 * screenshot or layout check, which read no settings), else the system locale's. Empty for an
 * unknown --lang.
 */
QString startLanguage(const QString &requested, bool given, const Settings &settings, bool scripted)
{
    if (given)
        return matchLanguage(requested);
    const QString chosen = scripted ? QString() : settings.language.value();
    if (!chosen.isEmpty() && availableLanguages().contains(chosen))
        return chosen;
    return languageForLocale(QLocale::system());
}

// Without a display (a server, CI, an SSH session), Qt's platform plugin aborts the program
// before it can say anything. What needs no screen (--help, --version, --screenshot,
// --check-layout) runs on the offscreen platform instead; the window itself says why it cannot
// open. A platform the user chose (QT_QPA_PLATFORM, -platform) is left alone.
// Returns false when the window cannot open.
bool choosePlatform(int argc, char *argv[])
{
    if (!screenless())
        return true;
    bool screenless = false;
    for (int i = 1; i < argc; ++i) {
        const std::string_view a = argv[i];
        if (a == "-platform")
            return true;
        screenless = screenless || a == "--help" || a == "-h" || a == "--help-all" || a == "--version" || a == "-v"
                || a == "--screenshot" || a.starts_with("--screenshot=") || a == "--check-layout";
    }
    if (screenless) {
        useOffscreenPlatform();
        return true;
    }
    return false;
}

} // namespace

int main(int argc, char *argv[])
{
    if (!choosePlatform(argc, argv)) {
        // No QApplication yet, so no translation: said in English, with what works without a screen.
        std::fputs("headroom: no display to open the window on (neither DISPLAY nor WAYLAND_DISPLAY is set); run it in a "
                   "desktop session, use headroom-cli, or render an image with --screenshot FILE\n",
                   stderr);
        return 1;
    }
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("headroom"));
    QApplication::setOrganizationName(QStringLiteral("Headroom"));
    QApplication::setApplicationDisplayName(QStringLiteral("Headroom"));
    QApplication::setApplicationVersion(QStringLiteral(HEADROOM_VERSION));
    QApplication::setDesktopFileName(QStringLiteral("io.github.headroom.Headroom"));
    // Fusion draws the same on every platform and takes a dark palette completely; PlannerStyle
    // keeps its check boxes visible on the dark one.
    QApplication::setStyle(new PlannerStyle);
    QApplication::setWindowIcon(applicationIcon());

    // The language first, so that --help and every message are already in it.
    QStringList rawArguments = QApplication::arguments();
    bool languageGiven = false;
    const QString requestedLanguage = takeLanguageArgument(rawArguments, false, &languageGiven);
    const bool scripted = rawArguments.contains(QStringLiteral("--screenshot"))
            || std::any_of(rawArguments.cbegin(), rawArguments.cend(),
                           [](const QString &a) { return a.startsWith(QLatin1String("--screenshot=")) || a == QLatin1String("--check-layout"); });
    Settings settings;
    const QString language = startLanguage(requestedLanguage, languageGiven, settings, scripted);
    if (language.isEmpty() || !setLanguage(language)) {
        err() << Gui::tr("headroom: --lang: unknown language \"%1\"; available: %2")
                         .arg(excerpt(requestedLanguage), availableLanguages().join(QStringLiteral(", ")))
              << Qt::endl;
        return kBadInput;
    }

    QCommandLineParser parser;
    parser.setApplicationDescription(Gui::tr("Plan a training run's GPU memory interactively."));
    const QCommandLineOption helpOption = parser.addHelpOption();
    const QCommandLineOption versionOption = parser.addVersionOption();
    const QCommandLineOption scenarioOption(QStringLiteral("scenario"), Gui::tr("Open the scenario file FILE (JSON, schema 1)."),
                                            Gui::tr("FILE"));
    const QCommandLineOption screenshotOption(QStringLiteral("screenshot"),
                                              Gui::tr("Render the window to the PNG file OUT and exit."), Gui::tr("OUT"));
    const QCommandLineOption panelOption(
            QStringLiteral("panel"),
            Gui::tr("With --screenshot, render only panel NAME: %1.").arg(MainWindow::panelNames().join(QStringLiteral(", "))),
            Gui::tr("NAME"), QStringLiteral("window"));
    const QCommandLineOption langOption(QStringLiteral("lang"),
                                        Gui::tr("Show the window in LANG (%1; default: as chosen in View › Language, "
                                                "else the system locale's).")
                                                .arg(availableLanguages().join(QStringLiteral(", "))),
                                        Gui::tr("LANG"));
    const QCommandLineOption darkOption(QStringLiteral("dark"), Gui::tr("Start with the dark palette."));
    const QCommandLineOption sizeOption(QStringLiteral("size"),
                                        Gui::tr("With --screenshot, the window size WxH in pixels (default 1920x1080)."),
                                        Gui::tr("WxH"), QStringLiteral("1920x1080"));
    const QCommandLineOption hfConfigOption(
            QStringLiteral("hf-config"),
            Gui::tr("Import the model of a Hugging Face config.json, or of a folder holding one and its .safetensors files."),
            Gui::tr("PATH"));
    const QCommandLineOption measuredOption(
            QStringLiteral("measured"),
            Gui::tr("Show a check script's measurement FILE (headroom-cli check-script) beside the estimate."),
            Gui::tr("FILE"));
    // Training-framework configs (frameworkconfig.h), applied after --scenario, before --hf-config.
    const QCommandLineOption deepspeedOption(QStringLiteral("deepspeed"), Gui::tr("Import a DeepSpeed config JSON into the plan."),
                                             Gui::tr("FILE"));
    const QCommandLineOption accelerateOption(QStringLiteral("accelerate"), Gui::tr("Import an Accelerate config YAML into the plan."),
                                              Gui::tr("FILE"));
    const QCommandLineOption torchtuneOption(QStringLiteral("torchtune"), Gui::tr("Import a torchtune recipe YAML into the plan."),
                                             Gui::tr("FILE"));
    const QCommandLineOption axolotlOption(QStringLiteral("axolotl"), Gui::tr("Import an axolotl config YAML into the plan."), Gui::tr("FILE"));
    const QCommandLineOption llamaFactoryOption(QStringLiteral("llamafactory"), Gui::tr("Import a LLaMA-Factory training YAML into the plan."),
                                                Gui::tr("FILE"));
    const QCommandLineOption trlOption(QStringLiteral("trl"), Gui::tr("Import a TRL trainer config YAML into the plan."), Gui::tr("FILE"));
    const QCommandLineOption torchtitanOption(QStringLiteral("torchtitan"), Gui::tr("Import a torchtitan training TOML into the plan."),
                                              Gui::tr("FILE"));
    const QCommandLineOption checkLayoutOption(
            QStringLiteral("check-layout"),
            Gui::tr("Build the window offscreen at --size on a set of scenarios and list every text that is clipped or "
                    "overlaps another; exit 1 if there is any."));
    parser.addOptions({ scenarioOption, hfConfigOption, screenshotOption, panelOption, langOption, darkOption, sizeOption,
                        checkLayoutOption, measuredOption, deepspeedOption, accelerateOption, torchtuneOption, axolotlOption,
                        llamaFactoryOption, trlOption, torchtitanOption });
    // Not process(): it exits 1 on an unknown option and takes stray arguments in silence. Bad
    // input exits 2 with the reason, as the CLI does.
    if (!parser.parse(QApplication::arguments())) {
        err() << Gui::tr("headroom: %1 See headroom --help for the options.").arg(parser.errorText()) << Qt::endl;
        return kBadInput;
    }
    if (parser.isSet(helpOption))
        parser.showHelp(0);
    if (parser.isSet(versionOption))
        parser.showVersion();
    if (const QStringList stray = parser.positionalArguments(); !stray.isEmpty()) {
        QStringList quoted;
        for (const QString &a : stray.mid(0, 3))
            quoted << QLatin1Char('"') + excerpt(a) + QLatin1Char('"');
        if (stray.size() > 3)
            quoted << QStringLiteral("…");
        err() << Gui::tr("headroom: unexpected argument %1; the window takes options only (open a file with --scenario FILE)")
                         .arg(quoted.join(QStringLiteral(", ")))
              << Qt::endl;
        return kBadInput;
    }

    const bool checkLayout = parser.isSet(checkLayoutOption);
    const bool screenshot = parser.isSet(screenshotOption) || checkLayout;
    const QString panelName = parser.value(panelOption);
    if (screenshot && !MainWindow::panelNames().contains(panelName)) {
        err() << Gui::tr("headroom: unknown panel \"%1\"; allowed: %2")
                         .arg(panelName, MainWindow::panelNames().join(QStringLiteral(", ")))
              << Qt::endl;
        return kBadInput;
    }
    QSize size(1920, 1080);
    if (screenshot) {
        const QStringList parts = parser.value(sizeOption).split(QLatin1Char('x'));
        bool okW = false, okH = false;
        if (parts.size() == 2)
            size = QSize(parts.at(0).toInt(&okW), parts.at(1).toInt(&okH));
        if (!okW || !okH || size.width() < 640 || size.height() < 480 || size.width() > 8000 || size.height() > 8000) {
            err() << Gui::tr("headroom: --size must be WIDTHxHEIGHT between 640x480 and 8000x8000, e.g. 1920x1080")
                  << Qt::endl;
            return kBadInput;
        }
    }

    Catalogue catalogue;
    const CatalogueError catalogueError = loadCatalogue(findDataDir(), catalogue);
    if (catalogueError.code != CatalogueError::Code::None) {
        const QString text = Gui::tr("Headroom cannot load its catalogue of models and GPUs.\n\n%1\n\nSet "
                                     "HEADROOM_DATA_DIR to the folder holding models/ and gpus.json.")
                                     .arg(Labels::catalogueError(catalogueError));
        err() << text << Qt::endl;
        if (!screenshot)
            MessageBox::critical(nullptr, Gui::tr("Headroom"), text);
        return 1;
    }

    if (checkLayout) {
        const int problems = runLayoutCheck(catalogue, settings, size, parser.isSet(darkOption));
        if (problems > 0)
            err() << Gui::tr("headroom: %n layout problem(s) at %1x%2", nullptr, problems).arg(size.width()).arg(size.height())
                  << Qt::endl;
        return problems > 0 ? 1 : 0;
    }
    MainWindow window(catalogue, settings);
    // A scripted screenshot is reproducible: it neither reads nor writes the user's session.
    window.setRemembersSession(!screenshot);
    if (!screenshot) {
        window.restoreSession();
        // After a crash, what was on screen comes back (if the user wants it); from now on the
        // scenario is autosaved until the window closes cleanly.
        // Each window autosaves to its own file; what a crashed one left is offered here.
        window.startAutosave(Autosave::defaultFolder());
        window.offerOrphanedAutosave();
    }
    if (parser.isSet(darkOption))
        window.setDarkPalette(true);

    if (parser.isSet(scenarioOption)) {
        const QString path = parser.value(scenarioOption);
        if (screenshot) {
            QString error;
            if (!window.document()->load(path, &error)) {
                err() << Gui::tr("headroom: %1").arg(error) << Qt::endl;
                return kBadInput;
            }
        } else {
            window.openFile(path);
        }
    }

    // Framework configs before --hf-config, whose model is more specific than a recipe's builder
    // (and then stands for the model a front end's file names).
    const FrameworkModel model = parser.isSet(hfConfigOption) ? FrameworkModel::GivenElsewhere : FrameworkModel::FromFile;
    for (const auto &[option, kind] : { std::pair{ &deepspeedOption, FrameworkKind::DeepSpeed },
                                        std::pair{ &accelerateOption, FrameworkKind::Accelerate },
                                        std::pair{ &torchtuneOption, FrameworkKind::Torchtune }, std::pair{ &axolotlOption, FrameworkKind::Axolotl },
                                        std::pair{ &llamaFactoryOption, FrameworkKind::LlamaFactory }, std::pair{ &trlOption, FrameworkKind::Trl },
                                        std::pair{ &torchtitanOption, FrameworkKind::Torchtitan } }) {
        if (!parser.isSet(*option))
            continue;
        const QString path = parser.value(*option);
        if (screenshot) {
            QString error;
            if (!window.document()->importTrainingConfig(path, &error, nullptr, kind, model)) {
                err() << Gui::tr("headroom: %1").arg(error) << Qt::endl;
                return kBadInput;
            }
        } else {
            window.importTrainingConfig(path, kind, model);
        }
    }

    if (parser.isSet(hfConfigOption)) {
        const QString path = parser.value(hfConfigOption);
        if (screenshot) {
            QString error;
            if (!window.document()->importModel(path, &error)) {
                err() << Gui::tr("headroom: %1").arg(error) << Qt::endl;
                return kBadInput;
            }
        } else {
            window.importModel(path);
        }
    }

    if (parser.isSet(measuredOption)) {
        const QString path = parser.value(measuredOption);
        if (screenshot) {
            QString error;
            if (!window.document()->loadMeasured(path, &error)) {
                err() << Gui::tr("headroom: %1").arg(error) << Qt::endl;
                return kBadInput;
            }
        } else {
            window.loadMeasured(path);
        }
    }

    if (!screenshot) {
        window.showFitted();
        return app.exec();
    }

    window.resize(size);
    window.show();
    QWidget *target = window.panel(panelName);
    // Two passes of the event loop: the first lays the window out, the second lets the charts
    // replot at their final sizes.
    QApplication::processEvents();
    QApplication::processEvents();
    const QString out = parser.value(screenshotOption);
    const QPixmap pixmap = target->grab();
    QByteArray png;
    QBuffer buffer(&png);
    if (pixmap.isNull() || !buffer.open(QIODevice::WriteOnly) || !pixmap.save(&buffer, "PNG")
        || !writeFileAtomically(out, png).ok()) {
        err() << Gui::tr("headroom: cannot write the screenshot to %1").arg(out) << Qt::endl;
        return 1;
    }
    return 0;
}
