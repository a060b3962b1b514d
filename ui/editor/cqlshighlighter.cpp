// The built-in highlighter's CQL-S rules: words read the way the CQL-S lexer
// reads them, and classified with the CQL-S front end's own designator and
// range readers, so what is coloured as a designator is one.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "cqlhighlighter.h"

#include "cql/cqls/designators.h"
#include "cql/cqls/keywordtable.h"

#include <algorithm>

namespace wb {

namespace {

bool isBlank(QChar c)
{
    return c == QLatin1Char(' ') || c == QLatin1Char('\t') || c == QLatin1Char('\r') || c == QLatin1Char('\f');
}

// ":check", "!:check", "position:check": the keyword's name, "" for none.
std::string keywordName(QStringView word)
{
    if (word.startsWith(QLatin1Char('!'))) word = word.mid(1);
    for (QLatin1String prefix :
         {QLatin1String("position:"), QLatin1String("match:"), QLatin1String("relation:"), QLatin1String(":")}) {
        if (word.startsWith(prefix) && word.size() > prefix.size())
            return word.mid(prefix.size()).toString().toStdString();
    }
    return {};
}

// "2010-10-27", ">=2010-10-27": the dates of :date.
bool isDateLike(QStringView word)
{
    while (
        !word.isEmpty()
        && (word.front() == QLatin1Char('<') || word.front() == QLatin1Char('>') || word.front() == QLatin1Char('=')))
        word = word.mid(1);
    if (word.isEmpty() || !word.front().isDigit()) return false;
    return std::all_of(word.begin(), word.end(),
                       [](QChar c) { return c.isDigit() || c == QLatin1Char('-') || c == QLatin1Char('.'); });
}

} // namespace

void CqlHighlighter::setCqls(bool cqls)
{
    if (cqls == m_cqls) return;
    m_cqls = cqls;
    rehighlight();
}

void CqlHighlighter::highlightCqlsBlock(const QString &text)
{
    setCurrentBlockState(Normal);
    const int n = int(text.size());
    bool listOpened = false; // the word after '(' may be a list head
    for (int i = 0; i < n;) {
        const QChar c = text.at(i);
        if (isBlank(c)) {
            ++i;
            continue;
        }
        if (c == QLatin1Char(';')) {
            setFormat(i, n - i, m_formats[Comment]);
            return;
        }
        if (c == QLatin1Char('(') || c == QLatin1Char(')')) {
            listOpened = c == QLatin1Char('(');
            ++i;
            continue;
        }
        if (c == QLatin1Char('"')) {
            int j = i + 1;
            while (j < n && text.at(j) != QLatin1Char('"'))
                ++j;
            j = qMin(j + 1, n);
            setFormat(i, j - i, m_formats[String]);
            i = j;
            listOpened = false;
            continue;
        }
        // A word runs to a blank or an unmatched ')'; brackets keep blanks in it.
        int j = i, paren = 0, bracket = 0;
        while (j < n) {
            const QChar d = text.at(j);
            if (bracket == 0 && (isBlank(d) || d == QLatin1Char(';'))) break;
            if (d == QLatin1Char('('))
                ++paren;
            else if (d == QLatin1Char(')') && paren-- == 0)
                break;
            else if (d == QLatin1Char('['))
                ++bracket;
            else if (d == QLatin1Char(']') && bracket > 0)
                --bracket;
            ++j;
        }
        const QStringView word = QStringView(text).mid(i, j - i);
        const std::string utf8 = word.toString().toStdString();
        const bool head = listOpened;
        listOpened = false;
        if (head
            && (word == QLatin1String("match") || word == QLatin1String("position")
                || word == QLatin1String("relation"))) {
            setFormat(i, j - i, m_formats[Keyword]);
        } else if (const std::string name = keywordName(word); !name.empty()) {
            if (cql::cqls::findKeyword(name)) setFormat(i, j - i, m_formats[CqlsKeyword]);
        } else {
            cql::cqls::Range range;
            cql::cqls::Designator designator;
            bool plain = false;
            std::string error;
            if (cql::cqls::parseRangeWord(utf8, range, plain, true, true) || utf8 == ".." || isDateLike(word))
                setFormat(i, j - i, m_formats[Number]);
            else if (cql::cqls::parseDesignator(utf8, designator, error))
                setFormat(i, j - i, m_formats[Piece]);
        }
        i = j;
    }
}

} // namespace wb
