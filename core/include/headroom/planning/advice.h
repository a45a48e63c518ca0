#pragma once

// What to change first when a run does not fit, in the article's order (section 4.2: reduce the
// micro-batch, turn on activation checkpointing, ZeRO or CPU offload, then LoRA / QLoRA), each
// step applied to the scenario and measured with estimate().

#include <headroom/memory/scenario.h>
#include <headroom/memory/units.h>

namespace headroom {

enum class AdviceKind { ReduceMicroBatch, EnableCheckpointing, ZeroStage, Offload, Lora, Qlora };
struct Advice { AdviceKind kind; Scenario after; Bytes saving; bool fitsAfter; };

//! Advice in the article's order (section 4.2), each applied to the scenario, with its saving in bytes; returns how many were written (<= capacity). No allocation.
/*!
 * The steps build on each other, as a rescue does: each starts from the previous step's
 * scenario, \a saving is the previous peak minus this step's peak, and the list ends at the
 * first step after which the run fits (nothing is advised when it already fits, or without a
 * GPU). A step that does not lower the peak is left out.
 *  - ReduceMicroBatch (B > 1): the largest divisor of B that fits (1 if none does), with
 *    gradient accumulation multiplied by the same factor so the global batch is unchanged;
 *    accumulation itself saves no memory.
 *  - EnableCheckpointing: full activation recomputation (model.gradient_checkpointing_enable();
 *    about 20-30 % more compute, 8 P instead of 6 P FLOPs per token).
 *  - ZeroStage (only with more than one data-parallel replica): the lowest higher stage that
 *    fits, else stage 3.
 *  - Offload: optimizer offload at stage >= 2 (DeepSpeed ZeRO-Offload, also on one GPU); if
 *    that does not fit, stage 3 with parameters offloaded too.
 *  - Lora, then Qlora: adapters (the scenario's rank and targets, q and v by default) on a
 *    frozen 16-bit base, then on a 4-bit NF4 base.
 */
int advise(const Scenario &s, Advice *out, int capacity);

//! Most entries advise() can write.
inline constexpr int kMaxAdvice = 6;

//! Largest divisor of \a n that is at most \a limit (1 when \a limit < 1).
Count largestDivisorAtMost(Count n, Count limit);

} // namespace headroom
