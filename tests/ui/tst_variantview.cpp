// Variant games in the workbench: the game list's Variant column, the board's
// pockets and check counters, drops in the notation, the search's counts per
// variant, and a bughouse game shown on the board that matched.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "board/boardwidget.h"
#include "board/variantdecor.h"
#include "database/databasesource.h"
#include "gamelist/gameloader.h"
#include "gamelist/gamelistmodel.h"
#include "gamelist/variantlabel.h"
#include "notation/notationview.h"
#include "search/searchcontroller.h"

#include <QSignalSpy>
#include <QTest>

#include <fstream>
#include <sstream>

using wb::GameListModel;

namespace {

const char *const Pgn = R"([Event "Standard"]
[Result "1-0"]

1. f3 e5 2. g4 Qh4# 0-1

[Event "zh"]
[Variant "crazyhouse"]
[Result "*"]

1. e4 d5 2. exd5 Qxd5 3. Nc3 Qa5 4. @d4 P@e4 5. Nxe4 Qxa2 6. Rxa2 Bf5 7. Q@d8+ Kxd8 *

[Event "3check"]
[Variant "Three-check"]
[Result "*"]

1. e4 e5 2. Bc4 Nc6 3. Bxf7+ Kxf7 4. Qh5+ *

[Event "960"]
[Variant "Chess960"]
[Result "*"]

1. e4 *

[Event "atomic"]
[Variant "Atomic"]
[Result "*"]

1. e4 *
)";

std::string fileText(const std::string &path)
{
    std::ifstream in(path, std::ios::binary);
    std::ostringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

std::shared_ptr<const wb::GameSource> source(const std::string &text, const char *name = "variants.pgn")
{
    auto db = std::make_shared<db::Database>();
    std::string error;
    if (!db->openText(text, name, {}, &error)) qFatal("cannot open test PGN: %s", error.c_str());
    return std::make_shared<wb::DatabaseSource>(std::move(db));
}

chess::Position fen(const char *text, chess::Variant v)
{
    auto p = chess::Position::fromFen(text, nullptr, false, nullptr, v);
    if (!p) qFatal("bad FEN %s", text);
    return *p;
}

const game::Game &loadedEnd(const game::Game &g, game::NodeId &end)
{
    end = g.mainlineEnd();
    return g;
}

} // namespace

class TestVariantView : public QObject {
    Q_OBJECT
private slots:
    void labels()
    {
        QCOMPARE(wb::variantLabel(""), QString());
        QCOMPARE(wb::variantLabel("Standard"), QString());
        QCOMPARE(wb::variantLabel("wild/5"), QString()); // a FICS start position is standard chess
        QCOMPARE(wb::variantLabel("zh"), QStringLiteral("Crazyhouse"));
        QCOMPARE(wb::variantLabel("3check"), QStringLiteral("Three-check"));
        QCOMPARE(wb::variantLabel("Fischerandom"), QStringLiteral("Chess960"));
        QCOMPARE(wb::variantLabel("bughouse"), QStringLiteral("Bughouse"));
        QCOMPARE(wb::variantLabel(" Atomic "), QStringLiteral("Atomic"));
    }

    void variantColumn()
    {
        GameListModel model;
        model.setSource(source(Pgn));
        QCOMPARE(model.headerData(GameListModel::Variant, Qt::Horizontal).toString(), QStringLiteral("Variant"));
        QStringList shown;
        for (int r = 0; r < model.rowCount(); ++r)
            shown << model.data(model.index(r, GameListModel::Variant)).toString();
        QCOMPARE(shown, (QStringList{QString(), "Crazyhouse", "Three-check", "Chess960", "Atomic"}));
        // Sorted by variant, standard chess (empty) first.
        model.sort(GameListModel::Variant, Qt::AscendingOrder);
        model.waitForSorted();
        QCOMPARE(model.data(model.index(0, GameListModel::Variant)).toString(), QString());
        QCOMPARE(model.data(model.index(1, GameListModel::Variant)).toString(), QStringLiteral("Atomic"));
        QCOMPARE(model.data(model.index(4, GameListModel::Variant)).toString(), QStringLiteral("Three-check"));
        // A game held in memory says the same.
        game::Game g;
        QVERIFY(source(Pgn)->loadGame(1, g));
        QCOMPARE(wb::gameInfoFromGame(g).variant, QStringLiteral("Crazyhouse"));
    }

    void pocketData()
    {
        const auto d = wb::variantDecor(
            fen("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R[QNNpp] w KQkq - 0 4", chess::Variant::Crazyhouse));
        QVERIFY(d.pockets);
        QVERIFY(!d.checks);
        QCOMPARE(int(d.pocket[chess::White].size()), 2);
        QCOMPARE(d.pocket[chess::White][0].piece, chess::WQueen); // queen first
        QCOMPARE(d.pocket[chess::White][0].count, 1);
        QCOMPARE(d.pocket[chess::White][1].piece, chess::WKnight);
        QCOMPARE(d.pocket[chess::White][1].count, 2);
        QCOMPARE(int(d.pocket[chess::Black].size()), 1);
        QCOMPARE(d.pocket[chess::Black][0].piece, chess::BPawn);
        QCOMPARE(d.pocket[chess::Black][0].count, 2);
        const auto empty = wb::variantDecor(chess::Position::startOf(chess::Variant::Crazyhouse));
        QVERIFY(empty.pockets); // shown even when empty: the variant says pockets exist
        QVERIFY(empty.pocket[0].empty() && empty.pocket[1].empty());
        QVERIFY(!wb::variantDecor(chess::Position()).any());
    }

