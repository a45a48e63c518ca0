#include "posttrainingtext.h"

#include <headroom/memory/posttraining.h>

#include "wording.h"

namespace headroom {

namespace {

// Why a method that reads a reference's log-probabilities holds none on the GPU.
QString referenceText(const Scenario &s)
{
    if (!methodUsesReference(s.training.method))
        return Cli::tr("no reference model");
    if (keepsReferenceModel(s))
        return Cli::tr("reference model on the GPU, frozen");
    if (s.training.reference == ReferenceSource::Precomputed)
        return Cli::tr("reference log-probabilities computed before training: no reference model");
    return Cli::tr("reference forward with the adapters disabled: no second model");
}

} // namespace

QString postTrainingText(const Scenario &s)
{
    const TrainingSetup &t = s.training;
    if (t.method == TrainingMethod::Sft)
        return {};
    QString sequences;
    if (isPairedMethod(t.method))
        sequences = t.pairsConcatenated
                ? Cli::tr("B=%1 pairs, %2 sequences per forward (chosen and rejected concatenated)")
                          .arg(groupedDigits(t.microBatch), groupedDigits(savedSequences(s)))
                : Cli::tr("B=%1 pairs, chosen and rejected in separate forwards").arg(groupedDigits(t.microBatch));
    else
        sequences = Cli::tr("B=%1 examples and a KL batch of %1 under no_grad").arg(groupedDigits(t.microBatch));
    return Cli::tr("Method: %1; %2; %3").arg(nameText(trainingMethodName(t.method)), sequences, referenceText(s));
}

void writeTrainingMethod(JsonWriter &w, const Scenario &s)
{
    const TrainingSetup &t = s.training;
    w.beginObject();
    w.key("method").string(trainingMethodName(t.method));
    w.key("examples_per_micro_batch").integer(t.microBatch);
    w.key("sequences_saved").integer(savedSequences(s));
    w.key("sequences_per_forward").integer(sequencesPerForward(s));
    w.key("reference_source").string(methodUsesReference(t.method) ? referenceSourceName(t.reference) : std::string_view("none"));
    w.key("reference_on_gpu").boolean(keepsReferenceModel(s));
    w.endObject();
}

void writeModels(JsonWriter &w, const Scenario &s, const Breakdown &b)
{
    w.beginArray();
    w.beginObject();
    w.key("role").string("policy");
    w.key("trainable").boolean(true);
    w.key("parameters").integer(b.parameterCount);
    w.key("bytes_on_gpu").byteCount(b.modelStates());
    w.endObject();
    if (keepsReferenceModel(s)) {
        w.beginObject();
        w.key("role").string("reference");
        w.key("trainable").boolean(false);
        w.key("parameters").integer(b.parameterCount);
        w.key("bytes_on_gpu").byteCount(b.frozenModels);
        w.endObject();
    }
    w.endArray();
}

} // namespace headroom
