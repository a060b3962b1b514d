// The core search::Search runs on a driver thread of the controller's pool;
// its callbacks gather matches, problems and progress into batches that are
// posted to the GUI thread every few dozen milliseconds.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "searchcontroller.h"

#include "gamelist/combinedsource.h"
#include "database/database.h"
#include "search/search.h"
#include "store/gamestore.h"

#include <QElapsedTimer>
#include <QHash>
#include <QSet>
#include <QFileInfo>
#include <QMetaObject>
#include <QtConcurrent>
#include <algorithm>
#include <atomic>
#include <exception>

namespace wb {

namespace {

constexpr int MaxProblemMessages = 200;  // the log stays readable on a broken file
constexpr qint64 FlushMilliseconds = 40; // how often matches reach the list
constexpr int FlushHits = 4096;

// What the query's header asks of a game the driver evaluates itself (the
// engine applies the same to the files it reads).
bool headerAdmits(const cql::QueryHeader &h, quint64 number, const game::Game &g)
{
    if (h.gameNumber && (long(number) < h.gameNumber->first || long(number) > h.gameNumber->second)) return false;
    return h.result.empty() || g.result == h.result;
}

bool matchCountAdmits(const cql::QueryHeader &h, const cql::GameResult &r)
{
    const long n = long(r.matches.size());
    return !h.matchCount || (n >= h.matchCount->first && n <= h.matchCount->second);
}

} // namespace

struct SearchController::Batch {
    QList<GameHit> hits;
    MatchRecords records;
    QStringList problems;
    int searched = 0; // games examined in the whole run
    int total = 0;    // games it will look at (fewer than all when the header picks game numbers)
    double elapsed = 0;
    bool hasProgress = false;
};

struct SearchController::Run {
    QList<GameSourcePtr> parts;
    std::vector<int> offsets; // first game number of each part in the run
    QueryPtr query;
    // Per game of the run, whether to search it; empty: every game.
    std::vector<bool> selected;
    int total = 0; // games to search; set before the worker starts, then only read
    int games = 0; // in all parts
    unsigned threads = 0;
    bool useStore = true;
    std::atomic<bool> cancel{false};
    // Counts the GUI thread has seen, for the summary of a run that is replaced.
    int searched = 0;
    int reportedTotal = 0;
    int matchedGames = 0;
    qint64 matchedPositions = 0;
    int problemGames = 0;
    QElapsedTimer timer;
};

// The worker side of one run: batches of what was found, posted to the GUI
// thread every few dozen milliseconds, and the run's totals.
struct SearchController::Driver {
    Driver(SearchController *c, std::shared_ptr<Run> r) : controller(c), run(std::move(r))
    {
        sum.total = run->total;
        sinceFlush.start();
    }

    SearchController *controller;
    std::shared_ptr<Run> run;
    SearchSummary sum;
    Batch batch;
    QElapsedTimer sinceFlush;
    int frontier = 0; // games before this were examined and posted
    QSet<int> matchedGames;
    int lastMatched = -1;
    int problemMessages = 0;

