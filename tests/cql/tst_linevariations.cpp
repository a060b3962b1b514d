// `line` on games with variations, as CQL 6.2 matches it: which moves
// `primary` and `secondary` let the line take (at every step, singlecolor's
// skipped ply included), a constituent holding a `move` filter tested move by
// move and followed along that move, `<--` lines, the order in which
// repetitions are tried (firstmatch, equally long matches), the range judged
// on the longest match, the comments of abandoned ways dropped, and positions
// in variations named by their id.
//
// The expectations were taken from runs of the reference engine, CQL 6.2
// (build 9.493): `cql -variations -cql QUERY` on each game, whose output PGN
// (matches, every comment) was compared equal to cqlwb-cli's.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "cqltest.h"

using namespace cqltest;

namespace {

// Variations nested two deep, captures in all of them, no check.
const char *Open = "1. e4 e5 (1... c5 2. Nf3 (2. d4 cxd4 3. Qxd4 Nc6) 2... d6 3. d4 cxd4) 2. Nf3 Nc6 "
                   "(2... d6 3. d4 exd4 4. Nxd4) 3. Bb5 a6 (3... Nf6 4. O-O Nxe4) 4. Bxc6 dxc6 *\n";
// Checks in the main line and in variations (one nested).
const char *Checks = "1. e4 e5 2. Bc4 Nc6 (2... Nf6 3. Bxf7+ Kxf7 4. Qh5+ (4. Nf3 d6 5. Ng5+ Kg8) 4... g6) "
                     "3. Qh5 Nf6 (3... g6 4. Qf3 Nf6 5. Bxf7+ Ke7) 4. Qxf7# 1-0\n";

// A position by the moves that lead to it from the start ("start" for the start).
QString label(const game::Game &g, game::NodeId n)
{
    QStringList moves;
    for (; g.nodes[n].parent != game::NoNode; n = g.nodes[n].parent)
        moves.prepend(QString::fromStdString(g.nodes[g.nodes[n].parent].position.san(g.nodes[n].move)));
    return moves.isEmpty() ? QStringLiteral("start") : moves.join(u' ');
}

// The matched positions, then every comment but the match markers, each
// "text@position" in the order written.
QString outcome(const std::string &query, const char *pgn)
{
    const game::Game g = pgnGame(pgn);
    const cql::GameResult r = runQuery(query, g);
    if (!r.error.empty()) return QString::fromStdString("error: " + r.error);
    QStringList marks;
    for (const cql::PositionMark &m : r.matches)
        marks << label(g, m.node);
    QStringList comments;
    for (const cql::NodeComment &c : r.comments)
        if (c.text != "CQL") comments << QString::fromStdString(c.text) + "@" + label(g, c.node);
    return marks.join(u", ") + " / " + comments.join(u" | ");
}

} // namespace

class TestLineVariations : public QObject {
    Q_OBJECT
private slots:
    void asTheReference_data();
    void asTheReference();
};

