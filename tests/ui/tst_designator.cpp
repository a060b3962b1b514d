// Piece designators built from selected squares.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "board/designator.h"

#include <QTest>

using namespace chess;

Q_DECLARE_METATYPE(chess::SquareSet)

namespace {

SquareSet squares(const QString &list)
{
    SquareSet s;
    for (const QString &name : list.split(QLatin1Char(' '), Qt::SkipEmptyParts))
        s |= SquareSet::of(parseSquare(name.toStdString()));
    return s;
}

} // namespace

class TestDesignator : public QObject {
    Q_OBJECT
private slots:
    void squareDesignator_data();
    void squareDesignator();
    void pieceDesignator_data();
    void pieceDesignator();
};

void TestDesignator::squareDesignator_data()
{
    QTest::addColumn<SquareSet>("set");
    QTest::addColumn<QString>("expected");
    QTest::newRow("empty") << SquareSet() << "";
    QTest::newRow("one") << squares("e4") << "e4";
    QTest::newRow("two apart") << squares("a1 h8") << "[a1,h8]";
    QTest::newRow("rank") << SquareSet::rank(1) << "a-h2";
    QTest::newRow("file") << SquareSet::file(0) << "a1-8";
    QTest::newRow("block") << squares("c3 d3 e3 f3 c4 d4 e4 f4 c5 d5 e5 f5 c6 d6 e6 f6") << "c-f3-6";
    QTest::newRow("mixed") << ((SquareSet::rank(1) - squares("a2")) | squares("d5 e7 f7 e8 f8")) << "[b-h2,d5,e-f7-8]";
    QTest::newRow("whole board") << SquareSet::all() << "";
}

void TestDesignator::squareDesignator()
{
    QFETCH(SquareSet, set);
    QFETCH(QString, expected);
    QCOMPARE(wb::squareDesignator(set), expected);
}

void TestDesignator::pieceDesignator_data()
{
    QTest::addColumn<QString>("fen");
    QTest::addColumn<QString>("selection");
    QTest::addColumn<bool>("anyColour");
    QTest::addColumn<QString>("expected");
    const QString fen = QStringLiteral("7k/8/8/8/4P3/8/2Q5/K7 w - - 0 1");
    QTest::newRow("queen") << fen << "c2" << false << "Qc2";
    QTest::newRow("pawn any colour") << fen << "e4" << true << "[Pp]e4";
    QTest::newRow("empty") << fen << "d5" << false << "_d5";
    QTest::newRow("kings") << fen << "a1 h8" << false << "[Kk][a1,h8]";
    QTest::newRow("kings any colour") << fen << "a1 h8" << true << "[Kk][a1,h8]";
    QTest::newRow("queen and empty") << fen << "c2 d2" << false << "[Q_]c-d2";
    QTest::newRow("nothing") << fen << "" << false << "";
}

void TestDesignator::pieceDesignator()
{
    QFETCH(QString, fen);
    QFETCH(QString, selection);
    QFETCH(bool, anyColour);
    QFETCH(QString, expected);
    const auto pos = Position::fromFen(fen.toStdString());
    QVERIFY(pos);
    wb::DesignatorOptions options;
    options.ignoreColor = anyColour;
    QCOMPARE(wb::pieceDesignator(*pos, squares(selection), options), expected);
}

QTEST_MAIN(TestDesignator)
#include "tst_designator.moc"
