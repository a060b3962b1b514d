// The window as the user drives it: several databases opened at once (each
// with its game count) and searched by one Run, from the menu API and the
// command line; the board strip's next/previous match buttons and shortcuts;
// the transform image named under the board; the player base kept in the settings.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "board/boardpanel.h"
#include "board/boardwidget.h"
#include "board/setupbar.h"
#include "editor/cqleditor.h"
#include "gamelist/combinedsource.h"
#include "gamelist/gamelistmodel.h"
#include "gamelist/gameloader.h"
#include "mainwindow/commandline.h"
#include "mainwindow/databaselist.h"
#include "mainwindow/mainwindow.h"
#include "notation/notationview.h"
#include "search/querycompiler.h"
#include "search/searchlog.h"

#include "database/playerbase.h"

#include <QDockWidget>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QAction>
#include <QFile>
#include <QMimeData>
#include <QLabel>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>

#include "windowtest.h"

using windowtest::waitIdle;
using windowtest::write;

namespace {

const char *const GameA2 = "[White \"A2\"]\n[Black \"x\"]\n[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n\n";
const char *const GameB1 =
    "[White \"B1\"]\n[Black \"y\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n";
const char *const Quiet = "[White \"Q\"]\n[Black \"z\"]\n[Result \"*\"]\n\n1. d4 d5 *\n\n";
// Four checks by White's queen: plies 3, 7, 9 and 11.
const char *const Checks = "[White \"Checker\"]\n[Black \"z\"]\n[Result \"*\"]\n\n"
                           "1. e4 f5 2. Qh5+ g6 3. Qe2 Kf7 4. Qc4+ Kg7 5. Qc3+ Kf7 6. Qc4+ *\n\n";

QByteArray repeat(std::initializer_list<const char *> games, int copies)
{
    QByteArray out;
    for (int i = 0; i < copies; ++i)
        for (const char *g : games)
            out += g;
    return out;
}

QStringList listColumn(const wb::GameListModel &m, int column, bool matchedOnly)
{
    QStringList out;
    for (int r = 0; r < m.rowCount(); ++r)
        if (!matchedOnly || m.data(m.index(r, 0), wb::GameListModel::MatchCountRole).toInt() > 0)
            out << m.data(m.index(r, column)).toString();
    return out;
}

} // namespace

class TestMainWindow : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void oldLayoutGetsNewPanesAsTabs();
    void searchSeveralDatabases();
    void variantGamesInTheWindow();
    void commandLineKeepsTheOrder();
    void dropOpensSeveral();
    void runWaitsForACorrectQuery();
    void matchButtonsMoveTheBoard();
    void matchesFollowTheNotation();
    void transformImageIsNamed();
    void playerBaseFromSettings();
    void boardWritesAndRunsAQuery();
    void boardQueryLeavesACqlsFile();
    void setupFromTheCommandLine();

private:
    QTemporaryDir m_dir;
};

void TestMainWindow::initTestCase()
{
    windowtest::isolateSettings(QStringLiteral("tst_mainwindow"));
    QVERIFY(m_dir.isValid());
}

void TestMainWindow::oldLayoutGetsNewPanesAsTabs()
{
    // A layout saved by a version without the Transforms pane: the pane stood
    // apart from the notation, and the saved list of panes does not name it.
    {
        wb::MainWindow old;
        auto *notation = old.findChild<QDockWidget *>(QStringLiteral("NotationDock"));
        QVERIFY(notation);
        old.removeDockWidget(old.transformExplorerDock());
        old.addDockWidget(Qt::LeftDockWidgetArea, old.transformExplorerDock());
        old.transformExplorerDock()->show();
        QVERIFY(!old.tabifiedDockWidgets(notation).contains(old.transformExplorerDock()));
        QSettings s;
        s.setValue(QStringLiteral("window/state"), old.saveState());
        s.setValue(QStringLiteral("window/docks"), QStringList{QStringLiteral("NotationDock")});
    }
    wb::MainWindow w;
    auto *notation = w.findChild<QDockWidget *>(QStringLiteral("NotationDock"));
    QVERIFY(w.tabifiedDockWidgets(notation).contains(w.transformExplorerDock()));
    // A pane the saved layout knows stays where the user put it.
    {
        QSettings s;
        w.removeDockWidget(w.transformExplorerDock());
        w.addDockWidget(Qt::LeftDockWidgetArea, w.transformExplorerDock());
        w.transformExplorerDock()->show();
        s.setValue(QStringLiteral("window/state"), w.saveState());
        s.setValue(QStringLiteral("window/docks"),
                   QStringList{QStringLiteral("NotationDock"), QStringLiteral("ExplorerDock")});
    }
    wb::MainWindow again;
    QVERIFY(!again.tabifiedDockWidgets(again.findChild<QDockWidget *>(QStringLiteral("NotationDock")))
                 .contains(again.transformExplorerDock()));
    QSettings().clear();
}

