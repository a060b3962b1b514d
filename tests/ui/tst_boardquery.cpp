// The board as a query builder: the set-up mode (FEN round trip through the
// clipboard, palette, dragging, removing, side to move) and the queries
// "Find this position" / "Find this pattern" write, run on a small database
// to see that they find what the board showed.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "board/boardpanel.h"
#include "board/boardwidget.h"
#include "board/querybuilder.h"
#include "board/setupbar.h"
#include "database/databasesource.h"
#include "editor/cqleditor.h"
#include "search/querycompiler.h"
#include "search/searchcontroller.h"

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QMimeData>
#include <QSignalSpy>
#include <QTest>
#include <QToolButton>
#include <QWindow>

using chess::Square;

namespace {

// Game numbers 1-6. 1 and 2 reach the Ruy Lopez after 3.Bb5 by different
// orders; 4 has both sides castled short, 5 only Black; 6 has a pawn on e4
// only while d5 is taken.
const char *const Games =
    "[White \"Ruy\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *\n\n"
    "[White \"Transposed\"]\n[Result \"*\"]\n\n1. Nf3 Nc6 2. e4 e5 3. Bb5 Nf6 *\n\n"
    "[White \"Italian\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bc4 *\n\n"
    "[White \"Castled\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 Nf6 3. Bc4 Nc6 4. O-O Bc5 5. d3 O-O *\n\n"
    "[White \"Black castles\"]\n[Result \"*\"]\n\n1. d4 d5 2. Nf3 Nf6 3. e3 e6 4. Bd3 Be7 5. c3 O-O *\n\n"
    "[White \"Blocked\"]\n[Result \"*\"]\n\n1. d3 d5 2. e4 *\n\n";

Square sq(const char *name) { return chess::parseSquare(name); }

chess::SquareSet squares(std::initializer_list<const char *> names)
{
    chess::SquareSet out;
    for (const char *n : names)
        out |= chess::SquareSet::of(sq(n));
    return out;
}

chess::Position after(std::initializer_list<const char *> sans)
{
    chess::Position p;
    for (const char *san : sans) {
        const chess::Move m = p.parseSan(san);
        if (m.isNone()) qFatal("bad move %s", san);
        p.play(m);
    }
    return p;
}

// 1-based numbers of the games `query` matches in Games.
QList<int> found(const QString &query)
{
    auto db = std::make_shared<db::Database>();
    std::string error;
    if (!db->openText(Games, "games.pgn", {}, &error)) qFatal("cannot open test PGN: %s", error.c_str());
    const wb::CompiledQuery q = wb::compileQuery(query, QStringLiteral("board.cql"));
    if (!q.query) {
        qWarning("%s", qPrintable(query));
        for (const auto &d : q.diagnostics)
            qWarning("line %d: %s", d.line, qPrintable(d.message));
        return {-1};
    }
    wb::SearchController search;
    QSignalSpy finished(&search, &wb::SearchController::finished);
    search.start(std::make_shared<wb::DatabaseSource>(std::move(db)), q.query);
    if (!finished.wait(30000)) return {-2};
    QList<int> games;
    for (const wb::MatchRecord &r : *search.matchRecords())
        games << r.game + 1;
    return games;
}

void click(QWidget *w, QPoint at, Qt::MouseButton button = Qt::LeftButton)
{
    QTest::mouseClick(w, button, Qt::NoModifier, at);
}

void drag(QWidget *w, QPoint from, QPoint to)
{
    QTest::mousePress(w, Qt::LeftButton, Qt::NoModifier, from);
    QMouseEvent move(QEvent::MouseMove, QPointF(to), w->mapToGlobal(QPointF(to)), Qt::NoButton, Qt::LeftButton,
                     Qt::NoModifier);
    QCoreApplication::sendEvent(w, &move);
    QTest::mouseRelease(w, Qt::LeftButton, Qt::NoModifier, to);
}

} // namespace

