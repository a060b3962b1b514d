// Board painting (pieces, flip, marked squares, layers) and Shift+click selection.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "board/boardwidget.h"
#include "board/pieceset.h"

#include <QSignalSpy>
#include <QTest>

using namespace chess;
using wb::BoardWidget;

namespace {

Position fromFen(const char *fen)
{
    auto p = Position::fromFen(fen);
    if (!p) qFatal("bad FEN in test: %s", fen);
    return *p;
}

// Pixels of a square that look like a white piece's body / a black piece's body.
struct PieceInk {
    int white = 0;
    int black = 0;
};

PieceInk inkIn(const QImage &img, const QRect &r)
{
    PieceInk ink;
    for (int y = r.top() + 2; y < r.bottom() - 1; ++y)
        for (int x = r.left() + 2; x < r.right() - 1; ++x) {
            const QColor c = img.pixelColor(x, y);
            if (c.red() > 245 && c.green() > 245 && c.blue() > 245) ++ink.white;
            if (c.red() < 60 && c.green() < 60 && c.blue() < 60) ++ink.black;
        }
    return ink;
}

void sendMouse(QWidget *w, QEvent::Type type, const QPoint &pos, Qt::MouseButtons buttons, Qt::KeyboardModifiers mods)
{
    QMouseEvent e(type, QPointF(pos), w->mapToGlobal(QPointF(pos)), Qt::LeftButton, buttons, mods);
    QApplication::sendEvent(w, &e);
}

} // namespace

class TestBoardWidget : public QObject {
    Q_OBJECT
private slots:
    void pieceSetLoads();
    void piecesAtTheirSquares_data();
    void piecesAtTheirSquares();
    void flipMovesSquares();
    void markedSquaresArePainted();
    void layersSplitSharedSquares();
    void layersAddLegend();
    void shiftClickTogglesSquares();
    void shiftDragSelectsRectangle();
    void plainClickClearsSelection();
};

void TestBoardWidget::pieceSetLoads()
{
    QVERIFY(wb::PieceSet::shared().isValid());
    const QPixmap pm = wb::PieceSet::shared().pixmap(WQueen, 40, 2.0);
    QCOMPARE(pm.width(), 80);
    QCOMPARE(pm.devicePixelRatio(), 2.0);
    QVERIFY(wb::PieceSet::shared().pixmap(NoPiece, 40, 1.0).isNull());
}

void TestBoardWidget::piecesAtTheirSquares_data()
{
    QTest::addColumn<QString>("fen");
    QTest::newRow("start") << QString::fromLatin1(Position::StartFen);
    QTest::newRow("endgame") << QStringLiteral("8/5k2/8/3Q4/8/2n5/8/K7 b - - 0 1");
    QTest::newRow("crowded") << QStringLiteral("r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4");
}

void TestBoardWidget::piecesAtTheirSquares()
{
    QFETCH(QString, fen);
    BoardWidget board;
    board.resize(440, 420);
    const Position pos = fromFen(fen.toLatin1().constData());
    board.setPosition(pos);
    const QImage img = board.grab().toImage();
    for (int s = 0; s < 64; ++s) {
        const Piece p = pos.pieceAt(Square(s));
        const PieceInk ink = inkIn(img, board.squareRect(Square(s)));
        const QByteArray where = QByteArray::fromStdString(squareName(Square(s)));
        if (p == NoPiece) {
            QVERIFY2(ink.white == 0 && ink.black == 0, where);
        } else if (colorOf(p) == White) {
            QVERIFY2(ink.white > 60, where);
        } else {
            QVERIFY2(ink.black > 60, where);
        }
    }
}

void TestBoardWidget::flipMovesSquares()
{
    BoardWidget board;
    board.resize(400, 400);
    board.setPosition(fromFen("4k3/8/8/8/8/8/8/4K3 w - - 0 1"));
    const QRect e1 = board.squareRect(E1);
    QVERIFY(e1.top() > board.squareRect(E8).top());
    QSignalSpy spy(&board, &BoardWidget::flippedChanged);
    board.setFlipped(true);
    QCOMPARE(spy.count(), 1);
    QVERIFY(board.squareRect(E1).top() < board.squareRect(E8).top());
    QCOMPARE(board.squareAt(board.squareRect(A1).center()), A1);
    const QImage img = board.grab().toImage();
    // The white king is now drawn in the top half, the black one at the bottom.
    QVERIFY(inkIn(img, board.squareRect(E1)).white > 60);
    QVERIFY(board.squareRect(E1).center().y() < board.height() / 2);
    QVERIFY(inkIn(img, board.squareRect(E8)).black > 60);
    // The side-to-move marker follows white to the top.
    QVERIFY(board.sideToMoveRect().center().y() < board.height() / 2);
}

