#include "hybridtext.h"

#include <headroom/memory/scenario.h>

#include "wording.h"

namespace headroom {

namespace {

QString mixerWords(MixerKind kind)
{
    switch (kind) {
    case MixerKind::GatedDeltaNet: return Cli::tr("Gated DeltaNet linear attention");
    case MixerKind::Mamba2: return Cli::tr("Mamba-2 state-space layers");
    case MixerKind::ShortConv: return Cli::tr("gated short convolutions");
    case MixerKind::None: break;
    }
    return {};
}

} // namespace

QString mixerLayersText(const ModelSpec &m)
{
    if (!m.hybrid.enabled())
        return {};
    const ParameterCounts c = parameterCounts(m);
    //: %1 mixer layers of %2, %3 what they are, %4 one mixer's parameters, %5 one attention's (with its q/k norms)
    return Cli::tr("Mixer layers: %1 of %2 are %3, %4 parameters each in place of attention's %5")
            .arg(groupedDigits(c.mixerLayers), groupedDigits(m.layers), mixerWords(m.hybrid.kind), groupedDigits(c.mixer),
                 groupedDigits(c.dense.attention + c.attentionNorms));
}

void writeMixerLayers(JsonWriter &w, const ModelSpec &m)
{
    if (!m.hybrid.enabled()) {
        w.null();
        return;
    }
    const ParameterCounts c = parameterCounts(m);
    w.beginObject();
    w.key("kind").string(mixerKindName(m.hybrid.kind));
    w.key("layers").integer(c.mixerLayers);
    w.key("attention_layers").integer(m.layers - c.mixerLayers);
    w.key("parameters_per_mixer").integer(c.mixer);
    w.key("parameters_per_attention").integer(c.dense.attention + c.attentionNorms);
    w.endObject();
}

} // namespace headroom