    void flush(bool force)
    {
        if (!force && sinceFlush.elapsed() < FlushMilliseconds && batch.hits.size() < FlushHits) return;
        if (batch.hits.isEmpty() && batch.problems.isEmpty() && !batch.hasProgress) return;
        sinceFlush.restart();
        QMetaObject::invokeMethod(
            controller, [c = controller, r = run, b = std::make_shared<Batch>(std::move(batch))] { c->deliver(r, *b); },
            Qt::QueuedConnection);
        batch = Batch();
    }
    bool selected(int game) const { return run->selected.empty() || run->selected[size_t(game)]; }
    void examinedUpTo(int end)
    {
        for (; frontier < end; ++frontier)
            if (selected(frontier)) batch.hits.append(GameHit{frontier, 0, 0, false});
    }
    // Games to search in parts [first, end).
    int selectedIn(int first, int end) const
    {
        const int from = run->offsets[size_t(first)];
        const int to = run->offsets[size_t(end) - 1] + run->parts[end - 1]->gameCount();
        if (run->selected.empty()) return to - from;
        return int(std::count(run->selected.begin() + from, run->selected.begin() + to, true));
    }
    void matched(int game, cql::GameResult &&result, search::MatchMoves &&moves, char board = 0)
    {
        // A bughouse game is listed once: by the first of its boards that matched.
        if (game == lastMatched) return;
        lastMatched = game;
        examinedUpTo(game);
        GameHit hit;
        hit.game = game;
        hit.matches = qMax(1, int(result.matches.size()));
        for (const cql::SortValue &v : result.sortValues)
            if (v.bound) {
                hit.sortValue = v.value;
                hit.hasSortValue = true;
                break;
            }
        sum.matchedPositions += qint64(result.matches.size());
        ++sum.matchedGames;
        matchedGames.insert(game);
        batch.hits.append(hit);
        frontier = game + 1;
        batch.records.push_back(MatchRecord{game, std::move(result), std::move(moves), board});
        flush(false);
    }
    void progress(int searched, int total)
    {
        batch.searched = searched;
        batch.total = total;
        batch.elapsed = run->timer.nsecsElapsed() / 1e9;
        batch.hasProgress = true;
        flush(false);
    }
    void problem(const QString &file, int gameNumber, int line, int column, const QString &text)
    {
        if (problemMessages++ >= MaxProblemMessages) return;
        const QString where = line > 0 ? SearchController::tr("line %1:%2: ").arg(line).arg(column) : QString();
        QString message = SearchController::tr("game %1: %2%3").arg(gameNumber).arg(where, text);
        // Over several files the number alone does not say which game.
        if (run->parts.size() > 1) message = QStringLiteral("%1: %2").arg(QFileInfo(file).fileName(), message);
        batch.problems << message;
    }

    // Consecutive indexed files go to the engine in one run (its threads work
    // through them together); games held in memory are evaluated here.
    void searchAll()
    {
        int part = 0;
        while (part < run->parts.size() && !run->cancel) {
            int end = part;
            while (end < run->parts.size() && run->parts[end]->database())
                ++end;
            if (end > part) {
                searchFiles(part, end);
                part = end;
            } else {
                searchMemory(part++);
            }
        }
        sum.cancelled = sum.cancelled || run->cancel;
        if (!sum.cancelled) examinedUpTo(run->games);
        if (!sum.cancelled) countVariants();
    }

    // The games of each variant, for the log (the labels come from the
    // index: a few string comparisons a game).
    void countVariants()
    {
        const cql::QueryHeader &h = run->query->header();
        QHash<QString, int> slot;
        for (int p = 0; p < run->parts.size(); ++p) {
            const GameSource &source = *run->parts[p];
            for (int i = 0; i < source.gameCount() && !run->cancel; ++i) {
                if (h.gameNumber && (i + 1 < h.gameNumber->first || i + 1 > h.gameNumber->second)) continue;
                // Searching within earlier matches: the games left out were not searched.
                if (!run->selected.empty() && !run->selected[size_t(run->offsets[size_t(p)] + i)]) continue;
                const QString v = source.variant(i);
                auto it = slot.find(v);
                if (it == slot.end()) {
                    it = slot.insert(v, int(sum.variants.size()));
                    sum.variants.append({v, 0, 0});
                }
                SearchSummary::VariantCount &count = sum.variants[*it];
                ++count.games;
                if (matchedGames.contains(run->offsets[size_t(p)] + i)) ++count.matched;
            }
        }
        std::stable_sort(sum.variants.begin(), sum.variants.end(),
                         [](const auto &a, const auto &b) { return a.games > b.games; });
    }

