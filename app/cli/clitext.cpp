#include "clitext.h"

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

QString groupedDigits(Count value)
{
    char buffer[48];
    const int n = formatCount(value, buffer);
    const QString digits = QString::fromLatin1(buffer, n);
    QString grouped;
    const int start = digits.startsWith(QLatin1Char('-')) ? 1 : 0;
    for (int i = 0; i < digits.size(); ++i) {
        if (i > start && (digits.size() - i) % 3 == 0)
            grouped += QLatin1Char(',');
        grouped += digits.at(i);
    }
    return grouped;
}

QString gbText(Bytes b) { return Cli::tr("%1 GB").arg(toGB(b), 0, 'f', 2); }
QString gibText(Bytes b) { return Cli::tr("%1 GiB").arg(toGiB(b), 0, 'f', 2); }

namespace {

QString option(Field f) { return QStringLiteral("--") + nameText(fieldName(f)); }

Count fieldValue(Field f, const Scenario &s)
{
    switch (f) {
    case Field::Params: return s.model.paramsOverride;
    case Field::Layers: return s.model.layers;
    case Field::Hidden: return s.model.hidden;
    case Field::Heads: return s.model.heads;
    case Field::KvHeads: return s.model.kvHeads;
    case Field::Ffn: return s.model.ffn;
    case Field::Vocab: return s.model.vocab;
    case Field::MaxPositions: return s.model.maxPositions;
    case Field::Batch: return s.training.microBatch;
    case Field::Sequence: return s.training.sequence;
    case Field::GradAccum: return s.training.gradAccumSteps;
    case Field::Dropout: return 0;
    case Field::CudaContext: return countOf(s.overhead.cudaContext);
    case Field::AllocatorReserve: return countOf(s.overhead.allocatorReserve);
    case Field::Gpus: return s.parallel.gpus;
    case Field::TensorParallel: return s.parallel.tensorParallel;
    case Field::PipelineParallel: return s.parallel.pipelineParallel;
    case Field::LoraRank: return s.lora.rank;
    case Field::LoraTargets: return s.lora.targets;
    case Field::Zero: return static_cast<Count>(s.parallel.zero);
    case Field::Offload: return static_cast<Count>(s.parallel.offload);
    case Field::GpusPerNode: return s.parallel.gpusPerNode;
    case Field::ReduceBucket: return s.parallel.reduceBucket;
    }
    return 0;
}

} // namespace

QString issueText(const ValidationIssue &issue, const Scenario &s)
{
    const QString got = groupedDigits(fieldValue(issue.field, s));
    switch (issue.problem) {
    case Problem::OutOfRange:
        if (issue.field == Field::Dropout)
            return Cli::tr("%1: %2 is out of range; allowed: 0 <= p < 1").arg(option(issue.field)).arg(s.activations.dropout);
        return Cli::tr("%1: %2 is out of range; allowed: %3 to %4")
                .arg(option(issue.field), got, groupedDigits(issue.min), groupedDigits(issue.max));
    case Problem::NotDivisible:
        return Cli::tr("%1: %2 must divide %3 (%4) exactly")
                .arg(option(issue.field), got, option(issue.other), groupedDigits(fieldValue(issue.other, s)));
    case Problem::Missing:
        return Cli::tr("%1 is required").arg(option(issue.field));
    case Problem::Requires:
        if (issue.min == issue.max)
            return Cli::tr("%1 needs %2 %3 (it is %4)")
                    .arg(option(issue.field), option(issue.other), groupedDigits(issue.min),
                         groupedDigits(fieldValue(issue.other, s)));
        return Cli::tr("%1 needs %2 between %3 and %4 (it is %5)")
                .arg(option(issue.field), option(issue.other), groupedDigits(issue.min), groupedDigits(issue.max),
                     groupedDigits(fieldValue(issue.other, s)));
    }
    return {};
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
    case ScenarioError::Code::NotJson:
        return Cli::tr("%1 is not valid JSON: %2").arg(e.field, e.detail);
    case ScenarioError::Code::WrongSchema:
        return Cli::tr("scenario file: \"schema\" must be %1, found %2").arg(e.expected, e.got);
    case ScenarioError::Code::UnknownKey:
        return Cli::tr("scenario file: unknown key \"%1\"; allowed: %2").arg(e.field, e.expected);
    case ScenarioError::Code::WrongType:
        return Cli::tr("%1: expected %2, got %3").arg(field, e.expected, e.got);
    case ScenarioError::Code::UnknownName:
        return Cli::tr("%1: unknown value %2; allowed: %3").arg(field, e.got, e.expected);
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
