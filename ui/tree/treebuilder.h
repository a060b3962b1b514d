// Computes the trees of a finished search on a worker thread: the GUI thread
// hands over the position shown or the line a user expands and receives the
// rows, so 400k matched games never hold up an event.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "matchtree.h"

#include <QObject>
#include <QThreadPool>
#include <memory>

namespace wb {

class TreeBuilder : public QObject {
    Q_OBJECT
public:
    explicit TreeBuilder(QObject *parent = nullptr);
    ~TreeBuilder() override;

    // The matches of a finished (or stopped) search: no longer added to, so
    // the worker may read them. Computes the "what came next" tree's first
    // level, and the opening tree of the position last shown.
    void setRecords(std::shared_ptr<const MatchRecords> records);
    void clear();
    bool hasRecords() const { return m_records != nullptr; }
    std::shared_ptr<const MatchRecords> records() const { return m_records; }

    // The opening tree of `position`; an older request still running stops.
    void showPosition(const chess::Position &position);
    const chess::Position &position() const { return m_position; }
    // The moves after the line `path` of the "what came next" tree.
    void requestNext(const std::vector<NextKey> &path);

    bool isBusy() const { return m_pending > 0; }
    // Blocks until every request is answered and delivered (tests, benchmarks).
    void waitForIdle();

    // The last opening tree delivered (of position(), unless one is on its way).
    const OpeningTree &openingTree() const { return m_opening; }
    bool openingTreeCurrent() const { return m_opening.key == m_position.key() && !m_openingPending; }

signals:
    void cleared();
    void openingTreeReady();
    void nextMovesReady(const std::vector<wb::NextKey> &path, const std::vector<wb::NextMove> &rows,
                        const wb::TreeTally &total, int ended);

private:
    template <typename Work, typename Done>
    void post(Work work, Done done);

    std::shared_ptr<const MatchRecords> m_records;
    chess::Position m_position;
    OpeningTree m_opening;
    std::shared_ptr<std::atomic<bool>> m_openingCancel;
    std::shared_ptr<std::atomic<bool>> m_recordsCancel;
    bool m_openingPending = false;
    int m_pending = 0;
    QThreadPool m_pool; // one thread: requests are answered in order
};

} // namespace wb