void TestMainWindow::variantGamesInTheWindow()
{
    const char *const zh = "[White \"Zh\"]\n[Black \"z\"]\n[Variant \"Crazyhouse\"]\n[Result \"*\"]\n\n"
                           "1. e4 d5 2. exd5 Qxd5 3. Nc3 Qa5 4. P@d4 P@e4 5. Nxe4 Qxa2 6. Rxa2 Bf5 7. Q@d8+ Kxd8 *\n\n";
    const QString path = write(m_dir, QStringLiteral("variants.pgn"), repeat({Quiet, zh, GameA2}, 1));
    wb::MainWindow w;
    w.show();
    w.openDatabase(path);
    QVERIFY(waitIdle(w));
    w.setQueryText(QStringLiteral("cql() check"));
    QSignalSpy finished(w.searchController(), &wb::SearchController::finished);
    w.runQuery();
    QVERIFY(finished.wait(30000));
    QVERIFY(waitIdle(w));
    // The log counts the games of each rule set, most first.
    const QString log = w.findChild<wb::SearchLog *>()->toPlainText();
    QVERIFY2(log.contains(QStringLiteral("Games by variant: Standard 2 (1 matched), Crazyhouse 1 (1 matched)")),
             qPrintable(log));
    QVERIFY(!w.gameTable()->isColumnHidden(wb::GameListModel::Variant));
    // The Crazyhouse game on the board: its pockets beside it.
    w.gameTable()->selectRow(1);
    QVERIFY(waitIdle(w));
    QCOMPARE(w.board()->position().variant(), chess::Variant::Crazyhouse);
    QVERIFY(!w.board()->variantRect(chess::White).isEmpty());
}

void TestMainWindow::searchSeveralDatabases()
{
    const QString a = write(m_dir, QStringLiteral("a.pgn"), repeat({Quiet, GameA2, Quiet}, 2));
    const QString b = write(m_dir, QStringLiteral("b.pgn"), repeat({GameB1, Quiet}, 2));
    wb::MainWindow w;
    w.show();
    w.openDatabase(a);
    w.openDatabase(b);
    QVERIFY(waitIdle(w));
    QCOMPARE(w.databases().size(), 2);
    QCOMPARE(w.databases()[0]->name(), QStringLiteral("a.pgn"));
    QCOMPARE(w.databases()[1]->name(), QStringLiteral("b.pgn"));
    // The list shows both files; its Database column says which.
    QVERIFY(dynamic_cast<const wb::CombinedGameSource *>(w.listSource().get()));
    QCOMPARE(w.gameListModel()->rowCount(), 10);
    QVERIFY(!w.gameTable()->isColumnHidden(wb::GameListModel::Database));
    // Each database with its game count.
    QCOMPARE(w.databaseList()->topLevelItemCount(), 2);
    QCOMPARE(w.databaseList()->topLevelItem(0)->text(wb::DatabaseList::Games), QStringLiteral("6"));
    QCOMPARE(w.databaseList()->topLevelItem(1)->text(wb::DatabaseList::Games), QStringLiteral("4"));
    // Opening one again adds nothing.
    w.openDatabase(b);
    QVERIFY(waitIdle(w));
    QCOMPARE(w.databases().size(), 2);

    w.setQueryText(QStringLiteral("cql() mate"));
    QSignalSpy started(w.searchController(), &wb::SearchController::started);
    QSignalSpy finished(w.searchController(), &wb::SearchController::finished);
    w.runQuery();
    QVERIFY(finished.wait(30000));
    QCOMPARE(started.first().first().toInt(), 10); // progress over both
    const auto summary = finished.first().first().value<wb::SearchSummary>();
    QCOMPARE(summary.searched, 10);
    QCOMPARE(summary.matchedGames, 4);
    QCOMPARE(w.gameListModel()->matchedGames(), 4);
    QCOMPARE(listColumn(*w.gameListModel(), wb::GameListModel::Database, true),
             (QStringList{QStringLiteral("a.pgn"), QStringLiteral("a.pgn"), QStringLiteral("b.pgn"),
                          QStringLiteral("b.pgn")}));
    QCOMPARE(w.databaseList()->topLevelItem(0)->text(wb::DatabaseList::Matched), QStringLiteral("2"));
    QCOMPARE(w.databaseList()->topLevelItem(1)->text(wb::DatabaseList::Matched), QStringLiteral("2"));
    QVERIFY(waitIdle(w));
    // The first match is on the board: fool's mate, from a.pgn.
    QCOMPARE(w.board()->position().fen().substr(0, 8), std::string("rnb1kbnr"));

    // Closing one leaves the other, alone again without a Database column.
    w.closeDatabase(0);
    QVERIFY(waitIdle(w));
    QCOMPARE(w.databases().size(), 1);
    QCOMPARE(w.gameListModel()->rowCount(), 4);
    QVERIFY(w.gameTable()->isColumnHidden(wb::GameListModel::Database));
    QCOMPARE(w.databaseList()->topLevelItemCount(), 1);
}

