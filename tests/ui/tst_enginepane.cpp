// The engine pane with the real engine (Debian's stockfish; skipped when it is
// not installed): a mate in one gets a depth, a mate score and the mating move
// in SAN; a new position is analysed in its place; Stop stops. Also what the
// info lines turn into, a missing engine, and the pane in the window following
// the shown game.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "board/boardsetup.h"
#include "board/boardwidget.h"
#include "engine/enginepane.h"
#include "engine/uciinfo.h"
#include "gamelist/gamelistmodel.h"
#include "mainwindow/commandline.h"
#include "mainwindow/mainwindow.h"

#include "engine/settings.h"

#include <QElapsedTimer>
#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>

#include "windowtest.h"

namespace {
// White mates with Ra8#; Black, to move in the second, with Ra1#.
const char *const WhiteMates = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1";
const char *const BlackMates = "r5k1/8/8/8/8/8/5PPP/6K1 b - - 0 30";

chess::Position fen(const char *text) { return *chess::Position::fromFen(text); }

// Crazyhouse: White mates only by dropping the knight in hand.
const char *const SmotherByDrop = "6rk/6pp/8/8/8/8/8/K7[N] w - - 0 1";
chess::Position crazyhouse(const char *text)
{
    return *chess::Position::fromFen(text, nullptr, false, nullptr, chess::Variant::Crazyhouse);
}

bool haveEngine() { return !engine::resolveEnginePath(engine::settingsFromEnvironment().enginePath).empty(); }
} // namespace

class TestEnginePane : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void infoLines();
    void scores();
    void missingEngine();
    void mateInOne();
    void followsTheGame();
    void variantNeedsAnEngineThatPlaysIt();
    void variantWithFairyStockfish();
    void commandLine();
};

void TestEnginePane::initTestCase() { windowtest::isolateSettings(QStringLiteral("tst_enginepane")); }

void TestEnginePane::infoLines()
{
    const chess::Position p = fen(WhiteMates);
    const auto info = wb::parseUciInfo(
        QStringLiteral("info depth 12 seldepth 2 multipv 1 score mate 1 nodes 345 nps 1000 pv a1a8 g8f8"), p);
    QVERIFY(info);
    QCOMPARE(info->depth, 12);
    QVERIFY(info->score.mate);
    QCOMPARE(info->score.value, 1);
    QCOMPARE(info->nodes, 345);
    // The line stops at the first illegal move (here Black's king cannot reach f8 after mate).
    QCOMPARE(info->sanLine, QStringList{QStringLiteral("Ra8#")});
    QVERIFY(!wb::parseUciInfo(QStringLiteral("info depth 5 score cp 20 lowerbound pv a1a2"), p));
    QVERIFY(!wb::parseUciInfo(QStringLiteral("info string NNUE enabled"), p));

    const chess::Position start;
    const auto opening = wb::parseUciInfo(QStringLiteral("info depth 3 score cp 31 pv e2e4 e7e5 g1f3 b8c6"), start);
    QVERIFY(opening);
    QCOMPARE(wb::numberedLine(opening->sanLine, start), QStringLiteral("1.e4 e5 2.Nf3 Nc6"));
    const chess::Position black = fen(BlackMates);
    QCOMPARE(wb::numberedLine({QStringLiteral("Ra1#")}, black), QStringLiteral("30...Ra1#"));
}

void TestEnginePane::scores()
{
    engine::Score s;
    s.value = 35;
    QCOMPARE(wb::scoreText(s, chess::White), QStringLiteral("+0.35"));
    QCOMPARE(wb::scoreText(s, chess::Black), QStringLiteral("-0.35"));
    s.mate = true;
    s.value = 2;
    QCOMPARE(wb::scoreText(s, chess::White), QStringLiteral("#2"));
    QCOMPARE(wb::scoreText(s, chess::Black), QStringLiteral("-#2"));
    s.value = -3;
    QCOMPARE(wb::scoreText(s, chess::Black), QStringLiteral("#3"));
}

void TestEnginePane::missingEngine()
{
    wb::EnginePane pane;
    engine::Settings settings;
    settings.enginePath = QDir::temp().filePath(QStringLiteral("no-such-engine/stockfish")).toStdString();
    pane.analysis()->setSettings(settings);
    QSignalSpy errors(pane.analysis(), &wb::EngineAnalysis::error);
    pane.setOn(true);
    QTRY_COMPARE(errors.count(), 1);
    QVERIFY2(pane.statusText().contains(QLatin1String("no-such-engine")), qPrintable(pane.statusText()));
    QVERIFY(!pane.isOn());
    QVERIFY(!pane.startButton()->isChecked());
}

