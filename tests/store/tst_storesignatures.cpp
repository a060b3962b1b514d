// The store's per-game signatures (where each piece kind stood, over the whole
// game tree) and the prefilters derived from set filters, transforms, loops,
// find, line and the squares of moves: on games whose pieces go where others'
// do not, with mates and promotions in variations only, every query gives the
// same results from the PGN, from the store and from the store with
// prefilters, and the prefilter rules out the games that cannot match.
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
    const char *movetext;
};

const TestGame Games[] = {
    {"rook lift", "1. a4 e5 2. Ra3 Nf6 3. Rh3 Bc5 4. e3 O-O *"},
    {"black pawn on the second rank",
     "1. d4 d5 2. c4 e5 3. dxe5 d4 4. e3 Bb4+ 5. Bd2 dxe3 6. Bxb4 exf2+ 7. Ke2 fxg1=N+ 8. Ke1 Qh4+ 0-1"},
    {"white pawn on the seventh in a variation",
     "1. e4 d5 2. exd5 c6 3. dxc6 Nf6 (3... e5 4. cxb7 Bd6 5. bxa8=Q) 4. Nf3 *"},
    {"quiet", "1. e4 e5 2. Nf3 Nc6 *"},
    {"mate", "1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0"},
    {"mate in a variation", "1. e4 e5 2. Bc4 Nc6 3. Qh5 g6 (3... Nf6 4. Qxf7#) 4. Qf3 Nf6 *"},
};
constexpr int GameCount = int(std::size(Games));

constexpr uint64_t bit(int file, int rank) { return uint64_t(1) << (rank * 8 + file); }
constexpr int WhitePawn = 0, WhiteKnight = 1, WhiteRook = 3, WhiteQueen = 4, BlackPawn = 6, BlackKnight = 7,
              BlackBishop = 8, BlackRook = 9, BlackKing = 11;

std::string databaseText()
{
    std::string text;
    for (const TestGame &g : Games) {
        const std::string mt = g.movetext;
        text += "[Event \"" + std::string(g.name) + "\"]\n[Result \"" + mt.substr(mt.rfind(' ') + 1) + "\"]\n\n" + mt
            + "\n\n";
    }
    return text;
}

} // namespace

class TestStoreSignatures : public QObject {
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

    void signaturesOfTheTree()
    {
        for (int i = 0; i < GameCount; ++i)
            QVERIFY2(m_store.describes(size_t(i)), Games[i].name);
        const store::GameSignature &lift = m_store.signature(0);
        QCOMPARE(lift.squares[WhiteRook], bit(0, 0) | bit(7, 0) | bit(0, 2) | bit(7, 2));
        QCOMPARE(lift.maxPly, uint16_t(8));
        const store::GameSignature &second = m_store.signature(1);
        QVERIFY(second.squares[BlackPawn] & bit(5, 1));
        QCOMPARE(int(second.promotions[1]), 1 << chess::Knight);
        QVERIFY(second.flags & store::TreeCheck);
        QVERIFY(!(second.flags & store::TreeMate));
        // The variation's pawn on b7 and queen on a8 are in the tree's signature, not on the mainline.
        const store::GameSignature &variation = m_store.signature(2);
        QVERIFY(variation.squares[WhitePawn] & bit(1, 6));
        QVERIFY(variation.squares[WhiteQueen] & bit(0, 7));
        QCOMPARE(int(variation.pieceMax[WhiteQueen]), 2);
        QCOMPARE(int(m_store.record(2).pieceMax[WhiteQueen]), 1);
        QCOMPARE(int(variation.promotions[0]), 1 << chess::Queen);
        QCOMPARE(int(variation.maxPly), 9);
        // The fewest of each kind at once, over the tree: game 1 ends with six
        // pawns a side and one white knight; the variation of game 2 takes a
        // third black pawn and a rook, where its mainline takes two pawns.
        QCOMPARE(second.pieceMin(WhitePawn), 6);
        QCOMPARE(second.pieceMin(BlackPawn), 6);
        QCOMPARE(second.pieceMin(WhiteKnight), 1);
        QCOMPARE(second.pieceMin(BlackKnight), 2); // the promotion adds one later
        QCOMPARE(second.pieceMin(BlackBishop), 1);
        QCOMPARE(variation.pieceMin(BlackPawn), 5);
        QCOMPARE(variation.pieceMin(BlackRook), 1);
        QCOMPARE(variation.pieceMin(WhitePawn), 7);
        QCOMPARE(m_store.signature(3).pieceMin(WhitePawn), 8);
        QCOMPARE(m_store.signature(3).pieceMin(BlackKing), 1);
        QVERIFY(m_store.signature(4).flags & store::TreeMate);
        QVERIFY(m_store.signature(5).flags & store::TreeMate);
        QVERIFY(!(m_store.record(5).flags & store::FinalMate));
        QVERIFY(!(m_store.signature(3).flags & (store::TreeMate | store::TreeCheck | store::TreeStalemate)));
    }