    void searchFiles(int first, int end)
    {
        std::vector<std::shared_ptr<const db::Database>> files;
        // Held for the run: a source may drop or replace its store meanwhile.
        std::vector<std::shared_ptr<const store::GameStore>> stores;
        for (int p = first; p < end; ++p) {
            files.push_back(run->parts[p]->database());
            stores.push_back(run->useStore ? run->parts[p]->store() : nullptr);
        }
        search::SearchOptions options;
        options.threads = run->threads;
        options.order = search::Order::Input;
        options.recordSquares = true;
        options.recordMoves = true;
        options.chess960 = true;
        // Smaller work units than the command line: the first matches show sooner.
        options.batchBytes = 64 * 1024;
        if (!run->selected.empty()) {
            options.only.emplace(files.size());
            for (int p = first; p < end; ++p) {
                const int offset = run->offsets[size_t(p)];
                auto &list = (*options.only)[size_t(p - first)];
                for (int g = 0; g < run->parts[p]->gameCount(); ++g)
                    if (run->selected[size_t(offset + g)]) list.push_back(uint32_t(g));
            }
        }
        search::Search engine(*run->query, options);
        engine.setCancelFlag(&run->cancel);
        for (size_t f = 0; f < files.size(); ++f) {
            engine.addDatabase(*files[f]);
            engine.setStore(stores[f].get());
        }
        const int before = sum.searched;
        const int games = selectedIn(first, end);
        search::Callbacks cb;
        cb.onMatch = [&](search::Match &&m) {
            matched(run->offsets[size_t(first) + m.input] + int(m.gameIndex), std::move(m.result), std::move(m.moves),
                    m.board);
        };
        cb.onProgress = [&](const search::Progress &p) {
            progress(before + int(p.gamesDone), run->total - games + (p.gamesTotal ? int(p.gamesTotal) : games));
        };
        cb.onProblem = [&](const search::GameProblem &p) {
            problem(QString::fromStdString(p.file), int(p.gameNumber), p.line, p.column,
                    QString::fromStdString(p.message));
        };
        const search::Summary s = engine.run(cb);
        sum.searched = before + int(s.gamesExamined);
        sum.gameErrors += int(s.problemGames);
        sum.fromStore += int(s.fromStore);
        sum.prefiltered += int(s.prefiltered);
        sum.threads = qMax(sum.threads, int(s.threads));
        sum.cancelled = sum.cancelled || s.cancelled;
    }

