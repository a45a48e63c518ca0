#include <headroom/memory/activationmodel.h>

#include <headroom/memory/textbookactivations.h>
#include <headroom/memory/transformeractivations.h>

namespace headroom {

const ActivationModel &activationModel(ActivationModelKind kind)
{
    static const TextbookActivations textbook;
    static const TransformerActivations transformer;
    switch (kind) {
    case ActivationModelKind::Textbook:
        return textbook;
    case ActivationModelKind::Transformer:
        return transformer;
    }
    return textbook;
}

} // namespace headroom
