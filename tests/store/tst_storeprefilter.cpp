// The store's promotion and castling facts and the prefilters derived from
// move filters: on games that promote or castle (each side, each kind), that
// do so only in a variation, that do neither, and a Chess960 game, every
// query gives the same results from the PGN, from the store and from the
// store with prefilters, and the prefilter rules out exactly the games that
// cannot match.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "store/gamestore.h"
#include "store/prefilter.h"
#include "storetestdata.h"

#include <QTemporaryDir>
#include <QtTest>

namespace {

using storetest::compileQuery;

struct TestGame {
    const char *name;
    const char *tags; // extra tag lines
    const char *movetext;
};

// The facts each game's record must hold follow in Facts below.
const TestGame Games[] = {
    {"white O-O-O, black O-O", "[Date \"1950.03.01\"]\n[ECO \"D00\"]\n[WhiteElo \"2700\"]\n[BlackElo \"2650\"]\n",
     "1. d4 d5 2. Nc3 Nc6 3. Bf4 Bf5 4. Qd2 e6 5. O-O-O Nf6 6. e3 Be7 7. Nf3 O-O *"},
    {"black knight promotion", "[Date \"1899.??.??\"]\n[ECO \"C20\"]\n[WhiteElo \"2400\"]\n",
     "1. d4 d5 2. c4 e5 3. dxe5 d4 4. e3 Bb4+ 5. Bd2 dxe3 6. Bxb4 exf2+ 7. Ke2 fxg1=N+ 8. Ke1 Qh4+ 0-1"},
    {"2.hm white queen promotion", "[Date \"????.??.??\"]\n[WhiteElo \"-\"]\n[BlackElo \"2710\"]\n",
     "1. e4 d5 2. exd5 c6 3. dxc6 Nf6 4. cxb7 Nbd7 5. bxa8=Q Nb6 *"},
    {"promotion in a variation", "", "1. e4 d5 2. exd5 c6 3. dxc6 Nf6 (3... e5 4. cxb7 Bd6 5. bxa8=Q) 4. Nf3 *"},
    {"castling in a variation", "", "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 (3... Nf6 4. O-O) 4. c3 *"},
    {"short castlings", "", "1. e4 e5 2. Nf3 Nf6 3. Be2 Be7 4. O-O O-O *"},
    {"1.p neither", "", "1. e4 e5 2. Nf3 Nc6 *"},
    {"Chess960",
     "[Variant \"chess 960\"]\n[SetUp \"1\"]\n[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"]\n",
     "1. Nf3 Nf6 2. g3 g6 3. Bg2 Bg7 4. O-O O-O *"},
};
constexpr int GameCount = int(std::size(Games));

struct Facts {
    bool replayable;
    uint8_t whitePromotions, blackPromotions, castlings;
};
constexpr uint8_t Q = 1u << chess::Queen, N = 1u << chess::Knight;
const Facts Expected[GameCount] = {
    {true, 0, 0, store::WhiteLong | store::BlackShort},
    {true, 0, N, 0},
    {true, Q, 0, 0},
    {true, 0, 0, 0}, // the store's facts are of the mainline it replays
    {true, 0, 0, 0},
    {true, 0, 0, store::WhiteShort | store::BlackShort},
    {true, 0, 0, 0},
    // Replayed from the store (its set-up start keeps the prefilters away).
    {true, 0, 0, store::WhiteShort | store::BlackShort},
};

std::string databaseText()
{
    std::string text;
    for (int i = 0; i < GameCount; ++i) {
        const std::string mt = Games[i].movetext;
        text += "[Event \"" + std::string(Games[i].name) + "\"]\n" + Games[i].tags + "[Result \""
            + mt.substr(mt.rfind(' ') + 1) + "\"]\n\n" + mt + "\n\n";
    }
    return text;
}

} // namespace

