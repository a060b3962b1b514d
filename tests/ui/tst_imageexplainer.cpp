// Naming the transform image that made a position match, from the marks the
// evaluator records: plain, nested and shifted transforms, counted images,
// and queries or positions with none.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "recordtest.h"
#include "search/imageexplainer.h"

#include <QTest>

namespace {

using recordtest::fromFen;
using recordtest::parse;

QList<wb::MatchedImage> explain(const QString &text, const game::Game &g, game::NodeId node)
{
    for (const cql::PositionMark &m : recordtest::record(text, g).matches)
        if (m.node == node) return wb::explainMatchedImages(m.images);
    return {};
}

} // namespace

class TestImageExplainer : public QObject {
    Q_OBJECT
private slots:
    void flipcolorNamesTheSide();
    void nestedTransformsMultiply();
    void shiftNamesTheOffset();
    void nothingToExplain();
};

void TestImageExplainer::flipcolorNamesTheSide()
{
    const auto g = parse("[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n");
    const auto images = explain(QStringLiteral("cql() flipcolor {mate btm}"), *g, g->mainlineEnd());
    QCOMPARE(images.size(), 1);
    const wb::MatchedImage &m = images.first();
    QCOMPARE(m.keywords, QStringLiteral("flipcolor"));
    QCOMPARE(m.images, 2);
    QCOMPARE(m.image, 2); // White is mated: the colour-swapped image
    QCOMPARE(m.matchingImages, 1);
    QCOMPARE(m.text(), QStringLiteral("flipcolor image 2 of 2 (%1)").arg(m.transform));
    QVERIFY(m.transform.contains(QStringLiteral("reversecolor")));
}

void TestImageExplainer::nestedTransformsMultiply()
{
    // White king h8, black king a1: {Ka1 kh8} turned half round, or its
    // colour-flipped image {Kh1 ka8} turned a quarter.
    const auto g = fromFen("7K/8/8/8/8/8/8/k7 w - - 0 1");
    const auto images = explain(QStringLiteral("cql() flipcolor rotate90 {Ka1 kh8}"), *g, 0);
    QCOMPARE(images.size(), 1);
    const wb::MatchedImage &m = images.first();
    QCOMPARE(m.keywords, QStringLiteral("flipcolor rotate90"));
    QCOMPARE(m.images, 8);
    QVERIFY(m.image >= 1 && m.image <= 4); // found under flipcolor's first image (as written)
    QCOMPARE(m.matchingImages, 2);
    // The reported transform maps the query's squares onto the kings.
    QCOMPARE(m.transform, QStringLiteral("rotate180"));
    QVERIFY2(m.text().startsWith(QStringLiteral("flipcolor rotate90 image ")), qPrintable(m.text()));
    QVERIFY(m.text().contains(QStringLiteral("of 8 (rotate180)")));
}

void TestImageExplainer::shiftNamesTheOffset()
{
    const auto g = fromFen("k7/8/8/8/8/2K5/8/8 w - - 0 1"); // white king c3
    const auto images = explain(QStringLiteral("cql() shift Ka1"), *g, 0);
    QCOMPARE(images.size(), 1);
    const wb::MatchedImage &m = images.first();
    QCOMPARE(m.keywords, QStringLiteral("shift"));
    QCOMPARE(m.matchingImages, 1);
    QVERIFY2(m.transform.contains(QStringLiteral("shift(2,2)")), qPrintable(m.transform));
    QVERIFY(m.images > 8);
}

void TestImageExplainer::nothingToExplain()
{
    const auto g = parse("[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n");
    // No transform in the query.
    QVERIFY(explain(QStringLiteral("cql() mate"), *g, g->mainlineEnd()).isEmpty());
    // A position where no image matches.
    QVERIFY(explain(QStringLiteral("cql() flipcolor {mate btm}"), *g, 0).isEmpty());
    // A transform inside a block, after a filter that fails here, is not reached.
    QVERIFY(explain(QStringLiteral("cql() {check flipcolor {mate btm}}"), *g, 0).isEmpty());
    // ... and after one that matches, it is.
    QCOMPARE(explain(QStringLiteral("cql() {check flipcolor {mate wtm}}"), *g, g->mainlineEnd()).size(), 1);
    // A node outside the game.
    QVERIFY(explain(QStringLiteral("cql() flipcolor {mate btm}"), *g, game::NodeId(999)).isEmpty());
}

QTEST_MAIN(TestImageExplainer)
#include "tst_imageexplainer.moc"
