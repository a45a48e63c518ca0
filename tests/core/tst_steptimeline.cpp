// The step timeline: each point worked out by hand from given buckets, the gradient-lifetime
// assumption, the optimizer's temporaries, and estimate()'s peak taken from it.

#include <QtTest>

#include <headroom/memory/estimate.h>
#include <headroom/memory/steptimeline.h>

using namespace headroom;

namespace {

// A tiny untied LLaMA: L = 2, H = 4, A = KV = 1, F = 8, V = 10. Parameters (model.h): embedding
// 40; per layer q 16 + k 16 + v 16 + o 16 + MLP 3 x 32 + norms 8 = 168; final norm 4; LM head
// 40: 420 in all. The head's share is 44, a layer's 168, the embedding's 40.
Scenario tiny()
{
    Scenario s;
    s.model.family = BlockFamily::Llama;
    s.model.layers = 2;
    s.model.hidden = 4;
    s.model.heads = 1;
    s.model.ffn = 8;
    s.model.vocab = 10;
    s.activations.model = ActivationModelKind::Transformer;
    return s;
}

// Buckets chosen by hand (not computed): states 840 + 1680 + 3360 + overhead 1000 = 6880
// without gradients; layers 2000 (1000 a layer), outside 500 of which 300 above the layers.
Breakdown handBreakdown()
{
    Breakdown b;
    b.parameters = bytes(840);
    b.gradients = bytes(840);
    b.masterWeights = bytes(1680);
    b.optimizerStates = bytes(3360);
    b.overhead = bytes(1000);
    ActivationEstimate &a = b.activationDetail;
    a.layers = bytes(2000);
    a.outside = bytes(500);
    a.outsideHead = bytes(300);
    a.lossForwardTransient = bytes(400);
    a.backwardTransient = bytes(800);
    a.layerForwardTransient = bytes(50);
    a.layerBackwardTransient = bytes(120);
    b.activations = a.total();
    return b;
}

Count totalAt(const StepTimeline &t, TimelineEvent e)
{
    for (const TimelinePoint &p : t)
        if (p.event == e)
            return countOf(p.total());
    return -1;
}

} // namespace

class TestStepTimeline : public QObject
{
    Q_OBJECT

private slots:
    void pointsByHand()
    {
        // Gradients allocated in backward (zero_grad(set_to_none=True)); the master copy means
        // a fused optimizer, so no optimizer temporaries.
        const StepTimeline t = stepTimeline(tiny(), handBreakdown(), GradientLifetime::AllocatedInBackward);
        // Every event but a frozen model's forward and the rollouts' generation, which a
        // supervised run has not.
        QCOMPARE(t.count, kTimelineEventCount - 3);
        QCOMPARE(totalAt(t, TimelineEvent::StepStart), Count(6880));
        // embedding/shared 200 + layers 2000 + one layer's scratch 50
        QCOMPARE(totalAt(t, TimelineEvent::LayersForward), Count(6880 + 2250));
        // everything saved 2500 + logits 400
        QCOMPARE(totalAt(t, TimelineEvent::LossForward), Count(6880 + 2900));
        QCOMPARE(totalAt(t, TimelineEvent::ForwardEnd), Count(6880 + 2500));
        // everything saved 2500 + the loss's gradients 800
        QCOMPARE(totalAt(t, TimelineEvent::LossBackward), Count(6880 + 3300));
        // head and top layer's gradients 840 x (44 + 168) / 420 = 424; embedding part 200 +
        // both layers 2000 + scratch 120
        QCOMPARE(totalAt(t, TimelineEvent::TopLayerBackward), Count(6880 + 424 + 2320));
        // 840 x (44 + 336) / 420 = 760; 200 + one layer 1000 + 120
        QCOMPARE(totalAt(t, TimelineEvent::BottomLayerBackward), Count(6880 + 760 + 1320));
        QCOMPARE(totalAt(t, TimelineEvent::BackwardEnd), Count(6880 + 840));
        QCOMPARE(totalAt(t, TimelineEvent::OptimizerStep), Count(6880 + 840));
        QCOMPARE(totalAt(t, TimelineEvent::StepEnd), Count(6880));
        QCOMPARE(countOf(t.peak()), Count(10180));
        QCOMPARE(t.peakPoint().event, TimelineEvent::LossBackward);
        QCOMPARE(t.peakPhase(), StepPhase::Backward);
    }

    void keptGradients()
    {
        // zero_grad(set_to_none=False) or accumulation: the 840 bytes of gradients are live at
        // every point, so the peak is 10180 + 840.
        const StepTimeline t = stepTimeline(tiny(), handBreakdown(), GradientLifetime::KeptBetweenSteps);
        QCOMPARE(totalAt(t, TimelineEvent::StepStart), Count(6880 + 840));
        QCOMPARE(totalAt(t, TimelineEvent::StepEnd), Count(6880 + 840));
        QCOMPARE(countOf(t.peak()), Count(11020));
        Scenario s = tiny();
        QCOMPARE(gradientLifetime(s), GradientLifetime::AllocatedInBackward);
        s.training.gradAccumSteps = 4;
        QCOMPARE(gradientLifetime(s), GradientLifetime::KeptBetweenSteps);
    }

    void recomputedLayer()
    {
        // Full recompute: the layers hold 2 x 100 of inputs; one layer's 900 is rebuilt, and its
        // forward scratch (500 here) is larger than the backward scratch (120).
        Scenario s = tiny();
        s.training.recompute = Recompute::Full;
        Breakdown b = handBreakdown();
        b.activationDetail.layers = bytes(200);
        b.activationDetail.recompute = bytes(900);
        b.activationDetail.layerForwardTransient = bytes(500);
        const StepTimeline t = stepTimeline(s, b, GradientLifetime::AllocatedInBackward);
        // 424 gradients + embedding part 200 + both inputs 200 + rebuilt 900 + scratch 500
        QCOMPARE(totalAt(t, TimelineEvent::TopLayerBackward), Count(6880 + 424 + 1800));
        // 760 gradients + 200 + one input 100 + 900 + 500
        QCOMPARE(totalAt(t, TimelineEvent::BottomLayerBackward), Count(6880 + 760 + 1700));
    }

