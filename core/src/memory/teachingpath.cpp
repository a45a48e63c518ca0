#include <headroom/memory/teachingpath.h>

#include <cstring>

#include <QtGlobal>

#include <headroom/memory/precision.h>
#include <headroom/memory/resolved.h>

namespace headroom {

namespace {

const DerivationTerm *term(const BucketDerivation &k, const char *id)
{
    for (const DerivationTerm &t : k.terms)
        if (std::strcmp(t.id, id) == 0)
            return &t;
    return nullptr;
}

Formula symbolOf(const Derivation &d, const char *name)
{
    const DerivedValue *v = d.value(name);
    return Formula::symbol(name, v ? v->value : 0);
}

void add(TeachingPath &path, const char *id, const char *label, const char *why, Formula f, Bytes b)
{
    if (b != bytes(0))
        path.additions.push_back(StackAddition{ id, label, why, std::move(f), b });
}

} // namespace

TeachingPath teachingPath(const Scenario &s, const Derivation &d)
{
    TeachingPath path;
    const ResolvedScenario r = resolve(s);
    const PerParamBytes &ppb = r.perParam;

    // --- 1. Bytes per parameter: each state's size per trained parameter, added up ------------
    std::vector<Formula> rates;
    for (BytesPer b : { ppb.weights, ppb.gradients, ppb.master, ppb.optimizerFactored ? BytesPer{ 0, 1 } : ppb.optimizer })
        if (b.numerator != 0)
            rates.push_back(Formula::perParam(b));
    TeachingStep perParam;
    perParam.number = 1;
    perParam.id = "bytes-per-parameter";
    perParam.label = QT_TRANSLATE_NOOP("Derivation", "Bytes per parameter");
    perParam.why = QT_TRANSLATE_NOOP("Derivation", "weights + gradients + FP32 master copy + optimizer states, each per trained "
                                                   "parameter (mixed precision with Adam: 2 + 2 + 4 + 8 = 16)");
    perParam.formula = rates.empty() ? Formula() : Formula::sum(std::move(rates));
    const Rational rate = perParam.formula.evaluate();
    perParam.perParameter = true;
    perParam.rate = BytesPer{ rate.numerator, rate.denominator };
    path.steps.push_back(perParam);

    // --- 2. The fixed cost: P × bytes per parameter, the whole model before any sharding ------
    const BucketDerivation &whole = d.wholeModelStates;
    TeachingStep fixed;
    fixed.number = 2;
    fixed.id = "fixed-cost";
    fixed.label = QT_TRANSLATE_NOOP("Derivation", "Fixed cost");
    fixed.why = QT_TRANSLATE_NOOP("Derivation", "the model states, whatever B and S: P × bytes per parameter");
    fixed.bytes = whole.bytes;
    const Formula p = symbolOf(d, "P");
    if (!d.value("P_lora") && perParam.rate.times(p.value()) == whole.bytes)
        fixed.formula = p * Formula::perParam(perParam.rate);
    else
        fixed.formula = whole.formula; // adapters, factored or extra optimizer states: term by term
    path.steps.push_back(fixed);

    // --- 3. Activations: the article's formula for one layer, then for the layers ------------
    const Formula B = symbolOf(d, "B"), S = symbolOf(d, "S"), H = symbolOf(d, "H"), A = symbolOf(d, "A");
    TeachingStep layer;
    layer.number = 3;
    layer.id = "activations-per-layer";
    layer.label = QT_TRANSLATE_NOOP("Derivation", "Activations per layer");
    layer.why = QT_TRANSLATE_NOOP("Derivation", "19 tensors of B·S·H (inputs, QKV, attention output, MLP, residuals) and 3 of "
                                                "B·A·S² (scores, softmax, dropout), in the activations' dtype");
    layer.formula = Formula::perElement(dtypeSize(activationDtype(s.training.precision.recipe)))
            * (Formula::number(19) * B * S * H + Formula::number(3) * B * A * Formula::square(S));
    layer.bytes = bytes(layer.formula.value());
    path.steps.push_back(layer);

    const bool textbook = s.activations.model == ActivationModelKind::Textbook;
    const BucketDerivation &article = textbook ? d.activations : d.textbookActivations;
    TeachingStep layers;
    layers.number = 3;
    layers.id = "activations";
    layers.label = QT_TRANSLATE_NOOP("Derivation", "Activations of the layers");
    switch (s.training.recompute) {
    case Recompute::None:
        layers.why = QT_TRANSLATE_NOOP("Derivation", "every layer keeps its tensors for backward: L × one layer's");
        break;
    case Recompute::Selective:
        layers.why = QT_TRANSLATE_NOOP("Derivation", "selective checkpointing keeps every layer's 19·B·S·H tensors and "
                                                     "recomputes one layer's attention scores");
        break;
    default:
        layers.why = QT_TRANSLATE_NOOP("Derivation", "checkpointing keeps each layer's input and recomputes one layer in backward; "
                                                     "the article rounds this to about one layer's worth (its table: ~4 GB for 7B), "
                                                     "counted exactly it is L inputs plus one layer");
        break;
    }
    if (!article.terms.empty()) {
        layers.formula = article.formula;
        layers.bytes = article.bytes;
    } else { // no textbook counterpart (an encoder): the article's formula times the layers
        layers.formula = symbolOf(d, "L") * layer.formula;
        layers.bytes = bytes(layers.formula.value());
    }
    path.steps.push_back(layers);

    TeachingStep total;
    total.number = 4;
    total.id = "total";
    total.label = QT_TRANSLATE_NOOP("Derivation", "Total by the article");
    total.why = QT_TRANSLATE_NOOP("Derivation", "fixed cost + activations: every bucket resident for the whole step");
    total.formula = Formula::number(countOf(fixed.bytes), FormulaUnit::Bytes) + Formula::number(countOf(layers.bytes), FormulaUnit::Bytes);
    total.bytes = fixed.bytes + layers.bytes;
    path.steps.push_back(total);
    path.articleTotal = total.bytes;
    path.peak = d.peak.bytes;

    // --- What the stack adds beyond the article (negative: holds less) ------------------------
    // One GPU's share of the states: sharding, parallelism and offload.
    const Bytes states = d.parameters.bytes + d.gradients.bytes + d.masterWeights.bytes + d.optimizerStates.bytes;
    add(path, "states-on-this-gpu", QT_TRANSLATE_NOOP("Derivation", "model states on this GPU instead of the whole model's"),
        QT_TRANSLATE_NOOP("Derivation", "ZeRO, tensor and pipeline parallelism, adapters and offload leave one GPU a share of the fixed cost"),
        Formula::difference(symbolOf(d, "W") + symbolOf(d, "G") + symbolOf(d, "M") + symbolOf(d, "O"),
                            Formula::number(countOf(whole.bytes), FormulaUnit::Bytes)),
        states - whole.bytes);
    if (!textbook && !article.terms.empty()) {
        const DerivationTerm *head = term(d.activations, "head-and-loss");
        const Bytes headBytes = head ? head->bytes : bytes(0);
        add(path, "activations-itemized", QT_TRANSLATE_NOOP("Derivation", "the layers' tensors as the stack's kernels save them"),
            QT_TRANSLATE_NOOP("Derivation", "the itemized model counts each saved tensor (fused attention keeps no S² scores) "
                                            "instead of the article's 19·B·S·H + 3·B·A·S² per layer"),
            Formula::number(countOf(d.activations.bytes - headBytes), FormulaUnit::Bytes)
                    - Formula::number(countOf(article.bytes), FormulaUnit::Bytes),
            d.activations.bytes - headBytes - article.bytes);
        if (head)
            add(path, "loss-logits", QT_TRANSLATE_NOOP("Derivation", "the loss's FP32 logits and the LM head's input"),
                QT_TRANSLATE_NOOP("Derivation", "the article's formula stops at the last layer; the loss saves its log-softmax over "
                                                "B·S·V logits in FP32 for backward"),
                head->formula, head->bytes);
    }
    // A bucket the peak holds less of, or none (a peak before backward writes any gradient).
    const DerivationTerm none{};
    const DerivationTerm *g = term(d.peak, "gradients");
    g = g ? g : &none;
    add(path, "gradients-in-backward", QT_TRANSLATE_NOOP("Derivation", "gradients not yet written at the peak"),
        QT_TRANSLATE_NOOP("Derivation", "autograd allocates each gradient when backward reaches its layer; the article keeps "
                                        "them resident for the whole step"),
        Formula::difference(g->formula, symbolOf(d, "G")), g->bytes - d.gradients.bytes);
    const DerivationTerm *a = term(d.peak, "activations");
    a = a ? a : &none;
    add(path, "activations-released", QT_TRANSLATE_NOOP("Derivation", "activations already released at the peak"),
        QT_TRANSLATE_NOOP("Derivation", "backward frees each layer's saved tensors once it is done with them; the article keeps "
                                        "them all to the end"),
        Formula::difference(a->formula, Formula::number(countOf(d.activations.bytes), FormulaUnit::Bytes)),
        a->bytes - d.activations.bytes);
    if (const DerivationTerm *t = term(d.peak, "transient"))
        add(path, "transient", t->label,
            QT_TRANSLATE_NOOP("Derivation", "short-lived buffers (the optimizer's foreach temporaries, a layer's backward scratch) "
                                            "live at the peak in no bucket; the article counts only what stays resident"),
            t->formula, t->bytes);
    if (const DerivationTerm *c = term(d.overhead, "cuda-context"))
        add(path, "cuda-context", c->label,
            QT_TRANSLATE_NOOP("Derivation", "the article leaves out the runtime (tens of MB to a few GB); PyTorch's CUDA notes put "
                                            "the context at 300 MiB to 2 GiB"),
            c->formula, c->bytes);
    if (const DerivationTerm *c = term(d.overhead, "allocator-cache"))
        add(path, "allocator-cache", c->label,
            QT_TRANSLATE_NOOP("Derivation", "PyTorch's caching allocator keeps freed blocks reserved for reuse; nvidia-smi counts "
                                            "them, memory_allocated() does not"),
            c->formula, c->bytes);
    if (d.frozenModels.bytes > bytes(0))
        add(path, "frozen-models", d.frozenModels.label,
            QT_TRANSLATE_NOOP("Derivation", "a post-training run holds frozen models beside the trained one"), d.frozenModels.formula,
            d.frozenModels.bytes);
    return path;
}

} // namespace headroom
