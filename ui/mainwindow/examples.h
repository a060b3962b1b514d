// Example queries: those built into the program, else the installed or source ones.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QStringList>

namespace wb {

// Paths (resource or file) of the example queries, sorted by file name.
QStringList exampleQueries();
// "Pin through two pieces" from "pin-through-two.cql".
QString exampleTitle(const QString &path);

} // namespace wb
