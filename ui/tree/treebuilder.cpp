// SPDX-License-Identifier: GPL-3.0-or-later
#include "treebuilder.h"

#include <QCoreApplication>

namespace wb {

TreeBuilder::TreeBuilder(QObject *parent) : QObject(parent) { m_pool.setMaxThreadCount(1); }

TreeBuilder::~TreeBuilder()
{
    if (m_recordsCancel) *m_recordsCancel = true;
    m_pool.waitForDone();
}

template <typename Work, typename Done>
void TreeBuilder::post(Work work, Done done)
{
    // The result goes back to the GUI thread, and is dropped there when the
    // records it was made from are no longer the builder's.
    ++m_pending;
    auto records = m_records;
    m_pool.start([this, records, work, done] {
        auto result = std::make_shared<decltype(work(*records))>(work(*records));
        QMetaObject::invokeMethod(
            this,
            [this, records, result, done] {
                --m_pending;
                if (records == m_records) done(std::move(*result));
            },
            Qt::QueuedConnection);
    });
}

void TreeBuilder::setRecords(std::shared_ptr<const MatchRecords> records)
{
    if (m_recordsCancel) *m_recordsCancel = true;
    m_recordsCancel = std::make_shared<std::atomic<bool>>(false);
    m_records = std::move(records);
    m_opening = OpeningTree();
    emit cleared();
    if (!m_records) return;
    requestNext({});
    showPosition(m_position);
}

void TreeBuilder::clear()
{
    if (m_openingCancel) *m_openingCancel = true;
    m_openingPending = false;
    setRecords(nullptr);
}

void TreeBuilder::showPosition(const chess::Position &position)
{
    m_position = position;
    if (!m_records) return;
    if (m_openingCancel) *m_openingCancel = true;
    auto cancel = std::make_shared<std::atomic<bool>>(false);
    m_openingCancel = cancel;
    m_openingPending = true;
    // A newer position or newer records (setRecords shows the position again) stop it.
    post(
        [position, cancel](const MatchRecords &records) {
            OpeningTree tree = wb::openingTree(records, position, cancel.get());
            return std::make_pair(tree, bool(*cancel));
        },
        [this, cancel](std::pair<OpeningTree, bool> result) {
            if (result.second || cancel != m_openingCancel) return; // superseded
            m_opening = std::move(result.first);
            m_openingPending = false;
            emit openingTreeReady();
        });
}

void TreeBuilder::requestNext(const std::vector<NextKey> &path)
{
    if (!m_records) return;
    struct Answer {
        std::vector<NextMove> rows;
        TreeTally total;
        int ended = 0;
    };
    auto stop = m_recordsCancel;
    post(
        [path, stop](const MatchRecords &records) {
            Answer a;
            a.rows = nextMoves(records, path, &a.total, &a.ended, stop.get());
            return a;
        },
        [this, path](Answer a) { emit nextMovesReady(path, a.rows, a.total, a.ended); });
}

void TreeBuilder::waitForIdle()
{
    while (m_pending > 0) {
        m_pool.waitForDone();
        QCoreApplication::sendPostedEvents(this);
    }
}

} // namespace wb
