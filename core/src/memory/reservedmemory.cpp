#include <headroom/memory/reservedmemory.h>

#include <algorithm>
#include <array>
#include <cstring>
#include <memory>
#include <new>
#include <type_traits>
#include <vector>

#include <headroom/memory/cachingallocator.h>
#include <headroom/memory/pipelinestage.h>
#include <headroom/memory/estimate.h>
#include <headroom/memory/lora.h>
#include <headroom/memory/model.h>
#include <headroom/memory/parametertensors.h>
#include <headroom/memory/steptimeline.h>

namespace headroom {

namespace {

//! The innermost CacheShareScope of this thread.
thread_local const CacheShareScope *tCurrentScope = nullptr;

} // namespace

std::string_view peakFigureName(PeakFigure f)
{
    switch (f) {
    case PeakFigure::Allocated:
        return "allocated";
    case PeakFigure::Reserved:
        return "reserved";
    case PeakFigure::Device:
        return "device";
    }
    return "device";
}

std::optional<PeakFigure> peakFigureFromName(std::string_view name)
{
    for (PeakFigure f : { PeakFigure::Allocated, PeakFigure::Reserved, PeakFigure::Device })
        if (peakFigureName(f) == name)
            return f;
    return std::nullopt;
}

std::string_view loadPathName(LoadPath p)
{
    switch (p) {
    case LoadPath::Direct:
        return "direct";
    case LoadPath::Fp32OnGpu:
        return "fp32-on-gpu";
    }
    return "direct";
}

std::optional<LoadPath> loadPathFromName(std::string_view name)
{
    for (LoadPath p : { LoadPath::Direct, LoadPath::Fp32OnGpu })
        if (loadPathName(p) == name)
            return p;
    return std::nullopt;
}

namespace {

// The tensors of one GPU, element counts only; bytes come from the buckets.
struct TensorLists
{
    std::vector<Count> layer;     //!< one layer's parameter tensors (weights and biases apart)
    std::vector<Count> head;      //!< final norm and LM head (their backward runs first)
    std::vector<Count> embedding; //!< the embedding tables (backward last)
    std::vector<Count> adapters;  //!< one layer's LoRA A and B matrices
    std::vector<ActivationItem> items;
};

TensorLists &listsOfThisThread()
{
    thread_local TensorLists lists;
    return lists;
}

CachingAllocatorEmulator &emulatorOfThisThread()
{
    thread_local std::unique_ptr<CachingAllocatorEmulator> e = std::make_unique<CachingAllocatorEmulator>();
    return *e;
}

std::int64_t narrow(Count c)
{
    return c < 0 ? 0 : c > (Count(1) << 62) ? (std::int64_t(1) << 62) + 1 : static_cast<std::int64_t>(c);
}

// One bucket spread over the tensors of this GPU in proportion to their elements.
struct Spread
{
    Count bucket = 0;
    Count elements = 0;
    std::int64_t of(Count e) const { return elements > 0 ? narrow(quotient(bucket * e, elements)) : 0; }
};

class Sequence
{
public:
    Sequence(const Scenario &s, const Breakdown &b, TensorLists &t, CachingAllocatorEmulator &e)
        : m_s(s), m_b(b), m_t(t), m_e(e)
    {
    }

    ReservedMemory run();

private:
    // Handles: fixed ranges per kind, so that one tensor keeps its handle across steps.
    int handle(int base, int index) const { return base + index; }

    void alloc(int h, std::int64_t n)
    {
        if (n > 0) {
            m_e.allocate(h, n);
            ++m_requests;
        }
    }
    void release(int h) { m_e.release(h); }

