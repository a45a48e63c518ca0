#include <headroom/activationmodel.h>

#include <headroom/textbookactivations.h>

namespace headroom {

const ActivationModel &activationModel(ActivationModelKind kind)
{
    static const TextbookActivations textbook;
    switch (kind) {
    case ActivationModelKind::Textbook:
        return textbook;
    case ActivationModelKind::Transformer:
        break;
    }
    return textbook;
}

} // namespace headroom
