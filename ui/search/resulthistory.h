// Earlier results of the window's searches, to step back and forward through
// and to combine (And / Or / And Not) a new result with the one before it.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "gamelist/gamesource.h"
#include "gamelist/searchresults.h"
#include "querycompiler.h"
#include "searchcontroller.h"

#include <QCoreApplication>
#include <QList>
#include <memory>

namespace wb {

enum class Combine {
    Replace, // the new result alone
    And,     // games in both: marks of both
    Or,      // games in either: marks of whichever matched (of both when both did)
    AndNot,  // games of the previous result the new one did not match: their earlier marks
};

struct ResultEntry {
    QString label; // the query (or the combination) it came from
    int games = 0; // matched games
    SearchResults results;
    std::shared_ptr<const MatchRecords> records; // in game order
    GameSourcePtr source;                        // the list it numbers
    bool matched(int game) const { return results.searched(game) && results.matches[size_t(game)] > 0; }
};

// `previous` combined with `next` (both over the same list). Marks of a game
// both matched are merged in the notation's order; a game's match count is
// its number of marked positions.
ResultEntry combineResults(const ResultEntry &previous, const ResultEntry &next, Combine how);

class ResultHistory {
    Q_DECLARE_TR_FUNCTIONS(wb::ResultHistory)
public:
    static constexpr int MaxEntries = 12; // each holds a few megabytes over 400k games

    // After the current entry; entries ahead of it (stepped back from) are dropped.
    void push(ResultEntry entry);
    void clear();
    int size() const { return int(m_entries.size()); }
    int current() const { return m_current; } // -1: none
    const ResultEntry *currentEntry() const { return m_current >= 0 ? &m_entries[m_current] : nullptr; }
    const ResultEntry &at(int i) const { return m_entries[i]; }
    bool canGoBack() const { return m_current > 0; }
    bool canGoForward() const { return m_current + 1 < size(); }
    bool setCurrent(int i);
    // "#3 And: 1,234 games" for a menu.
    QString entryText(int i) const;

    static QString combineName(Combine how);

private:
    QList<ResultEntry> m_entries;
    int m_current = -1;
};

} // namespace wb
