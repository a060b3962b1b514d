// Where an installed cqlwb finds its data files (share/cqlwb).
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

namespace wb {

// The folder `sub` of the installed data (examples, translations), found
// relative to the program, so an installation works under any prefix and
// from a DESTDIR. From the build tree the folder does not exist.
QString installedDataPath(const QString &sub);

} // namespace wb
