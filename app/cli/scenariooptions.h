#pragma once

// Turns command-line options into a validated scenario, using the same keys as scenario files
// (options override the file's values). Shared by every command that estimates.

#include <QCommandLineParser>

#include <headroom/io/catalogue.h>
#include <headroom/io/frameworkconfig.h>
#include <headroom/io/hfconfig.h>
#include <headroom/io/scenariofile.h>

namespace headroom::cli {

enum class OptionText { Described, NamesOnly };

/*!
 * Adds an option for every scenario key, plus --scenario FILE, --hf-config PATH, --hf-family and
 * the framework configs. With OptionText::NamesOnly the options carry no description: pass
 * helpRequested(arguments) ? Described : NamesOnly (cliio.h).
 */
void addScenarioOptions(QCommandLineParser &parser, OptionText text);

/*!
 * Builds \a spec from --scenario, then --deepspeed, --accelerate and --torchtune (framework
 * configs, whose unknown and unmodelled keys are printed as warnings), then --hf-config (the
 * model of a Hugging Face config or folder), then the scenario options in \a parser, and
 * validates it. \a imported, if given,
 * receives what the import found (notes, warnings, the checkpoint's count); \a frameworks, if
 * given, what each framework config set and left out, in the order applied. On bad input prints
 * the reasons to stderr and returns false.
 */
//! Adds \a spec's card outside the catalogue (--gpu-spec, a file's gpu.spec) to \a catalogue, so
//! that what looks a GPU up by id finds it; nothing without one.
void addCustomGpu(Catalogue &catalogue, const ScenarioSpec &spec);

bool scenarioFromOptions(const QCommandLineParser &parser, const Catalogue &catalogue, ScenarioSpec &spec,
                         HfModel *imported = nullptr, QList<FrameworkImport> *frameworks = nullptr);

/*!
 * \a arguments with every scenario switch in the one form the parser reads, "--tied=true" or
 * "--tied=false": QCommandLineParser has no optional values, and the switches accept "--tied",
 * "--tied true|false" and "--tied=true|false". \a commandValueOptions names the command's own
 * options that take a value (beside the scenario's), whose values are never rewritten.
 */
QStringList normaliseSwitches(const QStringList &arguments, const QStringList &commandValueOptions = {});

//! Loads the catalogues, printing the reason on failure.
//! Loads the catalogue; a preset's config is read when the preset is named, unless \a configs
//! asks for all of them (`presets`, which lists every one). On error says why on stderr.
//! What made a preset or GPU that was named unusable, when the catalogue read it on demand: its
//! config.json or gpus.json cannot be read (said as such, not only as an unknown name).
void explainCatalogueProblems(const Catalogue &catalogue);
bool loadCatalogueOrComplain(Catalogue &catalogue, PresetConfigs configs = PresetConfigs::OnDemand, GpuList gpus = GpuList::Read);

} // namespace headroom::cli
