// Game loading and evaluation on the global thread pool.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "gameloader.h"

#include <QPointer>
#include <QtConcurrent>
#include <exception>

namespace wb {

GameLoader::GameLoader(QObject *parent) : QObject(parent) { qRegisterMetaType<wb::LoadedGame>(); }

GameLoader::~GameLoader() = default;

LoadedGame GameLoader::loadNow(const GameSource &source, int index, const cql::Query *query,
                               const std::vector<cql::PositionMark> *marks, char board)
{
    LoadedGame out;
    out.index = index;
    auto g = std::make_shared<game::Game>();
    QString error;
    try {
        if (!source.loadGame(index, *g, &error)) {
            out.error = error.isEmpty() ? tr("game %1 cannot be read").arg(index + 1) : error;
            return out;
        }
        const auto showBoardB = [&g] {
            if (!g->otherBoard.empty()) g = std::make_shared<game::Game>(std::move(g->otherBoard[0]));
        };
        if (marks) {
            if (board == 'B') showBoardB();
            out.marks = *marks;
        } else if (query) {
            cql::Evaluator evaluator(*query);
            evaluator.setRecordSquares(true);
            cql::GameResult result;
            evaluator.run(*g, result);
            if (result.matches.empty() && !g->otherBoard.empty()) {
                cql::GameResult onB;
                evaluator.run(g->otherBoard[0], onB);
                if (!onB.matches.empty()) {
                    showBoardB();
                    result = std::move(onB);
                }
            }
            out.marks = std::move(result.matches);
            if (!result.error.empty()) out.error = QString::fromStdString(result.error);
        }
    } catch (const std::exception &e) {
        out.error = QString::fromUtf8(e.what());
    }
    out.game = std::move(g);
    return out;
}

void GameLoader::load(GameSourcePtr source, int index, QueryPtr query,
                      std::shared_ptr<const std::vector<cql::PositionMark>> marks, char board)
{
    if (!source) return;
    const quint64 generation = ++m_generation;
    ++m_pending;
    auto *watcher = new QFutureWatcher<LoadedGame>(this);
    connect(watcher, &QFutureWatcher<LoadedGame>::finished, this, [this, watcher, generation] {
        --m_pending;
        const LoadedGame result = watcher->result();
        watcher->deleteLater();
        if (generation == m_generation) emit loaded(result);
    });
    watcher->setFuture(QtConcurrent::run(
        [source, index, query, marks, board] { return loadNow(*source, index, query.get(), marks.get(), board); }));
}

} // namespace wb