void TestMainWindow::commandLineKeepsTheOrder()
{
    // The first file is much larger, so it finishes loading last.
    const QString big = write(m_dir, QStringLiteral("big.pgn"), repeat({Quiet, GameA2, Quiet}, 3000));
    const QString small = write(m_dir, QStringLiteral("small.pgn"), repeat({GameB1}, 1));
    const QString query = write(m_dir, QStringLiteral("q.cql"), "cql() mate\n");
    const wb::CommandLine cl =
        wb::parseCommandLine({QStringLiteral("cqlwb"), big, small, query, QStringLiteral("--run")});
    QCOMPARE(cl.databases, (QStringList{big, small}));
    QVERIFY(cl.run);
    wb::MainWindow w;
    w.show();
    QSignalSpy finished(w.searchController(), &wb::SearchController::finished);
    w.applyCommandLine(cl);
    QVERIFY(finished.wait(60000));
    QVERIFY(waitIdle(w));
    QCOMPARE(w.databases().size(), 2);
    QCOMPARE(w.databases()[0]->name(), QStringLiteral("big.pgn"));
    QCOMPARE(w.databases()[1]->name(), QStringLiteral("small.pgn"));
    const auto summary = finished.last().first().value<wb::SearchSummary>();
    QVERIFY(!summary.cancelled);
    QCOMPARE(summary.total, 9001);
    QCOMPARE(summary.matchedGames, 3001);
    QCOMPARE(w.queryFile(), QFileInfo(query).absoluteFilePath());
}

