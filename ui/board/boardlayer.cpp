// Colours for board overlay layers.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "boardlayer.h"

namespace wb {

QList<QColor> layerPalette(int n)
{
    // Hues spread around the wheel, skipping the board's own browns where possible.
    static const int hues[] = {210, 0, 120, 280, 30, 180, 320, 60, 240, 150, 350, 90};
    QList<QColor> out;
    out.reserve(n);
    for (int i = 0; i < n; ++i) {
        const int hue = hues[i % 12];
        const int light = i < 12 ? 130 : 100;
        out.append(QColor::fromHsl(hue, 200, light, 150));
    }
    return out;
}

} // namespace wb
