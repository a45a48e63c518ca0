#include "examples.h"

#include <QCoreApplication>

namespace headroom {

namespace {

//! The translation context of the examples' titles and summaries.
class Examples
{
    Q_DECLARE_TR_FUNCTIONS(Examples)
};

} // namespace

QList<ExampleScenario> exampleScenarios()
{
    // The article's four rows (section 2.3, its table of 7B and 13B figures) use its own
    // conventions: P given, 16 bytes a parameter (FP16 weights and gradients, an FP32 master copy,
    // AdamW's two FP32 states), 2·(19·B·S·H + 3·B·A·S²) bytes of activations a layer, no framework
    // buffers (the paper stack) and no runtime overhead. The article does not give 13B's shape:
    // LLaMA-2 13B's (L = 40, H = 5120, A = 40) is used. The common runs are estimated as the
    // frameworks run them (the itemized model, the stack's buffers, the allocator).
    return {
        { QStringLiteral("article-7b"), Examples::tr("Article: 7B, B = 1, no checkpointing"),
          Examples::tr("The article's worked example: P = 7B, L = 32, H = 4096, A = 32, S = 2048, FP16 with an FP32 "
                       "master copy and AdamW (16 bytes per parameter), its activation formula, no runtime overhead. "
                       "The article: 112 GB + 36 GB = about 148 GB."),
          true },
        { QStringLiteral("article-7b-checkpointing"), Examples::tr("Article: 7B, B = 1, full checkpointing"),
          Examples::tr("The article's 7B with full checkpointing: every layer's input kept and one layer recomputed in "
                       "backward. The article's table: 112 GB + about 4 GB = about 116 GB; its own rule counts 1.66 GB "
                       "of activations."),
          true },
        { QStringLiteral("article-7b-b4"), Examples::tr("Article: 7B, B = 4, no checkpointing"),
          Examples::tr("The article's 7B at micro-batch 4: four times the activations. The article: 112 GB + 144 GB = "
                       "about 256 GB."),
          true },
        { QStringLiteral("article-13b-checkpointing"), Examples::tr("Article: 13B, B = 1, full checkpointing"),
          Examples::tr("The article's 13B (13e9 × 16 bytes of model state) with full checkpointing, with LLaMA-2 13B's "
                       "shape (L = 40, H = 5120, A = 40), which the article does not give. The article's table: about "
                       "208 GB + about 5 GB = about 213 GB; its own rule counts 2.24 GB of activations."),
          true },
        { QStringLiteral("qlora-8b-24gb"), Examples::tr("QLoRA: Llama 3.1 8B on one 24 GB RTX 4090"),
          Examples::tr("Rank-16 adapters on every projection of a 4-bit NF4 base (BF16 elsewhere), micro-batch 2, "
                       "S = 2048, full checkpointing, as the Hugging Face Trainer runs it with PEFT and bitsandbytes."),
          false },
        { QStringLiteral("lora-70b-8gpu"), Examples::tr("LoRA: Llama 3.1 70B on 8 A100 80GB, FSDP"),
          Examples::tr("Rank-16 adapters on every projection of a BF16 base sharded over 8 GPUs (FSDP FULL_SHARD, "
                       "ZeRO-3), micro-batch 1, S = 4096, full checkpointing."),
          false },
        { QStringLiteral("full-8b-zero3"), Examples::tr("Full fine-tune: Llama 3.1 8B, ZeRO-3 on 8 H100 80GB"),
          Examples::tr("Every weight trained: BF16 with an FP32 master copy and AdamW, the model states sharded over 8 "
                       "GPUs by DeepSpeed ZeRO-3, micro-batch 4, S = 4096, full checkpointing."),
          false },
    };
}

QStringList exampleNames()
{
    QStringList names;
    for (const ExampleScenario &e : exampleScenarios())
        names << e.name;
    return names;
}

QString exampleScenarioPath(const QString &dataDir, const QString &name)
{
    return dataDir + QStringLiteral("/examples/") + name + QStringLiteral(".json");
}

} // namespace headroom