class TestBoardQuery : public QObject {
    Q_OBJECT
private slots:
    void fenRoundTrip_data();
    void fenRoundTrip();
    void badFenIsRefused();
    void setupModeFenThroughClipboard();
    void setupModeEditing();
    void setupModeKeepsTheGame();
    void positionQueryFindsThePosition();
    void patternQueries_data();
    void patternQueries();
    void panelWritesTheQuery();
    void editorReplacesInOneUndoStep();
};

void TestBoardQuery::fenRoundTrip_data()
{
    QTest::addColumn<QString>("fen");
    QTest::newRow("start") << QString::fromLatin1(chess::Position::StartFen);
    QTest::newRow("castling partly gone, black to move")
        << QStringLiteral("r3k2r/pppq1ppp/2np1n2/2b1p3/2B1P3/2NP1N2/PPPQ1PPP/R3K1R1 b Qkq - 4 8");
    QTest::newRow("en passant") << QStringLiteral("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3");
    QTest::newRow("kings only") << QStringLiteral("8/8/4k3/8/8/3K4/8/8 w - - 0 60");
    QTest::newRow("no king yet") << QStringLiteral("8/8/8/3q4/8/8/8/8 b - - 0 1");
}

void TestBoardQuery::fenRoundTrip()
{
    QFETCH(QString, fen);
    QString error;
    const auto setup = wb::BoardSetup::fromFen(fen, &error);
    QVERIFY2(setup, qPrintable(error));
    QCOMPARE(setup->fen(), fen);
    // Legal ones read as a position give the same FEN.
    if (const auto p = setup->position()) {
        QCOMPARE(QString::fromStdString(p->fen()), fen);
        QCOMPARE(wb::BoardSetup::fromPosition(*p), *setup);
    }
}

void TestBoardQuery::badFenIsRefused()
{
    QString error;
    QVERIFY(!wb::BoardSetup::fromFen(QStringLiteral("rnbqkbnr/pppppppp/8/8 w"), &error));
    QVERIFY(error.contains(QStringLiteral("8 ranks")));
    QVERIFY(!wb::BoardSetup::fromFen(QStringLiteral("rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w"), &error));
    QVERIFY(!wb::BoardSetup::fromFen(QStringLiteral("rnbqkbnr/pppxpppp/8/8/8/8/PPPPPPPP/RNBQKBNR w"), &error));
    QVERIFY(!wb::BoardSetup::fromFen(QStringLiteral("8/8/8/8/8/8/8/8 x"), &error));
    QVERIFY(!wb::BoardSetup::fromFen(QString(), &error));
    // Without a king it is a set-up, not yet a position.
    QVERIFY(!wb::BoardSetup::fromFen(QStringLiteral("8/8/8/8/8/8/8/8 w - - 0 1"))->position(&error));
    QVERIFY(!error.isEmpty());
}

void TestBoardQuery::setupModeFenThroughClipboard()
{
    wb::BoardPanel panel;
    panel.resize(480, 720);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    const QString fen = QStringLiteral("r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/3P1N2/PPP2PPP/RNBQK2R b KQkq - 0 5");
    QCOMPARE(panel.board()->contextMenuPolicy(), Qt::ActionsContextMenu);
    QVERIFY(panel.board()->actions().contains(panel.copyFenAction()));
    panel.setupAction()->trigger();
    QVERIFY(panel.isSetupMode());
    QVERIFY(panel.setupBar()->isVisible());
    // A right click removes a piece there, so no menu opens.
    QCOMPARE(panel.board()->contextMenuPolicy(), Qt::PreventContextMenu);
    QApplication::clipboard()->setText(fen);
    QVERIFY(panel.setupBar()->pasteFen());
    QCOMPARE(panel.board()->setup().fen(), fen);
    QCOMPARE(panel.setupBar()->sideToMove()->currentIndex(), 1); // Black to move
    QApplication::clipboard()->clear();
    panel.copyFenAction()->trigger();
    QCOMPARE(QApplication::clipboard()->text(), fen);

    // Something else on the clipboard leaves the board as it was and says why.
    QApplication::clipboard()->setText(QStringLiteral("not a position"));
    QVERIFY(!panel.setupBar()->pasteFen());
    QVERIFY(!panel.setupBar()->message().isEmpty());
    QCOMPARE(panel.board()->setup().fen(), fen);

    // The side to move from its box.
    panel.setupBar()->sideToMove()->setCurrentIndex(0);
    emit panel.setupBar()->sideToMove()->activated(0);
    QVERIFY(panel.board()->setup().fen().contains(QStringLiteral(" w KQkq ")));
}

