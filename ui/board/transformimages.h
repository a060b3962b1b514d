// The images of a square set under a CQL transform, as board layers
// (e.g. the 8 images of Qc2 under flip), so users can see what a transform covers.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "boardlayer.h"

#include <QStringList>

namespace wb {

// Transform names offered: "flip", "flipvertical", "fliphorizontal", "flipcolor", "rotate90".
QStringList transformNames();
// One layer per distinct image, the identity first; empty for an unknown name.
BoardLayers transformImages(const QString &transform, chess::SquareSet squares);

} // namespace wb
