// Tests that the store keeps a game's whole tree: a replay from the store is
// node for node the game a full read of its text gives (moves, positions,
// links and ids, variations, comments before and after moves, NAGs, FEN and
// Chess960 starts, null moves), and a replay without variations or
// annotations is what the lean reads the search makes give; a search from the
// store of such games hands on what a search of the text does.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "game/builder.h"
#include "store/gamestore.h"
#include "storetestdata.h"

#include <QTemporaryDir>
#include <QtTest>

#include <filesystem>

namespace {

using storetest::compileQuery;

// Where a replayed game differs from a parsed one ("" when it does not).
std::string difference(const game::Game &a, const game::Game &b)
{
    if (a.nodes.size() != b.nodes.size())
        return "node count " + std::to_string(a.nodes.size()) + " vs " + std::to_string(b.nodes.size());
    if (a.tags != b.tags) return "tags";
    if (a.result != b.result) return "result";
    if (a.chess960 != b.chess960) return "chess960";
    if (a.fileOffset != b.fileOffset || a.firstLine != b.firstLine || a.firstColumn != b.firstColumn) return "origin";
    if (a.number != b.number) return "number";
    for (size_t n = 0; n < a.nodes.size(); ++n) {
        const game::Node &x = a.nodes[n], &y = b.nodes[n];
        const std::string at = " at node " + std::to_string(n);
        if (x.move.raw() != y.move.raw()) return "move" + at;
        if (x.position.fen() != y.position.fen() || x.position.key() != y.position.key()) return "position" + at;
        if (x.position.chess960() != y.position.chess960()) return "chess960 position" + at;
        if (x.parent != y.parent || x.firstChild != y.firstChild || x.nextSibling != y.nextSibling) return "links" + at;
        if (x.ply != y.ply || x.variationDepth != y.variationDepth) return "ply or depth" + at;
        if ((x.comment == game::NoText) != (y.comment == game::NoText) || a.text(x.comment) != b.text(y.comment))
            return "comment" + at + ": '" + std::string(a.text(x.comment)) + "' vs '" + std::string(b.text(y.comment))
                + "'";
        if ((x.preComment == game::NoText) != (y.preComment == game::NoText)
            || a.text(x.preComment) != b.text(y.preComment))
            return "comment before" + at;
        if (x.nagCount != y.nagCount
            || !std::equal(a.nags.begin() + x.nagBegin, a.nags.begin() + x.nagBegin + x.nagCount,
                           b.nags.begin() + y.nagBegin))
            return "NAGs" + at;
    }
    return {};
}

const game::BuildOptions Full{true, true, true, true};

// Every way the search reads a game: (variations, annotations) and the parse that stands for it.
struct Way {
    bool variations, annotations;
    game::BuildOptions parse;
};
const Way Ways[] = {
    {true, true, Full},
    {true, false, {true, true, false, false}},
    {false, true, {true, false, true, true}},
    {false, false, {true, false, false, false}},
};

// Checks every replayable game of a store against the parses; returns how many were compared.
size_t checkReplays(const db::Database &d, const store::GameStore &st)
{
    game::GameParser parser;
    game::Game parsed, replayed;
    size_t compared = 0;
    for (size_t i = 0; i < d.size(); ++i)
        for (const Way &w : Ways) {
            if (!st.replays(i, w.variations, w.annotations)) continue;
            if (!parser.parse(d.gameText(i), d.number(i), d.origin(i), parsed, w.parse)) {
                qWarning("game %zu does not parse", i + 1);
                return 0;
            }
            if (!st.replay(i, d.number(i), replayed, w.variations, w.annotations)) {
                qWarning("game %zu: replay failed (variations %d, annotations %d)", i + 1, w.variations, w.annotations);
                return 0;
            }
            const std::string diff = difference(replayed, parsed);
            if (!diff.empty()) {
                qWarning("game %zu (variations %d, annotations %d): %s", i + 1, w.variations, w.annotations,
                         diff.c_str());
                return 0;
            }
            ++compared;
        }
    return compared;
}

std::string nested(int depth)
{
    std::string text = "1. e4 e5 2. Nf3 ";
    for (int i = 0; i < depth; ++i)
        text += i % 2 ? "(2. Nc3 " : "(2. Nf3 ";
    text += "Nc6";
    for (int i = 0; i < depth; ++i)
        text += ")";
    return text + " 2... Nc6 3. Bb5 *";
}

} // namespace

