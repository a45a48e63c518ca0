#pragma once

// The LLaMA of the CPU calibration harnesses (tools/calibrate/models.py, run by
// posttraining_measure.py and recompute_measure.py) as Headroom describes it: the run's "model"
// object, its precision (bf16: model.to(torch.bfloat16), as the calibration fixtures' bf16 mode),
// Hugging Face's eager code on CPU (the hf-eager-cpu profile) under the Trainer's defaults.

#include <QJsonObject>

#include <headroom/memory/scenario.h>
#include <headroom/memory/stack.h>

namespace headroom::test {

inline Scenario cpuFixtureLlama(const QJsonObject &run)
{
    const QJsonObject m = run.value(QStringLiteral("model")).toObject();
    Scenario s;
    applyStackDefaults(s, TrainingStack::HfTrainer);
    s.model.family = BlockFamily::Llama;
    s.model.layers = m.value(QStringLiteral("layers")).toInteger();
    s.model.hidden = m.value(QStringLiteral("hidden")).toInteger();
    s.model.heads = m.value(QStringLiteral("heads")).toInteger();
    s.model.kvHeads = m.value(QStringLiteral("kv_heads")).toInteger();
    s.model.ffn = m.value(QStringLiteral("ffn")).toInteger();
    s.model.vocab = m.value(QStringLiteral("vocab")).toInteger();
    s.model.tiedEmbeddings = m.value(QStringLiteral("tied")).toBool();
    if (run.value(QStringLiteral("precision")).toString() == QStringLiteral("bf16")) {
        s.training.precision.recipe = Recipe::Bf16Pure;
        s.training.precision.stateDtype = StateDtype::WeightDtype;
    } else {
        s.training.precision.recipe = Recipe::Fp32;
    }
    s.activations.model = ActivationModelKind::Transformer;
    s.activations.profile = ImplementationProfile::HfEagerCpu;
    s.activations.attention = AttentionKernel::Eager;
    return s;
}

} // namespace headroom::test
