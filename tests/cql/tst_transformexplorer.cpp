// The transform explorer's model: the pictures of the CQL-S seeds (the
// transforms of piece designators, rotate90) written down as cases, every CQL 6
// transform's images checked against what the evaluator matches, nested
// transforms, and the matched image read back from the evaluator's record.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "cqltest.h"

#include "cql/sets.h"
#include "cql/transformexplorer.h"

#include <algorithm>

using namespace cqltest;
using cql::DesignatorImage;
using cql::TransformExploration;

namespace {

cql::TransformExploration explore(const std::string &text, cql::Dialect dialect = cql::Dialect::Cql6)
{
    cql::CompileOptions options;
    options.requireHeader = false;
    options.dialect = dialect;
    std::string error;
    std::optional<TransformExploration> e = cql::exploreText(text, options, &error);
    if (!e) qWarning("%s: %s", text.c_str(), error.c_str());
    return e ? *e : TransformExploration();
}

TransformExploration exploreCqls(const std::string &positionList)
{
    return explore("(match " + positionList + ")", cql::Dialect::CqlS);
}

// A CQL 6 piece designator as the parser reads it: the expected pictures are
// written in the seeds' notation, not computed.
DesignatorImage designator(const std::string &text)
{
    auto q = compileBody(text);
    if (!q) return {0xFFFF, {}};
    const auto &body = cql::ProgramAccess::program(*q).body;
    auto *d = body.size() == 1 ? dynamic_cast<const cql::DesignatorFilter *>(body[0].get()) : nullptr;
    return d ? DesignatorImage{d->pieces(), d->squares()} : DesignatorImage{0xFFFF, {}};
}

std::vector<DesignatorImage> designators(std::initializer_list<const char *> texts)
{
    std::vector<DesignatorImage> out;
    for (const char *t : texts)
        out.push_back(designator(t));
    return out;
}

// The image holding exactly these designators (in any order), or -1.
int findImage(const TransformExploration &e, std::vector<DesignatorImage> want)
{
    auto key = [](const DesignatorImage &d) { return std::make_pair(d.squares.bits(), d.pieces); };
    auto byKey = [&](const DesignatorImage &a, const DesignatorImage &b) { return key(a) < key(b); };
    std::sort(want.begin(), want.end(), byKey);
    for (size_t i = 0; i < e.images.size(); ++i) {
        std::vector<DesignatorImage> have = e.images[i].designators;
        std::sort(have.begin(), have.end(), byKey);
        if (have == want) return int(i);
    }
    return -1;
}

bool namedAs(const TransformExploration &e, int image, const char *name)
{
    if (image < 0) return false;
    const auto &t = e.images[size_t(image)].transforms;
    return std::find(t.begin(), t.end(), name) != t.end();
}

// A position holding an image made of single pieces on single squares.
std::string fenOf(const cql::ExplorerImage &image, const char *side = "w")
{
    char board[64];
    std::fill(std::begin(board), std::end(board), '1');
    static const char letters[] = " PNBRQK  pnbrqk";
    for (const DesignatorImage &d : image.designators) {
        int piece = std::countr_zero(unsigned(d.pieces));
        board[std::countr_zero(d.squares.bits())] = letters[piece];
    }
    std::string fen;
    for (int rank = 7; rank >= 0; --rank) {
        for (int file = 0; file < 8; ++file)
            fen += board[rank * 8 + file];
        if (rank) fen += '/';
    }
    return fen + " " + side + " - - 0 1";
}

} // namespace

class TestTransformExplorer : public QObject {
    Q_OBJECT
private slots:
    void diagonalFlip();
    void offDiagonalFlip();
    void verticalAndHorizontalFlips();
    void dihedralOfQc2();
    void unitShiftsKeepTheTrailingEdge();
    void shiftsOfSeveralSquares();
    void colourFlip();
    void rotate90OfOppositeKings();
    void rotate90OfASquareIsASet();
    void cqlsPositionListFlips();
    void everyCql6TransformAgainstTheEvaluator_data();
    void everyCql6TransformAgainstTheEvaluator();
    void equalImagesCountTheirTransforms();
    void nestedTransformsMultiply();
    void rotate45OfSquaresIsRefused();
    void transformAtTheCursor();
    void matchedImageFromTheRecord();
    void cqlsMatchedImageFromTheRecord();
};

