// The results leave the workbench and games come in: the shown game as PGN
// with the search's comments, pasted FEN and PGN, diagrams as SVG and the HTML
// report of the matched positions, on their own and through the window.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "board/boardpanel.h"
#include "board/boardwidget.h"
#include "mainwindow/mainwindow.h"
#include "results/resultexport.h"
#include "testgames.h"

#include "chess/position.h"

#include <QApplication>
#include <QClipboard>
#include <QFile>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include "windowtest.h"

using windowtest::waitIdle;
using windowtest::write;

namespace {

const char *const Mate = "[White \"Mover\"]\n[Black \"Mated\"]\n[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n\n";
const char *const Quiet = "[White \"Q\"]\n[Black \"z\"]\n[Result \"*\"]\n\n1. d4 d5 *\n\n";

QString read(const QString &path) { return QString::fromUtf8(windowtest::readFile(path)); }

// The search's result for a game: each node in `matched` a matched position with `squares` marked.
cql::GameResult resultAt(std::vector<game::NodeId> matched, chess::SquareSet squares)
{
    cql::GameResult r;
    r.matched = true;
    for (game::NodeId n : matched) {
        cql::PositionMark m;
        m.node = n;
        m.squares = squares;
        r.matches.push_back(m);
        r.comments.push_back({n, "CQL", false});
    }
    return r;
}

} // namespace

class TestResultExport : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void gameAsPgn();
    void pastedText();
    void diagram();
    void htmlReport();
    void throughTheWindow();

private:
    QTemporaryDir m_dir;
};

void TestResultExport::initTestCase()
{
    windowtest::isolateSettings(QStringLiteral("tst_resultexport"));
    QVERIFY(m_dir.isValid());
    // To look at the reports: CQLWB_KEEP_PICTURES=1 keeps them and says where.
    if (qEnvironmentVariableIsSet("CQLWB_KEEP_PICTURES")) {
        m_dir.setAutoRemove(false);
        qInfo("reports in %s", qPrintable(m_dir.path()));
    }
}

void TestResultExport::gameAsPgn()
{
    const auto src = testgames::source(Mate, "mate");
    game::Game g;
    QVERIFY(src->loadGame(0, g));
    const QString plain = wb::gamePgn(g);
    QVERIFY(plain.contains(QStringLiteral("[White \"Mover\"]")));
    QVERIFY(plain.contains(QStringLiteral("Qh4#")));
    QVERIFY(!plain.contains(QStringLiteral("{CQL}")));
    // With the search's result: its comment after the mating move, as saved matching games have it.
    const game::NodeId last = game::NodeId(g.nodes.size() - 1);
    const cql::GameResult r = resultAt({last}, {});
    const QString matched = wb::gamePgn(g, &r);
    QVERIFY2(matched.contains(QStringLiteral("Qh4# {CQL}")), qPrintable(matched));
}

void TestResultExport::pastedText()
{
    const wb::PastedText fen =
        wb::readPastedText(QStringLiteral("  rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n"), "c");
    QCOMPARE(fen.kind, wb::PastedText::Fen);
    QVERIFY(fen.fen.startsWith(QStringLiteral("rnbqkbnr/")));
    const wb::PastedText badFen =
        wb::readPastedText(QStringLiteral("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w"), "c");
    QCOMPARE(badFen.kind, wb::PastedText::Nothing);
    QVERIFY2(badFen.error.contains(QStringLiteral("FEN")), qPrintable(badFen.error));
    // PGN games become a database the search reads like an opened file.
    const wb::PastedText games =
        wb::readPastedText(QString::fromLatin1(Quiet) + QString::fromLatin1(Mate), "Clipboard");
    QCOMPARE(games.kind, wb::PastedText::Games);
    QVERIFY(games.games);
    QCOMPARE(games.games->gameCount(), 2);
    QVERIFY(games.games->database());
    game::Game g;
    QVERIFY(games.games->loadGame(1, g));
    QCOMPARE(g.nodes.size(), size_t(5));
    const wb::PastedText nothing = wb::readPastedText(QStringLiteral("hello"), "c");
    QCOMPARE(nothing.kind, wb::PastedText::Nothing);
    QVERIFY(!nothing.error.isEmpty());
    QCOMPARE(wb::readPastedText(QString(), "c").kind, wb::PastedText::Nothing);
}

