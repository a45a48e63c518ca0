#include <headroom/memory/korthikanti.h>

namespace headroom {

Bytes korthikantiLayerBytes(Count s, Count b, Count h, Count a, Count t, bool sp, Recompute recompute)
{
    const Count sbh = s * b * h;
    const Count scores = 5 * a * s * s * b; // 5as/h x sbh
    switch (recompute) {
    case Recompute::None:
        return sp ? bytes(quotient(34 * sbh + scores, t)) : bytes(quotient(10 * sbh * t + 24 * sbh + scores, t));
    case Recompute::Selective:
        return sp ? bytes(quotient(34 * sbh, t)) : bytes(quotient(10 * sbh * t + 24 * sbh, t));
    case Recompute::Full:
    case Recompute::Op: // not a policy of the paper: validate() refuses it for the textbook model
        return sp ? bytes(quotient(2 * sbh, t)) : bytes(2 * sbh);
    }
    return bytes(0);
}

} // namespace headroom
