// Light, dark or system colours for the whole application.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

namespace wb {

enum class Theme { System, Light, Dark };

Theme themeFromString(const QString &name); // "light", "dark", anything else: System
QString themeToString(Theme theme);
// Sets the style and palette of the running application.
void applyTheme(Theme theme);

} // namespace wb