    void checkCounterData()
    {
        const auto d = wb::variantDecor(
            fen("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1+2 0 3", chess::Variant::ThreeCheck));
        QVERIFY(d.checks);
        QVERIFY(!d.pockets);
        QCOMPARE(d.checksGiven[chess::White], 2);
        QCOMPARE(d.checksGiven[chess::Black], 1);
    }

    void boardMakesRoomBesideTheSquares()
    {
        wb::BoardWidget board;
        board.resize(500, 420);
        QVERIFY(board.variantRect(chess::White).isEmpty());
        const int plainSide = board.boardRect().width();
        board.setPosition(chess::Position::startOf(chess::Variant::Crazyhouse));
        const QRect white = board.variantRect(chess::White), black = board.variantRect(chess::Black);
        QVERIFY(!white.isEmpty() && !black.isEmpty());
        QVERIFY(white.left() >= board.boardRect().right());
        QVERIFY(white.top() > black.top()); // White's pocket on White's side, below
        QVERIFY(board.boardRect().width() <= plainSide);
        board.setFlipped(true);
        QVERIFY(board.variantRect(chess::White).top() < board.variantRect(chess::Black).top());
        QCOMPARE(board.variantDecor().pockets, true);
        board.setPosition(chess::Position());
        QVERIFY(board.variantRect(chess::White).isEmpty());
    }

    void notationShowsDrops()
    {
        game::Game g;
        QVERIFY(source(Pgn)->loadGame(1, g));
        wb::NotationView view;
        view.setGame(std::make_shared<const game::Game>(g));
        const QString text = view.toPlainText();
        QVERIFY2(text.contains(QLatin1String("P@d4")), qPrintable(text));
        QVERIFY(text.contains(QLatin1String("P@e4")));
        QVERIFY(text.contains(QLatin1String("Q@d8+")));
        QVERIFY(g.errors.empty());
    }

    void searchCountsGamesPerVariant()
    {
        const wb::CompiledQuery q = wb::compileQuery(QStringLiteral("cql() check"), QString());
        QVERIFY(q.query);
        wb::SearchController search;
        QSignalSpy finished(&search, &wb::SearchController::finished);
        QVERIFY(search.start(source(Pgn), q.query));
        QVERIFY(finished.wait(30000));
        const auto s = finished.first().first().value<wb::SearchSummary>();
        QCOMPARE(s.variants.size(), 5);
        QHash<QString, QPair<int, int>> counts;
        for (const auto &v : s.variants)
            counts.insert(v.variant, {v.games, v.matched});
        QCOMPARE(counts.value(QString()), qMakePair(1, 1));
        QCOMPARE(counts.value("Crazyhouse"), qMakePair(1, 1));
        QCOMPARE(counts.value("Three-check"), qMakePair(1, 1));
        QCOMPARE(counts.value("Chess960"), qMakePair(1, 0));
        QCOMPARE(counts.value("Atomic"), qMakePair(1, 0)); // not read, so never matched
    }

    void bughouseShowsTheMatchedBoard()
    {
        const auto src = source(fileText(std::string(CQLWB_TEST_DATA) + "/variants/bughouse.bpgn"), "bughouse.bpgn");
        QCOMPARE(src->info(0).variant, QStringLiteral("Bughouse"));
        // White pawn e5 beside a black knight d5: board B of game 1 only.
        const wb::CompiledQuery q = wb::compileQuery(QStringLiteral("cql() Pe5 nd5"), QString());
        wb::SearchController search;
        QSignalSpy finished(&search, &wb::SearchController::finished);
        QVERIFY(search.start(src, q.query));
        QVERIFY(finished.wait(30000));
        const auto s = finished.first().first().value<wb::SearchSummary>();
        QCOMPARE(s.matchedGames, 1);
        const wb::MatchRecord *r = search.record(0);
        QVERIFY(r);
        QCOMPARE(r->board, 'B');
        const wb::LoadedGame shown = wb::GameLoader::loadNow(*src, 0, q.query.get(), &r->result.matches, r->board);
        QVERIFY(shown.game);
        QCOMPARE(shown.game->board, 'B');
        QCOMPARE(shown.game->tag("White"), std::string_view("Carl"));
        // Evaluated by the loader itself: board B too, as only it matches.
        const wb::LoadedGame evaluated = wb::GameLoader::loadNow(*src, 0, q.query.get());
        QCOMPARE(evaluated.game->board, 'B');
        QCOMPARE(int(evaluated.marks.size()), 1);
        // The board's pockets: White on B holds the pawn Black took on A.
        game::NodeId end;
        const game::Game &b = loadedEnd(*shown.game, end);
        const game::NodeId beforeDrop = b.nodes[b.nodes[end].parent].parent;
        QCOMPARE(wb::variantDecor(b.nodes[beforeDrop].position).pocket[chess::White].size(), size_t(1));
    }
};

QTEST_MAIN(TestVariantView)
#include "tst_variantview.moc"
