// Tests for SquareSet: set algebra, iteration, text form and the board transforms.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "chess/squareset.h"

#include <QtTest>

#include <functional>
#include <random>
#include <vector>

using namespace chess;

namespace chess {
// QCOMPARE prints sets readably on failure.
char *toString(const SquareSet &s) { return qstrdup(s.toString().c_str()); }
} // namespace chess

namespace {

// CQL-style square designators for readable test data: "a-h1-2,f6,h7", "[a1,c3]".
SquareSet parseSet(QString text)
{
    text.remove('[').remove(']').remove(' ');
    SquareSet set;
    if (text.isEmpty()) return set;
    for (const QString &part : text.split(',')) {
        int i = 0;
        auto range = [&](char lo, char hi, int &from, int &to) {
            if (i >= part.size() || part[i].toLatin1() < lo || part[i].toLatin1() > hi)
                qFatal("bad square designator %s", qPrintable(part));
            from = to = part[i++].toLatin1() - lo;
            if (i + 1 < part.size() && part[i] == '-') {
                to = part[i + 1].toLatin1() - lo;
                i += 2;
            }
        };
        int f0, f1, r0, r1;
        range('a', 'h', f0, f1);
        range('1', '8', r0, r1);
        for (int f = f0; f <= f1; ++f)
            for (int r = r0; r <= r1; ++r)
                set |= SquareSet::of(makeSquare(f, r));
    }
    return set;
}

using Transform = std::function<SquareSet(SquareSet)>;
using SquareMap = std::function<Square(int file, int rank)>;

struct TransformCase {
    const char *name;
    Transform apply;
    SquareMap reference; // where a single square goes, from the definition
};

const std::vector<TransformCase> &transforms()
{
    static const std::vector<TransformCase> cases = {
        {"mirrorFiles", [](SquareSet s) { return s.mirrorFiles(); }, [](int f, int r) { return makeSquare(7 - f, r); }},
        {"mirrorRanks", [](SquareSet s) { return s.mirrorRanks(); }, [](int f, int r) { return makeSquare(f, 7 - r); }},
        {"flipDiagonal", [](SquareSet s) { return s.flipDiagonal(); }, [](int f, int r) { return makeSquare(r, f); }},
        {"flipAntiDiagonal", [](SquareSet s) { return s.flipAntiDiagonal(); },
         [](int f, int r) { return makeSquare(7 - r, 7 - f); }},
        {"rotate90", [](SquareSet s) { return s.rotate90(); }, [](int f, int r) { return makeSquare(7 - r, f); }},
        {"rotate180", [](SquareSet s) { return s.rotate180(); }, [](int f, int r) { return makeSquare(7 - f, 7 - r); }},
        {"rotate270", [](SquareSet s) { return s.rotate270(); }, [](int f, int r) { return makeSquare(r, 7 - f); }},
    };
    return cases;
}

const TransformCase &transformNamed(const QString &name)
{
    for (const auto &t : transforms())
        if (name == t.name) return t;
    qFatal("no transform %s", qPrintable(name));
}

} // namespace

class TestSquareSet : public QObject {
    Q_OBJECT

private slots:
    void countMatchesBitCount()
    {
        // The inline count (used without a POPCNT target) against bit by bit.
        std::mt19937_64 rng(12345);
        std::vector<uint64_t> values = {0,
                                        1,
                                        ~uint64_t(0),
                                        uint64_t(1) << 63,
                                        0x8000000000000001ULL,
                                        0x5555555555555555ULL,
                                        0xAAAAAAAAAAAAAAAAULL,
                                        0xFF00FF00FF00FF00ULL};
        for (int i = 0; i < 2000; ++i)
            values.push_back(rng() & rng()); // sparse and dense sets alike
        for (uint64_t v : values) {
            int bits = 0;
            for (int b = 0; b < 64; ++b)
                bits += int((v >> b) & 1);
            QCOMPARE(chess::popCount(v), bits);
            QCOMPARE(SquareSet(v).count(), bits);
        }
        static_assert(chess::popCount(0xF0F0) == 8);
    }

