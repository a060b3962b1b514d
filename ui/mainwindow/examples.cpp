// Finds example queries in the resources or beside the program.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "examples.h"
#include "datadir.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>

namespace wb {

QStringList exampleQueries()
{
    const QStringList filters{QStringLiteral("*.cql"), QStringLiteral("*.cqls")};
    const QString app = QCoreApplication::applicationDirPath();
    // Built in first; then an installed share directory or the source tree
    // (examples added after the program was built).
    for (const QString &dir : {QStringLiteral(":/examples"), installedDataPath(QStringLiteral("examples")),
                               app + QStringLiteral("/../../resources/examples")}) {
        QDir d(dir);
        const QStringList files = d.entryList(filters, QDir::Files, QDir::Name);
        if (files.isEmpty()) continue;
        QStringList out;
        for (const QString &f : files)
            out << d.filePath(f);
        return out;
    }
    return {};
}

QString exampleTitle(const QString &path)
{
    // A first comment line "// Title" names the example; else the file name.
    QFile f(path);
    if (f.open(QIODevice::ReadOnly | QIODevice::Text)) {
        const QString first = QString::fromUtf8(f.readLine()).trimmed();
        if (first.startsWith(QLatin1String("//")) && first.size() > 3 && first.size() < 80)
            return first.mid(2).trimmed();
    }
    QString name = QFileInfo(path).completeBaseName();
    name.replace(QLatin1Char('-'), QLatin1Char(' ')).replace(QLatin1Char('_'), QLatin1Char(' '));
    if (!name.isEmpty()) name[0] = name[0].toUpper();
    return name;
}

} // namespace wb