void TestTransformExplorer::diagonalFlip()
{
    // Seed: the diagonal flip of Ra8 about the main diagonal; of [Aa][a-h1-2,f6,h7] is [Aa][a-b1-8,f6,g8].
    TransformExploration e = exploreCqls("(position Ra8 :flipdiagonal)");
    QCOMPARE(int(e.images.size()), 2);
    QVERIFY(namedAs(e, findImage(e, designators({"Rh1"})), "flipdiagonal"));
    e = exploreCqls("(position [Aa][a-h1-2,f6,h7] :flipdiagonal)");
    QCOMPARE(e.keywords, std::string("flipdiagonal"));
    const int flipped = findImage(e, designators({"[Aa][a-b1-8,f6,g8]"}));
    QVERIFY(namedAs(e, flipped, "flipdiagonal"));
    QVERIFY(namedAs(e, findImage(e, designators({"[Aa][a-h1-2,f6,h7]"})), "identity"));
    // CQL 6's flip has the same image among its eight.
    e = explore("flip [Aa][a-h1-2,f6,h7]");
    QVERIFY(namedAs(e, findImage(e, designators({"[Aa][a-b1-8,f6,g8]"})), "flipdiagonal"));
}

void TestTransformExplorer::offDiagonalFlip()
{
    // Seed: the off-diagonal flip of Bb2 (to g7) and of Ra8 (itself); a bishop on
    // the a-file becomes a bishop on the eighth rank.
    TransformExploration e = explore("flip Bb2");
    QVERIFY(namedAs(e, findImage(e, designators({"Bg7"})), "flipoffdiagonal"));
    e = explore("flip Ra8");
    QVERIFY(namedAs(e, findImage(e, designators({"Ra8"})), "flipoffdiagonal"));
    QVERIFY(namedAs(e, findImage(e, designators({"Ra8"})), "identity"));
    e = explore("flip [Bb]a1-8");
    QVERIFY(namedAs(e, findImage(e, designators({"[Bb]a-h8"})), "flipoffdiagonal"));
    e = exploreCqls("(position [Bb]a? :flip)");
    QVERIFY(namedAs(e, findImage(e, designators({"[Bb]a-h8"})), "flipoffdiagonal"));
}

void TestTransformExplorer::verticalAndHorizontalFlips()
{
    // Seed: the vertical flip of Uf6 is Uc6, the horizontal flip Uf3 (the pictures use bf6).
    TransformExploration e = explore("flipvertical [Aa]f6");
    QCOMPARE(int(e.images.size()), 2);
    QVERIFY(namedAs(e, findImage(e, designators({"[Aa]c6"})), "flipvertical"));
    e = explore("fliphorizontal bf6");
    QVERIFY(namedAs(e, findImage(e, designators({"bf3"})), "fliphorizontal"));
    e = exploreCqls("(position bf6 :flipvertical)");
    QVERIFY(namedAs(e, findImage(e, designators({"bc6"})), "flipvertical"));
    e = exploreCqls("(position Uf6 :fliphorizontal)");
    QVERIFY(namedAs(e, findImage(e, designators({"[Aa]f3"})), "fliphorizontal"));
}

void TestTransformExplorer::dihedralOfQc2()
{
    // Seed: the eight dihedral transforms of Qc2.
    for (const TransformExploration &e :
         {explore("flip Qc2"), explore("flipdihedral Qc2"), exploreCqls("(position Qc2 :flip)")}) {
        QCOMPARE(int(e.images.size()), 8);
        QCOMPARE(e.transforms, 8);
        for (const char *d : {"Qc2", "Qb3", "Qb6", "Qc7", "Qf7", "Qg6", "Qg3", "Qf2"})
            QVERIFY2(findImage(e, designators({d})) >= 0, d);
    }
}

