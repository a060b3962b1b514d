// Search, results and the shown game in one place: the controller's records
// give a loaded game its marks without evaluating it again.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "searchsession.h"

#include "gamelist/combinedsource.h"
#include "gamelist/gamelistmodel.h"

#include <QFutureWatcher>
#include <QtConcurrent>
#include <algorithm>
#include <functional>

namespace wb {

SearchSession::SearchSession(QObject *parent)
    : QObject(parent), m_search(new SearchController(this)), m_games(new GameListModel(this)),
      m_loader(new GameLoader(this))
{
    connect(m_search, &SearchController::started, this, &SearchSession::searchStarted);
    connect(m_search, &SearchController::progress, this, &SearchSession::searchProgress);
    connect(m_search, &SearchController::hitsFound, m_games, &GameListModel::addHits);
    connect(m_search, &SearchController::hitsFound, this, &SearchSession::countMatches);
    connect(m_search, &SearchController::gameProblem, this, &SearchSession::gameProblem);
    connect(m_search, &SearchController::finished, this, &SearchSession::searchDone);
    connect(m_loader, &GameLoader::loaded, this, &SearchSession::gameLoaded);
}

SearchSession::~SearchSession()
{
    m_search->cancel();
    m_search->wait();
}

void SearchSession::setDatabases(const QList<GameSourcePtr> &databases)
{
    // The list's games change: the old search's results no longer fit them.
    if (m_search->isRunning()) m_search->cancel();
    m_databases = databases;
    m_offsets.clear();
    int total = 0;
    for (const GameSourcePtr &d : databases) {
        m_offsets.push_back(total);
        total += d->gameCount();
    }
    if (databases.isEmpty())
        m_listSource = nullptr;
    else if (databases.size() == 1)
        m_listSource = databases.first();
    else
        m_listSource = std::make_shared<CombinedGameSource>(databases);
    m_games->setSource(m_listSource);
    m_matchedPerDatabase.clear();
    m_loaded = LoadedGame();
    m_node = game::NoNode;
    m_history.clear();
    m_records.reset();
    ++m_combineJob;
    m_combining = false;
    emit databasesChanged();
    emit historyChanged();
}

int SearchSession::databaseOfGame(int game) const
{
    if (game < 0 || !m_listSource || game >= m_listSource->gameCount()) return -1;
    // The last database starting at or before the game; empty ones share their start with the next.
    auto it = std::upper_bound(m_offsets.begin(), m_offsets.end(), game);
    return int(it - m_offsets.begin()) - 1;
}

int SearchSession::firstGameOf(int database) const
{
    return database >= 0 && size_t(database) < m_offsets.size() ? m_offsets[size_t(database)] : -1;
}

CompiledQuery SearchSession::compile(const QString &text, const QString &fileName)
{
    CompiledQuery c =
        compileQuery(text, fileName.isEmpty() ? QStringLiteral("query.cql") : fileName, m_playerBase, m_engine);
    m_diagnostics = c.diagnostics;
    emit diagnosticsChanged(c.diagnostics);
    return c;
}

SearchSession::RunResult SearchSession::run(const QString &text, const QString &fileName)
{
    const CompiledQuery c = compile(text, fileName);
    if (!c.query) return RunResult::QueryErrors;
    if (!m_listSource) return RunResult::NoDatabase;
    std::shared_ptr<std::vector<int>> only;
    const SearchResults &shown = m_games->results();
    m_runLabel = text.simplified();
    if (m_within && !shown.matches.empty()) {
        only = std::make_shared<std::vector<int>>();
        for (size_t g = 0; g < shown.matches.size(); ++g)
            if (shown.matches[g] > 0) only->push_back(int(g));
        m_runLabel = tr("%1, within %Ln game(s)", nullptr, int(only->size())).arg(m_runLabel);
    }
    // start() first: a search it replaces reports finished() on the old results.
    m_search->start(m_databases, c.query, m_listSource, only);
    m_query = c.query;
    m_records.reset();
    ++m_combineJob;
    m_combining = false;
    m_matchedPerDatabase.assign(size_t(m_databases.size()), 0);
    emit matchedCountsChanged(m_matchedPerDatabase);
    m_games->startResults();
    return RunResult::Started;
}

void SearchSession::cancel() { m_search->cancel(); }

bool SearchSession::isBusy() const
{
    return m_search->isRunning() || m_combining || m_games->isSorting() || m_loader->isLoading();
}

void SearchSession::countMatches(const QList<GameHit> &hits)
{
    if (m_search->source() != m_listSource) return;
    if (m_matchedPerDatabase.size() != size_t(m_databases.size()))
        m_matchedPerDatabase.assign(size_t(m_databases.size()), 0);
    bool changed = false;
    for (const GameHit &h : hits)
        if (h.matches > 0) {
            const int d = databaseOfGame(h.game);
            if (d >= 0) {
                ++m_matchedPerDatabase[size_t(d)];
                changed = true;
            }
        }
    if (changed || hits.isEmpty()) emit matchedCountsChanged(m_matchedPerDatabase);
}

void SearchSession::searchDone(const SearchSummary &summary)
{
    if (!summary.cancelled && m_search->source() == m_listSource && m_search->query() == m_query) {
        ResultEntry entry;
        entry.label = m_runLabel;
        entry.games = m_games->matchedGames();
        entry.results = m_games->results();
        entry.records = m_search->matchRecords();
        entry.source = m_listSource;
        // Combined with the result shown when the search started (the history's current entry).
        const ResultEntry *shown = m_history.currentEntry();
        if (m_combine != Combine::Replace && shown && shown->source == m_listSource) {
            ResultEntry previous = *shown;
            m_history.push(entry);
            startCombine(std::move(previous), std::move(entry), m_combine);
        } else {
            m_history.push(std::move(entry));
        }
        emit historyChanged();
    }
    emit searchFinished(summary);
}

bool SearchSession::showHistoryEntry(int i)
{
    if (m_search->isRunning() || m_combining || !m_history.setCurrent(i)) return false;
    showEntry(*m_history.currentEntry());
    emit historyChanged();
    return true;
}

bool SearchSession::combineWithPrevious(Combine how)
{
    const int current = m_history.current();
    if (m_search->isRunning() || m_combining || current < 1 || how == Combine::Replace) return false;
    const ResultEntry &previous = m_history.at(current - 1);
    if (previous.source != m_listSource) return false;
    startCombine(previous, m_history.at(current), how);
    return true;
}

void SearchSession::startCombine(ResultEntry previous, ResultEntry next, Combine how)
{
    // Over 400k games a combination takes a few hundred milliseconds.
    const quint64 job = ++m_combineJob;
    m_combining = true;
    auto *watcher = new QFutureWatcher<ResultEntry>(this);
    connect(watcher, &QFutureWatcher<ResultEntry>::finished, this, [this, watcher, job] {
        watcher->deleteLater();
        if (job != m_combineJob) return;
        m_combining = false;
        m_history.push(watcher->result());
        showEntry(*m_history.currentEntry());
        emit historyChanged();
    });
    watcher->setFuture(QtConcurrent::run(
        [previous = std::move(previous), next = std::move(next), how] { return combineResults(previous, next, how); }));
}

void SearchSession::showEntry(const ResultEntry &entry)
{
    m_records = entry.records;
    m_games->setResults(entry.results);
    m_matchedPerDatabase.assign(size_t(m_databases.size()), 0);
    for (size_t g = 0; g < entry.results.matches.size(); ++g)
        if (entry.results.matches[g] > 0) {
            const int d = databaseOfGame(int(g));
            if (d >= 0) ++m_matchedPerDatabase[size_t(d)];
        }
    emit matchedCountsChanged(m_matchedPerDatabase);
    emit resultsReplaced();
}

std::shared_ptr<const MatchRecords> SearchSession::matchRecords() const
{
    return m_records ? m_records : m_search->matchRecords();
}

const MatchRecord *SearchSession::record(int game) const
{
    return m_records ? findMatchRecord(m_records.get(), game) : m_search->record(game);
}

void SearchSession::selectGame(int game)
{
    if (game < 0 || !m_listSource || game >= m_listSource->gameCount()) return;
    // The engine's own marks (with their squares) when this game matched the last search.
    std::shared_ptr<const std::vector<cql::PositionMark>> marks;
    char board = 0;
    if (m_records) {
        // An earlier or combined result: its records hold every mark it shows.
        const MatchRecord *r = record(game);
        marks = std::make_shared<const std::vector<cql::PositionMark>>(r ? r->result.matches
                                                                         : std::vector<cql::PositionMark>());
        if (r) board = r->board;
    } else if (m_search->source() == m_listSource && m_search->query() == m_query) {
        if (const MatchRecord *r = m_search->record(game)) {
            marks = std::make_shared<const std::vector<cql::PositionMark>>(r->result.matches);
            board = r->board;
        } else if (m_games->results().searched(game))
            marks = std::make_shared<const std::vector<cql::PositionMark>>(); // searched, no match: nothing to evaluate
    }
    m_loader->load(m_listSource, game, m_query, std::move(marks), board);
}

void SearchSession::gameLoaded(const LoadedGame &loaded)
{
    if (!loaded.error.isEmpty())
        emit loadProblem(tr("Game %1: %2")
                             .arg(m_listSource ? m_listSource->info(loaded.index).number : quint64(loaded.index) + 1)
                             .arg(loaded.error));
    if (!loaded.game) return;
    m_loaded = loaded;
    // The engine lists the marks in the notation's order: next/previous match walk them as they come.
    m_node = game::NoNode;
    emit gameShown(m_loaded);
    // The first matched position is what the user searched for; without a match, the start.
    showNode(m_loaded.marks.empty() ? 0 : m_loaded.marks.front().node);
}

int SearchSession::matchNumber() const
{
    int number = 0;
    for (size_t i = 0; i < m_loaded.marks.size(); ++i)
        if (m_loaded.marks[i].node == m_node) number = int(i) + 1;
    return number;
}

chess::SquareSet SearchSession::markedSquares() const
{
    chess::SquareSet marked;
    for (const cql::PositionMark &m : m_loaded.marks)
        if (m.node == m_node) marked |= m.squares;
    return marked;
}

void SearchSession::showNode(game::NodeId node)
{
    if (!m_loaded.game || node >= m_loaded.game->nodes.size()) return;
    m_node = node;
    emit positionShown(node, matchNumber());
}

void SearchSession::goToMatch(int direction)
{
    const auto &marks = m_loaded.marks;
    if (marks.empty()) return;
    // Marks are in the notation's order; the one after (or before) the shown node's.
    int at = -1;
    for (int i = 0; i < int(marks.size()); ++i)
        if (marks[size_t(i)].node == m_node) at = i;
    int next;
    if (at < 0)
        next = direction > 0 ? 0 : int(marks.size()) - 1;
    else
        next = (at + direction + int(marks.size())) % int(marks.size());
    showNode(marks[size_t(next)].node);
}

} // namespace wb
