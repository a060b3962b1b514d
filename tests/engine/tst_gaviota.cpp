// The Gaviota probe wrapper on the 3-piece tables of Debian's gaviotatb
// package: results and distances of positions whose value every chess
// player knows, and clear errors without tables or without the library.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "engine/tablebase.h"

#include <QtTest>

#include <filesystem>

namespace {

using R = engine::TablebaseResult;
namespace gtb = engine::gaviota;

// The tests' tables: $CQLWB_TEST_TABLEBASES, else the Debian package's directory.
std::string tableDir()
{
    QByteArray d = qgetenv("CQLWB_TEST_TABLEBASES");
    return d.isEmpty() ? std::string("/usr/share/gaviotatb") : d.toStdString();
}

std::optional<R> probe(const char *fen, bool wdlOnly = false)
{
    // A FEN the board refuses has no position to probe (dereferencing the
    // empty optional read garbage: the sanitizer build's fake stack showed it).
    const auto pos = chess::Position::fromFen(fen);
    if (!pos) return std::nullopt;
    return gtb::probe(*pos, wdlOnly);
}

} // namespace

class TestGaviota : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void noTables();
    void knownResults_data();
    void knownResults();
    void distanceToMate();
    void wdlOnly();
    void notCovered();

private:
    bool m_open = false;
    std::string m_openError;
};

void TestGaviota::initTestCase()
{
    if (!gtb::compiledIn()) {
        std::string error;
        QVERIFY(!gtb::open({tableDir()}, error));
        QCOMPARE(error, gtb::missingLibraryMessage(":endgameevaluation"));
        QVERIFY(error.find("libgaviotatb-dev") != std::string::npos);
        QSKIP("built without libgaviotatb (apt-get install libgaviotatb-dev): only its error message was checked");
    }
    // noTables() runs first against a directory without tables; the real ones are opened afterwards.
}

void TestGaviota::noTables()
{
    QTemporaryDir empty;
    std::string error;
    QVERIFY(!gtb::open({empty.path().toStdString()}, error));
    QVERIFY2(error.find("no Gaviota tablebase files") != std::string::npos, error.c_str());
    QVERIFY(!gtb::open({"/nonexistent/tables"}, error));
    QVERIFY2(error.find("/nonexistent/tables") != std::string::npos, error.c_str());
    // Nothing opened: nothing is covered, except the bare kings.
    QVERIFY(!probe("8/8/8/4k3/8/8/8/4K2Q w - - 0 1"));
    QCOMPARE(probe("8/8/8/4k3/8/8/8/4K3 w - - 0 1")->outcome, R::Draw);

    if (!std::filesystem::exists(tableDir())) return;
    m_open = gtb::open({tableDir()}, m_openError);
    QVERIFY2(m_open, m_openError.c_str());
    QVERIFY(gtb::completePieces() >= 3);
}

void TestGaviota::knownResults_data()
{
    QTest::addColumn<QString>("fen");
    QTest::addColumn<int>("outcome");
    QTest::newRow("KQ v K, white to move") << "8/8/8/4k3/8/8/8/4K2Q w - - 0 1" << int(R::WhiteWins);
    QTest::newRow("KQ v K, black to move") << "8/8/8/4k3/8/8/8/4K2Q b - - 0 1" << int(R::WhiteWins);
    QTest::newRow("K v KQ") << "4k2q/8/8/8/4K3/8/8/8 w - - 0 1" << int(R::BlackWins);
    QTest::newRow("KR v K") << "8/8/3k4/8/8/8/8/R3K3 w - - 0 1" << int(R::WhiteWins);
    QTest::newRow("KR v K, rook hangs") << "8/8/8/8/8/8/1k6/R6K b - - 0 1" << int(R::Draw);
    QTest::newRow("KB v K") << "8/8/8/4k3/8/8/8/4K2B w - - 0 1" << int(R::Draw);
    QTest::newRow("KN v K") << "8/8/8/4k3/8/8/8/4K1N1 b - - 0 1" << int(R::Draw);
    QTest::newRow("KP v K, king in front") << "4k3/8/4K3/4P3/8/8/8/8 b - - 0 1" << int(R::WhiteWins);
    QTest::newRow("KP v K, blockade") << "8/8/8/8/8/4k3/4P3/4K3 w - - 0 1" << int(R::Draw);
    QTest::newRow("KP v K, rook pawn") << "k7/8/8/8/8/8/P7/K7 w - - 0 1" << int(R::Draw);
}

void TestGaviota::knownResults()
{
    if (!m_open)
        QSKIP(qPrintable(QString::fromStdString("no Gaviota tables in " + tableDir()
                                                + " (apt-get install gaviotatb, or set CQLWB_TEST_TABLEBASES)")));
    QFETCH(QString, fen);
    QFETCH(int, outcome);
    auto r = probe(fen.toStdString().c_str());
    QVERIFY(r);
    QCOMPARE(int(r->outcome), outcome);
    QVERIFY(r->hasPlies);
    QCOMPARE(r->plies > 0, outcome != int(R::Draw));
}

void TestGaviota::distanceToMate()
{
    if (!m_open) QSKIP("no Gaviota tables (apt-get install gaviotatb, or set CQLWB_TEST_TABLEBASES)");
    auto one = probe("k7/8/1K6/8/8/8/7Q/8 w - - 0 1"); // Qh8#
    QVERIFY(one);
    QCOMPARE(int(one->outcome), int(R::WhiteWins));
    QCOMPARE(one->plies, 1);
    auto two = probe("k7/8/1K6/8/8/8/8/6Q1 b - - 0 1"); // ...Kb8 (forced) Qg8#
    QVERIFY(two);
    QCOMPARE(two->plies, 2);
    // KQ v K from the middle of the board takes longer than a mate in one, and at most 10 moves.
    auto far = probe("8/8/8/4k3/8/8/8/4K2Q w - - 0 1");
    QVERIFY(far->plies > 2 && far->plies <= 19);
}

void TestGaviota::wdlOnly()
{
    if (!m_open) QSKIP("no Gaviota tables (apt-get install gaviotatb, or set CQLWB_TEST_TABLEBASES)");
    auto r = probe("8/8/8/4k3/8/8/8/4K2Q w - - 0 1", true);
    QVERIFY(r);
    QCOMPARE(int(r->outcome), int(R::WhiteWins));
    QVERIFY(!r->hasPlies);
}

void TestGaviota::notCovered()
{
    if (!m_open) QSKIP("no Gaviota tables (apt-get install gaviotatb, or set CQLWB_TEST_TABLEBASES)");
    // Four pieces: the 3-piece package has no table for it (unless more are installed).
    if (gtb::completePieces() < 4) QVERIFY(!probe("8/8/8/4k3/8/8/3q4/4K2Q w - - 0 1"));
    QVERIFY(!probe(chess::Position::StartFen));
    // A side to move that gives check: an illegal position, which the board refuses.
    QVERIFY(!chess::Position::fromFen("k7/8/1K6/8/8/8/8/7Q w - - 0 1"));
    // Castling rights are outside every table.
    QVERIFY(!probe("4k3/8/8/8/8/8/8/4K2R w K - 0 1"));
}

QTEST_GUILESS_MAIN(TestGaviota)
#include "tst_gaviota.moc"
