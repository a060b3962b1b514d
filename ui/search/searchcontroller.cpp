// The core search::Search runs on a driver thread of the controller's pool;
// its callbacks gather matches, problems and progress into batches that are
// posted to the GUI thread every few dozen milliseconds.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "searchcontroller.h"

#include "gamelist/combinedsource.h"
#include "database/database.h"
#include "pgn/writer.h"
#include "search/search.h"

#include <QElapsedTimer>
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

// A source without an indexed file (games built in memory): its games as PGN text.
std::shared_ptr<const db::Database> databaseOf(const GameSource &source, QString *error)
{
    if (auto d = source.database()) return d;
    std::string text;
    game::Game g;
    for (int i = 0; i < source.gameCount(); ++i) {
        if (source.loadGame(i, g))
            pgn::writeGame(text, g);
        else
            text += "*\n"; // keeps the numbering
        text += '\n';
    }
    auto d = std::make_shared<db::Database>();
    std::string message;
    if (!d->openText(std::move(text), source.name().toStdString(), {}, &message)) {
        if (error) *error = QString::fromStdString(message);
        return nullptr;
    }
    return d;
}

} // namespace

struct SearchController::Batch {
    QList<GameHit> hits;
    MatchRecords records;
    QStringList problems;
    search::Progress progress;
    bool hasProgress = false;
};

struct SearchController::Run {
    QList<GameSourcePtr> parts;
    std::vector<int> offsets; // first combined game number of each part
    QueryPtr query;
    std::vector<std::shared_ptr<const db::Database>> databases;
    int total = 0;
    unsigned threads = 0;
    std::atomic<bool> cancel{false};
    // Counts the GUI thread has seen, for the summary of a run that is replaced.
    int searched = 0;
    int matchedGames = 0;
    qint64 matchedPositions = 0;
    int problemGames = 0;
    QElapsedTimer timer;
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

const MatchRecord *SearchController::record(int game) const
{
    if (!m_records) return nullptr;
    auto it = std::lower_bound(m_records->begin(), m_records->end(), game,
                               [](const MatchRecord &r, int g) { return r.game < g; });
    return it != m_records->end() && it->game == game ? &*it : nullptr;
}

bool SearchController::start(const QList<GameSourcePtr> &sources, QueryPtr query)
{
    if (sources.size() == 1) return start(sources.first(), std::move(query));
    if (sources.isEmpty() || sources.contains(nullptr)) return false;
    return start(std::make_shared<CombinedGameSource>(sources), std::move(query));
}

bool SearchController::start(GameSourcePtr source, QueryPtr query)
{
    if (!source || !query) return false;
    // A combined source is searched part by part: each part's indexed file goes to the engine.
    const auto *combined = dynamic_cast<const CombinedGameSource *>(source.get());
    const QList<GameSourcePtr> sources = combined ? combined->parts() : QList<GameSourcePtr>{source};
    if (m_run) {
        // The old run's late batches are dropped: they are checked against m_run.
        std::shared_ptr<Run> old = m_run;
        old->cancel = true;
        SearchSummary s;
        s.searched = old->searched;
        s.total = old->total;
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
    run->threads = unsigned(qMax(0, m_threads));
    run->timer.start();
    m_run = run;
    m_sources = sources;
    m_source = std::move(source);
    m_query = std::move(query);
    m_records = std::make_shared<MatchRecords>();
    emit started(run->total);

    m_futures.append(QtConcurrent::run(&m_pool, [this, run] {
        SearchSummary sum;
        sum.total = run->total;
        Batch batch;
        QElapsedTimer sinceFlush;
        sinceFlush.start();
        auto flush = [&](bool force) {
            if (!force && sinceFlush.elapsed() < FlushMilliseconds && batch.hits.size() < FlushHits) return;
            if (batch.hits.isEmpty() && batch.problems.isEmpty() && !batch.hasProgress) return;
            sinceFlush.restart();
            QMetaObject::invokeMethod(
                this, [this, run, b = std::make_shared<Batch>(std::move(batch))] { deliver(run, *b); },
                Qt::QueuedConnection);
            batch = Batch();
        };
        int frontier = 0; // games before this were examined and posted
        auto examinedUpTo = [&](int end) {
            for (; frontier < end; ++frontier)
                batch.hits.append(GameHit{frontier, 0, 0, false});
        };
        int problemMessages = 0;
        try {
            for (const GameSourcePtr &part : std::as_const(run->parts)) {
                QString error;
                auto d = databaseOf(*part, &error);
                if (!d) throw std::runtime_error(error.toStdString());
                run->databases.push_back(std::move(d));
            }
            search::SearchOptions options;
            options.threads = run->threads;
            options.order = search::Order::Input;
            options.recordSquares = true;
            options.chess960 = true;
            // Smaller work units than the command line: the first matches show sooner.
            options.batchBytes = 64 * 1024;
            search::Search engine(*run->query, options);
            engine.setCancelFlag(&run->cancel);
            for (const auto &d : run->databases)
                engine.addDatabase(*d);
            search::Callbacks cb;
            cb.onMatch = [&](search::Match &&m) {
                const int game = run->offsets[m.input] + int(m.gameIndex);
                examinedUpTo(game);
                GameHit hit;
                hit.game = game;
                hit.matches = qMax(1, int(m.result.matches.size()));
                if (!m.result.sortValues.empty()) {
                    hit.sortValue = m.result.sortValues.front().value;
                    hit.hasSortValue = true;
                }
                sum.matchedPositions += qint64(m.result.matches.size());
                batch.hits.append(hit);
                frontier = game + 1;
                batch.records.push_back(MatchRecord{game, std::move(m.result)});
                flush(false);
            };
            cb.onProgress = [&](const search::Progress &p) {
                batch.progress = p;
                batch.hasProgress = true;
                flush(false);
            };
            cb.onProblem = [&](const search::GameProblem &p) {
                if (problemMessages++ >= MaxProblemMessages) return;
                QString where = p.line > 0 ? tr("line %1:%2: ").arg(p.line).arg(p.column) : QString();
                QString message = tr("game %1: %2%3").arg(p.gameNumber).arg(where, QString::fromStdString(p.message));
                // Over several files the number alone does not say which game.
                if (run->parts.size() > 1)
                    message =
                        QStringLiteral("%1: %2").arg(QFileInfo(QString::fromStdString(p.file)).fileName(), message);
                batch.problems << message;
            };
            const search::Summary s = engine.run(cb);
            sum.searched = int(s.gamesExamined);
            sum.matchedGames = int(s.matches);
            sum.gameErrors = int(s.problemGames);
            sum.threads = int(s.threads);
            sum.cancelled = s.cancelled;
            if (!s.cancelled) examinedUpTo(run->total);
        } catch (const std::exception &e) {
            batch.problems << tr("The search stopped: %1").arg(QString::fromUtf8(e.what()));
            sum.cancelled = true;
        }
        sum.seconds = run->timer.nsecsElapsed() / 1e9;
        flush(true);
        QMetaObject::invokeMethod(
            this, [this, run, sum] { runDone(run, sum); }, Qt::QueuedConnection);
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
        run->searched = int(b.progress.gamesDone);
        if (b.progress.gamesTotal) run->total = int(b.progress.gamesTotal);
        emit progress(run->searched, run->total, run->matchedGames, b.progress.elapsed);
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
