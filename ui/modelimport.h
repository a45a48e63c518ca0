#pragma once

// Reading a Hugging Face model for the window: off the window's thread, since a checkpoint
// folder's safetensors headers can take seconds (hfconfig.h, safetensors.h), with a progress
// dialog whose Cancel stops the reading between shards. The window keeps drawing meanwhile.

#include <QString>

#include <headroom/io/hfconfig.h>

class QWidget;

namespace headroom {

/*!
 * Reads \a path as readHfConfig() does, on a worker thread, while a window-modal progress
 * dialog (shown after a moment, for a long read) counts the shards and offers Cancel. Returns
 * when the read is over; cancelled, the error's checkpoint code is CheckpointError::Cancelled.
 */
HfConfigError readModelInBackground(QWidget *parent, const QString &path, HfModel &out);

} // namespace headroom