    void layout();
    void load();
    void step(bool first);
    void forwardLayer(int set);
    void backwardLayer(int set);
    void allocScratch(int slot, Bytes scratch);
    void releaseScratch(int slot);
    static constexpr int kScratchPieces = 16;
    //! Parameter tensor i's elements: the embedding's, then layer by layer, then the head's.
    Count paramElements(int i) const;
    //! Trainable tensor i's elements: the parameters', or layer by layer the adapters' (LoRA).
    Count trainableElements(int i) const { return m_lora ? m_t.adapters[static_cast<std::size_t>(i % m_perLayerTrainable)] : paramElements(i); }
    //! The trainable tensors of layer \a l: [first, first + count).
    int firstTrainableOfLayer(int l) const { return m_lora ? l * m_perLayerTrainable : static_cast<int>(m_t.embedding.size()) + l * m_perLayerParams; }
    void allocGrad(int i) { if (!m_gradLive[i]) { alloc(handle(m_gradBase, i), m_grads.of(trainableElements(i))); m_gradLive[i] = true; } }

    const Scenario &m_s;
    const Breakdown &m_b;
    TensorLists &m_t;
    CachingAllocatorEmulator &m_e;
    int m_requests = 0;

    // Layout, filled by layout().
    int m_layers = 1;        //!< layer parameter sets on this GPU
    int m_layerSets = 1;     //!< layer activation sets held at once (pipeline micro-batches)
    bool m_lora = false;
    Spread m_params, m_grads, m_master, m_states, m_temps;
    int m_paramBase = 0, m_fp32Base = 0, m_masterBase = 0, m_gradBase = 0, m_stateBase = 0, m_tempBase = 0, m_itemBase = 0, m_frozenBase = 0;
    int m_perLayerParams = 0, m_perLayerTrainable = 0, m_trainable = 0, m_params0 = 0;
    int m_itemsPerSet = 0;
    Count m_heldPerLayer = 0; //!< bytes one layer keeps through forward
    Count m_largestItem = 0;  //!< the largest tensor one layer saves
    int m_scratch = 0; //!< first of the single transient handles
    bool m_keepGrads = false;
    std::vector<bool> &m_gradLive = gradLiveOfThisThread();

