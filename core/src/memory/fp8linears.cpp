#include <headroom/memory/fp8linears.h>

#include <headroom/memory/parametertensors.h>

namespace headroom {

Fp8LayerLinears fp8LayerLinears(const ModelSpec &model)
{
    Fp8LayerLinears sums;
    forEachLayerTensor(model, false, [&sums](ParamPlace, const ParamTensor &p) {
        if (!p.matrix || p.role == ParamRole::Norm || p.role == ParamRole::Router || p.role == ParamRole::SharedGate)
            return;
        const Count copies = p.multiCopy ? p.copies : 1;
        sums.inputs += copies * p.rows;
        sums.outputs += copies * p.columns;
        sums.weights += copies * p.weightElements();
    });
    return sums;
}

} // namespace headroom