void TestTransformExplorer::unitShiftsKeepTheTrailingEdge()
{
    // Seed: a unit right shift of Qd4 is Qe4, of Q[c2,h2] Qd2, of Q[a2,c2,h2]
    // Q[a2,b2,d2] (the a-file squares stay: seed 000 and CQL-Transformations
    // say so; the English seed 002 prints [b2,d2]).
    TransformExploration e = exploreCqls("(position Qd4 :shifthorizontal)");
    QVERIFY(namedAs(e, findImage(e, designators({"Qe4"})), "identity shift(1,0)"));
    e = exploreCqls("(position Q[c2,h2] :shifthorizontal)");
    QVERIFY(namedAs(e, findImage(e, designators({"Qd2"})), "identity shift(1,0)"));
    e = exploreCqls("(position Q[a2,c2,h2] :shifthorizontal)");
    QVERIFY(namedAs(e, findImage(e, designators({"Q[a2,b2,d2]"})), "identity shift(1,0)"));
    // Three unit right shifts: Qa4 covers a4-d4, Qd4 goes to g4.
    e = exploreCqls("(position Qa4 :shifthorizontal)");
    QVERIFY(namedAs(e, findImage(e, designators({"Qa-d4"})), "identity shift(3,0)"));
    e = exploreCqls("(position Qd4 :shifthorizontal)");
    QVERIFY(namedAs(e, findImage(e, designators({"Qg4"})), "identity shift(3,0)"));
    // A unit up shift of R[a1,a8,h1,h8] is R[a1,a2,h1,h2].
    e = exploreCqls("(position R[a1,a8,h1,h8] :shiftvertical)");
    QVERIFY(namedAs(e, findImage(e, designators({"R[a1,a2,h1,h2]"})), "identity shift(0,1)"));
    // CQL 6 drops the squares that leave the board and keeps none on the
    // trailing edge: one file right, Q[a2,c2,h2] is Q[b2,d2] (seed 002's answer).
    e = explore("shifthorizontal Q[a2,c2,h2]");
    QCOMPARE(findImage(e, designators({"Q[a2,b2,d2]"})), -1);
    QVERIFY(namedAs(e, findImage(e, designators({"Q[b2,d2]"})), "identity shift(1,0)"));
}

void TestTransformExplorer::shiftsOfSeveralSquares()
{
    // Seed: one shift of Q[b3,c4] is Q[d4,e5].
    TransformExploration e = explore("shift Q[b3,c4]");
    QVERIFY(namedAs(e, findImage(e, designators({"Q[d4,e5]"})), "identity shift(2,1)"));
    e = exploreCqls("(position Q[b3,c4] :shift)");
    QVERIFY(namedAs(e, findImage(e, designators({"Q[d4,e5]"})), "identity shift(2,1)"));
    // Seed: (position Rc3 qg3 :shifthorizontal) is the rook four files left of the queen on the third rank.
    e = exploreCqls("(position Rc3 qg3 :shifthorizontal)");
    for (auto [r, q] : {std::pair{"Rc3", "qg3"}, {"Rb3", "qf3"}, {"Ra3", "qe3"}, {"Rd3", "qh3"}})
        QVERIFY2(findImage(e, designators({r, q})) >= 0, r);
    e = explore("shifthorizontal {Rc3 qg3}");
    QCOMPARE(int(e.images.size()), 4);
    QCOMPARE(e.keywords, std::string("shifthorizontal"));
    e = explore("shiftvertical {Rc3 qg3}");
    QCOMPARE(int(e.images.size()), 8);
    QVERIFY(namedAs(e, findImage(e, designators({"Rc8", "qg8"})), "identity shift(0,5)"));
}

void TestTransformExplorer::colourFlip()
{
    // Seed: the colour flip of [Rbp][a2,c2] is [rBP][a7,c7].
    TransformExploration e = explore("flipcolor [Rbp][a2,c2]");
    QCOMPARE(int(e.images.size()), 2);
    QVERIFY(namedAs(e, findImage(e, designators({"[rBP][a7,c7]"})), "fliphorizontal reversecolor"));
    e = exploreCqls("(position [Rbp][a2,c2] :flipcolor)");
    QVERIFY(namedAs(e, findImage(e, designators({"[rBP][a7,c7]"})), "fliphorizontal reversecolor"));
    // reversecolor is the colour flip alone, without the identity: one image.
    e = explore("reversecolor [Rbp][a2,c2]");
    QCOMPARE(int(e.images.size()), 1);
    QVERIFY(namedAs(e, findImage(e, designators({"[rBP][a7,c7]"})), "fliphorizontal reversecolor"));
}

