// Line comment toggling ("// ") for a range of lines.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QStringList>

namespace wb {

// Comments every non-blank line at their common indentation, or uncomments
// them all when every non-blank line already starts with "//" ("///" is a
// CQL filter, not a comment, and counts as uncommented). Blank lines stay.
QStringList toggleLineComments(const QStringList &lines);

} // namespace wb