void TestEnginePane::mateInOne()
{
    if (!haveEngine()) QSKIP("no UCI engine installed (apt-get install stockfish, or set CQLWB_ENGINE)");
    wb::EnginePane pane;
    pane.show();
    pane.setPosition(fen(WhiteMates));
    QElapsedTimer clock;
    clock.start();
    QTest::mouseClick(pane.startButton(), Qt::LeftButton);
    // Starting the engine is asynchronous: the click returns at once.
    QVERIFY2(clock.elapsed() < 200, qPrintable(QString::number(clock.elapsed())));
    QVERIFY(pane.isOn());
    QTRY_VERIFY_WITH_TIMEOUT(pane.lineText().startsWith(QLatin1String("1.Ra8#")), 20000);
    QCOMPARE(pane.scoreText(), QStringLiteral("#1"));
    QVERIFY2(pane.depthText().contains(QRegularExpression(QStringLiteral("[1-9]"))), qPrintable(pane.depthText()));
    QVERIFY(pane.statusText().contains(QLatin1String("Stockfish"), Qt::CaseInsensitive));

    // A new position replaces the old one's analysis.
    pane.setPosition(fen(BlackMates));
    QTRY_VERIFY_WITH_TIMEOUT(pane.lineText().startsWith(QLatin1String("30...Ra1#")), 20000);
    QCOMPARE(pane.scoreText(), QStringLiteral("-#1"));

    QTest::mouseClick(pane.startButton(), Qt::LeftButton);
    QVERIFY(!pane.isOn());
    QTRY_COMPARE_WITH_TIMEOUT(pane.analysis()->state(), wb::EngineAnalysis::State::Idle, 10000);
    // Stopped: a new position is not analysed.
    pane.setPosition(fen(WhiteMates));
    QTest::qWait(300);
    QCOMPARE(pane.analysis()->state(), wb::EngineAnalysis::State::Idle);
    QVERIFY(pane.lineText().isEmpty());
}

void TestEnginePane::followsTheGame()
{
    if (!haveEngine()) QSKIP("no UCI engine installed (apt-get install stockfish, or set CQLWB_ENGINE)");
    QTemporaryDir dir;
    const QString db =
        windowtest::write(dir, QStringLiteral("fools.pgn"),
                          "[White \"A\"]\n[Black \"B\"]\n[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n\n");
    wb::MainWindow w;
    w.show();
    w.openDatabase(db);
    QTRY_COMPARE(w.gameListModel()->rowCount(), 1);
    w.setQueryText(QStringLiteral("cql() btm Pg4"));
    w.runQuery();
    QVERIFY(windowtest::waitIdle(w));
    w.enginePane()->setOn(true);
    // The search's match is shown: Black to move after 2.g4, mate in one.
    QTRY_VERIFY_WITH_TIMEOUT(w.enginePane()->lineText().startsWith(QLatin1String("2...Qh4#")), 20000);
    // A position set up by hand on the board is analysed in its place.
    w.board()->setSetupMode(true);
    w.board()->setSetup(*wb::BoardSetup::fromFen(QString::fromLatin1(WhiteMates)));
    QTRY_VERIFY_WITH_TIMEOUT(w.enginePane()->lineText().startsWith(QLatin1String("1.Ra8#")), 20000);
    w.enginePane()->setOn(false);
}

void TestEnginePane::variantNeedsAnEngineThatPlaysIt()
{
    if (!haveEngine()) QSKIP("no UCI engine installed (apt-get install stockfish, or set CQLWB_ENGINE)");
    wb::EnginePane pane;
    engine::Settings settings;
    settings.enginePath = engine::resolveEnginePath("stockfish");
    pane.analysis()->setSettings(settings);
    QSignalSpy refused(pane.analysis(), &wb::EngineAnalysis::cannotAnalyse);
    pane.setPosition(crazyhouse(SmotherByDrop));
    pane.setOn(true);
    QTRY_COMPARE_WITH_TIMEOUT(refused.count(), 1, 20000);
    QVERIFY2(pane.statusText().contains(QLatin1String("does not play Crazyhouse")), qPrintable(pane.statusText()));
    QVERIFY(pane.lineText().isEmpty());
    QVERIFY(pane.refused());
    // The pane stays on: the next standard position is analysed.
    QVERIFY(pane.isOn());
    pane.setPosition(fen(WhiteMates));
    QTRY_VERIFY_WITH_TIMEOUT(pane.lineText().startsWith(QLatin1String("1.Ra8#")), 20000);
    pane.setOn(false);
}

void TestEnginePane::variantWithFairyStockfish()
{
    const std::string fsf = engine::resolveEnginePath("fairy-stockfish");
    if (fsf.empty()) QSKIP("fairy-stockfish is not installed (apt-get install fairy-stockfish)");
    wb::EnginePane pane;
    engine::Settings settings;
    settings.enginePath = fsf;
    pane.analysis()->setSettings(settings);
    pane.setPosition(crazyhouse(SmotherByDrop));
    pane.setOn(true);
    QTRY_VERIFY_WITH_TIMEOUT(pane.lineText().startsWith(QLatin1String("1.N@f7#")), 20000);
    QCOMPARE(pane.scoreText(), QStringLiteral("#1"));
    // Back to standard chess: the engine is told, and the rook mate is found.
    pane.setPosition(fen(WhiteMates));
    QTRY_VERIFY_WITH_TIMEOUT(pane.lineText().startsWith(QLatin1String("1.Ra8#")), 20000);
    pane.setOn(false);
}

void TestEnginePane::commandLine()
{
    const wb::CommandLine cl = wb::parseCommandLine(
        {QStringLiteral("cqlwb"), QStringLiteral("--analyse"), QStringLiteral("--help-at"), QStringLiteral("mate")});
    QVERIFY(cl.error.isEmpty());
    QVERIFY(cl.analyse);
    QCOMPARE(cl.helpKeyword, QStringLiteral("mate"));
    QVERIFY(!wb::parseCommandLine({QStringLiteral("cqlwb")}).analyse);
}

QTEST_MAIN(TestEnginePane)
#include "tst_enginepane.moc"
