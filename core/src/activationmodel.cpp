#include <headroom/activationmodel.h>

#include <headroom/textbookactivations.h>
#include <headroom/transformeractivations.h>

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