    void basics()
    {
        const SquareSet empty;
        QVERIFY(empty.empty());
        QCOMPARE(empty.count(), 0);
        QCOMPARE(empty.first(), NoSquare);
        QCOMPARE(SquareSet::all().count(), 64);
        QCOMPARE(SquareSet::file(4), parseSet("e1-8"));
        QCOMPARE(SquareSet::rank(2), parseSet("a-h3"));
        QVERIFY(SquareSet::dark().contains(A1));
        QVERIFY(SquareSet::light().contains(H1));
        QVERIFY(!SquareSet::light().contains(A1));
        QCOMPARE(SquareSet::light() | SquareSet::dark(), SquareSet::all());
        QVERIFY((SquareSet::light() & SquareSet::dark()).empty());
        QCOMPARE(SquareSet::light().count(), 32);
        QVERIFY(SquareSet::of(E4).contains(E4));
        QVERIFY(!SquareSet::of(E4).moreThanOne());
        QVERIFY(parseSet("e4,d5").moreThanOne());
    }

    void algebra_data()
    {
        QTest::addColumn<QString>("a");
        QTest::addColumn<QString>("b");
        QTest::addColumn<QString>("unionSet");
        QTest::addColumn<QString>("intersection");
        QTest::addColumn<QString>("difference");
        QTest::addColumn<QString>("symmetric");
        QTest::newRow("overlap") << "a-c1"
                                 << "b-d1"
                                 << "a-d1"
                                 << "b-c1"
                                 << "a1"
                                 << "a1,d1";
        QTest::newRow("disjoint") << "a1"
                                  << "h8"
                                  << "a1,h8"
                                  << ""
                                  << "a1"
                                  << "a1,h8";
        QTest::newRow("subset") << "a-h1"
                                << "c1"
                                << "a-h1"
                                << "c1"
                                << "a-b1,d-h1"
                                << "a-b1,d-h1";
        QTest::newRow("empty") << ""
                               << "e4"
                               << "e4"
                               << ""
                               << ""
                               << "e4";
    }
    void algebra()
    {
        QFETCH(QString, a);
        QFETCH(QString, b);
        const SquareSet x = parseSet(a), y = parseSet(b);
        QFETCH(QString, unionSet);
        QFETCH(QString, intersection);
        QFETCH(QString, difference);
        QFETCH(QString, symmetric);
        QCOMPARE(x | y, parseSet(unionSet));
        QCOMPARE(x & y, parseSet(intersection));
        QCOMPARE(x - y, parseSet(difference));
        QCOMPARE(x ^ y, parseSet(symmetric));
        QCOMPARE(~(~x), x);
        QCOMPARE((~x & x), SquareSet());
        SquareSet z = x;
        z |= y;
        QCOMPARE(z, parseSet(unionSet));
        z = x;
        z &= y;
        QCOMPARE(z, parseSet(intersection));
        z = x;
        z -= y;
        QCOMPARE(z, parseSet(difference));
        z = x;
        z ^= y;
        QCOMPARE(z, parseSet(symmetric));
    }

    void iteration()
    {
        const SquareSet set = parseSet("h8,a1,e4,c3");
        QList<int> seen;
        for (Square s : set)
            seen << int(s);
        QCOMPARE(seen, (QList<int>{A1, C3, E4, H8}));
        SquareSet copy = set;
        QCOMPARE(copy.popFirst(), A1);
        QCOMPARE(copy.popFirst(), C3);
        QCOMPARE(copy.count(), 2);
        QCOMPARE(copy.first(), E4);
        int n = 0;
        for (Square s : SquareSet::all()) {
            QCOMPARE(int(s), n);
            ++n;
        }
        QCOMPARE(n, 64);
        for (Square s : SquareSet())
            QFAIL(qPrintable(QString("empty set yielded %1").arg(int(s))));
    }