    void optimizerTemporaries()
    {
        // torch.optim.AdamW, foreach: sqrt(exp_avg_sq) for all parameters at once, one moment's
        // size (3360 / 2 = 1680) - only without a master copy (amp, fp32, pure recipes).
        Scenario s = tiny();
        s.training.precision.recipe = Recipe::AmpBf16;
        s.stack.fusedOptimizer = false; // torch.optim's default foreach, as the HF Trainer runs it
        Breakdown b = handBreakdown();
        b.masterWeights = bytes(0);
        StepTimeline t = stepTimeline(s, b, GradientLifetime::AllocatedInBackward);
        QCOMPARE(totalAt(t, TimelineEvent::OptimizerStep), Count(5200 + 840 + 1680));
        // A fused optimizer (torchtune's fused=True, Megatron's) updates in place.
        s.stack.fusedOptimizer = true;
        t = stepTimeline(s, b, GradientLifetime::AllocatedInBackward);
        QCOMPARE(totalAt(t, TimelineEvent::OptimizerStep), Count(5200 + 840));
        // DeepSpeed ZeRO-3's FP32 gradient of the sub-group being stepped comes on top (here a
        // hand-set 300 bytes).
        b.stepBuffers = bytes(300);
        t = stepTimeline(s, b, GradientLifetime::AllocatedInBackward);
        QCOMPARE(totalAt(t, TimelineEvent::OptimizerStep), Count(5200 + 840 + 300));
        b.stepBuffers = bytes(0);
        // Stepping in backward leaves the step point without temporaries, foreach or not.
        s.stack.fusedOptimizer = false;
        s.stack.optimizerInBackward = true;
        t = stepTimeline(s, b, GradientLifetime::AllocatedInBackward);
        QCOMPARE(totalAt(t, TimelineEvent::OptimizerStep), Count(5200 + 840));
        s.stack.optimizerInBackward = false;
        // Lion and Adafactor go parameter by parameter: two FP32 temporaries of the largest
        // matrix, here the V x H = 40 embedding: 2 x 4 x 40 = 320.
        s.training.precision.optimizer = Optimizer::Lion;
        t = stepTimeline(s, b, GradientLifetime::AllocatedInBackward);
        QCOMPARE(totalAt(t, TimelineEvent::OptimizerStep), Count(5200 + 840 + 320));
        s.training.precision.optimizer = Optimizer::SgdMomentum;
        t = stepTimeline(s, b, GradientLifetime::AllocatedInBackward);
        QCOMPARE(totalAt(t, TimelineEvent::OptimizerStep), Count(5200 + 840));
    }

    void estimatePeakFromTimeline()
    {
        // A run whose activations are negligible (B = S = 1) in FP32 with AdamW: the optimizer
        // step is the peak. LLaMA L = 2, H = 64, A = 4, F = 128, V = 1000 untied: embedding
        // 64,000; per layer 4 x 4096 + 3 x 8192 + 128 = 41,088; final norm 64; LM head
        // 64,000: P = 210,240. Weights, gradients 4P = 840,960 each, moments 8P = 1,681,920,
        // foreach temporary 4P = 840,960: 4,204,800.
        Scenario s;
        s.model.family = BlockFamily::Llama;
        s.model.layers = 2;
        s.model.hidden = 64;
        s.model.heads = 4;
        s.model.ffn = 128;
        s.model.vocab = 1000;
        s.training.microBatch = 1;
        s.training.sequence = 1;
        s.training.precision.recipe = Recipe::Fp32;
        s.activations.model = ActivationModelKind::Transformer;
        s.stack.fusedOptimizer = false; // torch.optim.AdamW's foreach default
        s.overhead = { bytes(0), bytes(0) };
        const Breakdown b = estimate(s);
        QCOMPARE(b.parameterCount, Count(210'240));
        QCOMPARE(countOf(b.peak), Count(4'204'800));
        QCOMPARE(b.peakPhase, StepPhase::OptimizerStep);
        QCOMPARE(b.peak, stepTimeline(s).peak());
        // The textbook model keeps every bucket resident for the whole step (the article's
        // convention, README) and has no implementation's temporaries: its peak is the plain
        // sum, 16 B x 210,240 parameters + 2 layers x 4 bytes x (19·64 + 3·4) = 3,363,840 +
        // 9,824 = 3,373,664 B, reached in forward once the activations are saved. (It was the
        // itemized 4,204,800 B, the foreach temporary included; issue 32, item 8.)
        s.activations.model = ActivationModelKind::Textbook;
        const Breakdown textbook = estimate(s);
        QCOMPARE(countOf(textbook.activations), Count(9'824));
        QCOMPARE(countOf(textbook.total()), Count(3'373'664));
        QCOMPARE(countOf(textbook.peak), Count(3'373'664));
        QCOMPARE(textbook.peakPhase, StepPhase::Forward);
        QCOMPARE(textbook.peak, stepTimeline(s).peak());
    }

    void eventNames()
    {
        QCOMPARE(timelineEventName(TimelineEvent::LossBackward), std::string_view("loss-backward"));
        QCOMPARE(timelineEventName(TimelineEvent::StepEnd), std::string_view("step-end"));
    }
};

QTEST_APPLESS_MAIN(TestStepTimeline)
#include "tst_steptimeline.moc"
