#include "checkscriptcommand.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QFile>
#include <QTextStream>

#include <headroom/io/checkscript.h>
#include <headroom/io/safefile.h>

#include "cliio.h"
#include "wording.h"
#include "scenariooptions.h"

namespace headroom::cli {

namespace {

// Why the script cannot build or run a choice, as a clause after the option's name.
QString issueReason(CheckScriptIssue::Code code)
{
    using Code = CheckScriptIssue::Code;
    switch (code) {
    case Code::Family: return Cli::tr("the check script builds LLaMA-family decoders (RMSNorm, RoPE, SwiGLU, grouped K/V); use --arch llama or a LLaMA, Mistral or Qwen2 preset");
    case Code::Experts: return Cli::tr("mixture-of-experts layers are not built by the check script");
    case Code::LatentAttention: return Cli::tr("latent attention is not built by the check script");
    case Code::QkNorm: return Cli::tr("q/k norms are not built by the check script");
    case Code::FusedProjections: return Cli::tr("fused q/k/v and gate/up projections are not built by the check script");
    case Code::GivenParameters: return Cli::tr("a given parameter count has no architecture to build; give the architecture instead");
    case Code::MultipleGpus: return Cli::tr("the check script runs one process on one GPU: --gpus, --tp, --pp and --ep must be 1");
    case Code::Zero: return Cli::tr("ZeRO needs DeepSpeed or FSDP over several GPUs; the check script runs one GPU without sharding (--zero 0)");
    case Code::Offload: return Cli::tr("offload needs DeepSpeed; the check script keeps everything on the GPU (--offload none)");
    case Code::Optimizer: return Cli::tr("the check script uses torch.optim: adamw, adam, sgd or sgd-momentum");
    case Code::Qlora: return Cli::tr("an NF4 base needs bitsandbytes; the check script builds LoRA on a 16-bit base (--lora lora)");
    case Code::Loss: return Cli::tr("the check script computes the plain loss (--loss plain)");
    case Code::OptimizerInBackward: return Cli::tr("stepping in backward is not run by the check script");
    case Code::ActivationOffload: return Cli::tr("activation offloading is not run by the check script");
    case Code::Compile: return Cli::tr("torch.compile is not run by the check script");
    case Code::PagedOptimizer: return Cli::tr("paged optimizers need bitsandbytes");
    case Code::Fp32GradBuffer: return Cli::tr("an FP32 gradient buffer is Megatron's and DeepSpeed's, not run by the check script");
    }
    return {};
}

} // namespace

int runCheckScriptCommand(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
            Cli::tr("Write a self-contained PyTorch script that trains the scenario's architecture with random weights "
                    "for a few steps and prints what PyTorch measured beside Headroom's estimate (JSON); feed it back "
                    "with `estimate --measured`. `python3 check.py --device cpu --tiny` runs a shrunk copy in seconds."));
    parser.addHelpOption();
    addScenarioOptions(parser, helpRequested(arguments) ? OptionText::Described : OptionText::NamesOnly);
    parser.addOption({ QStringLiteral("output"), Cli::tr("Write the script to this file (required)."), Cli::tr("file") });
    if (const ParseOutcome outcome = parseCommand(parser, normaliseSwitches(arguments, { QStringLiteral("output") }),
                                                  "check-script");
        outcome != ParseOutcome::Run)
        return exitCodeOf(outcome);
    if (!parser.isSet(QStringLiteral("output")) || parser.value(QStringLiteral("output")).isEmpty()) {
        err() << Cli::tr("error: --output: give the file to write the script to (e.g. --output check.py)") << Qt::endl;
        return kBadInput;
    }
    Catalogue catalogue;
    if (!loadCatalogueOrComplain(catalogue))
        return kBadInput;
    ScenarioSpec spec = realisticDefaults();
    if (!scenarioFromOptions(parser, catalogue, spec))
        return kBadInput;
    const std::vector<CheckScriptIssue> issues = checkScriptIssues(spec.scenario);
    for (const CheckScriptIssue &i : issues)
        err() << Cli::tr("error: --%1: %2").arg(QLatin1String(i.option), issueReason(i.code)) << Qt::endl;
    if (!issues.empty())
        return kBadInput;
    const QByteArray text = checkScriptText(spec, QCoreApplication::applicationVersion());
    if (text.isEmpty()) {
        err() << Cli::tr("error: this build has no check-script template") << Qt::endl;
        return 1;
    }
    const QString path = parser.value(QStringLiteral("output"));
    // Executable as written (the bits set on the new file before it takes the name): a chmod
    // by name afterwards would follow a link planted there.
    const FileProblem written = writeFileAtomically(path, text, 0111);
    if (!written.ok()) {
        err() << Cli::tr("error: could not write %1 (%2); the previous file is unchanged").arg(path, written.detail) << Qt::endl;
        return kBadInput; // as report does: the output named is what cannot be written
    }
    out() << Cli::tr("Wrote %1. Run it with: python3 %1 --output measured.json (on the GPU), or python3 %1 --device cpu "
                     "--tiny; then: headroom-cli estimate --measured measured.json")
                     .arg(path)
          << Qt::endl;
    return 0;
}

} // namespace headroom::cli
