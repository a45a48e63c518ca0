#include "visiontext.h"

#include <headroom/memory/visiontower.h>

#include "wording.h"

namespace headroom {

QString visionTowerText(const Scenario &s, const Breakdown &b, DisplayUnit unit)
{
    const VisionSpec &v = s.model.vision;
    if (!v.present())
        return {};
    const SideModelShares &side = b.side;
    const bool trained = s.training.visionTrained && s.lora.mode == AdapterMode::None;
    QString text = trained
            //: %1 the tower's kind, %2 its parameters, %3 its states on one GPU, %4 its saved tensors
            ? Cli::tr("Vision tower: %1, %2 parameters, trained: %3 of model states, %4 saved for backward")
                      .arg(QString::fromLatin1(visionTowerKindName(v.kind).data()), groupedDigits(v.parameters),
                           formatBytes(side.visionStates(), unit), formatBytes(side.visionActivations, unit))
            //: %1 the tower's kind, %2 its parameters, %3 its weights on one GPU
            : Cli::tr("Vision tower: %1, %2 parameters, frozen: %3 of weights")
                      .arg(QString::fromLatin1(visionTowerKindName(v.kind).data()), groupedDigits(v.parameters),
                           formatBytes(side.visionWeights, unit));
    const VisionImages image = visionImages(s);
    if (s.training.images > 0 && image.patchesPerImage > 0)
        //: %1 images a sequence, %2 x %3 patches, %4 tokens of the sequence each image takes
        text += Cli::tr("; images per sequence: %1, each %2×%3 patches and %4 tokens")
                        .arg(groupedDigits(s.training.images), groupedDigits(image.gridWidth), groupedDigits(image.gridHeight),
                             groupedDigits(image.tokensPerImage));
    else
        text += Cli::tr("; no images (--images N --image-size WxH)");
    return text;
}

void writeVisionTower(JsonWriter &w, const Scenario &s, const Breakdown &b)
{
    const VisionSpec &v = s.model.vision;
    if (!v.present()) {
        w.null();
        return;
    }
    const SideModelShares &side = b.side;
    const VisionImages image = visionImages(s);
    w.beginObject();
    w.key("kind").string(visionTowerKindName(v.kind));
    w.key("parameters").integer(v.parameters);
    w.key("training").string(visionTrainingName(s.training.visionTrained && s.lora.mode == AdapterMode::None));
    w.key("images_per_sequence").integer(s.training.images);
    w.key("patch_grid").beginArray();
    w.integer(image.gridWidth);
    w.integer(image.gridHeight);
    w.endArray();
    w.key("patches_per_image").integer(image.patchesPerImage);
    w.key("tokens_per_image").integer(image.tokensPerImage);
    w.key("images").integer(side.visionImages);
    w.key("patches").integer(side.visionPatches);
    w.key("weights").byteCount(side.visionWeights);
    w.key("gradients").byteCount(side.visionGradients);
    w.key("master_weights").byteCount(side.visionMasterWeights);
    w.key("optimizer_states").byteCount(side.visionOptimizerStates);
    w.key("activations").byteCount(side.visionActivations);
    w.key("block_short_lived").byteCount(side.visionBlock);
    w.endObject();
}

} // namespace headroom