void TestLineVariations::asTheReference_data()
{
    QTest::addColumn<QString>("game");
    QTest::addColumn<QString>("query");
    QTest::addColumn<QString>("expected");
    auto row = [](const char *name, const char *g, const char *q, const char *e) {
        QTest::newRow(name) << QString(g) << QString(q) << QString(e);
    };
    // secondary: every step goes into a variation (never along the first move).
    row("secondary", Open, "cql(variations) line secondary --> true --> true",
        "e4, e4 c5, e4 e5 Nf3, e4 e5 Nf3 Nc6 Bb5 / End line of length 2 that starts at move 1(btm)@e4 c5 | "
        "id:16@e4 c5 | Start line that ends at move 2(wtm)[16]@e4 | "
        "End line of length 2 that starts at move 2(btm)@e4 e5 Nf3 d6 | id:12@e4 e5 Nf3 d6 | "
        "Start line that ends at move 3(wtm)[12]@e4 e5 Nf3 | "
        "End line of length 2 that starts at move 3(btm)@e4 e5 Nf3 Nc6 Bb5 Nf6 | "
        "id:9@e4 e5 Nf3 Nc6 Bb5 Nf6 | Start line that ends at move 4(wtm)[9]@e4 e5 Nf3 Nc6 Bb5 | "
        "id:16@e4 c5 | End line of length 2 that starts at move 2(wtm)[16]@e4 c5 d4 | "
        "id:21@e4 c5 d4 | Start line that ends at move 2(btm)[21]@e4 c5");
    // Without variations only the game's move is there: no line of two.
    row("secondary, main line only", Open, "cql() line secondary --> true --> true", " / ");
    // primary with a move filter: the move tested is the first one only, the
    // line goes on along it (a capture in a variation does not do).
    row("primary, move per move", Open, "cql(variations) line primary --> move capture . --> move capture .",
        "e4 c5 d4, e4 e5 Nf3 d6 d4, e4 e5 Nf3 Nc6 Bb5 a6 / End line of length 2 that starts at move 4(wtm)@e4 e5 Nf3 "
        "Nc6 Bb5 a6 Bxc6 | "
        "Start line that ends at move 4(btm)@e4 e5 Nf3 Nc6 Bb5 a6 | id:13@e4 e5 Nf3 d6 d4 | "
        "End line of length 2 that starts at move 3(btm)[13]@e4 e5 Nf3 d6 d4 exd4 | "
        "id:14@e4 e5 Nf3 d6 d4 exd4 | Start line that ends at move 4(wtm)[14]@e4 e5 Nf3 d6 d4 | "
        "id:21@e4 c5 d4 | End line of length 2 that starts at move 2(btm)[21]@e4 c5 d4 cxd4 | "
        "id:22@e4 c5 d4 cxd4 | Start line that ends at move 3(wtm)[22]@e4 c5 d4");
    // A move filter is tested move by move: the line follows the capture, not
    // every move from the position.
    row("move per move", Checks, "cql(variations) line --> move capture . --> check",
        "e4 e5 Bc4 Nf6, e4 e5 Bc4 Nc6 Qh5 Nf6, e4 e5 Bc4 Nc6 Qh5 g6 Qf3 Nf6 / End line of length 2 that starts at move "
        "4(wtm)@e4 e5 Bc4 Nc6 Qh5 Nf6 Qxf7# | "
        "Start line that ends at move 4(btm)@e4 e5 Bc4 Nc6 Qh5 Nf6 | "
        "id:10@e4 e5 Bc4 Nc6 Qh5 g6 Qf3 Nf6 | "
        "End line of length 2 that starts at move 5(wtm)[10]@e4 e5 Bc4 Nc6 Qh5 g6 Qf3 Nf6 Bxf7+ | "
        "id:11@e4 e5 Bc4 Nc6 Qh5 g6 Qf3 Nf6 Bxf7+ | "
        "Start line that ends at move 5(btm)[11]@e4 e5 Bc4 Nc6 Qh5 g6 Qf3 Nf6 | "
        "id:13@e4 e5 Bc4 Nf6 | "
        "End line of length 2 that starts at move 3(wtm)[13]@e4 e5 Bc4 Nf6 Bxf7+ | "
        "id:14@e4 e5 Bc4 Nf6 Bxf7+ | Start line that ends at move 3(btm)[14]@e4 e5 Bc4 Nf6");
    row("not move per move", Open, "cql(variations) line --> not move capture . --> move capture .",
        "e4 c5, e4 c5 Nf3 d6, e4 e5 Nf3 d6, e4 e5 Nf3 Nc6 Bb5, e4 e5 Nf3 Nc6 Bb5 Nf6 / End line of length 2 that "
        "starts at move 3(btm)@e4 e5 Nf3 Nc6 Bb5 a6 | "
        "Start line that ends at move 4(wtm)@e4 e5 Nf3 Nc6 Bb5 | id:9@e4 e5 Nf3 Nc6 Bb5 Nf6 | "
        "End line of length 2 that starts at move 4(wtm)[9]@e4 e5 Nf3 Nc6 Bb5 Nf6 O-O | "
        "id:10@e4 e5 Nf3 Nc6 Bb5 Nf6 O-O | "
        "Start line that ends at move 4(btm)[10]@e4 e5 Nf3 Nc6 Bb5 Nf6 | id:12@e4 e5 Nf3 d6 | "
        "End line of length 2 that starts at move 3(wtm)[12]@e4 e5 Nf3 d6 d4 | "
        "id:13@e4 e5 Nf3 d6 d4 | Start line that ends at move 3(btm)[13]@e4 e5 Nf3 d6 | "
        "id:16@e4 c5 | End line of length 2 that starts at move 2(wtm)[16]@e4 c5 d4 | "
        "id:21@e4 c5 d4 | Start line that ends at move 2(btm)[21]@e4 c5 | id:18@e4 c5 Nf3 d6 | "
        "End line of length 2 that starts at move 3(wtm)[18]@e4 c5 Nf3 d6 d4 | "
        "id:19@e4 c5 Nf3 d6 d4 | Start line that ends at move 3(btm)[19]@e4 c5 Nf3 d6");
    // singlecolor: secondary at both plies of a step.
    row("singlecolor secondary", Open, "cql(variations) line singlecolor secondary --> true --> true",
        "e4 / End line of length 2 that starts at move 1(btm)@e4 c5 d4 | id:21@e4 c5 d4 | "
        "Start line that ends at move 2(btm)[21]@e4");
    row("singlecolor primary", Checks, "cql(variations) line singlecolor primary --> true --> check",
        "e4 e5 Bc4 Nf6 Bxf7+, e4 e5 Bc4 Nf6 Bxf7+ Kxf7 Nf3, e4 e5 Bc4 Nc6 Qh5, e4 e5 Bc4 Nc6 Qh5 g6 Qf3 / End line of "
        "length 2 that starts at move 3(btm)@e4 e5 Bc4 Nc6 Qh5 Nf6 Qxf7# | "
        "Start line that ends at move 4(btm)@e4 e5 Bc4 Nc6 Qh5 | id:9@e4 e5 Bc4 Nc6 Qh5 g6 Qf3 | "
        "End line of length 2 that starts at move 4(btm)[9]@e4 e5 Bc4 Nc6 Qh5 g6 Qf3 Nf6 Bxf7+ | "
        "id:11@e4 e5 Bc4 Nc6 Qh5 g6 Qf3 Nf6 Bxf7+ | "
        "Start line that ends at move 5(btm)[11]@e4 e5 Bc4 Nc6 Qh5 g6 Qf3 | "
        "id:14@e4 e5 Bc4 Nf6 Bxf7+ | "
        "End line of length 2 that starts at move 3(btm)[14]@e4 e5 Bc4 Nf6 Bxf7+ Kxf7 Qh5+ | "
        "id:16@e4 e5 Bc4 Nf6 Bxf7+ Kxf7 Qh5+ | "
        "Start line that ends at move 4(btm)[16]@e4 e5 Bc4 Nf6 Bxf7+ | "
        "id:18@e4 e5 Bc4 Nf6 Bxf7+ Kxf7 Nf3 | "
        "End line of length 2 that starts at move 4(btm)[18]@e4 e5 Bc4 Nf6 Bxf7+ Kxf7 Nf3 d6 Ng5+ | "
        "id:20@e4 e5 Bc4 Nf6 Bxf7+ Kxf7 Nf3 d6 Ng5+ | "
        "Start line that ends at move 5(btm)[20]@e4 e5 Bc4 Nf6 Bxf7+ Kxf7 Nf3");
    row("singlecolor, move per move", Checks, "cql(variations) line singlecolor --> move capture . --> check",
        "e4 e5 Bc4 Nf6 Bxf7+ / id:14@e4 e5 Bc4 Nf6 Bxf7+ | "
        "End line of length 2 that starts at move 3(btm)[14]@e4 e5 Bc4 Nf6 Bxf7+ Kxf7 Qh5+ | "
        "id:16@e4 e5 Bc4 Nf6 Bxf7+ Kxf7 Qh5+ | "
        "Start line that ends at move 4(btm)[16]@e4 e5 Bc4 Nf6 Bxf7+");
    // Backward lines walk to the parent, out of the variation; the positions
    // there are named by id.
    row("backward", Checks, "cql(variations) line <-- (check <-- true){2,}",
        "e4 e5 Bc4 Nf6 Bxf7+ Kxf7 Qh5+ / id:16@e4 e5 Bc4 Nf6 Bxf7+ Kxf7 Qh5+ | "
        "End line of length 4 that starts at move 4(btm)[16]@e4 e5 Bc4 Nf6 | id:13@e4 e5 Bc4 Nf6 | "
        "Start line that ends at move 3(wtm)[13]@e4 e5 Bc4 Nf6 Bxf7+ Kxf7 Qh5+");
    row("backward singlecolor", Checks, "cql(variations) line singlecolor <-- check <-- check",
        "e4 e5 Bc4 Nf6 Bxf7+ Kxf7 Qh5+ / id:16@e4 e5 Bc4 Nf6 Bxf7+ Kxf7 Qh5+ | "
        "End line of length 2 that starts at move 4(btm)[16]@e4 e5 Bc4 Nf6 Bxf7+ | "
        "id:14@e4 e5 Bc4 Nf6 Bxf7+ | "
        "Start line that ends at move 3(btm)[14]@e4 e5 Bc4 Nf6 Bxf7+ Kxf7 Qh5+");
    // Comments of a way that does not end in a match are dropped.
    row("comments of abandoned ways", Open,
        "cql(variations) line --> true --> {comment(\"c\") true}{2} --> move capture .",
        "start, e4, e4 e5, e4 c5, e4 e5 Nf3, e4 e5 Nf3 Nc6 / c@e4 | c@e4 c5 | "
        "End line of length 4 that starts at move 1(wtm)@e4 c5 d4 | id:21@e4 c5 d4 | "
        "Start line that ends at move 2(btm)[21]@start | c@e4 c5 | c@e4 c5 d4 | "
        "End line of length 4 that starts at move 1(btm)@e4 c5 d4 cxd4 | id:22@e4 c5 d4 cxd4 | "
        "Start line that ends at move 3(wtm)[22]@e4 | c@e4 e5 Nf3 | c@e4 e5 Nf3 d6 | "
        "End line of length 4 that starts at move 2(wtm)@e4 e5 Nf3 d6 d4 | id:13@e4 e5 Nf3 d6 d4 | "
        "Start line that ends at move 3(btm)[13]@e4 e5 | c@e4 e5 Nf3 Nc6 | c@e4 e5 Nf3 Nc6 Bb5 | "
        "End line of length 4 that starts at move 2(btm)@e4 e5 Nf3 Nc6 Bb5 a6 | "
        "Start line that ends at move 4(wtm)@e4 e5 Nf3 | c@e4 e5 Nf3 Nc6 Bb5 | "
        "c@e4 e5 Nf3 Nc6 Bb5 a6 | "
        "End line of length 4 that starts at move 3(wtm)@e4 e5 Nf3 Nc6 Bb5 a6 Bxc6 | "
        "Start line that ends at move 4(btm)@e4 e5 Nf3 Nc6 | c@e4 c5 Nf3 | c@e4 c5 Nf3 d6 | "
        "id:16@e4 c5 | End line of length 4 that starts at move 2(wtm)[16]@e4 c5 Nf3 d6 d4 | "
        "id:19@e4 c5 Nf3 d6 d4 | Start line that ends at move 3(btm)[19]@e4 c5");
    // The range is asked of the longest match only.
    row("range", Open, "cql(variations) line 2 3 --> true* --> move capture .",
        "e4 c5 Nf3, e4 c5 d4, e4 c5 Nf3 d6, e4 e5 Nf3 d6, e4 e5 Nf3 d6 d4, e4 e5 Nf3 Nc6 Bb5, e4 e5 Nf3 Nc6 Bb5 a6, e4 "
        "e5 Nf3 Nc6 Bb5 Nf6 / End line of length 3 that starts at move 3(btm)@e4 e5 Nf3 Nc6 Bb5 a6 Bxc6 | "
        "Start line that ends at move 4(btm)@e4 e5 Nf3 Nc6 Bb5 | "
        "End line of length 2 that starts at move 4(wtm)@e4 e5 Nf3 Nc6 Bb5 a6 Bxc6 | "
        "Start line that ends at move 4(btm)@e4 e5 Nf3 Nc6 Bb5 a6 | id:9@e4 e5 Nf3 Nc6 Bb5 Nf6 | "
        "End line of length 2 that starts at move 4(wtm)[9]@e4 e5 Nf3 Nc6 Bb5 Nf6 O-O | "
        "id:10@e4 e5 Nf3 Nc6 Bb5 Nf6 O-O | "
        "Start line that ends at move 4(btm)[10]@e4 e5 Nf3 Nc6 Bb5 Nf6 | id:12@e4 e5 Nf3 d6 | "
        "End line of length 3 that starts at move 3(wtm)[12]@e4 e5 Nf3 d6 d4 exd4 | "
        "id:14@e4 e5 Nf3 d6 d4 exd4 | Start line that ends at move 4(wtm)[14]@e4 e5 Nf3 d6 | "
        "id:13@e4 e5 Nf3 d6 d4 | "
        "End line of length 2 that starts at move 3(btm)[13]@e4 e5 Nf3 d6 d4 exd4 | "
        "id:14@e4 e5 Nf3 d6 d4 exd4 | Start line that ends at move 4(wtm)[14]@e4 e5 Nf3 d6 d4 | "
        "id:17@e4 c5 Nf3 | End line of length 3 that starts at move 2(btm)[17]@e4 c5 Nf3 d6 d4 | "
        "id:19@e4 c5 Nf3 d6 d4 | Start line that ends at move 3(btm)[19]@e4 c5 Nf3 | "
        "id:18@e4 c5 Nf3 d6 | "
        "End line of length 2 that starts at move 3(wtm)[18]@e4 c5 Nf3 d6 d4 | "
        "id:19@e4 c5 Nf3 d6 d4 | Start line that ends at move 3(btm)[19]@e4 c5 Nf3 d6 | "
        "id:21@e4 c5 d4 | End line of length 2 that starts at move 2(btm)[21]@e4 c5 d4 cxd4 | "
        "id:22@e4 c5 d4 cxd4 | Start line that ends at move 3(wtm)[22]@e4 c5 d4");
    // The rest of the line is tried before another repetition: firstmatch
    // keeps the first match in that order.
    row("firstmatch", Checks, "cql(variations) line firstmatch --> true* --> check --> true* --> check",
        "start, e4, e4 e5, e4 e5 Bc4, e4 e5 Bc4 Nf6, e4 e5 Bc4 Nf6 Bxf7+ / End line of length 8 that starts at move "
        "1(wtm)@e4 e5 Bc4 Nf6 Bxf7+ Kxf7 Qh5+ | "
        "id:16@e4 e5 Bc4 Nf6 Bxf7+ Kxf7 Qh5+ | Start line that ends at move 4(btm)[16]@start | "
        "End line of length 7 that starts at move 1(btm)@e4 e5 Bc4 Nf6 Bxf7+ Kxf7 Qh5+ | "
        "id:16@e4 e5 Bc4 Nf6 Bxf7+ Kxf7 Qh5+ | Start line that ends at move 4(btm)[16]@e4 | "
        "End line of length 6 that starts at move 2(wtm)@e4 e5 Bc4 Nf6 Bxf7+ Kxf7 Qh5+ | "
        "id:16@e4 e5 Bc4 Nf6 Bxf7+ Kxf7 Qh5+ | Start line that ends at move 4(btm)[16]@e4 e5 | "
        "End line of length 5 that starts at move 2(btm)@e4 e5 Bc4 Nf6 Bxf7+ Kxf7 Qh5+ | "
        "id:16@e4 e5 Bc4 Nf6 Bxf7+ Kxf7 Qh5+ | Start line that ends at move 4(btm)[16]@e4 e5 Bc4 | "
        "id:13@e4 e5 Bc4 Nf6 | "
        "End line of length 4 that starts at move 3(wtm)[13]@e4 e5 Bc4 Nf6 Bxf7+ Kxf7 Qh5+ | "
        "id:16@e4 e5 Bc4 Nf6 Bxf7+ Kxf7 Qh5+ | "
        "Start line that ends at move 4(btm)[16]@e4 e5 Bc4 Nf6 | id:14@e4 e5 Bc4 Nf6 Bxf7+ | "
        "End line of length 3 that starts at move 3(btm)[14]@e4 e5 Bc4 Nf6 Bxf7+ Kxf7 Qh5+ | "
        "id:16@e4 e5 Bc4 Nf6 Bxf7+ Kxf7 Qh5+ | "
        "Start line that ends at move 4(btm)[16]@e4 e5 Bc4 Nf6 Bxf7+");
    // `comment` after a move's parameters is the move's, in braces too: written
    // after the capture the line follows.
    row("move comment", Checks, "cql(variations) line --> {move capture . comment(\"m\")} --> check",
        "e4 e5 Bc4 Nf6, e4 e5 Bc4 Nc6 Qh5 Nf6, e4 e5 Bc4 Nc6 Qh5 g6 Qf3 Nf6 / m@e4 e5 Bc4 Nc6 Qh5 Nf6 Qxf7# | "
        "End line of length 2 that starts at move 4(wtm)@e4 e5 Bc4 Nc6 Qh5 Nf6 Qxf7# | "
        "Start line that ends at move 4(btm)@e4 e5 Bc4 Nc6 Qh5 Nf6 | "
        "m@e4 e5 Bc4 Nc6 Qh5 g6 Qf3 Nf6 Bxf7+ | id:10@e4 e5 Bc4 Nc6 Qh5 g6 Qf3 Nf6 | "
        "End line of length 2 that starts at move 5(wtm)[10]@e4 e5 Bc4 Nc6 Qh5 g6 Qf3 Nf6 Bxf7+ | "
        "id:11@e4 e5 Bc4 Nc6 Qh5 g6 Qf3 Nf6 Bxf7+ | "
        "Start line that ends at move 5(btm)[11]@e4 e5 Bc4 Nc6 Qh5 g6 Qf3 Nf6 | "
        "m@e4 e5 Bc4 Nf6 Bxf7+ | id:13@e4 e5 Bc4 Nf6 | "
        "End line of length 2 that starts at move 3(wtm)[13]@e4 e5 Bc4 Nf6 Bxf7+ | "
        "id:14@e4 e5 Bc4 Nf6 Bxf7+ | Start line that ends at move 3(btm)[14]@e4 e5 Bc4 Nf6");
    // A line in an echo's body.
    row("echo with a line", Open, "cql(variations) echo quiet (s t) {t == s:child line secondary --> true --> true}",
        "start, e4 e5, e4 e5 Nf3 Nc6 / End line of length 2 that starts at move 1(btm)@e4 c5 | "
        "id:16@e4 c5 | Start line that ends at move 2(wtm)[16]@e4 | "
        "End line of length 2 that starts at move 2(btm)@e4 e5 Nf3 d6 | id:12@e4 e5 Nf3 d6 | "
        "Start line that ends at move 3(wtm)[12]@e4 e5 Nf3 | "
        "End line of length 2 that starts at move 3(btm)@e4 e5 Nf3 Nc6 Bb5 Nf6 | "
        "id:9@e4 e5 Nf3 Nc6 Bb5 Nf6 | Start line that ends at move 4(wtm)[9]@e4 e5 Nf3 Nc6 Bb5");
}

void TestLineVariations::asTheReference()
{
    QFETCH(QString, game);
    QFETCH(QString, query);
    QFETCH(QString, expected);
    const std::string pgn = game.toStdString();
    const QString actual = outcome(query.toStdString(), pgn.c_str());
    if (actual != expected) qWarning().noquote() << "ACTUAL" << QTest::currentDataTag() << actual;
    QCOMPARE(actual, expected);
}

QTEST_MAIN(TestLineVariations)
#include "tst_linevariations.moc"