void TestTransformExplorer::rotate90OfOppositeKings()
{
    // Seed 003: rotate90 {Ka1 kh8} is {Ka1 kh8}, {Kh1 ka8}, {Ka8 kh1}, {Kh8 ka1}.
    TransformExploration e = explore("rotate90 {Ka1 kh8}");
    QCOMPARE(int(e.images.size()), 4);
    QVERIFY(namedAs(e, findImage(e, designators({"Ka1", "kh8"})), "identity"));
    QVERIFY(namedAs(e, findImage(e, designators({"Kh1", "ka8"})), "rotate90"));
    QVERIFY(namedAs(e, findImage(e, designators({"Kh8", "ka1"})), "rotate180"));
    QVERIFY(namedAs(e, findImage(e, designators({"Ka8", "kh1"})), "rotate270"));
}

void TestTransformExplorer::rotate90OfASquareIsASet()
{
    // Seed 003: rotate90 a1 is the set [a1,h1,a8,h8]: four images of an any-contents square.
    TransformExploration e = explore("rotate90 a1");
    QCOMPARE(int(e.images.size()), 4);
    chess::SquareSet all;
    for (const auto &image : e.images) {
        QCOMPARE(int(image.designators.size()), 1);
        QCOMPARE(image.designators[0].pieces, cql::PieceMask(0));
        all |= image.squares();
    }
    QCOMPARE(all, squares("a1 h1 a8 h8"));
    QCOMPARE(evalSet("rotate90 a1"), all);
}

void TestTransformExplorer::cqlsPositionListFlips()
{
    // Several keywords multiply: fliphorizontal and flipvertical make four images of Rc2.
    TransformExploration e = exploreCqls("(position Rc2 :fliphorizontal :flipvertical)");
    QCOMPARE(e.keywords, std::string("fliphorizontal flipvertical"));
    QCOMPARE(int(e.images.size()), 4);
    for (const char *d : {"Rc2", "Rc7", "Rf2", "Rf7"})
        QVERIFY2(findImage(e, designators({d})) >= 0, d);
    // The diagonal shifts of CQL-S: Qa1 along the main diagonal, Qa8 along the other.
    e = exploreCqls("(position Qc3 :shiftmaindiagonal)");
    QVERIFY(findImage(e, designators({"Qe5"})) >= 0);
    QCOMPARE(findImage(e, designators({"Qe1"})), -1);
    e = exploreCqls("(position Qc3 :shiftoffdiagonal)");
    QVERIFY(findImage(e, designators({"Qe1"})) >= 0);
    QCOMPARE(findImage(e, designators({"Qe5"})), -1);
}

void TestTransformExplorer::everyCql6TransformAgainstTheEvaluator_data()
{
    QTest::addColumn<QString>("transform");
    QTest::addColumn<QString>("designators");
    QTest::addColumn<int>("images");
    QTest::addColumn<int>("transforms");
    // {Kb2 kd5 Ne4} has no symmetry: every dihedral image differs. {Ka1 kd4
    // Nh8} lies on the main diagonal: the diagonal flip leaves it alone, and
    // it spans the board, so no shift moves it. -1: not counted here.
    // transforms: how many the keywords denote (all keep the designators on the board but shifts).
    struct Row {
        const char *transform;
        int asymmetric, diagonal, transforms;
    };
    const Row rows[] = {
        {"flip", 8, 4, 8},
        {"flipdihedral", 8, 4, 8},
        {"flipvertical", 2, 2, 2},
        {"fliphorizontal", 2, 2, 2},
        {"flipcolor", 2, 2, 2},
        {"reversecolor", 1, 1, 1},
        {"rotate90", 4, 4, 4},
        {"shift", -1, 1, -1},
        {"shifthorizontal", -1, 1, -1},
        {"shiftvertical", -1, 1, -1},
        {"flipcolor rotate90", 8, 8, 8},
        {"flip flipcolor", 16, 8, 16},
    };
    for (const Row &r : rows) {
        QTest::addRow("%s {Kb2 kd5 Ne4}", r.transform)
            << r.transform << "{Kb2 kd5 Ne4}" << r.asymmetric << r.transforms;
        QTest::addRow("%s {Ka1 kd4 Nh8}", r.transform) << r.transform << "{Ka1 kd4 Nh8}" << r.diagonal << r.transforms;
    }
}

