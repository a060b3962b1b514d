// Benchmark: the Tree dock's trees after a search of a large database, timed
// from the moment the search ends, as the workbench computes them (off the
// GUI thread, on TreeBuilder's worker).
// SPDX-License-Identifier: GPL-3.0-or-later
//
// Usage: bench_tree [FILE [QUERY]]
//   default FILE: masters.pgn.zst in $CQLWB_SHARED_DIR/data or /work/shared/data
//   default QUERY: "cql() initial" (every game matches, once)
//   Prints: the search, then the first "what came next" level and the opening
//   tree of the start position (what the dock shows when the search ends),
//   and opening trees of positions further in.
#include "database/databasesource.h"
#include "search/querycompiler.h"
#include "search/searchcontroller.h"
#include "tree/treebuilder.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <cstdio>
#include <cstdlib>

namespace {

std::string defaultFile()
{
    const char *env = std::getenv("CQLWB_SHARED_DIR");
    if (env && *env) return std::string(env) + "/data/masters.pgn.zst";
    return "/work/shared/data/masters.pgn.zst";
}

chess::Position after(std::initializer_list<const char *> sans)
{
    chess::Position p;
    for (const char *san : sans)
        p.play(p.parseSan(san));
    return p;
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const std::string path = argc > 1 ? argv[1] : defaultFile();
    const QString query = argc > 2 ? QString::fromLocal8Bit(argv[2]) : QStringLiteral("cql() initial");
    QElapsedTimer clock;
    clock.start();
    auto db = std::make_shared<db::Database>();
    std::string error;
    if (!db->open(path, {}, &error)) {
        std::fprintf(stderr, "bench_tree: %s\n", error.c_str());
        return 1;
    }
    auto source = std::make_shared<wb::DatabaseSource>(db);
    std::printf("%s: %d games, opened and indexed in %.2f s\n", path.c_str(), source->gameCount(),
                clock.elapsed() / 1000.0);
    const wb::CompiledQuery q = wb::compileQuery(query, QStringLiteral("bench.cql"));
    if (!q.query) {
        std::fprintf(stderr, "bench_tree: the query does not compile\n");
        return 1;
    }

    wb::SearchController controller;
    QEventLoop loop;
    wb::SearchSummary summary;
    QObject::connect(&controller, &wb::SearchController::finished, &loop, [&](const wb::SearchSummary &s) {
        summary = s;
        loop.quit();
    });
    clock.restart();
    controller.start(source, q.query);
    loop.exec();
    const auto records = controller.matchRecords();
    size_t plies = 0;
    for (const wb::MatchRecord &r : *records)
        plies += r.moves.mainline.size();
    std::printf("search \"%s\": %d games, %lld positions matched in %.2f s (%d threads); %.1f MB of moves recorded\n",
                qPrintable(query), summary.matchedGames, (long long)summary.matchedPositions, summary.seconds,
                summary.threads,
                (plies * sizeof(chess::Move) + records->size() * sizeof(search::MatchMoves)
                 + summary.matchedPositions * search::NextPlies * sizeof(search::MoveCode))
                    / 1e6);

    // What the dock does when the search ends.
    wb::TreeBuilder builder;
    std::vector<wb::NextMove> nextRows;
    wb::TreeTally nextTotal;
    QObject::connect(
        &builder, &wb::TreeBuilder::nextMovesReady,
        [&](const std::vector<wb::NextKey> &, const std::vector<wb::NextMove> &rows, const wb::TreeTally &total, int) {
            nextRows = rows;
            nextTotal = total;
        });
    clock.restart();
    builder.setRecords(records);
    builder.waitForIdle();
    const wb::OpeningTree &start = builder.openingTree();
    std::printf("after the search's end: both trees ready in %.3f s (start position: %d games, %zu moves)\n",
                clock.elapsed() / 1000.0, start.games, start.moves.size());

    std::printf("what came next: %d matched positions, %zu moves after them, top %s %d\n", nextTotal.count,
                nextRows.size(), nextRows.empty() ? "-" : qPrintable(nextRows[0].text),
                nextRows.empty() ? 0 : nextRows[0].tally.count);
    if (!nextRows.empty()) {
        // Expanding the most played row: the moves after it.
        const QString top = nextRows[0].text;
        clock.restart();
        builder.requestNext({nextRows[0].key});
        builder.waitForIdle();
        std::printf("what came next, %s expanded: %.3f s (%zu moves)\n", qPrintable(top), clock.elapsed() / 1000.0,
                    nextRows.size());
    }

    const std::vector<std::pair<const char *, chess::Position>> positions{
        {"1. e4", after({"e4"})},
        {"1. e4 e5 2. Nf3 Nc6", after({"e4", "e5", "Nf3", "Nc6"})},
        {"1. d4 Nf6 2. c4 e6 3. Nc3 Bb4", after({"d4", "Nf6", "c4", "e6", "Nc3", "Bb4"})},
        {"1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6",
         after({"e4", "c5", "Nf3", "d6", "d4", "cxd4", "Nxd4", "Nf6", "Nc3", "a6"})},
    };
    for (const auto &[name, position] : positions) {
        clock.restart();
        builder.showPosition(position);
        builder.waitForIdle();
        const wb::OpeningTree &t = builder.openingTree();
        std::printf("opening tree after %s: %.3f s (%d games, %zu moves, top %s %d)\n", name, clock.elapsed() / 1000.0,
                    t.games, t.moves.size(), t.moves.empty() ? "-" : qPrintable(t.moves[0].san),
                    t.moves.empty() ? 0 : t.moves[0].tally.count);
    }
    return 0;
}