    void toString_data()
    {
        QTest::addColumn<QString>("set");
        QTest::addColumn<QString>("text");
        QTest::newRow("empty") << ""
                               << "[]";
        QTest::newRow("one") << "e4"
                             << "[e4]";
        QTest::newRow("sorted") << "e4,a1,c3"
                                << "[a1,c3,e4]";
        QTest::newRow("corners") << "a1,h1,a8,h8"
                                 << "[a1,h1,a8,h8]";
    }
    void toString()
    {
        QFETCH(QString, set);
        QFETCH(QString, text);
        QCOMPARE(QString::fromStdString(parseSet(set).toString()), text);
    }

    // Seed examples and hand-checked images.
    void transformExamples_data()
    {
        QTest::addColumn<QString>("transform");
        QTest::addColumn<QString>("input");
        QTest::addColumn<QString>("expected");
        QTest::newRow("diagonal seed") << "flipDiagonal"
                                       << "a-h1-2,f6,h7"
                                       << "a-b1-8,f6,g8";
        QTest::newRow("off-diagonal a8") << "flipAntiDiagonal"
                                         << "a8"
                                         << "a8";
        QTest::newRow("off-diagonal a-file") << "flipAntiDiagonal"
                                             << "a1-8"
                                             << "a-h8";
        QTest::newRow("off-diagonal a1") << "flipAntiDiagonal"
                                         << "a1"
                                         << "h8";
        QTest::newRow("vertical f6") << "mirrorFiles"
                                     << "f6"
                                     << "c6";
        QTest::newRow("horizontal f6") << "mirrorRanks"
                                       << "f6"
                                       << "f3";
        QTest::newRow("rotate90 a1") << "rotate90"
                                     << "a1"
                                     << "h1";
        QTest::newRow("rotate90 h1") << "rotate90"
                                     << "h1"
                                     << "h8";
        QTest::newRow("rotate90 h8") << "rotate90"
                                     << "h8"
                                     << "a8";
        QTest::newRow("rotate90 a8") << "rotate90"
                                     << "a8"
                                     << "a1";
        QTest::newRow("rotate90 rank") << "rotate90"
                                       << "a-h1"
                                       << "h1-8";
        QTest::newRow("rotate180 c2") << "rotate180"
                                      << "c2"
                                      << "f7";
        QTest::newRow("rotate270 a1") << "rotate270"
                                      << "a1"
                                      << "a8";
        QTest::newRow("rotate270 c2") << "rotate270"
                                      << "c2"
                                      << "b6";
        QTest::newRow("mirrorFiles block") << "mirrorFiles"
                                           << "a-b1-2"
                                           << "g-h1-2";
        QTest::newRow("mirrorRanks empty") << "mirrorRanks"
                                           << ""
                                           << "";
        QTest::newRow("diagonal fixed") << "flipDiagonal"
                                        << "a1,b2,h8"
                                        << "a1,b2,h8";
    }
    void transformExamples()
    {
        QFETCH(QString, transform);
        QFETCH(QString, input);
        QFETCH(QString, expected);
        QCOMPARE(QString::fromStdString(transformNamed(transform).apply(parseSet(input)).toString()),
                 QString::fromStdString(parseSet(expected).toString()));
    }

    void dihedralImagesOfC2()
    {
        const SquareSet c2 = SquareSet::of(C2);
        SquareSet images = c2;
        for (const auto &t : transforms())
            images |= t.apply(c2);
        images |= c2.mirrorFiles() | c2.mirrorRanks();
        QCOMPARE(QString::fromStdString(images.toString()),
                 QString::fromStdString(parseSet("c2,b3,b6,c7,f7,g6,g3,f2").toString()));
        QCOMPARE(images.count(), 8);
    }

    void rotationChain()
    {
        SquareSet s = SquareSet::of(A1);
        const Square expected[] = {H1, H8, A8, A1};
        for (Square e : expected) {
            s = s.rotate90();
            QCOMPARE(s, SquareSet::of(e));
        }
    }

