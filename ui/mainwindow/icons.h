// Toolbar and menu icons from resources/icons, tinted to the palette.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QIcon>
#include <QPalette>

namespace wb {

// name: file name without .svg. Monochrome icons take the palette's button
// text colour (so they read on light and dark themes); coloured ones keep theirs.
QIcon themedIcon(const QString &name, const QPalette &palette);

} // namespace wb
