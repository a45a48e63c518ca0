#include "clitext.h"

#include <headroom/io/issuetext.h>
#include <headroom/io/safefile.h>

#include <QCommandLineParser>
#include <QLocale>
#include <QTextStream>

namespace headroom::cli {

QTextStream &out()
{
    static QTextStream stream(stdout);
    return stream;
}

QTextStream &err()
{
    static QTextStream stream(stderr);
    return stream;
}

ParseOutcome parseCommand(QCommandLineParser &parser, const QStringList &arguments, const char *command)
{
    if (!parser.parse(arguments)) {
        err() << Cli::tr("error: ") << parser.errorText() << Qt::endl;
        return ParseOutcome::BadInput;
    }
    if (parser.isSet(QStringLiteral("help"))) {
        // Qt's usage line names the executable's path; a subcommand's help names the command.
        QString help = parser.helpText();
        const qsizetype lineEnd = help.indexOf(QLatin1Char('\n'));
        help.replace(0, lineEnd, Cli::tr("Usage: headroom-cli %1 [options]").arg(QLatin1String(command)));
        out() << help;
        return ParseOutcome::Done;
    }
    if (!parser.positionalArguments().isEmpty()) {
        err() << Cli::tr("error: unexpected argument \"%1\"").arg(excerpt(parser.positionalArguments().constFirst())) << Qt::endl;
        return ParseOutcome::BadInput;
    }
    return ParseOutcome::Run;
}

QString modelDisplayName(const ScenarioSpec &spec, const Catalogue &catalogue)
{
    if (const ModelPreset *preset = catalogue.preset(spec.presetId))
        return preset->name;
    return spec.modelName.isEmpty() ? Cli::tr("custom model") : spec.modelName;
}

QString groupedDigits(Count value)
{
    char buffer[48];
    const int n = formatCount(value, buffer);
    const QString digits = QString::fromLatin1(buffer, n);
    // The locale's separator (",", or "." in German); the C locale has one too, it only omits it
    // by default. Counts pass 64 bits, so QLocale cannot format them itself.
    const QLocale locale;
    const QString separator = locale.groupSeparator();
    QString grouped;
    const int start = digits.startsWith(QLatin1Char('-')) ? 1 : 0;
    for (int i = 0; i < digits.size(); ++i) {
        if (i > start && (digits.size() - i) % 3 == 0)
            grouped += separator;
        grouped += digits.at(i);
    }
    return grouped;
}

QString gbText(Bytes b) { return Cli::tr("%1 GB").arg(QLocale().toString(toGB(b), 'f', 2)); }
QString gibText(Bytes b) { return Cli::tr("%1 GiB").arg(QLocale().toString(toGiB(b), 'f', 2)); }

namespace {

QString option(Field f) { return QStringLiteral("--") + nameText(fieldName(f)); }


} // namespace

QString issueText(const ValidationIssue &issue, const Scenario &s)
{
    static const IssueWords words{ option, groupedDigits, [](double v) { return QString::number(v); } };
    return headroom::issueText(issue, s, words);
}

QString scenarioErrorText(const ScenarioError &e, bool viaOptions)
{
    QString field = e.field;
    if (viaOptions) {
        for (const ScenarioKey &k : scenarioKeys())
            if (e.field == QLatin1String(k.group) + QLatin1Char('.') + QLatin1String(k.key))
                field = QStringLiteral("--") + QLatin1String(k.option);
    }
    switch (e.code) {
    case ScenarioError::Code::None:
        return {};
    case ScenarioError::Code::CannotOpen:
        return Cli::tr("cannot open %1: %2").arg(e.field, e.detail);
    case ScenarioError::Code::NotRegularFile:
        return Cli::tr("%1 is not a regular file (a FIFO, a device or a folder): refused without reading it").arg(e.field);
    case ScenarioError::Code::TooLarge:
        return Cli::tr("%1 is larger than %2 bytes, the most a scenario file may have: refused without reading it")
                .arg(e.field, groupedDigits(e.expected.toLongLong()));
    case ScenarioError::Code::NotJson:
        if (!e.got.isEmpty())
            return Cli::tr("%1 holds %2 at its top level; expected a JSON object ({\"schema\": 1, ...})").arg(e.field, e.got);
        return Cli::tr("%1 is not valid JSON: %2").arg(e.field, e.detail);
    case ScenarioError::Code::WriteFailed:
        return Cli::tr("could not write %1 (%2); the previous file is unchanged").arg(e.field, e.detail);
    case ScenarioError::Code::WrongSchema:
        return Cli::tr("scenario file: \"schema\" must be %1, found %2").arg(e.expected, e.got);
    case ScenarioError::Code::UnknownKey:
        return Cli::tr("scenario file: unknown key \"%1\"; allowed: %2").arg(e.field, e.expected);
    case ScenarioError::Code::WrongType:
        return Cli::tr("%1: expected %2, got %3").arg(field, e.expected, e.got);
    case ScenarioError::Code::UnknownName:
        return Cli::tr("%1: unknown value %2; allowed: %3").arg(field, e.got, e.expected);
    case ScenarioError::Code::OutOfRange:
        return Cli::tr("%1: %2 is out of range; allowed: %3").arg(field, e.got, e.expected);
    }
    return {};
}

QString warningText(Warning w)
{
    switch (w) {
    case Warning::AmpKeepsFixedCost:
        return Cli::tr("AMP keeps FP32 weights and gradients: the fixed cost is the same 16 bytes/param as FP32; AMP saves activations, not model states.");
    case Warning::GradAccumSavesNoMemory:
        return Cli::tr("Gradient accumulation enlarges the global batch; it saves no memory.");
    case Warning::TextbookIgnoresGqa:
        return Cli::tr("The textbook formula assumes K and V as wide as Q; this model groups its key/value heads.");
    case Warning::TextbookIgnoresFfnSize:
        return Cli::tr("The textbook formula assumes a GPT-style 4H MLP; this model's MLP differs.");
    case Warning::TextbookIgnoresLogits:
        return Cli::tr("The textbook formula leaves out the embedding, the logits and the loss.");
    case Warning::ParamsDifferFromArchitecture:
        return Cli::tr("The given parameter count differs from the architecture's by more than 5%.");
    case Warning::Bf16NotSupportedOnGpu:
        return Cli::tr("This GPU has no BF16 tensor cores: use an FP16 recipe with a loss scaler.");
    case Warning::Fp16NeedsLossScaling:
        return Cli::tr("FP16 gradients underflow below ~6e-8: train with a dynamic loss scaler (GradScaler).");
    case Warning::DoesNotFit:
        return Cli::tr("The peak exceeds the GPU's memory.");
    case Warning::PureHalfWithoutMaster:
        return Cli::tr("Without an FP32 master copy, updates smaller than half a half-precision ulp are lost.");
    }
    return {};
}

} // namespace headroom::cli
