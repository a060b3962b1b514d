// Finds matching brackets, ignoring those inside strings and comments.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "brackets.h"

#include <QList>

namespace wb {

namespace {

// true for each character that is code (not inside a string or comment).
QList<bool> codeMask(const QString &text)
{
    const int n = int(text.size());
    QList<bool> code(n, true);
    int i = 0;
    while (i < n) {
        const QChar c = text.at(i);
        const QChar next = i + 1 < n ? text.at(i + 1) : QChar();
        int end = -1;
        if (c == QLatin1Char('/') && next == QLatin1Char('*')) {
            end = int(text.indexOf(QLatin1String("*/"), i + 2));
            end = end < 0 ? n : end + 2;
        } else if ((c == QLatin1Char('/') && next == QLatin1Char('/')
                    && !(i + 2 < n && text.at(i + 2) == QLatin1Char('/')))
                   || c == QLatin1Char(';')) {
            end = int(text.indexOf(QLatin1Char('\n'), i));
            end = end < 0 ? n : end;
        } else if (c == QLatin1Char('"')) {
            int j = i + 1;
            while (j < n && text.at(j) != QLatin1Char('"') && text.at(j) != QLatin1Char('\n'))
                j += text.at(j) == QLatin1Char('\\') ? 2 : 1;
            end = qMin(j + 1, n);
        }
        if (end < 0) {
            i += (c == QLatin1Char('/') && next == QLatin1Char('/')) ? 3 : 1;
            continue;
        }
        for (int k = i; k < end; ++k)
            code[k] = false;
        i = end;
    }
    return code;
}

} // namespace

bool isBracket(QChar c) { return QStringLiteral("{}()[]").contains(c); }

int findMatchingBracket(const QString &text, int pos)
{
    if (pos < 0 || pos >= text.size() || !isBracket(text.at(pos))) return -1;
    const QList<bool> code = codeMask(text);
    if (!code[pos]) return -1;
    static const QString open = QStringLiteral("{([");
    static const QString close = QStringLiteral("})]");
    const QChar c = text.at(pos);
    const bool forward = open.contains(c);
    const QChar self = c;
    const QChar partner = forward ? close.at(open.indexOf(c)) : open.at(close.indexOf(c));
    int depth = 0;
    const int step = forward ? 1 : -1;
    for (int i = pos; i >= 0 && i < text.size(); i += step) {
        if (!code[i]) continue;
        const QChar x = text.at(i);
        if (x == self)
            ++depth;
        else if (x == partner && --depth == 0)
            return i;
    }
    return -1;
}

} // namespace wb
