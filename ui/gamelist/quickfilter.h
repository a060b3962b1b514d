// The game list's quick filter: header fields typed by the user (player, event,
// years, result, rating, ECO), checked against the index a source keeps in
// memory; over a large list on a worker thread, a newer filter superseding a
// running one.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "gamesource.h"

#include <QFutureWatcher>
#include <QObject>
#include <QString>
#include <atomic>
#include <memory>
#include <string>
#include <vector>

namespace wb {

struct QuickFilter {
    QString player;               // part of White's or Black's name, any case
    QString event;                // part of the event's name, any case
    int yearFrom = 0, yearTo = 0; // 0: open end
    QString result;               // "1-0", "0-1", "1/2-1/2", "*"; "" any
    int minRating = 0;            // both players rated at least this; 0: any
    QString ecoFrom, ecoTo;       // "B2" .. "B2" (a prefix) or "A00" .. "B99"; "" any

    bool isEmpty() const;
    bool admits(const GameInfo &info) const;
    bool admits(const RawGameFields &fields) const;
    // "1990", "1990-1999", "-1950", "2000-": false (and unchanged) when unreadable.
    bool setYears(const QString &text);
    // "B", "B2", "B20", "B20-B99", "C6-C9": false (and unchanged) when unreadable.
    bool setEco(const QString &text);
};

// A filter made ready for many games (its texts as UTF-8 once).
class QuickFilterMatcher {
public:
    explicit QuickFilterMatcher(const QuickFilter &filter);
    bool admits(const RawGameFields &fields) const;

private:
    QuickFilter m_filter;
    std::string m_player, m_event, m_result, m_ecoLow, m_ecoHigh;
    bool m_playerAscii, m_eventAscii;
};

// Per game of `source` whether the filter admits it, on a few threads; empty
// when cancelled.
std::vector<bool> filterGames(const GameSource &source, const QuickFilter &filter,
                              const std::atomic<bool> *cancel = nullptr);

// Runs filterGames on a worker thread; finished() brings the newest result only.
class QuickFilterRunner : public QObject {
    Q_OBJECT
public:
    explicit QuickFilterRunner(QObject *parent = nullptr);
    ~QuickFilterRunner() override;

    void start(GameSourcePtr source, const QuickFilter &filter);
    void cancel();
    bool isRunning() const { return m_running; }

signals:
    void finished(const std::vector<bool> &admitted);

private:
    quint64 m_job = 0;
    bool m_running = false;
    std::shared_ptr<std::atomic<bool>> m_cancel;
};

} // namespace wb