void TestResultExport::diagram()
{
    const chess::Position start = *chess::Position::fromFen(chess::Position::StartFen);
    const QString svg = wb::diagramSvg(start, chess::SquareSet::of(chess::makeSquare(4, 3)), 160);
    QCOMPARE(svg.count(QStringLiteral("<rect ")), 64);
    QCOMPARE(svg.count(QStringLiteral("<use ")), 32);
    QCOMPARE(svg.count(QStringLiteral("href=\"#wK\"")), 1);
    QCOMPARE(svg.count(QStringLiteral("href=\"#bP\"")), 8);
    // e4 is a light square, marked.
    QCOMPARE(svg.count(QStringLiteral("#f2d36b")), 1);
    // Every piece the diagrams use is defined once.
    const QString symbols = wb::pieceSymbols();
    QCOMPARE(symbols.count(QStringLiteral("<symbol ")), 12);
    QVERIFY(symbols.contains(QStringLiteral("id=\"bQ\"")));
    QVERIFY(symbols.contains(QStringLiteral("<path")));
}

void TestResultExport::htmlReport()
{
    const auto src = testgames::source(std::string(Quiet) + Mate + Quiet, "three");
    game::Game g;
    QVERIFY(src->loadGame(1, g));
    wb::MatchRecords records;
    records.push_back({1,
                       resultAt({game::NodeId(g.nodes.size() - 2), game::NodeId(g.nodes.size() - 1)},
                                chess::SquareSet::of(chess::makeSquare(7, 3))),
                       {}});
    const QString path = m_dir.filePath(QStringLiteral("report.html"));
    const wb::SaveSummary s = wb::writeHtmlReport(path, *src, records);
    QVERIFY2(s.error.isEmpty(), qPrintable(s.error));
    QCOMPARE(s.games, 1);
    const QString html = read(path);
    QVERIFY(html.startsWith(QStringLiteral("<!DOCTYPE html>")));
    QVERIFY(html.contains(QStringLiteral("Mover – Mated 0-1")));
    QCOMPARE(html.count(QStringLiteral("<figure>")), 2);
    QVERIFY2(html.contains(QStringLiteral("<figcaption>2.g4</figcaption>")), qPrintable(html.right(600)));
    QVERIFY(html.contains(QStringLiteral("<figcaption>2…Qh4#</figcaption>")));
    QCOMPARE(html.count(QStringLiteral("<symbol ")), 12);
    QVERIFY(html.trimmed().endsWith(QStringLiteral("</html>")));
    // Cancelled, nothing is written.
    std::atomic<bool> cancel{true};
    const QString none = m_dir.filePath(QStringLiteral("none.html"));
    QVERIFY(wb::writeHtmlReport(none, *src, records, &cancel).cancelled);
    QVERIFY(!QFile::exists(none));
    // A folder that does not exist: an error, no crash.
    QVERIFY(!wb::writeHtmlReport(m_dir.filePath(QStringLiteral("no/such/dir/r.html")), *src, records).error.isEmpty());
}

void TestResultExport::throughTheWindow()
{
    const QString db = write(m_dir, QStringLiteral("games.pgn"), QByteArray(Quiet) + Mate);
    wb::MainWindow w;
    w.show();
    w.openDatabase(db);
    QVERIFY(waitIdle(w));
    w.setQueryText(QStringLiteral("cql() mate"));
    QSignalSpy finished(w.searchController(), &wb::SearchController::finished);
    w.runQuery();
    QVERIFY(finished.wait(30000));
    QVERIFY(waitIdle(w));
    // The shown game (the first match) goes to the clipboard with the search's comment.
    w.copyGamePgn();
    const QString pgn = QApplication::clipboard()->text();
    QVERIFY2(pgn.contains(QStringLiteral("[White \"Mover\"]")), qPrintable(pgn));
    QVERIFY2(pgn.contains(QStringLiteral("Qh4# {")), qPrintable(pgn));
    // The report of the search, on a worker thread.
    QSignalSpy written(&w, &wb::MainWindow::htmlReportWritten);
    const QString report = m_dir.filePath(QStringLiteral("window.html"));
    QVERIFY(w.exportHtmlReportTo(report));
    QVERIFY(written.wait(30000));
    QCOMPARE(read(report).count(QStringLiteral("<figure>")), 1);
    // Pasted PGN opens as another database; a pasted FEN is set up on the board.
    QApplication::clipboard()->setText(QString::fromLatin1(Quiet) + QString::fromLatin1(Quiet));
    w.pasteGameOrPosition();
    QVERIFY(waitIdle(w));
    QCOMPARE(w.databases().size(), 2);
    QCOMPARE(w.databases().last()->gameCount(), 2);
    const QString fen = QStringLiteral("8/8/8/4k3/8/8/8/4K2R w K - 0 1");
    QApplication::clipboard()->setText(fen);
    w.pasteGameOrPosition();
    QVERIFY(w.board()->isSetupMode());
    QCOMPARE(w.board()->setup().fen(), fen);
}

QTEST_MAIN(TestResultExport)
#include "tst_resultexport.moc"
