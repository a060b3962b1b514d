// How NAGs are written in the notation ($1 -> "!", $14 -> "⩲").
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

namespace wb {

// The symbol for a NAG; "$n" for those without one.
QString nagText(int nag);
// True for move-quality NAGs ($1..$6), written right after the move.
inline bool isMoveSuffixNag(int nag) { return nag >= 1 && nag <= 6; }

} // namespace wb
