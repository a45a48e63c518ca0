#pragma once

// Test helpers for hybrid models' mixer layers (tst_hybridlayers, tst_hybridadapters,
// tst_shortconv): a small block, a run under the itemized model, and what one layer of its list
// holds under a name prefix.

#include <cstring>
#include <string_view>
#include <vector>

#include <QtGlobal>

#include <headroom/memory/activationmodel.h>
#include <headroom/memory/model.h>
#include <headroom/memory/scenario.h>

namespace headroom::test {

//! A small LLaMA block with q/k norms (H 64, 4 heads of 16, 2 KV heads, F 128, 4 layers, V 1,000);
//! the mixer is the caller's.
inline ModelSpec smallQkNormBlock()
{
    ModelSpec m;
    m.family = BlockFamily::Llama;
    m.layers = 4;
    m.hidden = 64;
    m.heads = 4;
    m.kvHeads = 2;
    m.headDim = 16;
    m.ffn = 128;
    m.vocab = 1000;
    m.qkNorm = true;
    return m;
}

//! A run of \a model under the itemized model with flash attention.
inline Scenario hybridRunOf(const ModelSpec &model, Count batch, Count sequence, Recipe recipe)
{
    Scenario s;
    s.model = model;
    s.training.microBatch = batch;
    s.training.sequence = sequence;
    s.training.precision.recipe = recipe;
    s.activations.model = ActivationModelKind::Transformer;
    s.activations.attention = AttentionKernel::Flash;
    return s;
}

//! What one layer of the itemized list holds under names starting with \a prefix, in bytes; the
//! item named \a constantName, if any, goes to \a constant instead.
inline qint64 layerItemBytes(const Scenario &s, const char *prefix, qint64 *constant = nullptr, const char *constantName = nullptr)
{
    std::vector<ActivationItem> items;
    activationModel(ActivationModelKind::Transformer).itemize(s, items);
    qint64 sum = 0;
    for (const ActivationItem &i : items) {
        const std::string_view name(i.name);
        if (i.scope != ItemScope::Layer || name.substr(0, std::strlen(prefix)) != prefix)
            continue;
        if (constantName && name == constantName) {
            if (constant)
                *constant = qint64(countOf(i.bytes));
            continue;
        }
        sum += qint64(countOf(i.bytes));
    }
    return sum;
}

} // namespace headroom::test
