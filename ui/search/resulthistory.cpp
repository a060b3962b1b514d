// Combining two results game by game, with their match records.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "resulthistory.h"

#include <QLocale>
#include <algorithm>

namespace wb {

namespace {

// Node ids grow in the order of the PGN text, which is the notation's order.
void mergeMarks(cql::GameResult &into, const cql::GameResult &other)
{
    for (const cql::PositionMark &m : other.matches) {
        auto same = std::find_if(into.matches.begin(), into.matches.end(),
                                 [&](const cql::PositionMark &k) { return k.node == m.node; });
        if (same != into.matches.end()) {
            same->squares |= m.squares;
            same->images.insert(same->images.end(), m.images.begin(), m.images.end());
        } else {
            into.matches.push_back(m);
        }
    }
    std::stable_sort(into.matches.begin(), into.matches.end(),
                     [](const cql::PositionMark &a, const cql::PositionMark &b) { return a.node < b.node; });
    into.comments.insert(into.comments.end(), other.comments.begin(), other.comments.end());
    std::stable_sort(into.comments.begin(), into.comments.end(),
                     [](const cql::NodeComment &a, const cql::NodeComment &b) { return a.node < b.node; });
    if (into.sortValues.empty()) into.sortValues = other.sortValues;
}

} // namespace

ResultEntry combineResults(const ResultEntry &previous, const ResultEntry &next, Combine how)
{
    if (how == Combine::Replace) return next;
    const size_t n = std::max(previous.results.matches.size(), next.results.matches.size());
    ResultEntry out;
    out.source = next.source;
    out.label = QStringLiteral("(%1) %2 (%3)").arg(previous.label, ResultHistory::combineName(how), next.label);
    out.results.reset(int(n));
    out.results.sortTitle = next.results.sortTitle;
    auto records = std::make_shared<MatchRecords>();
    for (size_t g = 0; g < n; ++g) {
        const int game = int(g);
        const bool p = previous.matched(game), x = next.matched(game);
        bool keep = false;
        switch (how) {
        case Combine::And: keep = p && x; break;
        case Combine::Or: keep = p || x; break;
        case Combine::AndNot: keep = p && !x; break;
        case Combine::Replace: break;
        }
        // Every game either result looked at counts as searched.
        const bool searched = previous.results.searched(game) || next.results.searched(game);
        if (!keep) {
            if (searched) out.results.matches[g] = 0;
            continue;
        }
        // And Not keeps only the earlier marks: the new query did not match there.
        const MatchRecord *pr = p ? findMatchRecord(previous.records.get(), game) : nullptr;
        const MatchRecord *xr = x && how != Combine::AndNot ? findMatchRecord(next.records.get(), game) : nullptr;
        MatchRecord r{game, {}, {}, 0};
        if (xr) {
            r.result = xr->result;
            if (pr) mergeMarks(r.result, pr->result);
        } else if (pr) {
            r.result = pr->result;
        }
        r.result.matched = true;
        const ResultEntry &valueFrom = x && how != Combine::AndNot ? next : previous;
        out.results.matches[g] = std::max(1, int(r.result.matches.size()));
        out.results.sortValues[g] = valueFrom.results.sortValues[g];
        out.results.hasSort[g] = valueFrom.results.hasSort[g];
        records->push_back(std::move(r));
        ++out.games;
    }
    out.records = std::move(records);
    return out;
}

void ResultHistory::push(ResultEntry entry)
{
    while (size() > m_current + 1)
        m_entries.removeLast();
    m_entries.append(std::move(entry));
    while (size() > MaxEntries)
        m_entries.removeFirst();
    m_current = size() - 1;
}

void ResultHistory::clear()
{
    m_entries.clear();
    m_current = -1;
}

bool ResultHistory::setCurrent(int i)
{
    if (i < 0 || i >= size() || i == m_current) return false;
    m_current = i;
    return true;
}

QString ResultHistory::entryText(int i) const
{
    const ResultEntry &e = m_entries[i];
    QString label = e.label.simplified();
    if (label.size() > 70) label = label.left(69) + QChar(0x2026);
    return tr("%1 — %Ln game(s)", nullptr, e.games).arg(label);
}

QString ResultHistory::combineName(Combine how)
{
    switch (how) {
    case Combine::And: return tr("And");
    case Combine::Or: return tr("Or");
    case Combine::AndNot: return tr("And Not");
    case Combine::Replace: break;
    }
    return tr("New");
}

} // namespace wb