    void searchMemory(int part)
    {
        const GameSource &source = *run->parts[part];
        const cql::QueryHeader &header = run->query->header();
        cql::Evaluator evaluator(*run->query);
        evaluator.setRecordSquares(true);
        evaluator.setCancelCheck([c = &run->cancel] { return c->load(std::memory_order_relaxed); });
        evaluator.setLastGameNumber(source.gameCount());
        std::unique_ptr<LoadContext> context = source.makeLoadContext();
        game::Game g;
        cql::GameResult result;
        for (int i = 0; i < source.gameCount() && !run->cancel; ++i) {
            if (!selected(run->offsets[size_t(part)] + i)) continue;
            ++sum.searched;
            QString error;
            if (!source.loadGame(i, g, &error, context.get())) {
                ++sum.gameErrors;
                problem(source.name(), i + 1, 0, 0, error);
                continue;
            }
            if (!headerAdmits(header, quint64(i) + 1, g)) continue;
            result.clear();
            evaluator.run(g, result);
            char board = g.board;
            if (!result.matched && !g.otherBoard.empty() && result.error.empty()) {
                // Bughouse: board B is a game of its own too.
                evaluator.run(g.otherBoard[0], result);
                board = 'B';
            }
            if (!result.error.empty()) {
                ++sum.gameErrors;
                problem(source.name(), i + 1, 0, 0, QString::fromStdString(result.error));
            }
            if (result.matched && !result.cancelled && matchCountAdmits(header, result)) {
                search::MatchMoves moves;
                search::recordMatchMoves(board == 'B' ? g.otherBoard[0] : g, result, moves);
                matched(run->offsets[size_t(part)] + i, std::move(result), std::move(moves), board);
            }
            progress(sum.searched, run->total);
        }
    }
};

SearchController::SearchController(QObject *parent) : QObject(parent)
{
    qRegisterMetaType<wb::SearchSummary>();
    qRegisterMetaType<QList<wb::GameHit>>();
    // A replaced search may still be stopping while the next one starts.
    m_pool.setMaxThreadCount(4);
}

SearchController::~SearchController()
{
    cancel();
    wait();
}

const MatchRecord *findMatchRecord(const MatchRecords *records, int game)
{
    if (!records) return nullptr;
    auto it = std::lower_bound(records->begin(), records->end(), game,
                               [](const MatchRecord &r, int g) { return r.game < g; });
    return it != records->end() && it->game == game ? &*it : nullptr;
}

const MatchRecord *SearchController::record(int game) const { return findMatchRecord(m_records.get(), game); }

bool SearchController::start(const QList<GameSourcePtr> &sources, QueryPtr query, GameSourcePtr numbered,
                             std::shared_ptr<const std::vector<int>> only)
{
    if (sources.isEmpty() || sources.contains(nullptr) || !query) return false;
    if (!numbered) numbered = sources.size() == 1 ? sources.first() : std::make_shared<CombinedGameSource>(sources);
    if (m_run) {
        // The old run's late batches are dropped: they are checked against m_run.
        std::shared_ptr<Run> old = m_run;
        old->cancel = true;
        SearchSummary s;
        s.searched = old->searched;
        s.total = old->reportedTotal;
        s.matchedGames = old->matchedGames;
        s.matchedPositions = old->matchedPositions;
        s.gameErrors = old->problemGames;
        s.seconds = old->timer.nsecsElapsed() / 1e9;
        s.threads = int(old->threads);
        s.cancelled = true;
        m_run.reset();
        emit finished(s);
    }
    m_futures.erase(
        std::remove_if(m_futures.begin(), m_futures.end(), [](const QFuture<void> &f) { return f.isFinished(); }),
        m_futures.end());

    auto run = std::make_shared<Run>();
    run->parts = sources;
    run->query = query;
    for (const GameSourcePtr &s : sources) {
        run->offsets.push_back(run->total);
        run->total += s->gameCount();
    }
    run->games = run->total;
    if (only) {
        run->selected.assign(size_t(run->total), false);
        int count = 0;
        for (int g : *only)
            if (g >= 0 && g < int(run->selected.size()) && !run->selected[size_t(g)]) {
                run->selected[size_t(g)] = true;
                ++count;
            }
        run->total = count;
    }
    run->reportedTotal = run->total;
    run->threads = unsigned(qMax(0, m_threads));
    run->useStore = m_useStore;
    run->timer.start();
    m_run = run;
    m_sources = sources;
    m_source = std::move(numbered);
    m_query = std::move(query);
    m_only = std::move(only);
    m_records = std::make_shared<MatchRecords>();
    emit started(run->total);

    m_futures.append(QtConcurrent::run(&m_pool, [this, run] {
        Driver d(this, run);
        try {
            d.searchAll();
        } catch (const std::exception &e) {
            d.batch.problems << tr("The search stopped: %1").arg(QString::fromUtf8(e.what()));
            d.sum.cancelled = true;
        }
        d.sum.seconds = run->timer.nsecsElapsed() / 1e9;
        d.flush(true);
        QMetaObject::invokeMethod(
            this, [this, run, sum = d.sum] { runDone(run, sum); }, Qt::QueuedConnection);
    }));
    return true;
}

void SearchController::deliver(const std::shared_ptr<Run> &run, Batch &b)
{
    if (run != m_run) return;
    run->matchedGames += int(b.records.size());
    for (MatchRecord &r : b.records) {
        run->matchedPositions += qint64(r.result.matches.size());
        m_records->push_back(std::move(r));
    }
    if (!b.hits.isEmpty()) emit hitsFound(b.hits);
    for (const QString &p : std::as_const(b.problems))
        emit gameProblem(p);
    if (b.hasProgress) {
        run->searched = b.searched;
        run->reportedTotal = b.total;
        emit progress(run->searched, run->reportedTotal, run->matchedGames, b.elapsed);
    }
}

void SearchController::runDone(const std::shared_ptr<Run> &run, const SearchSummary &summary)
{
    if (run != m_run) return;
    m_run.reset();
    emit finished(summary);
}

void SearchController::cancel()
{
    if (m_run) m_run->cancel = true;
}

void SearchController::wait()
{
    for (QFuture<void> &f : m_futures)
        f.waitForFinished();
    m_futures.clear();
}

} // namespace wb