void TestMainWindow::dropOpensSeveral()
{
    const QString a = write(m_dir, QStringLiteral("drop-a.pgn"), repeat({GameA2}, 2));
    const QString b = write(m_dir, QStringLiteral("drop-b.pgn"), repeat({GameB1}, 3));
    const QString q = write(m_dir, QStringLiteral("drop.cql"), "cql() mate\n");
    const QString other = write(m_dir, QStringLiteral("notes.txt"), "not a database\n");
    wb::MainWindow w;
    w.show();
    QMimeData mime;
    mime.setUrls({QUrl::fromLocalFile(a), QUrl::fromLocalFile(other), QUrl::fromLocalFile(b), QUrl::fromLocalFile(q)});
    QDragEnterEvent enter(QPoint(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    enter.setAccepted(false); // events start accepted; the window must accept it itself
    QCoreApplication::sendEvent(&w, &enter);
    QVERIFY(enter.isAccepted());
    QDropEvent drop(QPointF(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(&w, &drop);
    QVERIFY(waitIdle(w));
    QCOMPARE(w.databases().size(), 2); // the .txt is ignored
    QCOMPARE(w.databases()[0]->name(), QStringLiteral("drop-a.pgn"));
    QCOMPARE(w.databases()[1]->name(), QStringLiteral("drop-b.pgn"));
    QCOMPARE(w.queryFile(), QFileInfo(q).absoluteFilePath());
    QCOMPARE(w.listSource()->gameCount(), 5);
    // A drag of nothing the window can open is refused.
    QMimeData text;
    text.setUrls({QUrl::fromLocalFile(other)});
    QDragEnterEvent refused(QPoint(10, 10), Qt::CopyAction, &text, Qt::LeftButton, Qt::NoModifier);
    refused.setAccepted(false);
    QCoreApplication::sendEvent(&w, &refused);
    QVERIFY(!refused.isAccepted());
}

void TestMainWindow::runWaitsForACorrectQuery()
{
    const QString path = write(m_dir, QStringLiteral("run.pgn"), repeat({GameA2}, 1));
    wb::MainWindow w;
    w.show();
    w.openDatabase(path);
    QVERIFY(waitIdle(w));
    auto *run = w.findChild<QAction *>(QStringLiteral("RunAction"));
    QVERIFY(run);
    w.setQueryText(QStringLiteral("cql() mate"));
    QVERIFY(w.checkQuery());
    QVERIFY(run->isEnabled());
    w.setQueryText(QStringLiteral("cql() mate }"));
    QVERIFY(!w.checkQuery());
    QVERIFY(!run->isEnabled());
    // The check after typing re-enables it once the query is fixed.
    w.setQueryText(QStringLiteral("cql() mate"));
    QTRY_VERIFY_WITH_TIMEOUT(run->isEnabled(), 5000);
}

void TestMainWindow::matchButtonsMoveTheBoard()
{
    const QString path = write(m_dir, QStringLiteral("checks.pgn"), repeat({Quiet, Checks}, 1));
    wb::MainWindow w;
    w.show();
    w.activateWindow();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    w.openDatabase(path);
    QVERIFY(waitIdle(w));
    w.setQueryText(QStringLiteral("cql() check"));
    QSignalSpy finished(w.searchController(), &wb::SearchController::finished);
    w.runQuery();
    QVERIFY(finished.wait(30000));
    QVERIFY(waitIdle(w));

    // What the board should show: the game's matched positions.
    const wb::CompiledQuery q = wb::compileQuery(QStringLiteral("cql() check"), QString());
    const wb::LoadedGame g = wb::GameLoader::loadNow(*w.listSource(), 1, q.query.get());
    QCOMPARE(int(g.marks.size()), 4);
    auto fenAt = [&](size_t i) { return g.game->nodes[g.marks[i].node].position.fen(); };

    wb::BoardPanel *panel = w.boardPanel();
    QToolButton *next = panel->nextMatchButton();
    QToolButton *previous = panel->previousMatchButton();
    QVERIFY(next->isVisible());
    QVERIFY(next->isEnabled());
    QVERIFY(!next->toolTip().isEmpty());
    QCOMPARE(w.board()->position().fen(), fenAt(0)); // the search opened the game at its first match
    QVERIFY2(panel->matchInfo().startsWith(QStringLiteral("Match 1 of 4")), qPrintable(panel->matchInfo()));
    QVERIFY(w.board()->markedSquares().any());

    QTest::mouseClick(next, Qt::LeftButton);
    QCOMPARE(w.board()->position().fen(), fenAt(1));
    QVERIFY(panel->matchInfo().startsWith(QStringLiteral("Match 2 of 4")));
    QTest::mouseClick(next, Qt::LeftButton);
    QCOMPARE(w.board()->position().fen(), fenAt(2));
    QTest::mouseClick(previous, Qt::LeftButton);
    QCOMPARE(w.board()->position().fen(), fenAt(1));
    QCOMPARE(w.notation()->currentNode(), g.marks[1].node);

    // The shortcuts do the same (Alt+Down, Alt+Up), wrapping round at the ends.
    QVERIFY(QTest::qWaitForWindowActive(&w));
    QTest::keyClick(&w, Qt::Key_Down, Qt::AltModifier);
    QCOMPARE(w.board()->position().fen(), fenAt(2));
    QTest::keyClick(&w, Qt::Key_Down, Qt::AltModifier);
    QCOMPARE(w.board()->position().fen(), fenAt(3));
    QTest::keyClick(&w, Qt::Key_Down, Qt::AltModifier);
    QCOMPARE(w.board()->position().fen(), fenAt(0));
    QTest::keyClick(&w, Qt::Key_Up, Qt::AltModifier);
    QCOMPARE(w.board()->position().fen(), fenAt(3));

    // Moving off a matched position says how many there are.
    w.notation()->goFirst();
    QCOMPARE(w.board()->position().fen(), g.game->nodes[0].position.fen());
    QCOMPARE(panel->matchInfo(), QStringLiteral("Matched positions in this game: 4"));
}

void TestMainWindow::matchesFollowTheNotation()
{
    // The engine lists the main line's mate first; the text shows the variation's first.
    const QString path =
        write(m_dir, QStringLiteral("variation.pgn"),
              "[White \"V\"]\n[Black \"w\"]\n[Result \"0-1\"]\n\n1. f3 e5 (1... e6 2. g4 Qh4#) 2. g4 Qh4# 0-1\n\n");
    wb::MainWindow w;
    w.show();
    w.openDatabase(path);
    QVERIFY(waitIdle(w));
    w.setQueryText(QStringLiteral("cql(variations) mate"));
    QSignalSpy finished(w.searchController(), &wb::SearchController::finished);
    w.runQuery();
    QVERIFY(finished.wait(30000));
    QVERIFY(waitIdle(w));
    const auto pawnOn = [&](const char *square) {
        const int sq = (square[1] - '1') * 8 + (square[0] - 'a');
        return w.board()->position().pieceAt(chess::Square(sq)) == chess::BPawn;
    };
    QVERIFY2(pawnOn("e6"), w.board()->position().fen().c_str()); // the variation's mate, read first
    QVERIFY(w.boardPanel()->matchInfo().startsWith(QStringLiteral("Match 1 of 2")));
    const auto first = w.notation()->moveRange(w.notation()->currentNode()).first;
    QTest::mouseClick(w.boardPanel()->nextMatchButton(), Qt::LeftButton);
    QVERIFY2(pawnOn("e5"), w.board()->position().fen().c_str()); // then the main line's
    QVERIFY(w.notation()->moveRange(w.notation()->currentNode()).first > first);
}

void TestMainWindow::transformImageIsNamed()
{
    const QString path = write(m_dir, QStringLiteral("mates.pgn"), repeat({GameB1, GameA2}, 1));
    wb::MainWindow w;
    w.show();
    w.openDatabase(path);
    QVERIFY(waitIdle(w));
    // White mated (fool's mate) is the colour-flipped image of "black is mated".
    w.setQueryText(QStringLiteral("cql() flipcolor {mate btm}"));
    QSignalSpy finished(w.searchController(), &wb::SearchController::finished);
    w.runQuery();
    QVERIFY(finished.wait(30000));
    QVERIFY(waitIdle(w));
    QCOMPARE(w.gameListModel()->matchedGames(), 2);
    // The first game (Black mated) matches as written: image 1.
    QVERIFY2(w.boardPanel()->matchInfo().contains(QStringLiteral("flipcolor image 1 of 2 (identity)")),
             qPrintable(w.boardPanel()->matchInfo()));
    w.gameTable()->selectRow(w.gameListModel()->rowOfGame(1));
    QVERIFY(waitIdle(w));
    QVERIFY2(
        w.boardPanel()->matchInfo().contains(QStringLiteral("flipcolor image 2 of 2 (fliphorizontal reversecolor)")),
        qPrintable(w.boardPanel()->matchInfo()));
}

// The player base chosen in an earlier session is read again at start, off the
// GUI thread; "No Player Base" drops it, and :birthyear then says it needs one.
void TestMainWindow::playerBaseFromSettings()
{
    const QString players = QStringLiteral(CQLWB_TEST_DATA "/players/players.ssp");
    QSettings().setValue(QStringLiteral("query/playerBase"), players);
    const QString path = write(m_dir, QStringLiteral("players.pgn"),
                               "[White \"Alekhine, Alexander\"]\n[Black \"x\"]\n[Result \"*\"]\n\n1. d4 d5 *\n\n"
                               "[White \"Carlsen, Magnus\"]\n[Black \"y\"]\n[Result \"*\"]\n\n1. e4 e5 *\n\n");
    wb::MainWindow w;
    w.show();
    QCOMPARE(w.playerBasePath(), players);
    auto *none = w.findChild<QAction *>(QStringLiteral("NoPlayerBaseAction"));
    QVERIFY(w.findChild<QAction *>(QStringLiteral("PlayerBaseAction")));
    QVERIFY(none && none->isEnabled());
    w.openDatabase(path);
    QVERIFY(waitIdle(w));
    w.setQueryText(QStringLiteral("(match :whitedeathyear 1946)"));
    QVERIFY(w.checkQuery());
    QSignalSpy finished(w.searchController(), &wb::SearchController::finished);
    w.runQuery();
    QVERIFY(finished.wait(30000));
    QVERIFY(waitIdle(w));
    QCOMPARE(listColumn(*w.gameListModel(), wb::GameListModel::White, true),
             QStringList{QStringLiteral("Alekhine, Alexander")});
    none->trigger();
    QVERIFY(w.playerBasePath().isEmpty());
    QVERIFY(!none->isEnabled());
    QCOMPARE(QSettings().value(QStringLiteral("query/playerBase")).toString(), QString());
    QVERIFY(!w.checkQuery());
}

// Find Position writes the shown position's query into the editor as one undo
// step and searches it at once; the session then lists the games with it.
void TestMainWindow::boardWritesAndRunsAQuery()
{
    const QString path = write(m_dir, QStringLiteral("board.pgn"), repeat({Quiet, GameB1, GameA2}, 1));
    wb::MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    w.openDatabase(path);
    QVERIFY(waitIdle(w));
    w.setQueryText(QStringLiteral("cql() mate"));
    // The scholar's mate, set up by hand.
    wb::BoardPanel *panel = w.boardPanel();
    panel->setSetupMode(true);
    const wb::BoardSetup s =
        *wb::BoardSetup::fromFen(QStringLiteral("r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4"));
    panel->board()->setSetup(s);
    QSignalSpy finished(w.searchController(), &wb::SearchController::finished);
    panel->findPositionAction()->trigger();
    QCOMPARE(w.editor()->toPlainText(), panel->positionQueryText());
    QVERIFY(finished.wait(30000));
    QVERIFY(waitIdle(w));
    QCOMPARE(listColumn(*w.gameListModel(), wb::GameListModel::White, true), QStringList{QStringLiteral("B1")});
    // The board stays in set-up mode, the game's position underneath.
    QVERIFY(panel->isSetupMode());
    QCOMPARE(panel->board()->shownSetup(), s);
    QVERIFY(panel->board()->position().isCheckmate());
    // One undo brings the earlier query back.
    w.editor()->undo();
    QCOMPARE(w.editor()->toPlainText(), QStringLiteral("cql() mate"));
}

// A CQL-S file keeps its text: the board's CQL 6 query becomes a new one.
void TestMainWindow::boardQueryLeavesACqlsFile()
{
    const QString path = write(m_dir, QStringLiteral("cqls-board.pgn"), repeat({Quiet, GameB1}, 1));
    const QString script = write(m_dir, QStringLiteral("mates.cqls"), "(match :mate)\n");
    wb::MainWindow w;
    w.show();
    w.openDatabase(path);
    QVERIFY(w.openQueryFile(script));
    QVERIFY(waitIdle(w));
    QVERIFY(w.editor()->isCqls());
    w.board()->setPosition(chess::Position());
    QSignalSpy finished(w.searchController(), &wb::SearchController::finished);
    w.boardPanel()->findPositionAction()->trigger();
    QVERIFY(w.queryFile().isEmpty());
    QVERIFY(!w.editor()->isCqls());
    QVERIFY(finished.wait(30000));
    QCOMPARE(w.gameListModel()->matchedGames(), 2); // both games start from it
    QFile f(script);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QCOMPARE(f.readAll(), QByteArray("(match :mate)\n"));
}

void TestMainWindow::setupFromTheCommandLine()
{
    const QString path = write(m_dir, QStringLiteral("setup.pgn"), repeat({Quiet, GameA2}, 2));
    // After 1.d4 d5, the quiet game's position.
    const QString fen = QStringLiteral("rnbqkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBQKBNR w KQkq d6 0 2");
    wb::MainWindow w;
    w.show();
    QSignalSpy finished(w.searchController(), &wb::SearchController::finished);
    w.applyCommandLine(
        wb::parseCommandLine({QStringLiteral("cqlwb"), QStringLiteral("--setup"), fen, path, QStringLiteral("--run")}));
    QVERIFY(finished.wait(30000));
    QVERIFY(waitIdle(w));
    QVERIFY(w.boardPanel()->isSetupMode());
    QVERIFY(w.boardPanel()->setupBar()->isVisible());
    QCOMPARE(w.boardPanel()->board()->setup().fen(), fen);
    QVERIFY(w.editor()->toPlainText().contains(QStringLiteral("wtm")));
    QCOMPARE(w.gameListModel()->matchedGames(), 2);
}

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