class TestStoreTree : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    int m_files = 0;

    // A database of these games and its store, built now.
    bool open(const std::string &text, db::Database &d, store::GameStore &st)
    {
        store::OpenResult r;
        std::string error;
        const bool ok = storetest::openWithNewStore(m_dir.filePath(QString("game%1.pgn").arg(++m_files)).toStdString(),
                                                    text, m_dir.filePath("cache").toStdString(), d, st, r, error)
            && r.used;
        if (!ok) qWarning("no store: %s %s", error.c_str(), r.note.c_str());
        return ok;
    }

private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void replayEqualsFullRead_data()
    {
        QTest::addColumn<QString>("tags");
        QTest::addColumn<QString>("movetext");
        QTest::addColumn<bool>("leanCommentsDiffer");
        QTest::newRow("mainline") << ""
                                  << "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1-0" << false;
        QTest::newRow("empty game") << ""
                                    << "*" << false;
        QTest::newRow("nested variations") << ""
                                           << "1. e4 (1. d4 d5 (1... Nf6 2. c4 (2. Nf3 g6) 2... e6) 2. c4) (1. c4) "
                                              "1... e5 2. Nf3 (2. f4 exf4 (2... d5 3. exd5)) 2... Nc6 *"
                                           << false;
        QTest::newRow("variation on the last move") << ""
                                                    << "1. e4 e5 2. Nf3 (2. Nc3) (2. Bc4 Nf6 (2... Bc5)) *" << false;
        QTest::newRow("comments everywhere") << ""
                                             << "{start} {more} 1. e4 {after e4} ({before d4} 1. d4 {after d4} d5 {x}) "
                                                "1... e5 {a} {b} 2. Nf3 Nc6 {end} *"
                                             << false;
        QTest::newRow("comment in a variation without moves")
            << ""
            << "1. e4 {one} ({lonely}) 1... e5 2. Nf3 ( {alone} ) Nc6 *" << true;
        QTest::newRow("NAGs") << ""
                              << "$10 1. e4 $1 $14 (1. d4 $2 $6) ($5 1. c4 $3 e5 $4) 1... e5 ! 2. Nf3 ?! Nc6 $18 *"
                              << false;
        QTest::newRow("NAGs and comments after variations")
            << ""
            << "1. e4 (1. d4) {after the variation} $1 1... e5 (1... c5 {sicilian} $2) $3 {then} 2. Nf3 *" << false;
        QTest::newRow("null moves") << ""
                                    << "1. e4 -- 2. d4 -- 3. c4 (3. Nf3 -- 4. g3) 3... e5 *" << false;
        QTest::newRow("promotions in variations")
            << "[FEN \"4k3/P7/8/8/8/8/7p/4K3 w - - 0 1\"]\n"
            << "1. a8=Q+ (1. a8=N h1=Q+ (1... h1=R+ 2. Kd2)) 1... Kd7 2. Qb7+ (2. Qa4+) 2... Ke6 *" << false;
        QTest::newRow("FEN, black to move") << "[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 0 12\"]\n"
                                            << "{set up} 12... Kd7 13. e4 (13. Kd2 {or}) 13... Ke6 *" << false;
        QTest::newRow("FEN with castling") << "[FEN \"r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1\"]\n"
                                           << "1. O-O (1. O-O-O O-O-O (1... O-O)) 1... O-O-O 2. Kh1 *" << false;
        QTest::newRow("Chess960")
            << "[Variant \"Chess960\"]\n[FEN \"1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w GBgb - 0 1\"]\n"
            << "1. O-O (1. O-O-O O-O) 1... O-O-O 2. Kh1 *" << false;
        QTest::newRow("Chess960 without a FEN") << "[Variant \"Chess960\"]\n"
                                                << "1. e4 e5 (1... c5) 2. Nf3 *" << false;
        QTest::newRow("deep nesting") << "" << QString::fromStdString(nested(190)) << false;
    }

    void replayEqualsFullRead()
    {
        QFETCH(QString, tags);
        QFETCH(QString, movetext);
        QFETCH(bool, leanCommentsDiffer);
        const std::string text = "[Event \"E\"]\n[Result \"*\"]\n" + tags.toStdString() + "\n" + movetext.toStdString()
            + "\n\n[Event \"After\"]\n\n1. d4 d5 *\n";
        db::Database d;
        store::GameStore st;
        QVERIFY(open(text, d, st));
        QCOMPARE(d.size(), size_t(2));
        game::GameParser parser;
        game::Game parsed;
        QVERIFY(parser.parse(d.gameText(0), 1, d.origin(0), parsed, Full));
        QVERIFY2(parsed.errors.empty(), parsed.errors.empty() ? "" : parsed.errors[0].message.c_str());
        QVERIFY(st.replays(0, true, true));
        QVERIFY(st.replays(0, true, false));
        QVERIFY(st.replays(0, false, false));
        QCOMPARE(st.replays(0, false, true), !leanCommentsDiffer);
        QCOMPARE(checkReplays(d, st), size_t(leanCommentsDiffer ? 7 : 8));
    }

    // A Chess960 game read as standard chess (the reference's way) is read from the text.
    void chess960ReadAsStandardIsNotReplayed()
    {
        db::Database d;
        store::GameStore st;
        QVERIFY(open("[Variant \"Chess960\"]\n[FEN \"1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w GBgb - 0 1\"]\n\n"
                     "1. O-O O-O *\n\n[Event \"Standard\"]\n\n1. e4 e5 *\n",
                     d, st));
        game::Game g;
        QVERIFY(st.replay(0, 1, g));
        QVERIFY(g.chess960);
        QVERIFY(!st.replay(0, 1, g, true, true, false));
        QVERIFY(st.replay(1, 2, g, true, true, false));
    }

    // Variant games (drops, two boards) are not kept: their moves read from the text.
    void variantGamesAreReadFromTheText()
    {
        db::Database d;
        store::GameStore st;
        QVERIFY(open("[Variant \"Crazyhouse\"]\n\n1. e4 d5 2. exd5 Qxd5 3. Nc3 Qa5 4. P@d4 *\n\n"
                     "[Variant \"Atomic\"]\n\n1. e4 *\n\n[Event \"Standard\"]\n\n1. e4 e5 *\n",
                     d, st));
        QVERIFY(!st.replays(0, false, false));
        QVERIFY(!st.replays(1, false, false));
        QVERIFY(st.replays(2, true, true));
    }

    // The test database (the repository's PGN samples and the generated games).
    void wholeDatabaseReplaysAsRead()
    {
        db::Database d;
        store::GameStore st;
        QVERIFY(open(storetest::databaseText(), d, st));
        size_t withTree = 0;
        for (size_t i = 0; i < d.size(); ++i)
            withTree += st.replays(i, true, true) && st.hasVariations(i);
        QVERIFY(withTree >= 5);
        QVERIFY(checkReplays(d, st) > 4 * 40);
    }

    // Searches that read variations and comments, from the text and from the store, hand on the same.
    void searchesOfTreesAgree_data()
    {
        QTest::addColumn<QString>("query");
        for (const char *q :
             {"check", "cql(variations) check", "cql(variations) mate", "originalcomment \"a\"",
              "cql(variations) originalcomment \"or\"", "cql(variations) variation check", "cql(variations) depth > 1",
              "cql(variations) comment(\"x\") mainline", "btm", "cql(variations) move null"})
            QTest::newRow(q) << QString(q);
    }
    void searchesOfTreesAgree()
    {
        QFETCH(QString, query);
        std::string text;
        const char *const games[] = {
            "{Opening} 1. e4 (1. d4 d5 2. Qd3 {line} 2... e5) 1... e5 {a good move} 2. Qh5 $1 Nc6 3. Bc4 Nf6 4. Qxf7# "
            "1-0",
            "1. e4 {one} ({lonely}) 1... e5 2. Nf3 ( {alone} ) Nc6 (2... Nf6 3. Nxe5 (3. Qe2 {or}) 3... d6) 3. Bb5 *",
            "1. e4 -- 2. d4 -- 3. c4 (3. Nf3 -- 4. g3) 3... e5 *",
            "1. f3 (1. f4 e5 2. g4 Qh4#) 1... e5 2. g4 Qh4# 0-1",
        };
        int n = 0;
        for (const char *g : games)
            text += "[Event \"G" + std::to_string(++n) + "\"]\n\n" + g + "\n\n";
        text += "[Event \"FEN\"]\n[FEN \"4k3/P7/8/8/8/8/7p/4K3 w - - 0 1\"]\n\n1. a8=Q+ (1. a8=N h1=Q+ (1... h1=R+ "
                "2. Kd2)) 1... Kd7 2. Qb7+ (2. Qa4+) 2... Ke6 *\n\n";
        db::Database d;
        store::GameStore st;
        QVERIFY(open(text, d, st));
        const std::string q = query.toStdString();
        QVERIFY(compileQuery(q));
        const storetest::Run run = storetest::compareWays([&] { return compileQuery(q); }, d, st, query);
        // The game with comments in variations without moves reads its comments without variations from the text.
        const bool leanComments =
            q.find("originalcomment") != std::string::npos && q.find("variations") == std::string::npos;
        QCOMPARE(run.fromStore + run.prefiltered, uint64_t(d.size()) - leanComments);
    }
};

QTEST_GUILESS_MAIN(TestStoreTree)
#include "tst_storetree.moc"
