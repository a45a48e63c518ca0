#pragma once

// The trained parameters by tensor size, for the frameworks whose memory depends on it:
//  - DeepSpeed ZeRO-3 never partitions a parameter of at most stage3_param_persistence_threshold
//    elements (partition_parameters.py L1111-1116): it stays whole on every GPU;
//  - bitsandbytes keeps FP32 states for tensors under min_8bit_size = 4096 elements and pages
//    only the states of tensors of at least 1e5 elements (optim/optimizer.py L319-337,
//    L348-413);
//  - an optimizer stepping in backward, or a paged one, works one tensor at a time.
// Each nn.Module's weight and bias are separate tensors, and so is each expert's matrix.

#include <headroom/memory/scenario.h>

namespace headroom {

inline constexpr Count kBnbMin8bitSize = 4096;
inline constexpr Count kBnbPagedMinSize = 100'000;

struct TensorSizes
{
    Count total = 0;       //!< elements of all trained tensors (the model, or the adapters)
    Count below8bit = 0;   //!< of them, in tensors of fewer than 4096 elements
    Count paged = 0;       //!< in tensors of at least 1e5 elements
    Count persistent = 0;  //!< in tensors of at most the persistence threshold
    Count largest = 0;     //!< the largest one tensor
    //! The frozen base's tensors of at most the persistence threshold (LoRA), also kept whole.
    Count frozenPersistent = 0;
};

//! The scenario's trained tensors (the whole model, or the LoRA adapters) with \a persistence as
//! DeepSpeed's threshold. Counts are the architecture's, before a given P or model parallelism.
TensorSizes trainedTensorSizes(const Scenario &scenario, Count persistence);

} // namespace headroom