void TestBoardQuery::setupModeEditing()
{
    wb::BoardPanel panel;
    panel.resize(480, 720);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    wb::BoardWidget *board = panel.board();
    panel.setSetupMode(true);
    QSignalSpy changed(board, &wb::BoardWidget::setupChanged);
    auto at = [board](const char *name) { return board->squareRect(sq(name)).center(); };

    // Clear, then a white king from the palette on e1 and a black one on e8.
    const auto buttons = panel.setupBar()->findChildren<QToolButton *>();
    QToolButton *clear = nullptr, *start = nullptr;
    for (QToolButton *b : buttons) {
        if (b->text() == QStringLiteral("Clear")) clear = b;
        if (b->text() == QStringLiteral("Start Position")) start = b;
    }
    QVERIFY(clear && start);
    clear->click();
    QCOMPARE(board->setup().pieceCount(), 0);
    panel.setupBar()->paletteButton(chess::WKing)->click();
    click(board, at("e1"));
    panel.setupBar()->paletteButton(chess::BKing)->click();
    click(board, at("e8"));
    panel.setupBar()->paletteButton(chess::WRook)->click();
    click(board, at("h1"));
    QCOMPARE(board->setup().fen(), QStringLiteral("4k3/8/8/8/8/8/8/4K2R w - - 0 1"));
    // Clicking the palette's piece again takes it off.
    click(board, at("h1"));
    QCOMPARE(board->setup().at(sq("h1")), chess::NoPiece);
    click(board, at("h1"));

    // Dragging moves a piece; dropped off the board it is gone.
    drag(board, at("e1"), at("g1"));
    QCOMPARE(board->setup().at(sq("g1")), chess::WKing);
    QCOMPARE(board->setup().at(sq("e1")), chess::NoPiece);
    drag(board, at("h1"), QPoint(board->width() + 20, board->height() / 2));
    QCOMPARE(board->setup().at(sq("h1")), chess::NoPiece);

    // A right click removes; a piece dropped from the palette lands where it falls.
    click(board, at("g1"), Qt::RightButton);
    QCOMPARE(board->setup().at(sq("g1")), chess::NoPiece);
    QMimeData mime;
    mime.setData(wb::BoardWidget::pieceMimeType(), QByteArray("q"));
    // As the window system delivers a drag: entering the window, then the drop.
    QWindow *window = panel.window()->windowHandle();
    const QPointF inWindow = board->mapTo(panel.window(), at("d4"));
    QDragEnterEvent enter(inWindow.toPoint(), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(window, &enter);
    QVERIFY(enter.isAccepted());
    QDropEvent drop(inWindow, Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(window, &drop);
    QCOMPARE(board->setup().at(sq("d4")), chess::BQueen);

    // The marker beside the board switches the side to move.
    click(board, board->sideToMoveRect().center());
    QCOMPARE(board->setup().sideToMove, chess::Black);
    QCOMPARE(panel.setupBar()->sideToMove()->currentIndex(), 1);
    QVERIFY(changed.count() >= 8);

    // Start position; castling rights come back with the pieces in place.
    start->click();
    QCOMPARE(board->setup().fen(), QString::fromLatin1(chess::Position::StartFen));
    // Moving the h1 rook loses K.
    drag(board, at("h1"), at("h4"));
    QVERIFY(board->setup().fen().contains(QStringLiteral(" w Qkq - ")));
    // Shift+click still selects squares, here for a designator.
    QTest::mouseClick(board, Qt::LeftButton, Qt::ShiftModifier, at("h4"));
    QCOMPARE(panel.designator(), QStringLiteral("Rh4"));
}

void TestBoardQuery::setupModeKeepsTheGame()
{
    wb::BoardPanel panel;
    const chess::Position game = after({"e4", "c5"});
    panel.board()->setPosition(game);
    panel.setSetupMode(true);
    QCOMPARE(panel.board()->setup().fen(), QString::fromStdString(game.fen()));
    wb::BoardSetup s = panel.board()->setup();
    s.put(sq("e4"), chess::NoPiece);
    panel.board()->setSetup(s);
    // Moving through the game meanwhile changes the position underneath, not the set-up.
    panel.board()->setPosition(chess::Position());
    QCOMPARE(panel.board()->shownSetup(), s);
    panel.setSetupMode(false);
    QVERIFY(!panel.setupBar()->isVisible());
    QCOMPARE(panel.board()->shownSetup().fen(), QString::fromLatin1(chess::Position::StartFen));
}

void TestBoardQuery::positionQueryFindsThePosition()
{
    const chess::Position ruy = after({"e4", "e5", "Nf3", "Nc6", "Bb5"});
    const QString query = wb::positionQuery(wb::BoardSetup::fromPosition(ruy));
    QVERIFY2(query.contains(QStringLiteral("btm")), qPrintable(query));
    QVERIFY2(query.contains(QStringLiteral("Bb5")), qPrintable(query));
    QVERIFY2(query.contains(QStringLiteral("#[Aa] == 32")), qPrintable(query));
    // Both move orders, nothing else.
    QCOMPARE(found(query), (QList<int>{1, 2}));
    // The same pieces with White to move are in no game.
    wb::BoardSetup white = wb::BoardSetup::fromPosition(ruy);
    white.sideToMove = chess::White;
    QCOMPARE(found(wb::positionQuery(white)), QList<int>{});
    // One piece fewer: not the position any more (no others allowed).
    wb::BoardSetup fewer = wb::BoardSetup::fromPosition(ruy);
    fewer.put(sq("a7"), chess::NoPiece);
    QCOMPARE(found(wb::positionQuery(fewer)), QList<int>{});
    // The start position, in every game.
    QCOMPARE(found(wb::positionQuery(wb::BoardSetup::fromPosition(chess::Position()))), (QList<int>{1, 2, 3, 4, 5, 6}));
}

void TestBoardQuery::patternQueries_data()
{
    QTest::addColumn<QString>("fen");
    QTest::addColumn<QStringList>("selected");
    QTest::addColumn<bool>("anyColour");
    QTest::addColumn<QString>("transform");
    QTest::addColumn<bool>("empty");
    QTest::addColumn<QString>("expectedText");
    QTest::addColumn<QList<int>>("games");

    const QString castled =
        QString::fromStdString(after({"e4", "e5", "Nf3", "Nf6", "Bc4", "Nc6", "O-O", "Bc5", "d3", "O-O"}).fen());
    const QString open = QString::fromStdString(after({"e4", "e5"}).fen());
    const QString e4 = QString::fromStdString(after({"e4"}).fen());
    QTest::newRow("white castled") << castled << QStringList{"f1", "g1"} << false << QString() << false
                                   << QStringLiteral("Kg1 Rf1") << QList<int>{4};
    QTest::newRow("either side castled (flipcolor)")
        << castled << QStringList{"f1", "g1"} << false << QStringLiteral("flipcolor") << false
        << QStringLiteral("flipcolor {\n  Kg1 Rf1\n}") << QList<int>{4, 5};
    QTest::newRow("both colours") << open << QStringList{"e4", "e5"} << false << QString() << false
                                  << QStringLiteral("Pe4\npe5") << QList<int>{1, 2, 3, 4};
    QTest::newRow("any colour") << open << QStringList{"e4", "e5"} << true << QString() << false
                                << QStringLiteral("[Pp]e4 [Pp]e5") << QList<int>{1, 2, 3, 4};
    QTest::newRow("pieces only") << e4 << QStringList{"e4", "d5"} << false << QString() << false
                                 << QStringLiteral("Pe4") << QList<int>{1, 2, 3, 4, 6};
    QTest::newRow("also empty squares") << e4 << QStringList{"e4", "d5"} << false << QString() << true
                                        << QStringLiteral("Pe4\n_d5") << QList<int>{1, 2, 3, 4};
    QTest::newRow("shifted anywhere") << castled << QStringList{"f1", "g1"} << false << QStringLiteral("shift") << false
                                      << QStringLiteral("shift {") << QList<int>{4};
}

void TestBoardQuery::patternQueries()
{
    QFETCH(QString, fen);
    QFETCH(QStringList, selected);
    QFETCH(bool, anyColour);
    QFETCH(QString, transform);
    QFETCH(bool, empty);
    QFETCH(QString, expectedText);
    QFETCH(QList<int>, games);
    chess::SquareSet set;
    for (const QString &s : selected)
        set |= chess::SquareSet::of(chess::parseSquare(s.toStdString()));
    wb::PatternOptions options;
    options.anyColour = anyColour;
    options.transform = transform;
    options.emptySquares = empty;
    const QString query = wb::patternQuery(*wb::BoardSetup::fromFen(fen), set, options);
    QVERIFY2(query.contains(expectedText), qPrintable(query));
    QCOMPARE(found(query), games);
}

void TestBoardQuery::panelWritesTheQuery()
{
    wb::BoardPanel panel;
    QSignalSpy requested(&panel, &wb::BoardPanel::queryRequested);
    panel.board()->setPosition(after({"e4", "e5", "Nf3", "Nf6", "Bc4", "Nc6", "O-O", "Bc5", "d3", "O-O"}));
    panel.board()->setSelectedSquares(squares({"f8", "g8"}));
    panel.transformBox()->setCurrentIndex(panel.transformBox()->findData(QStringLiteral("flipcolor")));
    QVERIFY(panel.transformBox()->currentIndex() > 0);
    panel.runAtOnceBox()->setChecked(false);
    panel.findPatternAction()->trigger();
    QCOMPARE(requested.count(), 1);
    QCOMPARE(requested.last().at(1).toBool(), false);
    const QString pattern = requested.last().at(0).toString();
    QVERIFY2(pattern.contains(QStringLiteral("flipcolor {\n  kg8 rf8\n}")), qPrintable(pattern));
    QCOMPARE(found(pattern), (QList<int>{4, 5}));

    panel.runAtOnceBox()->setChecked(true);
    panel.findPositionAction()->trigger();
    QCOMPARE(requested.count(), 2);
    QCOMPARE(requested.last().at(1).toBool(), true);
    QCOMPARE(found(requested.last().at(0).toString()), QList<int>{4});

    // Nothing selected: the pattern is every piece on the board.
    panel.board()->clearSelection();
    panel.transformBox()->setCurrentIndex(0);
    QCOMPARE(panel.patternQueryText(), wb::patternQuery(panel.board()->shownSetup(), chess::SquareSet::all()));
}

void TestBoardQuery::editorReplacesInOneUndoStep()
{
    wb::CqlEditor editor;
    editor.setPlainText(QStringLiteral("cql() mate"));
    editor.moveCursor(QTextCursor::End);
    editor.insertPlainText(QStringLiteral(" check"));
    const QString query = wb::positionQuery(wb::BoardSetup::fromPosition(chess::Position()));
    editor.replaceAllText(query);
    QCOMPARE(editor.toPlainText(), query);
    editor.undo();
    QCOMPARE(editor.toPlainText(), QStringLiteral("cql() mate check"));
    editor.redo();
    QCOMPARE(editor.toPlainText(), query);
}

QTEST_MAIN(TestBoardQuery)
#include "tst_boardquery.moc"
