// Adds or removes "// " on lines.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "commenttoggle.h"

#include <climits>

namespace wb {

namespace {

int indentOf(const QString &line)
{
    int i = 0;
    while (i < line.size() && (line.at(i) == QLatin1Char(' ') || line.at(i) == QLatin1Char('\t')))
        ++i;
    return i;
}

bool isBlank(const QString &line) { return line.trimmed().isEmpty(); }

bool isCommented(const QString &line)
{
    const QStringView rest = QStringView(line).mid(indentOf(line));
    return rest.startsWith(QLatin1String("//")) && !rest.startsWith(QLatin1String("///"));
}

} // namespace

QStringList toggleLineComments(const QStringList &lines)
{
    bool allCommented = true;
    bool any = false;
    int indent = INT_MAX;
    for (const QString &line : lines) {
        if (isBlank(line)) continue;
        any = true;
        allCommented = allCommented && isCommented(line);
        indent = qMin(indent, indentOf(line));
    }
    if (!any) return lines;
    QStringList out;
    out.reserve(lines.size());
    for (const QString &line : lines) {
        if (isBlank(line)) {
            out << line;
            continue;
        }
        QString l = line;
        if (allCommented) {
            const int at = indentOf(l);
            int len = 2;
            if (at + 2 < l.size() && l.at(at + 2) == QLatin1Char(' ')) len = 3;
            l.remove(at, len);
        } else {
            l.insert(indent, QLatin1String("// "));
        }
        out << l;
    }
    return out;
}

} // namespace wb
