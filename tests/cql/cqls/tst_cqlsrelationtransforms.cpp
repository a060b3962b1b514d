// CQL-S relation lists with :flip and :shift: the later position P2 may be
// flipped or shifted before it is compared with P1. Each game has a later
// position that equals an earlier one only under such a transform.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "../cqlstest.h"

#include "cql/cqls/relationimage.h"

#include <random>

using namespace cqlstest;

namespace {

game::Game fromFen(const char *fen, const char *moves)
{
    return cqltest::pgnGame(std::string("[FEN \"") + fen + "\"]\n[SetUp \"1\"]\n\n" + moves + " *\n");
}

int related(const std::string &relationList, const game::Game &g, const std::string &pattern = {})
{
    return matches("(match (position " + pattern + " :relation (" + relationList + ")))", g);
}

} // namespace

class TestCqlsRelationTransforms : public QObject {
    Q_OBJECT
private slots:
    void flip();
    void shift();
    void flipAndShift();
    void bitboardImagesAgreeWithSquares();
};

void TestCqlsRelationTransforms::flip()
{
    // Ke1 Ra1 / ke8 comes back mirrored (Kd1 Rh1 / kd8) with White to move again.
    const game::Game g = fromFen("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "1. Kd2 Kd7 2. Rh1 Ke7 3. Kd1 Kd8");
    QCOMPARE(related("", g), 0);
    QCOMPARE(related(":flip", g), 1);
    QCOMPARE(related("relation:flip", g), 1);
    // A shift cannot mirror it.
    QCOMPARE(related(":shift", g), 0);
    // The side to move still counts: with :changesidetomove nothing matches.
    QCOMPARE(related(":flip :changesidetomove", g), 0);
    // :pattern: only e1 is compared; no later position has the king there
    // unless flipped.
    QCOMPARE(related(":pattern", g, "Ke1"), 0);
    QCOMPARE(related(":pattern :flip", g, "Ke1"), 1);
}

void TestCqlsRelationTransforms::shift()
{
    // Kb1 / kb8 comes back one file to the right (Kc1 / kc8).
    const game::Game g = fromFen("1k6/8/8/8/8/8/8/1K6 w - - 0 1", "1. Kc2 Kc7 2. Kc1 Kc8");
    QCOMPARE(related("", g), 0);
    QCOMPARE(related(":shift", g), 1);
    // No flip of the board maps b1/b8 to c1/c8.
    QCOMPARE(related(":flip", g), 0);
    // A shift that pushes a piece off the board loses it: Ka1 / kh8 shifted
    // one file right is Kb1 alone, so kb8 of the start is missing (other
    // pairs of positions are related so too, such as Ka2 / kc8 and a later
    // Ka1 / kd8 shifted one rank up).
    const game::Game off =
        fromFen("1k6/8/8/8/8/8/8/1K6 w - - 0 1", "1. Ka2 Kc8 2. Ka1 Kd8 3. Ka2 Ke8 4. Ka1 Kf8 5. Ka2 Kg8 6. Ka1 Kh8");
    QCOMPARE(related(":shift", off), 0);
    QVERIFY(related(":shift :missingpiececount a 1", off) > 0);
    QCOMPARE(related(":missingpiececount a 1", off), 0);
}

void TestCqlsRelationTransforms::flipAndShift()
{
    // Kb1 Rc1 / kb8 comes back as Kf1 Re1 / kf8: mirrored (rook now left of
    // the king) and shifted, so neither :flip nor :shift alone finds it.
    const game::Game g =
        fromFen("1k6/8/8/8/8/8/8/1KR5 w - - 0 1", "1. Kc2 Kc7 2. Kd2 Kd7 3. Ke2 Ke7 4. Kf1 Kf8 5. Re1");
    QCOMPARE(related(":ignoresidetomove :flip", g), 0);
    QCOMPARE(related(":ignoresidetomove :shift", g), 0);
    QCOMPARE(related(":ignoresidetomove :flip :shift", g), 1);
    QCOMPARE(related(":ignoresidetomove :shift :flip", g), 1);
}

void TestCqlsRelationTransforms::bitboardImagesAgreeWithSquares()
{
    // Every flip of every shift, on random boards: the bit operations give
    // what Transform::apply gives square by square.
    std::vector<cql::Transform> all, flips{cql::Transform::identity()}, shifts{cql::Transform::identity()};
    for (int d = 1; d < 8; ++d)
        flips.push_back(cql::Transform::dihedral(d));
    for (int dx = -7; dx <= 7; ++dx)
        for (int dy = -7; dy <= 7; ++dy)
            if (dx || dy) shifts.push_back(cql::Transform::shift(dx, dy));
    cql::cqls::addRelationTransforms(all, shifts);
    cql::cqls::addRelationTransforms(all, flips);
    QCOMPARE(all.size(), size_t(8 * 225));
    std::mt19937_64 rng(20261122);
    int wrong = 0;
    for (const cql::Transform &t : all) {
        for (int k = 0; k < 4; ++k) {
            const uint64_t bits = rng() & rng();
            uint64_t expected = 0;
            for (int q = 0; q < 64; ++q)
                if (bits >> q & 1)
                    if (chess::Square to = t.apply(chess::Square(q)); to != chess::NoSquare)
                        expected |= uint64_t(1) << int(to);
            if (cql::cqls::imageBits(bits, t) != expected) ++wrong;
        }
    }
    QCOMPARE(wrong, 0);
}

QTEST_APPLESS_MAIN(TestCqlsRelationTransforms)
#include "tst_cqlsrelationtransforms.moc"