void TestTransformExplorer::everyCql6TransformAgainstTheEvaluator()
{
    QFETCH(QString, transform);
    QFETCH(QString, designators);
    QFETCH(int, images);
    QFETCH(int, transforms);
    // Each image placed on a board must be matched by the query, through that
    // very image as the record says, and on its squares.
    const std::string query = "cql()\n" + transform.toStdString() + " " + designators.toStdString();
    TransformExploration e = explore(query);
    if (images > 0) QCOMPARE(int(e.images.size()), images);
    QVERIFY(!e.images.empty());
    int counted = 0;
    for (size_t i = 0; i < e.images.size(); ++i) {
        counted += e.images[i].count;
        const std::string fen = fenOf(e.images[i]);
        cql::GameResult r = runQuery(query, positionGame(fen), true);
        QVERIFY2(r.error.empty(), r.error.c_str());
        QVERIFY2(r.matches.size() == 1, fen.c_str());
        QVERIFY2((e.images[i].squares() - r.matches[0].squares).empty(), fen.c_str());
        const std::vector<size_t> matched = cql::matchedImages(e, r.matches[0].images);
        QVERIFY2(std::find(matched.begin(), matched.end(), i) != matched.end(), fen.c_str());
    }
    QCOMPARE(counted, e.transforms);
    if (transforms > 0) QCOMPARE(e.transforms, transforms);
    // The diagonal pattern's shifts: only the identity keeps it on the board.
    if (transforms < 0 && designators.startsWith(QLatin1String("{Ka1"))) QCOMPARE(e.transforms, 1);
    // And a position that is no image does not match.
    cql::GameResult r = runQuery(query, positionGame("8/8/8/8/8/8/1K1k4/8 w - - 0 1"), true);
    QVERIFY(r.matches.empty());
}

void TestTransformExplorer::equalImagesCountTheirTransforms()
{
    // A designator flip leaves alone is one image that all eight transforms give.
    TransformExploration e = explore("flip [Qq]");
    QCOMPARE(int(e.images.size()), 1);
    QCOMPARE(e.images[0].count, 8);
    QCOMPARE(e.transforms, 8);
    // A diagonal pair: four distinct images, each given by two transforms.
    e = explore("flip [Kk][a1,h8]");
    QCOMPARE(e.transforms, 8);
    int counted = 0;
    for (const auto &image : e.images) {
        QVERIFY(image.count >= 1);
        counted += image.count;
    }
    QCOMPARE(counted, 8);
    QCOMPARE(int(e.images.size()), 2);
    QCOMPARE(e.images[0].count, 4);
}

void TestTransformExplorer::nestedTransformsMultiply()
{
    // flipcolor rotate90 {Ka1 kh8}: 2 x 4 transforms, and the colour-swapped
    // corners are quarter turns of the others, so four pictures of two each.
    TransformExploration e = explore("flipcolor rotate90 {Ka1 kh8}");
    QCOMPARE(e.keywords, std::string("flipcolor rotate90"));
    QCOMPARE(e.transforms, 8);
    QCOMPARE(int(e.images.size()), 4);
    for (const auto &image : e.images) {
        QCOMPARE(image.count, 2);
        QCOMPARE(int(image.paths.size()), 2);
        QCOMPARE(int(image.paths[0].size()), 2); // an index in each of the two filters
    }
    const int corner = findImage(e, designators({"ka1", "Kh8"}));
    QVERIFY(namedAs(e, corner, "rotate180"));
    QVERIFY(namedAs(e, corner, "flipdiagonal reversecolor")); // {Ka1 kh8} colour-flipped, then mirrored
    // shift inside flip: the images of the outer filter's images.
    e = explore("flip shifthorizontal Ra1");
    QCOMPARE(e.keywords, std::string("flip shifthorizontal"));
    QVERIFY(findImage(e, designators({"Rh5"})) >= 0);
    QVERIFY(findImage(e, designators({"Rd1"})) >= 0);
}