class TestStorePrefilter : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    db::Database m_db;
    store::GameStore m_store;

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        store::OpenResult r;
        std::string error;
        QVERIFY2(storetest::openWithNewStore(m_dir.filePath("games.pgn").toStdString(), databaseText(),
                                             m_dir.filePath("cache").toStdString(), m_db, m_store, r, error),
                 error.c_str());
        QVERIFY(r.built && r.used);
        QCOMPARE(int(m_store.size()), GameCount);
    }

    void factsOfEachGame()
    {
        for (int i = 0; i < GameCount; ++i) {
            const store::GameRecord &r = m_store.record(size_t(i));
            const Facts &e = Expected[i];
            QVERIFY2(bool(r.flags & store::Replayable) == e.replayable, Games[i].name);
            if (!e.replayable) continue;
            QVERIFY2(r.promotions[0] == e.whitePromotions, Games[i].name);
            QVERIFY2(r.promotions[1] == e.blackPromotions, Games[i].name);
            QVERIFY2(r.castlings == e.castlings, Games[i].name);
            QVERIFY2(bool(r.flags & store::HasPromotion) == bool(e.whitePromotions | e.blackPromotions), Games[i].name);
            QVERIFY2(bool(r.flags & store::HasCastling) == bool(e.castlings), Games[i].name);
        }
    }

    void sameResultsAndGamesRuledOut_data()
    {
        QTest::addColumn<QString>("query");
        QTest::addColumn<bool>("cqls");
        QTest::addColumn<int>("ruledOut"); // games the prefilter skips
        QTest::addColumn<int>("matches");  // games that match
        // Eight games are replayed; the Chess960 game is never ruled out (a set-up start).
        QTest::newRow("promote Q") << "move promote Q" << false << 6 << 1;
        QTest::newRow("promote N") << "move promote N" << false << 6 << 1;
        QTest::newRow("promote RNB") << "move promote [RNB]" << false << 6 << 1;
        QTest::newRow("promote q (a type)") << "move promote q" << false << 6 << 1;
        QTest::newRow("dash promotion") << "--=N" << false << 6 << 1;
        QTest::newRow("previous promotion") << "move previous promote Q" << false << 6 << 1;
        // A pawn moving to its last rank promotes.
        QTest::newRow("pawn to the 8th rank") << "move from P to a-h8" << false << 6 << 1;
        QTest::newRow("pawn to the 1st rank") << "move from p to a-h1" << false << 6 << 1;
        QTest::newRow("pawn to g1") << "move from p to g1" << false << 6 << 1;
        QTest::newRow("pawn to a8, b8") << "move from P to [a8,b8]" << false << 6 << 1;
        QTest::newRow("pawns of both colours") << "move from [Pp] to a-h8" << false << 0 << 1;
        QTest::newRow("variations: pawn to the 8th rank") << "cql(variations) move from P to a-h8" << false << 5 << 2;
        QTest::newRow("o-o-o") << "o-o-o" << false << 6 << 1;
        QTest::newRow("o-o") << "o-o" << false << 5 << 3; // and the Chess960 game
        QTest::newRow("castle") << "castle" << false << 5 << 3;
        QTest::newRow("move o-o-o") << "move o-o-o" << false << 6 << 1;
        QTest::newRow("dash castle") << "--(o-o)" << false << 5 << 3;
        QTest::newRow("white promotes N") << "wtm move promote N" << false << 7 << 0;
        QTest::newRow("black promotes N") << "btm move promote N" << false << 6 << 1;
        QTest::newRow("black promotes N, compound") << "{btm move promote N}" << false << 6 << 1;
        QTest::newRow("black to move after white's O-O-O") << "{btm o-o-o}" << false << 6 << 1;
        QTest::newRow("white to move after black's O-O-O") << "{wtm o-o-o}" << false << 7 << 0;
        QTest::newRow("white short castling next") << "wtm and move o-o" << false << 6 << 2;
        QTest::newRow("after white's O-O-O, move previous") << "{btm move previous o-o-o}" << false << 6 << 1;
        QTest::newRow("previous castle") << "move previous castle" << false << 5 << 3;
        QTest::newRow("or") << "move promote Q or o-o-o" << false << 5 << 2;
        QTest::newRow("mate or promote N") << "mate or move promote N" << false << 6 << 1;
        QTest::newRow("promote and castle") << "move promote Q castle" << false << 7 << 0;
        QTest::newRow("not castle") << "not castle" << false << 0 << 8;
        QTest::newRow("legal castling") << "move legal o-o" << false << 0 << 4; // one of them never castles
        QTest::newRow("flipcolor") << "flipcolor {wtm move promote N}" << false << 6 << 1;
        // Games with variations are read from the PGN, and ruled out by the facts of their tree.
        QTest::newRow("variations: promote Q") << "cql(variations) move promote Q" << false << 5 << 2;
        QTest::newRow("variations: castle") << "cql(variations) castle" << false << 4 << 4;
        QTest::newRow("variations: o-o") << "cql(variations) o-o" << false << 4 << 4;
        QTest::newRow("variations: black promotes N") << "cql(variations) btm move promote N" << false << 6 << 1;
        // Positions in a variation: the two games with variations (and the Chess960 game) are replayed.
        QTest::newRow("variation") << "cql(variations) variation" << false << 5 << 2;
        QTest::newRow("not variation") << "cql(variations) not variation" << false << 0 << 8;
        QTest::newRow("try") << "cql(variations) try" << false << 5 << 0;
        QTest::newRow("echo with a variation") << "cql(variations) echo (s t) {s < t variation}" << false << 5 << 2;
        QTest::newRow("echo, variation after an assignment")
            << "cql(variations) echo (s t) {x = 1 variation}" << false << 0 << 2;
        QTest::newRow("echo, assignment after the variation")
            << "cql(variations) echo (s t) {variation x = 1}" << false << 5 << 2;
        QTest::newRow("sorted echo") << "cql(variations) mainline sort echo (s t) {s < t variation ply}" << false << 5
                                     << 2;
        // Tags: the store's tags answer as the game's would (a "?" year or a
        // "-" rating is no number, an absent tag none either).
        QTest::newRow("eco") << "eco \"D0\"" << false << 6 << 1;
        QTest::newRow("date") << "date \"1950\"" << false << 6 << 1;
        QTest::newRow("event") << "event \"short\"" << false << 6 << 1;
        QTest::newRow("year <") << "year < 1950" << false << 6 << 1;
        QTest::newRow("year, number first") << "1900 <= year" << false << 6 << 1;
        QTest::newRow("year between") << "{year >= 1800 year <= 1950}" << false << 5 << 2;
        QTest::newRow("year ==") << "year == 1950" << false << 6 << 1;
        QTest::newRow("year !=") << "year != 1950" << false << 6 << 1;
        QTest::newRow("elo white") << "elo white >= 2700" << false << 6 << 1;
        QTest::newRow("elo black") << "elo black < 2700" << false << 6 << 1;
        QTest::newRow("elo, either side") << "elo >= 2700" << false << 5 << 2;
        QTest::newRow("elo, number first") << "2500 > elo white" << false << 6 << 1;
        QTest::newRow("flipcolor elo") << "flipcolor {wtm elo white > 2690}" << false << 5 << 2;
        QTest::newRow("elo and a promotion") << "elo >= 2700 move promote Q" << false << 6 << 1;
        QTest::newRow("initial, result and elo") << "initial result 0-1 elo white >= 2400" << false << 6 << 1;
        QTest::newRow("not year") << "not year < 1950" << false << 0 << 7;
        // An HHdb award is read from the Event tag ("1.p", "2.hm").
        QTest::newRow("hhdb prize") << "hhdb prize == 1" << false << 6 << 1;
        QTest::newRow("hhdb hm, number first") << "2 >= hhdb hm" << false << 6 << 1;
        QTest::newRow("hhdb award") << "hhdb award > 1" << false << 6 << 1;
        // Paths: the constituents every match passes through, under a piece
        // loop and after an opening assignment; comments of literal text and
        // squares are taken back when an attempt fails.
        QTest::newRow("path to a promotion") << "path -- * --=N" << false << 6 << 1;
        QTest::newRow("path with a comment") << "path -- * --=Q comment(\"queen\" to)" << false << 6 << 1;
        QTest::newRow("path in a piece loop") << "piece T in p path -- * T--=N" << false << 6 << 1;
        QTest::newRow("path after an assignment") << "S = currentposition path -- * --=N" << false << 6 << 1;
        QTest::newRow("path to a mate") << "path -- * mate" << false << 7 << 0;
        QTest::newRow("path to a check") << "path -- {2} check" << false << 6 << 1;
        QTest::newRow("variations: path to a promotion") << "cql(variations) path -- * --=Q" << false << 5 << 2;
        // Not analysed: an optional promotion, a comment of a tag's text (as
        // long as the PGN makes it), a repetition in a repeated chain, `all`,
        // an assignment in the path or from a variable, a persistent variable.
        QTest::newRow("path, optional promotion") << "path -- * (--=N)?" << false << 0 << 8;
        QTest::newRow("path, comment of a tag") << "path -- * --=N comment(player white)" << false << 0 << 1;
        QTest::newRow("path, nested repetition") << "path (-- *){2} --=N" << false << 0 << 1;
        QTest::newRow("piece all, path") << "piece all T in p path -- * T--=N" << false << 0 << 0;
        QTest::newRow("path, assignment") << "path -- * {X = 1} --=N" << false << 0 << 1;
        QTest::newRow("assignment from a variable") << "Y = 1 S = Y path -- * --=N" << false << 0 << 1;
        QTest::newRow("persistent assignment") << "persistent Count = 1 path -- * --=N" << false << 0 << 1;
        // A game where the pattern's steps could pass the matcher's budget is
        // not ruled out: with four repetitions only the two shortest games are.
        QTest::newRow("path, three repetitions") << "path -- * -- * -- * --=N" << false << 6 << 1;
        QTest::newRow("path, four repetitions") << "path -- * -- * -- * -- * --=N" << false << 2 << 1;
        // A transform whose images are not pure (a sort) and sorts of a
        // comparison or a path: none can match where the conditions fail.
        QTest::newRow("flipcolor with a sort") << "flipcolor {move promote N sort \"ply\" ply}" << false << 6 << 1;
        QTest::newRow("sort of a comparison") << "sort \"queens\" #Q >= 2" << false << 6 << 1;
        QTest::newRow("sort of a path") << "sort \"plies to N\" path -- * --=N" << false << 6 << 1;
        // A count compared with the number first ("1 < #S" is "#S > 1"), or
        // under a sort: a set that holds a square matches, so its condition
        // (here its loop body's) holds too. The mover of a move in a loop
        // body is not known: a black knight promotion keeps a game for P.
        QTest::newRow("number first, count of a loop") << "initial 0 < #(piece E in p find E--=N)" << false << 6 << 1;
        QTest::newRow("sorted count of a loop")
            << "initial 0 < sort \"promoting pawns\" piece E in p find E--=N" << false << 6 << 1;
        QTest::newRow("sorted count, white pawns")
            << "initial 0 < sort \"n\" piece E in P find E--=N" << false << 6 << 0;
        QTest::newRow("sorted count that may be 0")
            << "initial 0 <= sort \"n\" piece E in p find E--=N" << false << 0 << 8;
        // A sort of a set sorts its count, 0 where the compound ending in it fails.
        QTest::newRow("sort of a set compound") << "sort {move promote N Q}" << false << 0 << 8;
        QTest::newRow("count of a set compound, at least 1") << "#{move promote N Q} >= 1" << false << 6 << 1;
        QTest::newRow("two queens, number first") << "2 <= #Q" << false << 6 << 1;
        // The largest or least of counts: one of them is that large.
        QTest::newRow("max of counts") << "max(#Q #q) >= 2" << false << 6 << 1;
        QTest::newRow("min of counts") << "min(#q #Q) > 1" << false << 6 << 0;
        QTest::newRow("max of counts, one unbounded") << "max(#Q #[a-h1-8]) >= 2" << false << 0 << 8;
        QTest::newRow("max of counts that may be 0") << "max(#Q #q) >= 0" << false << 0 << 8;
        QTest::newRow("count of images, number first") << "1 <= flipcolor count #Q >= 2" << false << 6 << 1;
        QTest::newRow("cqls :result") << "(match :result 0-1 (position :check))" << true << 6 << 1;
        // CQL-S game information is read from the tags too.
        QTest::newRow("cqls :eco") << "(match :eco D00 (position :btm))" << true << 6 << 1;
        QTest::newRow("cqls :eco range") << "(match :eco C00-D99 (position :btm))" << true << 5 << 2;
        QTest::newRow("cqls :date") << "(match :date <1900-01-01 (position :btm))" << true << 6 << 1;
        QTest::newRow("cqls :whiteelo") << "(match :whiteelo >=2500 (position :btm))" << true << 6 << 1;
        QTest::newRow("cqls :tag") << "(match :tag BlackElo (position :btm))" << true << 5 << 2;
        QTest::newRow("cqls :not :eco") << "(match !:eco D00 (position :btm))" << true << 0 << 7;
        QTest::newRow("cqls :promote n") << "(match (position :promote n))" << true << 6 << 1;
        QTest::newRow("cqls :promote N") << "(match (position :promote N))" << true << 7 << 0;
        QTest::newRow("cqls :iscastling q") << "(match (position :iscastling q))" << true << 7 << 0;
        QTest::newRow("cqls :iscastling Q") << "(match (position :iscastling Q))" << true << 6 << 1;
        QTest::newRow("cqls :iscastling") << "(match (position :iscastling))" << true << 5 << 3;
    }
    void sameResultsAndGamesRuledOut()
    {
        QFETCH(QString, query);
        QFETCH(bool, cqls);
        QFETCH(int, ruledOut);
        QFETCH(int, matches);
        const std::string text = query.toStdString();
        const cql::Dialect dialect = cqls ? cql::Dialect::CqlS : cql::Dialect::Cql6;
        auto compile = [&] { return compileQuery(text, dialect); };
        QVERIFY(compile());
        const storetest::Run run = storetest::compareWays(compile, m_db, m_store, query);
        QVERIFY2(run.all != "DIFFERENT", "the same results from the PGN, the store and with prefilters");
        QCOMPARE(int(run.prefiltered), ruledOut);
        QCOMPARE(int(run.matches), matches);
    }
};

QTEST_GUILESS_MAIN(TestStorePrefilter)
#include "tst_storeprefilter.moc"