    static std::vector<bool> &gradLiveOfThisThread()
    {
        thread_local std::vector<bool> live;
        return live;
    }
};


void Sequence::layout()
{
    const ModelSpec &m = m_s.model;
    m_t.layer.clear();
    m_t.head.clear();
    m_t.embedding.clear();
    m_t.adapters.clear();
    const bool sparse = m.moe.enabled() && denseLayerCount(m) < m.layers;
    const Count t = m_s.parallel.tensorParallel > 1 ? m_s.parallel.tensorParallel : 1;
    // One layer's tensors stand for every layer: a hybrid's mixer layer where they are most of
    // its layers (the allocator's rounding is per tensor; the bytes are the breakdown's).
    const bool mixerLayer = 2 * mixerLayerCount(m) > m.layers;
    auto layerTensor = [&](ParamPlace, const ParamTensor &x) {
        // Routed experts one tensor per expert, as Hugging Face's ModuleList holds them; past a
        // few thousand tensors per model, one tensor per matrix of all experts (grouped-GEMM
        // layouts), the same bytes in fewer requests.
        const Count copies = x.multiCopy ? x.copies : 1;
        const bool apart = copies > 1 && copies * m.layers <= 2048;
        for (Count c = 0; c < (apart ? copies : 1); ++c) {
            const Count n = apart ? 1 : copies;
            m_t.layer.push_back(ceilQuotient(x.weightElements() * n, x.matrix ? t : 1));
            if (x.bias)
                m_t.layer.push_back(x.columns * n);
        }
    };
    forEachTensorOfLayer(m, sparse, mixerLayer, layerTensor);
    forEachOutsideTensor(m, [&](ParamPlace place, const ParamTensor &x) {
        auto &list = place == ParamPlace::Embedding ? m_t.embedding : m_t.head;
        list.push_back(ceilQuotient(x.weightElements(), x.matrix ? t : 1));
        if (x.bias)
            list.push_back(x.columns);
    });
    m_lora = m_s.lora.mode != AdapterMode::None;
    if (m_lora) {
        const Count r = m_s.lora.rank;
        // No targets named are the default ones (q and v), as loraCounts() reads them.
        const unsigned targets = m_s.lora.targets != 0 ? m_s.lora.targets : kDefaultLoraTargets;
        forEachTensorOfLayer(m, sparse, mixerLayer, [&](ParamPlace, const ParamTensor &x) {
            if ((loraTargetsOf(x.role) & targets) == 0 || x.multiCopy)
                return;
            m_t.adapters.push_back(r * x.rows);    // A: r x in
            m_t.adapters.push_back(x.columns * r); // B: out x r
        });
        if (m_t.adapters.empty())
            m_t.adapters.push_back(1);
    }
    // A pipeline rank (the breakdown's, pipelinestage.h): its layers; the embedding and head sit
    // on the first and last.
    const Count rank = m_b.pipelineRank >= 0 ? m_b.pipelineRank : describedRank(m_s);
    const PipelineShare share = pipelineShareOf(m_s, rank, m.layers, 0);
    m_layers = static_cast<int>(std::clamp<Count>(share.layers, 1, 4096));
    if (!share.head)
        m_t.head.clear();
    if (!share.embedding)
        m_t.embedding.clear();
    auto sum = [](const std::vector<Count> &v) {
        Count n = 0;
        for (Count e : v)
            n += e;
        return n;
    };
    m_perLayerParams = static_cast<int>(m_t.layer.size());
    m_params0 = m_perLayerParams * m_layers + static_cast<int>(m_t.head.size() + m_t.embedding.size());
    const Count all = sum(m_t.layer) * m_layers + sum(m_t.head) + sum(m_t.embedding);
    m_params = { countOf(m_b.parameters), all };
    const Count trainable = m_lora ? sum(m_t.adapters) * m_layers : all;
    m_perLayerTrainable = m_lora ? static_cast<int>(m_t.adapters.size()) : m_perLayerParams;
    m_trainable = m_lora ? m_perLayerTrainable * m_layers : m_params0;
    m_grads = { countOf(m_b.gradients), trainable };
    m_master = { countOf(m_b.masterWeights), trainable };
    m_states = { countOf(m_b.optimizerStates), trainable };
    m_temps = { countOf(optimizerOwnTemporaries(m_s, m_b)), trainable };
    m_keepGrads = gradientLifetime(m_s) == GradientLifetime::KeptBetweenSteps;

    // One layer's saved tensors, and how many layers' worth are held at once (a pipeline
    // stage's micro-batches in flight hold more than its layers).
    m_t.items.clear();
    activationModel(m_s.activations.model).itemize(m_s, m_t.items);
    Count held = 0;
    m_largestItem = 0;
    for (const ActivationItem &i : m_t.items) {
        if (i.scope != ItemScope::Layer)
            continue;
        if (!i.recomputed)
            held += countOf(i.bytes);
        m_largestItem = std::max(m_largestItem, countOf(i.bytes));
    }
    m_heldPerLayer = held;
    const Count layersBytes = countOf(m_b.activationDetail.layers);
    m_layerSets = held > 0 ? static_cast<int>(std::clamp<Count>(quotient(layersBytes + held / 2, held), 1, 4096)) : m_layers;
    m_itemsPerSet = static_cast<int>(m_t.items.size());

    int next = 0;
    auto range = [&next](int &base, Count n) {
        base = next;
        next += static_cast<int>(std::min<Count>(n, 1 << 20));
    };
    range(m_paramBase, m_params0);
    range(m_fp32Base, m_params0);
    range(m_frozenBase, m_layers);
    range(m_masterBase, m_trainable);
    range(m_gradBase, m_trainable);
    range(m_stateBase, 2 * Count(m_trainable));
    range(m_tempBase, m_trainable);
    range(m_itemBase, Count(m_itemsPerSet) * (m_layerSets + 1));
    range(m_scratch, 16 * kScratchPieces);
    if (next > m_e.handleCapacity())
        m_e.allocate(-1, 0); // beyond the emulation's capacity: it reports !ok()
    else
        m_e.reserveHandles(next);
}

Count Sequence::paramElements(int i) const
{
    const int embedding = static_cast<int>(m_t.embedding.size());
    if (i < embedding)
        return m_t.embedding[static_cast<std::size_t>(i)];
    i -= embedding;
    if (i < m_layers * m_perLayerParams)
        return m_t.layer[static_cast<std::size_t>(i % m_perLayerParams)];
    i -= m_layers * m_perLayerParams;
    return m_t.head[static_cast<std::size_t>(i)];
}

void Sequence::load()
{
    // Weights trained in FP32 (AMP keeps them so) need no conversion: built as they stay.
    const bool converted = m_params.bucket < 4 * m_params.elements;
    if (m_s.overhead.loadPath == LoadPath::Fp32OnGpu && converted) {
        // nn.Module constructors under torch.device("cuda"): the whole model in FP32 first; the
        // cast (model.to(dtype)) or the quantization then makes each tensor's copy and frees the
        // FP32 one, so the converted tensors land in the blocks the FP32 ones leave.
        for (int i = 0; i < m_params0; ++i)
            alloc(handle(m_fp32Base, i), narrow(4 * paramElements(i)));
        for (int i = 0; i < m_params0; ++i) {
            alloc(handle(m_paramBase, i), m_params.of(paramElements(i)));
            release(handle(m_fp32Base, i));
        }
    } else {
        for (int i = 0; i < m_params0; ++i)
            alloc(handle(m_paramBase, i), m_params.of(paramElements(i)));
    }
    // Frozen models beside the policy (a reference model, a colocated engine), layer by layer.
    if (m_b.frozenModels > bytes(0))
        for (int l = 0; l < m_layers; ++l)
            alloc(handle(m_frozenBase, l), narrow(quotient(countOf(m_b.frozenModels), m_layers)));
    // The FP32 master copy (DeepSpeed, Megatron, torchtune's none) exists from the start.
    if (m_b.masterWeights > bytes(0))
        for (int i = 0; i < m_trainable; ++i)
            alloc(handle(m_masterBase, i), m_master.of(trainableElements(i)));
}

// A layer's scratch is several tensors (the scores before softmax, their FP32 copy, the
// gradients of the largest saved tensors), each at most the size of the largest tensor the
// layer saves: emulated as that many equal pieces, so that they fit the blocks those free.
void Sequence::allocScratch(int slot, Bytes scratch)
{
    const Count total = countOf(scratch);
    const Count piece = m_largestItem > 0 ? m_largestItem : total;
    const int pieces = total > 0 ? static_cast<int>(std::clamp<Count>(ceilQuotient(total, piece), 1, kScratchPieces)) : 0;
    for (int i = 0; i < pieces; ++i)
        alloc(handle(m_scratch, slot * kScratchPieces + i), narrow(quotient(total, pieces)));
}

void Sequence::releaseScratch(int slot)
{
    for (int i = 0; i < kScratchPieces; ++i)
        release(handle(m_scratch, slot * kScratchPieces + i));
}

void Sequence::forwardLayer(int set)
{
    const ActivationEstimate &a = m_b.activationDetail;
    const int base = m_itemBase + set * m_itemsPerSet;
    // The saved tensors in order, the scratch coming and going halfway (after the projections,
    // around the attention core).
    Count done = 0;
    bool scratched = false;
    for (int k = 0; k < m_itemsPerSet; ++k) {
        const ActivationItem &item = m_t.items[static_cast<std::size_t>(k)];
        if (item.scope != ItemScope::Layer || item.recomputed)
            continue;
        if (!scratched && 2 * done >= m_heldPerLayer) {
            allocScratch(0, a.layerForwardTransient);
            releaseScratch(0);
            scratched = true;
        }
        alloc(handle(base, k), narrow(countOf(item.bytes)));
        done += countOf(item.bytes);
        // Activation offloading: the tensor is copied to pinned host memory as it is saved.
        if (m_s.stack.activationOffload)
            release(handle(base, k));
    }
    if (!scratched) {
        allocScratch(0, a.layerForwardTransient);
        releaseScratch(0);
    }
}

void Sequence::backwardLayer(int set)
{
    const ActivationEstimate &a = m_b.activationDetail;
    const int base = m_itemBase + set * m_itemsPerSet;
    // Checkpointing: the layer's forward is run again, its dropped tensors saved anew;
    // offloading: its tensors come back from the host.
    allocScratch(1, a.layerForwardTransient);
    for (int k = 0; k < m_itemsPerSet; ++k) {
        const ActivationItem &item = m_t.items[static_cast<std::size_t>(k)];
        if (item.scope == ItemScope::Layer && (item.recomputed || m_s.stack.activationOffload))
            alloc(handle(base, k), narrow(countOf(item.bytes)));
    }
    releaseScratch(1);
    allocScratch(2, a.layerBackwardTransient);
    // The layer's saved tensors freed last first, its weights' gradients appearing among them.
    const int layer = set % m_layers;
    const int first = firstTrainableOfLayer(layer);
    const int count = m_lora ? m_perLayerTrainable : m_perLayerParams;
    int given = 0;
    int layerItems = 0;
    for (int k = 0; k < m_itemsPerSet; ++k)
        if (m_t.items[static_cast<std::size_t>(k)].scope == ItemScope::Layer)
            ++layerItems;
    int seen = 0;
    for (int k = m_itemsPerSet - 1; k >= 0; --k) {
        const ActivationItem &item = m_t.items[static_cast<std::size_t>(k)];
        if (item.scope != ItemScope::Layer)
            continue;
        ++seen;
        const int due = layerItems > 0 ? (count * seen) / layerItems : count;
        for (; given < due; ++given)
            allocGrad(first + count - 1 - given);
        release(handle(base, k));
    }
    for (; given < count; ++given)
        allocGrad(first + count - 1 - given);
    releaseScratch(2);
}

void Sequence::step(bool first)
{
    const ActivationEstimate &a = m_b.activationDetail;
    const int outsideBase = m_itemBase + m_layerSets * m_itemsPerSet;
    auto outsideItems = [&](bool head, bool allocate) {
        for (int k = 0; k < m_itemsPerSet; ++k) {
            const ActivationItem &item = m_t.items[static_cast<std::size_t>(k)];
            if (item.scope != ItemScope::Outside)
                continue;
            const bool isHead = item.region == "final_norm" || item.region == "lm_head" || item.region == "loss";
            if (isHead != head)
                continue;
            if (allocate)
                alloc(handle(outsideBase, k), narrow(countOf(item.bytes)));
            else
                release(handle(outsideBase, k));
        }
    };
    if (m_b.generationTransient > bytes(0)) {
        alloc(handle(m_scratch, 3 * kScratchPieces), narrow(countOf(m_b.generationTransient)));
        release(handle(m_scratch, 3 * kScratchPieces));
    }
    // Forward.
    outsideItems(false, true);
    alloc(handle(m_scratch, 4 * kScratchPieces), narrow(countOf(a.forwardCache)));
    for (int set = 0; set < m_layerSets; ++set)
        forwardLayer(set);
    outsideItems(true, true);
    alloc(handle(m_scratch, 5 * kScratchPieces), narrow(countOf(a.lossForwardTransient)));
    release(handle(m_scratch, 5 * kScratchPieces));
    release(handle(m_scratch, 4 * kScratchPieces));
    if (m_b.scoringTransient > bytes(0)) {
        alloc(handle(m_scratch, 6 * kScratchPieces), narrow(countOf(m_b.scoringTransient)));
        release(handle(m_scratch, 6 * kScratchPieces));
    }
    // Backward: the loss's gradient, the head's tensors and gradients, then the layers.
    alloc(handle(m_scratch, 7 * kScratchPieces), narrow(countOf(a.backwardTransient)));
    outsideItems(true, false);
    if (!m_lora)
        for (int i = m_trainable - 1; i >= m_trainable - static_cast<int>(m_t.head.size()); --i)
            allocGrad(i);
    release(handle(m_scratch, 7 * kScratchPieces));
    for (int set = m_layerSets - 1; set >= 0; --set)
        backwardLayer(set);
    outsideItems(false, false);
    if (!m_lora)
        for (int i = static_cast<int>(m_t.embedding.size()) - 1; i >= 0; --i)
            allocGrad(i);
    // Optimizer step: the states appear in the first; the temporaries come and go.
    if (first && m_b.optimizerStates > bytes(0))
        for (int i = 0; i < m_trainable; ++i) {
            alloc(handle(m_stateBase, 2 * i), m_states.of(trainableElements(i)) / 2);
            alloc(handle(m_stateBase, 2 * i + 1), m_states.of(trainableElements(i)) - m_states.of(trainableElements(i)) / 2);
        }
    alloc(handle(m_scratch, 8 * kScratchPieces), narrow(countOf(m_b.stepBuffers)));
    if (m_temps.bucket > 0) {
        if (m_s.training.precision.optimizer == Optimizer::AdamW || m_s.training.precision.optimizer == Optimizer::Adam) {
            for (int i = 0; i < m_trainable; ++i)
                alloc(handle(m_tempBase, i), m_temps.of(trainableElements(i)));
            for (int i = 0; i < m_trainable; ++i)
                release(handle(m_tempBase, i));
        } else {
            alloc(handle(m_scratch, 9 * kScratchPieces), narrow(m_temps.bucket / 2));
            alloc(handle(m_scratch, 10 * kScratchPieces), narrow(m_temps.bucket - m_temps.bucket / 2));
            release(handle(m_scratch, 9 * kScratchPieces));
            release(handle(m_scratch, 10 * kScratchPieces));
        }
    }
    release(handle(m_scratch, 8 * kScratchPieces));
    if (!m_keepGrads)
        for (int i = 0; i < m_trainable; ++i)
            if (m_gradLive[static_cast<std::size_t>(i)]) {
                release(handle(m_gradBase, i));
                m_gradLive[static_cast<std::size_t>(i)] = false;
            }
}

ReservedMemory Sequence::run()
{
    layout();
    ReservedMemory r;
    if (!m_e.ok())
        return r;
    m_gradLive.assign(static_cast<std::size_t>(m_trainable), false);
    load();
    const CachingAllocatorCounters loaded = m_e.counters();
    r.loadingReserved = bytes(loaded.peakReserved);
    r.loadingAllocatedPeak = bytes(loaded.peakAllocated);
    // Three steps: the first creates the optimizer states; the allocator's cache settles by the
    // third, whose peaks (after reset_peak_memory_stats) are the steady state's.
    step(true);
    m_e.resetPeaks();
    step(false);
    if (!m_e.ok())
        return r;
    const CachingAllocatorCounters &c = m_e.counters();
    r.emulated = true;
    r.allocatedPeak = bytes(c.peakAllocated);
    r.reservedPeak = bytes(std::max(c.peakReserved, loaded.peakReserved));
    r.segments = c.segments;
    r.tensors = m_requests;
    return r;
}

} // namespace

ReservedMemory emulateReserved(const Scenario &s, const Breakdown &b)
{
    if (s.activations.model != ActivationModelKind::Transformer)
        return {};
    CachingAllocatorEmulator &e = emulatorOfThisThread();
    e.reset(s.overhead.expandableSegments);
    return Sequence(s, b, listsOfThisThread(), e).run();
}

namespace {

// A value's bytes as a memo key: zeroed storage, then the value copied in, so that two keys made
// of equal values compare equal byte for byte wherever the copy leaves padding alone, and equal
// bytes always mean equal values (a miss costs one emulation, never a wrong answer).
template<typename T>
struct KeyBytes
{
    alignas(T) unsigned char bytes[sizeof(T)];
    explicit KeyBytes(const T &value)
    {
        std::memset(bytes, 0, sizeof(T));
        new (bytes) T(value);
    }
    bool operator==(const KeyBytes &o) const { return std::memcmp(bytes, o.bytes, sizeof(T)) == 0; }
};

struct FiguresMemo
{
    KeyBytes<Scenario> scenario;
    KeyBytes<Breakdown> breakdown;
    MemoryFigures figures;
};

MemoryFigures computeFigures(const Scenario &s, const Breakdown &b);

} // namespace

MemoryFigures memoryFigures(const Scenario &s, const Breakdown &b)
{
    // The views of one scenario (the verdict, the derivation, each chart) ask for the same
    // figures in one refresh: the last few are kept per thread.
    constexpr std::size_t kKept = 8;
    thread_local std::vector<FiguresMemo> kept = [] {
        std::vector<FiguresMemo> v;
        v.reserve(kKept);
        return v;
    }();
    thread_local std::size_t next = 0;
    const KeyBytes<Scenario> scenarioKey(s);
    const KeyBytes<Breakdown> breakdownKey(b);
    for (const FiguresMemo &m : kept)
        if (m.scenario == scenarioKey && m.breakdown == breakdownKey)
            return m.figures;
    const MemoryFigures f = computeFigures(s, b);
    if (kept.size() < kKept)
        kept.push_back({ scenarioKey, breakdownKey, f });
    else
        kept[next] = { scenarioKey, breakdownKey, f };
    next = (next + 1) % kKept;
    return f;
}

namespace {

MemoryFigures computeFigures(const Scenario &s, const Breakdown &b)
{
    MemoryFigures f;
    f.allocated = allocatedPeak(s, b);
    f.context = s.overhead.cudaContext;
    if (s.overhead.reserveModelled()) {
        f.emulation = emulateReserved(s, b);
        f.cacheModelled = f.emulation.emulated;
        f.cache = f.emulation.cache();
    } else {
        f.cache = s.overhead.allocatorReserve;
    }
    f.reserved = f.allocated + f.cache;
    f.device = f.reserved + f.context;
    return f;
}

} // namespace

Bytes allocatedPeak(const Scenario &s, const Breakdown &b)
{
    const Bytes fixed = s.overhead.total();
    return b.peak > fixed ? b.peak - fixed : bytes(0);
}

Bytes comparedPeak(const Scenario &s, const Breakdown &b)
{
    if (s.gpu.compared == PeakFigure::Allocated || !s.overhead.reserveModelled())
        return comparedFloor(s, b);
    if (!tCurrentScope)
        return memoryFigures(s, b).of(s.gpu.compared);
    return comparedFloor(s, b) + searchCache(s, b);
}

Bytes comparedFloor(const Scenario &s, const Breakdown &b)
{
    const Bytes allocated = allocatedPeak(s, b);
    switch (s.gpu.compared) {
    case PeakFigure::Allocated:
        return allocated;
    case PeakFigure::Reserved:
        return allocated + (s.overhead.reserveModelled() ? bytes(0) : s.overhead.allocatorReserve);
    case PeakFigure::Device:
        return b.peak;
    }
    return b.peak;
}

CacheShareScope::CacheShareScope(const Scenario &base)
    : m_outer(tCurrentScope)
{
    // An enclosing search's share holds (a table of GPUs runs a search per card and strategy);
    // only where the cache is emulated: a given reserve or the allocated figure need none.
    if (m_outer) {
        m_cache = m_outer->m_cache;
        m_allocated = m_outer->m_allocated;
    } else if (base.overhead.reserveModelled() && base.gpu.compared != PeakFigure::Allocated) {
        const MemoryFigures f = memoryFigures(base, estimate(base));
        m_cache = countOf(f.cache);
        m_allocated = countOf(f.allocated);
    }
    tCurrentScope = this;
}

CacheShareScope::CacheShareScope(const Scenario &base, Rebase)
    : m_outer(tCurrentScope)
{
    if (base.overhead.reserveModelled() && base.gpu.compared != PeakFigure::Allocated) {
        const MemoryFigures f = memoryFigures(base, estimate(base));
        m_cache = countOf(f.cache);
        m_allocated = countOf(f.allocated);
    }
    tCurrentScope = this;
}

CacheShareScope::~CacheShareScope()
{
    tCurrentScope = m_outer;
}

Bytes searchCache(const Scenario &s, const Breakdown &b)
{
    const CacheShareScope *scope = tCurrentScope;
    if (!scope)
        return memoryFigures(s, b).cache;
    const Count allocated = countOf(allocatedPeak(s, b));
    return scope->m_allocated > 0 ? bytes(quotient(scope->m_cache * allocated, scope->m_allocated)) : bytes(scope->m_cache);
}

bool fitsGpu(const Scenario &s, const MemoryFigures &f)
{
    return s.gpu.capacity > bytes(0) && f.of(s.gpu.compared) <= s.gpu.capacity;
}

} // namespace headroom