void TestTransformExplorer::rotate45OfSquaresIsRefused()
{
    cql::CompileOptions options;
    options.requireHeader = false;
    std::string error;
    QVERIFY(!cql::exploreText("rotate45 Qc2", options, &error));
    QVERIFY(error.find("rotate45") != std::string::npos);
    // Of pieces anywhere it is eight equal images.
    std::optional<TransformExploration> e = cql::exploreText("rotate45 Q", options, &error);
    QVERIFY(e);
    QCOMPARE(int(e->images.size()), 1);
    QCOMPARE(e->images[0].count, 8);
}

void TestTransformExplorer::transformAtTheCursor()
{
    cql::CompileOptions options;
    options.requireHeader = false;
    const std::string text = "check\nflipcolor rotate90 {Ka1 kh8}\nflipvertical Qc2\n";
    const int onKa1 = int(text.find("Ka1"));
    std::optional<TransformExploration> e = cql::exploreAt(text, onKa1, options);
    QVERIFY(e);
    QCOMPARE(e->keywords, std::string("flipcolor rotate90")); // the outermost around the cursor
    QCOMPARE(e->range.begin.offset, int(text.find("flipcolor")));
    e = cql::exploreAt(text, int(text.find("Qc2")), options);
    QVERIFY(e);
    QCOMPARE(e->keywords, std::string("flipvertical"));
    QVERIFY(!cql::exploreAt(text, 2, options)); // on "check"
    // CQL-S: the position list around the cursor.
    options.dialect = cql::Dialect::CqlS;
    const std::string s = "(match\n  (position Ra8 :flipdiagonal)\n  (position Qd4 :shift))";
    e = cql::exploreAt(s, int(s.find("Qd4")), options);
    QVERIFY(e);
    QCOMPARE(e->keywords, std::string("shift"));
    e = cql::exploreAt(s, int(s.find("Ra8")), options);
    QVERIFY(e);
    QCOMPARE(e->keywords, std::string("flipdiagonal"));
}

void TestTransformExplorer::matchedImageFromTheRecord()
{
    const std::string query = "cql()\nflipcolor rotate90 {Ka1 kh8}";
    cql::CompileOptions options;
    std::optional<TransformExploration> e = cql::exploreText(query, options);
    QVERIFY(e);
    // Black king a1, white king h8: one picture, reached through two transforms.
    cql::GameResult r = runQuery(query, positionGame("7K/8/8/8/8/8/8/k7 w - - 0 1"), true);
    QCOMPARE(int(r.matches.size()), 1);
    std::vector<size_t> matched = cql::matchedImages(*e, r.matches[0].images);
    QCOMPARE(int(matched.size()), 1);
    QCOMPARE(e->images[matched[0]].squares(), squares("a1 h8"));
    QCOMPARE(int(findImage(*e, designators({"ka1", "Kh8"}))), int(matched[0]));
    // Without a record nothing is marked; a record of another filter neither.
    QVERIFY(cql::matchedImages(*e, {}).empty());
    std::vector<cql::ImageMark> other = r.matches[0].images;
    for (auto &m : other)
        m.offset += 1;
    QVERIFY(cql::matchedImages(*e, other).empty());
}

void TestTransformExplorer::cqlsMatchedImageFromTheRecord()
{
    cql::CompileOptions options;
    options.dialect = cql::Dialect::CqlS;
    const std::string query = "(match (position Ra8 :flipdiagonal))";
    std::optional<TransformExploration> e = cql::exploreText(query, options);
    QVERIFY(e);
    std::vector<cql::Diagnostic> diagnostics;
    auto q = cql::compile(query, options, diagnostics);
    QVERIFY(q);
    cql::Evaluator ev(*q);
    ev.setRecordSquares(true);
    cql::GameResult r;
    ev.run(positionGame("4k3/8/8/8/8/8/8/4K2R w - - 0 1"), r);
    QVERIFY(!r.matches.empty());
    std::vector<size_t> matched = cql::matchedImages(*e, r.matches[0].images);
    QCOMPARE(int(matched.size()), 1);
    QVERIFY(namedAs(*e, int(matched[0]), "flipdiagonal"));
}

QTEST_GUILESS_MAIN(TestTransformExplorer)
#include "tst_transformexplorer.moc"