    void sameResultsAndGamesRuledOut_data()
    {
        QTest::addColumn<QString>("query");
        QTest::addColumn<int>("ruledOut"); // games the prefilter skips
        QTest::addColumn<int>("matches");  // games that match
        // Designators: a white rook on h3 only in the rook lift.
        QTest::newRow("designator") << "Rh3" << 5 << 1;
        QTest::newRow("designator, several squares") << "R[h3,a3]" << 5 << 1;
        QTest::newRow("black pawn on the second rank") << "p[a-h2]" << 5 << 1;
        // The tree's signature stands for the mainline too: the variation's b7 pawn keeps game 3 in.
        QTest::newRow("white pawn on the seventh") << "P[a-h7]" << 5 << 0;
        QTest::newRow("flipcolor") << "flipcolor p[a-h2]" << 4 << 1;
        QTest::newRow("rotate90") << "rotate90 Rh3" << 5 << 1;
        QTest::newRow("shift") << "shift {Ra3 Nb1}" << 5 << 1;
        QTest::newRow("flip transform of a compound") << "flip {Rh3 ke8}" << 5 << 1;
        // At most so many pieces at once: the fewest of each kind at once,
        // summed (the tree's: game 2's variation keeps it in for 28).
        QTest::newRow("at most 28 pieces") << "#[Aa] <= 28" << 4 << 1;
        QTest::newRow("fewer than 32 pieces") << "[Aa] < 32" << 2 << 3;
        QTest::newRow("exactly 6 black pawns") << "#p == 6" << 4 << 2;
        QTest::newRow("sorted, fewer than 7 white pawns") << "sort \"pawns\" #P < 7" << 5 << 1;
        QTest::newRow("at most 0 queens on the first rank") << "#Q[a-h1] <= 0" << 0 << 2;
        // Power likewise, each kind weighed by its value (a knight 3, a rook 5 ...).
        QTest::newRow("black power at most 36") << "power a <= 36" << 4 << 1;
        QTest::newRow("sorted white power at most 38") << "sort \"power\" power A <= 38" << 4 << 1;
        QTest::newRow("power of one square") << "power a[a-h8] <= 0" << 0 << 0;
        QTest::newRow("not") << "not Rh3" << 0 << 6;
        QTest::newRow("union") << "Rh3 | p[a-h2]" << 4 << 2;
        QTest::newRow("intersection") << "(R | r) & h3" << 5 << 1;
        QTest::newRow("complement") << "~(Rh3)" << 0 << 6;
        QTest::newRow("light squares") << "light Rh3" << 5 << 1;
        QTest::newRow("dark squares") << "dark Rh3" << 6 << 0;
        QTest::newRow("attacks") << "Rh3 attacks p" << 5 << 1;
        QTest::newRow("attackedby") << "p attackedby Rh3" << 5 << 1;
        QTest::newRow("ray") << "ray (Rh3 p)" << 5 << 1;
        QTest::newRow("between") << "between(Rh3 k)" << 5 << 0;
        QTest::newRow("direction") << "up 1 Rh3" << 5 << 1;
        QTest::newRow("count of zero") << "#Rh3 == 0" << 0 << 6;
        QTest::newRow("count of one") << "#(R & a-h3) >= 1" << 5 << 1;
        QTest::newRow("count of two squares") << "#(R & a-h3) >= 2" << 5 << 0;
        QTest::newRow("set compared with a number") << "R[a-h3] >= 1" << 5 << 1;
        QTest::newRow("set compared with zero") << "R[a-h3] == 0" << 0 << 6;
        // (A loop inside another over the same variable stops the search, as in 6.2.)
        QTest::newRow("a later loop rebinds the variable") << "square S in h3 true square S in a1 (S & R)" << 0 << 6;
        QTest::newRow("square loop") << "square S in a-h3 (S & R)" << 5 << 1;
        QTest::newRow("square loop, all") << "square all S in h3 (S & R)" << 0 << 1;
        QTest::newRow("piece loop") << "piece T in [Pp] (T & a-h2)" << 0 << 6;
        QTest::newRow("piece loop over absent pieces") << "piece T in p[a-h2] (T & p)" << 5 << 1;
        QTest::newRow("piece loop, find elsewhere") << "piece T in R find (T & h3)" << 0 << 1;
        QTest::newRow("find") << "initial find Rh3" << 5 << 1;
        QTest::newRow("find, range from zero") << "initial find quiet 0 5 Rh3" << 0 << 6;
        QTest::newRow("find all with comments") << "initial find all check" << 0 << 2;
        QTest::newRow("line") << "line --> Ra3 --> Rh3" << 5 << 1;
        QTest::newRow("line, optional constituent") << "line --> Ra3{0} --> Rh3" << 5 << 1;
        QTest::newRow("move from") << "move from Rh3" << 5 << 0;
        QTest::newRow("move to") << "move to Rh3" << 5 << 0;
        QTest::newRow("move captures a black knight") << "move capture n" << 0 << 0;
        // Every game had a black pawn on f7: no game is ruled out.
        QTest::newRow("previous move captured on f7") << "move previous capture p[f7]" << 0 << 1;
        QTest::newRow("captures a pawn on the second rank") << "move capture p[a-h2]" << 5 << 0;
        QTest::newRow("mate") << "mate" << 5 << 1;
        QTest::newRow("variations: mate") << "cql(variations) mate" << 4 << 2;
        QTest::newRow("variations: white pawn on the seventh") << "cql(variations) P[a-h7]" << 5 << 1;
        QTest::newRow("variations: two white queens") << "cql(variations) #Q >= 2" << 5 << 1;
        QTest::newRow("two white queens") << "#Q >= 2" << 6 << 0;
        QTest::newRow("variations: queen promotion") << "cql(variations) move promote Q" << 5 << 1;
        QTest::newRow("variations: long line") << "cql(variations) ply > 8" << 4 << 2;
        QTest::newRow("long mainline") << "ply > 8" << 5 << 1;
        QTest::newRow("variations: check") << "cql(variations) check" << 3 << 3;
    }
    void sameResultsAndGamesRuledOut()
    {
        QFETCH(QString, query);
        QFETCH(int, ruledOut);
        QFETCH(int, matches);
        const std::string text = query.toStdString();
        auto compile = [&] { return compileQuery(text, cql::Dialect::Cql6); };
        QVERIFY(compile());
        const storetest::Run run = storetest::compareWays(compile, m_db, m_store, query);
        QVERIFY2(run.all != "DIFFERENT", "the same results from the PGN, the store and with prefilters");
        QCOMPARE(int(run.matches), matches);
        QCOMPARE(int(run.prefiltered), ruledOut);
    }
};

QTEST_GUILESS_MAIN(TestStoreSignatures)
#include "tst_storesignatures.moc"
