#include "wording.h"

#include "byteformat.h"

#include <headroom/io/issuetext.h>

#include <QLocale>

namespace headroom {

QString modelDisplayName(const ScenarioSpec &spec, const Catalogue &catalogue)
{
    if (const ModelPreset *preset = catalogue.preset(spec.presetId))
        return preset->name;
    return spec.modelName.isEmpty() ? Cli::tr("custom model") : spec.modelName;
}

// The locale's separator (",", or "." in German): the window's grouping (byteformat.h), which
// also passes 64 bits, where QLocale cannot format counts itself.
QString groupedDigits(Count value) { return groupedCount(value); }

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

QString sequenceText(const TrainingSetup &t)
{
    //: after the sequence length S: the sequences pack several documents, without padding
    return groupedDigits(t.sequence) + (t.packed ? Cli::tr(" packed") : QString());
}

QString recomputeText(const TrainingSetup &t)
{
    const QString name = nameText(recomputeName(t.recompute));
    if (t.recompute != Recompute::Full)
        return name;
    if (t.recomputeLayers > 0)
        //: %1 full, %2 Megatron's --recompute-num-layers, %3 its method (uniform, block)
        return Cli::tr("%1 %2 layers %3").arg(name, groupedDigits(t.recomputeLayers), nameText(recomputeMethodName(t.recomputeMethod)));
    if (t.recomputeEvery > 1)
        //: %1 full, %2 N: only every N-th layer is checkpointed
        return Cli::tr("%1, one layer in %2").arg(name, groupedDigits(t.recomputeEvery));
    return name;
}

QString warningText(Warning w, const Scenario &s)
{
    if (w != Warning::SequenceBeyondContext)
        return warningText(w);
    const ModelSpec &m = s.model;
    const QString scaling = m.ropeScaling == RopeScaling::None
            ? Cli::tr("no RoPE scaling declared")
            : m.ropeScalingFactor > 0
            //: %1 the RoPE scaling's name (yarn, llama3, ...), %2 its factor
            ? Cli::tr("RoPE scaling %1, factor %2").arg(nameText(ropeScalingName(m.ropeScaling)), QString::number(m.ropeScalingFactor))
            : Cli::tr("RoPE scaling %1").arg(nameText(ropeScalingName(m.ropeScaling)));
    //: %1 S, %2 the declared context, %3 what it says of RoPE scaling
    return Cli::tr("The sequence (S = %1) runs past the model's declared context (max_position_embeddings = %2; %3).")
            .arg(groupedDigits(s.training.sequence), groupedDigits(m.contextLength), scaling);
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
    case Warning::Fp8NotSupportedOnGpu:
        return Cli::tr("This GPU has no FP8 tensor cores (they start with Ada Lovelace and Hopper): FP8 training does not run on it.");
    case Warning::QuantBaseNotTrainable:
        return Cli::tr("transformers does not fine-tune FBGEMM FP8 checkpoints (FbgemmFp8HfQuantizer.is_trainable is false) and FBGEMM's FP8 matmul has no backward: this figure assumes a kernel that trains.");
    case Warning::SequenceBeyondContext:
        return Cli::tr("The sequence is longer than the context the model's config declares (max_position_embeddings).");
    }
    return {};
}

QString peakFigureText(PeakFigure figure)
{
    switch (figure) {
    case PeakFigure::Allocated:
        //: the peak figure torch.cuda.max_memory_allocated() reports
        return Cli::tr("allocated");
    case PeakFigure::Reserved:
        //: the peak figure torch.cuda.max_memory_reserved() reports
        return Cli::tr("reserved");
    case PeakFigure::Device:
        //: the peak figure nvidia-smi shows: reserved plus the CUDA context
        return Cli::tr("on the device");
    }
    return {};
}

QString loadPathText(LoadPath path)
{
    switch (path) {
    case LoadPath::Direct:
        return Cli::tr("each tensor created in its training dtype");
    case LoadPath::Fp32OnGpu:
        return Cli::tr("built in FP32 on the GPU, then converted");
    }
    return {};
}

} // namespace headroom
