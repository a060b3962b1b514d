// Where an installed cqlwb finds its data files.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "datadir.h"

#include <QCoreApplication>
#include <QDir>

#ifndef CQLWB_DATADIR_FROM_BINDIR
#define CQLWB_DATADIR_FROM_BINDIR "../share/cqlwb"
#endif

namespace wb {

QString installedDataPath(const QString &sub)
{
    return QDir::cleanPath(QCoreApplication::applicationDirPath() + QLatin1Char('/')
                           + QStringLiteral(CQLWB_DATADIR_FROM_BINDIR) + QLatin1Char('/') + sub);
}

} // namespace wb