    // Every square against the coordinate definition of each transform.
    void transformEverySquare_data()
    {
        QTest::addColumn<QString>("transform");
        for (const auto &t : transforms())
            QTest::newRow(t.name) << t.name;
    }
    void transformEverySquare()
    {
        QFETCH(QString, transform);
        const TransformCase &t = transformNamed(transform);
        for (int s = 0; s < 64; ++s) {
            const Square sq = Square(s);
            QCOMPARE(t.apply(SquareSet::of(sq)), SquareSet::of(t.reference(fileOf(sq), rankOf(sq))));
        }
        // Transforms act square by square on arbitrary sets.
        std::mt19937_64 rng(12345);
        for (int i = 0; i < 200; ++i) {
            const SquareSet set(rng() & rng());
            SquareSet expected;
            for (Square sq : set)
                expected |= SquareSet::of(t.reference(fileOf(sq), rankOf(sq)));
            QCOMPARE(t.apply(set), expected);
        }
    }

    void groupLaws()
    {
        std::mt19937_64 rng(777);
        for (int i = 0; i < 200; ++i) {
            const SquareSet s(rng());
            QCOMPARE(s.mirrorFiles().mirrorFiles(), s);
            QCOMPARE(s.mirrorRanks().mirrorRanks(), s);
            QCOMPARE(s.flipDiagonal().flipDiagonal(), s);
            QCOMPARE(s.flipAntiDiagonal().flipAntiDiagonal(), s);
            QCOMPARE(s.rotate90().rotate90(), s.rotate180());
            QCOMPARE(s.rotate90().rotate180(), s.rotate270());
            QCOMPARE(s.rotate90().rotate270(), s);
            QCOMPARE(s.mirrorFiles().mirrorRanks(), s.rotate180());
            QCOMPARE(s.flipDiagonal().flipAntiDiagonal(), s.rotate180());
            QCOMPARE(s.rotate90().count(), s.count());
        }
    }

    void shifted_data()
    {
        QTest::addColumn<QString>("input");
        QTest::addColumn<int>("df");
        QTest::addColumn<int>("dr");
        QTest::addColumn<QString>("expected");
        QTest::newRow("up-right") << "a1" << 1 << 1 << "b2";
        QTest::newRow("off right edge") << "h1" << 1 << 0 << "";
        QTest::newRow("rank left") << "a-h1" << -1 << 0 << "a-g1";
        QTest::newRow("rank right 3") << "a-h4" << 3 << 0 << "d-h4";
        QTest::newRow("file down") << "a1-8" << 0 << -3 << "a1-5";
        QTest::newRow("file up") << "c1-8" << 0 << 2 << "c3-8";
        QTest::newRow("no wrap h to a") << "h1-8" << 1 << 1 << "";
        QTest::newRow("no wrap a to h") << "a1-8" << -1 << 0 << "";
        QTest::newRow("diagonal down-left") << "b2,h8,a5" << -1 << -1 << "a1,g7";
        QTest::newRow("identity") << "c3,f6" << 0 << 0 << "c3,f6";
        QTest::newRow("whole board 8") << "a-h1-8" << 8 << 0 << "";
        QTest::newRow("whole board -8 ranks") << "a-h1-8" << 0 << -8 << "";
        QTest::newRow("far") << "a-h1-8" << 7 << 7 << "h8";
        QTest::newRow("huge") << "e4" << 1000 << -1000 << "";
    }
    void shifted()
    {
        QFETCH(QString, input);
        QFETCH(int, df);
        QFETCH(int, dr);
        QFETCH(QString, expected);
        QCOMPARE(QString::fromStdString(parseSet(input).shifted(df, dr).toString()),
                 QString::fromStdString(parseSet(expected).toString()));
    }

    void shiftedMatchesDefinition()
    {
        std::mt19937_64 rng(99);
        for (int df = -8; df <= 8; ++df) {
            for (int dr = -8; dr <= 8; ++dr) {
                const SquareSet set(rng());
                SquareSet expected;
                for (Square s : set) {
                    const int f = fileOf(s) + df, r = rankOf(s) + dr;
                    if (f >= 0 && f < 8 && r >= 0 && r < 8) expected |= SquareSet::of(makeSquare(f, r));
                }
                QCOMPARE(set.shifted(df, dr), expected);
            }
        }
    }
};

QTEST_GUILESS_MAIN(TestSquareSet)
#include "tst_squareset.moc"
