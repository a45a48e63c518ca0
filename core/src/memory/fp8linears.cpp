#include <headroom/memory/fp8linears.h>

#include <headroom/memory/parametertensors.h>

namespace headroom {

Fp8LayerLinears fp8LayerLinears(const ModelSpec &model)
{
    Fp8LayerLinears sums;
    bool attentionInput = false, mlpInput = false;
    forEachLayerTensor(model, false, [&sums, &attentionInput, &mlpInput](ParamPlace, const ParamTensor &p) {
        if (!p.matrix || p.role == ParamRole::Norm || p.role == ParamRole::Router || p.role == ParamRole::SharedGate)
            return;
        const Count copies = p.multiCopy ? p.copies : 1;
        sums.inputs += copies * p.rows;
        sums.outputs += copies * p.columns;
        sums.weights += copies * p.weightElements();
        sums.gemms += copies;
        switch (p.role) {
        case ParamRole::Q: case ParamRole::K: case ParamRole::V: case ParamRole::Qkv:
            attentionInput = true;
            break;
        case ParamRole::Up: case ParamRole::Gate: case ParamRole::GateUp:
            mlpInput = true;
            break;
        default:
            sums.fusedGemms += copies;
        }
    });
    sums.fusedGemms += (attentionInput ? 1 : 0) + (mlpInput ? 1 : 0);
    return sums;
}

} // namespace headroom
