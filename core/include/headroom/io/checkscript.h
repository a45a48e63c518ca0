#pragma once

// The check script: a self-contained PyTorch program (resources/checkscript/check.py.in,
// compiled in as a Qt resource) that builds a model of a scenario's architecture with random
// weights, runs real training steps with its recipe, optimizer, checkpointing and attention, and
// prints what PyTorch measured beside Headroom's estimate (memory/measuredcomparison.h). The
// scenario and the estimates are written into the script as one JSON object, for four runs:
// the scenario as planned ("full") and a shrunk copy of its architecture that trains in seconds
// on a CPU ("tiny", tinyScenario()), each as the GPU runs it and as the CPU does ("_cpu",
// cpuScenario()), so that every run the script can make has its own estimate.

#include <vector>

#include <QByteArray>
#include <QJsonObject>
#include <QString>

#include <headroom/io/scenariofile.h>
#include <headroom/memory/scenario.h>

namespace headroom {

//! A choice the check script cannot build or run, and the CLI option that makes it.
struct CheckScriptIssue
{
    enum class Code {
        Family,            //!< not a LLaMA-family block (the script builds LLaMA decoders)
        Experts,           //!< mixture of experts
        LatentAttention,   //!< multi-head latent attention
        QkNorm,            //!< q/k norms
        FusedProjections,  //!< fused q/k/v and gate/up matrices
        GivenParameters,   //!< --params: a count, not an architecture
        MultipleGpus,      //!< more than one GPU, or tensor / pipeline / expert parallelism
        Zero,              //!< ZeRO stage above 0
        Offload,           //!< CPU offload
        Optimizer,         //!< an optimizer torch.optim lacks (8-bit Adam, Lion, Adafactor)
        Qlora,             //!< an NF4 base (bitsandbytes)
        Loss,              //!< a chunked or fused loss
        OptimizerInBackward,
        ActivationOffload,
        Compile,
        PagedOptimizer,
        Fp32GradBuffer,
    };
    Code code = Code::Family;
    const char *option = ""; //!< the option that sets it, without "--"
};

//! What keeps \a scenario from being built by the check script; empty when it can be.
std::vector<CheckScriptIssue> checkScriptIssues(const Scenario &scenario);

/*!
 * The scenario with its architecture shrunk so that a step takes well under a second on a CPU:
 * 2 layers, H = 128, A = min(A, 8) heads of 16 with the same query-to-KV grouping (at least one
 * KV head), the FFN scaled with H (rounded up to 8), V = 512, B = min(B, 2), S = min(S, 64),
 * a LoRA rank of at most 8; everything else as it was.
 */
Scenario tinyScenario(const Scenario &scenario);

/*!
 * What a CPU runs of \a scenario: eager attention (the SDPA and flash kernels are CUDA's), FP16
 * recipes as their BF16 counterparts (CPU kernels and CPU autocast have no FP16), and the
 * itemized model's hf-eager-cpu profile, which describes what PyTorch saves on a CPU.
 */
Scenario cpuScenario(const Scenario &scenario);

/*!
 * One run of the script as the JSON object it embeds: "config" (the numbers the script builds
 * and trains with), "scenario" (scenarioToJson() of it) and "estimate" ("figures" by
 * measuredFigureKey(), "events", "overhead", "peak" and the step timeline's points). \a spec
 * must have passed validation and checkScriptIssues().
 */
QJsonObject checkScriptRun(const ScenarioSpec &spec);

/*!
 * The script for \a spec: the template with the four runs filled in. \a version is Headroom's.
 * Empty if the template resource is missing (a build without it).
 */
QByteArray checkScriptText(const ScenarioSpec &spec, const QString &version);

} // namespace headroom