void TestBoardWidget::markedSquaresArePainted()
{
    BoardWidget board;
    board.resize(400, 400);
    board.setPosition(fromFen("4k3/8/8/8/8/8/8/4K3 w - - 0 1"));
    const QImage before = board.grab().toImage();
    const QColor green(0, 200, 0);
    board.setMarkedSquares(SquareSet::of(D4) | SquareSet::of(F6), green);
    const QImage after = board.grab().toImage();
    for (Square s : {D4, F6})
        QCOMPARE(after.pixelColor(board.squareRect(s).center()), green);
    QCOMPARE(after.pixelColor(board.squareRect(C3).center()), before.pixelColor(board.squareRect(C3).center()));

    // The default colour is translucent: tinted, not replaced.
    board.setMarkedSquares(SquareSet::of(C3));
    const QColor tinted = board.grab().toImage().pixelColor(board.squareRect(C3).center());
    QVERIFY(tinted != before.pixelColor(board.squareRect(C3).center()));
    QVERIFY(tinted.red() > tinted.green());
}

void TestBoardWidget::layersSplitSharedSquares()
{
    BoardWidget board;
    board.resize(400, 440);
    board.setPosition(fromFen("4k3/8/8/8/8/8/8/4K3 w - - 0 1"));
    const QColor red(220, 0, 0), blue(0, 0, 220);
    board.setLayers({{SquareSet::of(C2) | SquareSet::of(E4), red, QStringLiteral("one")},
                     {SquareSet::of(E4), blue, QStringLiteral("two")}});
    const QImage img = board.grab().toImage();
    QCOMPARE(img.pixelColor(board.squareRect(C2).center()), red);
    const QRect e4 = board.squareRect(E4);
    QCOMPARE(img.pixelColor(e4.left() + e4.width() / 4, e4.center().y()), red);
    QCOMPARE(img.pixelColor(e4.right() - e4.width() / 4, e4.center().y()), blue);
}

void TestBoardWidget::layersAddLegend()
{
    BoardWidget board;
    board.resize(400, 400);
    const QRect plain = board.boardRect();
    wb::BoardLayers layers;
    const QList<QColor> colours = wb::layerPalette(8);
    for (int i = 0; i < 8; ++i)
        layers.append({SquareSet::of(Square(i)), colours[i], QStringLiteral("image %1").arg(i + 1)});
    board.setLayers(layers);
    QVERIFY(board.boardRect().height() < plain.height());
    QVERIFY(board.heightForWidth(400) > 400 - 20);
}

void TestBoardWidget::shiftClickTogglesSquares()
{
    BoardWidget board;
    board.resize(400, 400);
    QSignalSpy spy(&board, &BoardWidget::squaresSelected);
    QTest::mouseClick(&board, Qt::LeftButton, Qt::ShiftModifier, board.squareRect(E4).center());
    QCOMPARE(spy.count(), 1);
    QCOMPARE(spy.last().first().value<SquareSet>(), SquareSet::of(E4));
    QTest::mouseClick(&board, Qt::LeftButton, Qt::ShiftModifier, board.squareRect(D5).center());
    QCOMPARE(board.selectedSquares(), SquareSet::of(E4) | SquareSet::of(D5));
    QTest::mouseClick(&board, Qt::LeftButton, Qt::ShiftModifier, board.squareRect(E4).center());
    QCOMPARE(board.selectedSquares(), SquareSet::of(D5));
}

void TestBoardWidget::shiftDragSelectsRectangle()
{
    BoardWidget board;
    board.resize(400, 400);
    QSignalSpy spy(&board, &BoardWidget::squaresSelected);
    sendMouse(&board, QEvent::MouseButtonPress, board.squareRect(A1).center(), Qt::LeftButton, Qt::ShiftModifier);
    sendMouse(&board, QEvent::MouseMove, board.squareRect(B2).center(), Qt::LeftButton, Qt::ShiftModifier);
    sendMouse(&board, QEvent::MouseMove, board.squareRect(C2).center(), Qt::LeftButton, Qt::ShiftModifier);
    sendMouse(&board, QEvent::MouseButtonRelease, board.squareRect(C2).center(), Qt::NoButton, Qt::ShiftModifier);
    QCOMPARE(spy.count(), 1);
    QCOMPARE(board.selectedSquares().toString(), std::string("[a1,b1,c1,a2,b2,c2]"));
}

void TestBoardWidget::plainClickClearsSelection()
{
    BoardWidget board;
    board.resize(400, 400);
    board.setSelectedSquares(SquareSet::of(H8));
    QSignalSpy spy(&board, &BoardWidget::squaresSelected);
    QTest::mouseClick(&board, Qt::LeftButton, Qt::NoModifier, board.squareRect(A1).center());
    QCOMPARE(spy.count(), 1);
    QVERIFY(board.selectedSquares().empty());
}

QTEST_MAIN(TestBoardWidget)
#include "tst_boardwidget.moc"
