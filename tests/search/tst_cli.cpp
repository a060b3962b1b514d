// Tests for the cqlwb-cli program: the summary line, the output file, exit
// statuses and messages for broken queries, unreadable input and unwritable
// output, options that override the header, and per-game warnings; an output
// that is one of the inputs refused, and a killed search leaving no files.
// SPDX-License-Identifier: GPL-3.0-or-later
#include <QtTest>

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QThread>

#include <unistd.h>

namespace {

const char *const Games = R"([Event "one"]
[White "Anna"]
[Black "Bob"]
[Result "1-0"]

1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0

[Event "two"]
[White "Carl"]
[Black "Dora"]
[Result "0-1"]

1. f3 e5 2. g4 Qh4# 0-1

[Event "three"]
[White "Anna"]
[Black "Eve"]
[Result "*"]

1. d4 d5 *
)";

struct Result {
    int exitCode = -1;
    QString out, err;
};

} // namespace

class TestCli : public QObject {
    Q_OBJECT

private slots:
    void init();
    void searchWritesOutput();
    void summaryLine();
    void defaultOutputName();
    void brokenQueryReportsLineAndColumn();
    void brokenCqlOption();
    void unreadableInput();
    void unwritableOutput();
    void optionsOverrideHeader();
    void cqlWithoutFile();
    void gameFilters_data();
    void gameFilters();
    void transformOption();
    void fenOption();
    void fenOptionImpossible_data();
    void fenOptionImpossible();
    void fenOptionCorrected();
    void fenTagCorrected();
    void cqlsFenCorrected();
    void badCommandLine_data();
    void badCommandLine();
    void gameWarnings();
    void evaluationErrorExitsOne();
    void echoOnALongGame();
    void messagesAndLogicalValues();
    void sortTexts();
    void helpAndVersion();
    void convertSpelling();
    void analysisOptions();
    void convertToCql6();
    void checkDatabase();
    void playerBase();
    void outputIsAnInput();
    void convertedOutputIsTheQuery();
    void killedSearchLeavesNoTemporaryFile();
    void compressedInputThroughTextCache_data();
    void compressedInputThroughTextCache();
    void firstRunEqualsNoStoreAndWarm();
    void killedStoreBuildLeavesNothing();

private:
    // Runs the program without CQLWB_PLAYERBASE, or with it set to playerBase.
    Result run(const QStringList &args, const QString &playerBase = QString());
    QString write(const QString &name, const QString &text);
    QString outputText() const;
    QList<int> gameNumbers() const;

    QTemporaryDir m_dir;
    QString m_pgn, m_out;
};

Result TestCli::run(const QStringList &args, const QString &playerBase)
{
    Result r;
#ifdef CQLWB_CLI
    QProcess p;
    p.setWorkingDirectory(m_dir.path());
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove(QStringLiteral("CQLWB_PLAYERBASE"));
    if (!playerBase.isEmpty()) env.insert(QStringLiteral("CQLWB_PLAYERBASE"), playerBase);
    p.setProcessEnvironment(env);
    p.start(QStringLiteral(CQLWB_CLI), args);
    if (!p.waitForFinished(60000)) return r;
    r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.out = QString::fromUtf8(p.readAllStandardOutput());
    r.err = QString::fromUtf8(p.readAllStandardError());
#else
    Q_UNUSED(args);
    Q_UNUSED(playerBase);
#endif
    return r;
}

QString TestCli::write(const QString &name, const QString &text)
{
    QString path = m_dir.filePath(name);
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate)) qFatal("cannot write %s", qPrintable(path));
    f.write(text.toUtf8());
    return path;
}

QString TestCli::outputText() const
{
    QFile f(m_out);
    if (!f.open(QIODevice::ReadOnly)) return {};
    return QString::fromUtf8(f.readAll());
}

QList<int> TestCli::gameNumbers() const
{
    QList<int> out;
    static const QRegularExpression re(QStringLiteral("Game\\s+number\\s+(\\d+)"));
    auto it = re.globalMatch(outputText());
    while (it.hasNext())
        out << it.next().captured(1).toInt();
    return out;
}

void TestCli::init()
{
#ifndef CQLWB_CLI
    QSKIP("cqlwb-cli is not built");
#endif
    QVERIFY(m_dir.isValid());
    m_pgn = write("games.pgn", Games);
    m_out = m_dir.filePath("out.pgn");
    QFile::remove(m_out);
}

void TestCli::searchWritesOutput()
{
    QString q = write("mate.cql", "cql()\nmate\n");
    Result r = run({"-i", m_pgn, "-o", m_out, q});
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(gameNumbers(), (QList<int>{1, 2}));
    QString text = outputText().simplified();
    QVERIFY2(text.contains("Qxf7# {CQL} 1-0"), qPrintable(text));
    QVERIFY2(text.contains("Qh4# {CQL} 0-1"), qPrintable(text));
    QVERIFY(text.startsWith("[Event \"one\"]"));
}

void TestCli::summaryLine()
{
    QString q = write("check.cql", "cql()\ncheck\n");
    for (QString threads : {"1", "2"}) {
        Result r = run({"--threads", threads, "-i", m_pgn, "-o", m_out, q});
        QCOMPARE(r.exitCode, 0);
        static const QRegularExpression re(QStringLiteral(
            "^(\\d+) matches of (\\d+) games in \\d+\\.\\d{2,3} seconds using (\\d+) threads to (.+)\n$"));
        auto m = re.match(r.out);
        QVERIFY2(m.hasMatch(), qPrintable(r.out));
        QCOMPARE(m.captured(1).toInt(), 2);
        QCOMPARE(m.captured(2).toInt(), 3);
        QVERIFY(m.captured(3).toInt() >= 1);
        QCOMPARE(m.captured(4), m_out);
    }
}

void TestCli::defaultOutputName()
{
    QString q = write("myquery.cql", "cql()\nmate\n");
    QFile::remove(m_dir.filePath("myquery-out.pgn"));
    Result r = run({"-i", m_pgn, "myquery.cql"});
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.out.contains("to myquery-out.pgn"), qPrintable(r.out));
    QVERIFY(QFile::exists(m_dir.filePath("myquery-out.pgn")));
}

void TestCli::brokenQueryReportsLineAndColumn()
{
    QString q = write("broken.cql", "cql()\ncheck\n  mate )\n");
    Result r = run({"-i", m_pgn, "-o", m_out, q});
    QVERIFY(r.exitCode != 0);
    static const QRegularExpression re(QStringLiteral("broken\\.cql:3:\\d+: error: "));
    QVERIFY2(re.match(r.err).hasMatch(), qPrintable(r.err));
    QVERIFY(!QFile::exists(m_out));

    QString noHeader = write("noheader.cql", "check\n");
    r = run({"-i", m_pgn, "-o", m_out, noHeader});
    QVERIFY(r.exitCode != 0);
    QVERIFY2(r.err.contains("noheader.cql:1:1: error: "), qPrintable(r.err));
    // -noheader accepts it.
    r = run({"-noheader", "-i", m_pgn, "-o", m_out, noHeader});
    QCOMPARE(r.exitCode, 0);
}

void TestCli::brokenCqlOption()
{
    Result r = run({"-i", m_pgn, "-o", m_out, "-cql", "check )"});
    QVERIFY(r.exitCode != 0);
    QVERIFY2(r.err.contains(QRegularExpression("-cql:1:\\d+: error: ")), qPrintable(r.err));
}

void TestCli::unreadableInput()
{
    QString q = write("mate.cql", "cql()\nmate\n");
    QString missing = m_dir.filePath("missing.pgn");
    Result r = run({"-i", missing, "-o", m_out, q});
    QVERIFY(r.exitCode != 0);
    QVERIFY2(r.err.contains(missing), qPrintable(r.err));
    QVERIFY(!QFile::exists(m_out));

    // No input at all.
    r = run({"-o", m_out, q});
    QVERIFY(r.exitCode != 0);
    QVERIFY2(r.err.contains("input"), qPrintable(r.err));
}

void TestCli::unwritableOutput()
{
    QString q = write("mate.cql", "cql()\nmate\n");
    QString bad = m_dir.filePath("no/such/folder/out.pgn");
    Result r = run({"-i", m_pgn, "-o", bad, q});
    QVERIFY(r.exitCode != 0);
    QVERIFY2(r.err.contains(bad), qPrintable(r.err));
    // Nothing else is left behind.
    QCOMPARE(QDir(m_dir.path()).entryList(QDir::Files).filter(".part").size(), 0);
}

void TestCli::optionsOverrideHeader()
{
    QString q = write("header.cql", "cql(input nosuch.pgn output other.pgn matchstring \"X\" gamenumber 3)\nmate\n");
    Result r = run({"-i", m_pgn, "-o", m_out, "-matchstring", "HIT", "-gamenumber", "1", "2", q});
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(gameNumbers(), (QList<int>{1, 2}));
    QString text = outputText().simplified();
    QVERIFY(text.contains("Qxf7# {HIT}"));
    QVERIFY(!text.contains("{X}"));
    QVERIFY(!QFile::exists(m_dir.filePath("other.pgn")));

    // The header's input is used when -i is not given.
    write("input.cql", "cql(input games.pgn)\nmate\n");
    r = run({"-o", m_out, "input.cql"});
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(gameNumbers(), (QList<int>{1, 2}));
}

void TestCli::cqlWithoutFile()
{
    Result r = run({"-i", m_pgn, "-o", m_out, "-cql", "check", "-cql", "btm"});
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(gameNumbers(), (QList<int>{1})); // black in check: only after 4. Qxf7#
}

void TestCli::gameFilters_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QList<int>>("games");
    QTest::newRow("player") << QStringList{"-player", "Anna"} << QList<int>{1, 3};
    QTest::newRow("white") << QStringList{"-white", "Carl"} << QList<int>{2};
    QTest::newRow("black") << QStringList{"-black", "Eve"} << QList<int>{3};
    QTest::newRow("event") << QStringList{"-event", "tw"} << QList<int>{2};
    QTest::newRow("result") << QStringList{"-result", "1-0"} << QList<int>{1};
    QTest::newRow("gamenumber") << QStringList{"-g", "2", "3"} << QList<int>{2, 3};
    QTest::newRow("wtm") << QStringList{"-wtm", "-cql", "mate"} << QList<int>{2};
    // initial or mate: two positions in games 1 and 2, one in game 3; one number is exact.
    QTest::newRow("matchcount N") << QStringList{"-matchcount", "1"} << QList<int>{3};
    QTest::newRow("matchcount N M") << QStringList{"-matchcount", "1", "2"} << QList<int>{1, 2, 3};
}

void TestCli::gameFilters()
{
    QFETCH(QStringList, args);
    QFETCH(QList<int>, games);
    QString q = write("initial.cql", "cql()\ninitial or mate\n");
    Result r = run(QStringList{"-i", m_pgn, "-o", m_out} + args + QStringList{q});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QCOMPARE(gameNumbers(), games);
}

void TestCli::transformOption()
{
    // White mated only in game 2; -flipcolor also finds Black mated (game 1).
    QString q = write("wmated.cql", "cql()\nmate wtm\n");
    Result r = run({"-i", m_pgn, "-o", m_out, q});
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(gameNumbers(), (QList<int>{2}));
    r = run({"-flipcolor", "-i", m_pgn, "-o", m_out, q});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QCOMPARE(gameNumbers(), (QList<int>{1, 2}));
}

void TestCli::fenOption()
{
    // The board after 1. e4 e5: games 1 (once) and none other.
    Result r = run({"-i", m_pgn, "-o", m_out, "-fen", "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QCOMPARE(gameNumbers(), (QList<int>{1}));
    QCOMPARE(outputText().count("CQL"), 1);
    r = run({"-i", m_pgn, "-o", m_out, "-fen", "8/8/8"});
    QVERIFY(r.exitCode != 0);
    QVERIFY2(r.err.contains("-fen"), qPrintable(r.err));
}

void TestCli::fenOptionImpossible_data()
{
    QTest::addColumn<QString>("fen");
    QTest::addColumn<QString>("message");
    QTest::newRow("rooks on both sides") << "R3k2R/8/8/8/8/8/8/4K3 b - - 0 1"
                                         << "cqlwb-cli: -fen: impossible double check of the black king on e8 by the "
                                            "rook on a8 and the rook on h8 from both sides";
    QTest::newRow("board without a king") << "4k3/8/8/8/8/8/8/8"
                                          << "cqlwb-cli: -fen: white king missing: 4k3/8/8/8/8/8/8/8";
    QTest::newRow("nine pawns") << "4k3/8/8/8/8/P7/PPPPPPPP/4K3"
                                << "cqlwb-cli: -fen: 9 white pawns (at most 8)";
    // Neither side can be the one to move with both kings in check.
    QTest::newRow("both in check") << "4k3/8/8/8/8/8/4R3/r3K3"
                                   << "cqlwb-cli: -fen: side not to move";
}

void TestCli::fenOptionImpossible()
{
    QFETCH(QString, fen);
    QFETCH(QString, message);
    Result r = run({"-i", m_pgn, "-o", m_out, "-fen", fen});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.startsWith(message), qPrintable(r.err));
    QVERIFY(!QFile::exists(m_out));
}

void TestCli::fenOptionCorrected()
{
    // A stale en passant square is dropped with a warning; the board is searched as given.
    Result r = run({"-i", m_pgn, "-o", m_out, "-fen", "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e3 0 2"});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QVERIFY2(r.err.contains("cqlwb-cli: warning: -fen: en passant square e3 dropped: with white to move it must be on "
                            "rank 6\n"),
             qPrintable(r.err));
    QCOMPARE(gameNumbers(), (QList<int>{1}));
    r = run({"-i", m_pgn, "-o", m_out, "-fen", "4k3/8/8/8/8/8/8/4K3 w KQkq - 0 1"});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QCOMPARE(r.err.count("cqlwb-cli: warning: -fen: castling right "), 4);
    // A board alone stands when either side may be the one to move (here black, in check).
    r = run({"-i", m_pgn, "-o", m_out, "-fen", "4k3/8/8/8/8/8/8/4R1K1"});
    QVERIFY2(r.exitCode == 0 && r.err.isEmpty(), qPrintable(r.err));
}

void TestCli::fenTagCorrected()
{
    // Castling rights without their rooks are dropped with a warning naming the
    // game's start; the game is still searched.
    QString pgn = write("fen.pgn",
                        QString(Games)
                            + "\n[Event \"four\"]\n[SetUp \"1\"]\n"
                              "[FEN \"4k3/8/8/8/8/8/4P3/4K3 w KQ - 0 1\"]\n\n"
                              "1. e4 Kd7 2. Ke2 Ke6 3. Kf3 Ke5 *\n"
                              "\n[Event \"five\"]\n[SetUp \"1\"]\n"
                              "[FEN \"R3k2R/8/8/8/8/8/8/4K3 b - - 0 1\"]\n\n1... Kd7 *\n");
    Result r = run({"-i", pgn, "-o", m_out, "-cql", "Kf3"});
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.err.contains("fen.pgn:22: game 4: FEN: castling right K dropped: no white rook on the king's side of "
                            "the king on e1\n"),
             qPrintable(r.err));
    QVERIFY2(r.err.contains(QRegularExpression("fen\\.pgn:28: game 5: bad FEN \"R3k2R/8/8/8/8/8/8/4K3 b - - 0 1\": "
                                               "FEN: impossible double check [^\n]*; game skipped\n")),
             qPrintable(r.err));
    QCOMPARE(gameNumbers(), (QList<int>{4}));
}

void TestCli::cqlsFenCorrected()
{
    // The warning points at the FEN in the script; the search runs with the rights dropped.
    QString q =
        write("fen.cqls", "(match (position :fen \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1\"))\n");
    Result r = run({"-i", m_pgn, "-o", m_out, q});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QVERIFY2(r.err.contains("fen.cqls:1:23: warning: FEN: castling right K dropped: no white rook on the king's side "
                            "of the king on e1\n"),
             qPrintable(r.err));
    QCOMPARE(gameNumbers(), QList<int>());
}

void TestCli::badCommandLine_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("message");
    QTest::newRow("unknown option") << QStringList{"-frobnicate", "x.cql"} << "unknown option";
    QTest::newRow("missing value") << QStringList{"-i"} << "needs a value";
    QTest::newRow("bad threads") << QStringList{"-threads", "zero", "x.cql"} << "-threads";
    QTest::newRow("no query") << QStringList{"-i", "games.pgn"} << "no query";
    QTest::newRow("two files") << QStringList{"a.cql", "b.cql"} << "more than one";
    QTest::newRow("bad engine option") << QStringList{"-engineoption", "Hash", "x.cqls"} << "NAME=VALUE";
}

void TestCli::badCommandLine()
{
    QFETCH(QStringList, args);
    QFETCH(QString, message);
    Result r = run(args);
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains(message), qPrintable(r.err));
}

void TestCli::gameWarnings()
{
    QString pgn = write("bad.pgn", QString(Games) + "\n[Event \"bad\"]\n[Result \"*\"]\n\n1. e4 e5 2. Ke3 *\n");
    Result r = run({"-i", pgn, "-o", m_out, "-cql", "mate"});
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.err.contains(QRegularExpression("bad\\.pgn:25: game 4: ")), qPrintable(r.err));
    QCOMPARE(gameNumbers(), (QList<int>{1, 2}));
    QVERIFY(r.out.contains("2 matches of 4 games"));
}

void TestCli::evaluationErrorExitsOne()
{
    // The third game ends without mate: the assertion fails there. CQL 6.2
    // stops with status 1; the others' matches are still written here.
    const QString pgn = write("three.pgn", QString(Games));
    Result r = run({"-i", pgn, "-o", m_out, "-cql", "terminal assert mate"});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains("game 3: "), qPrintable(r.err));
    QVERIFY2(r.err.contains("could not be evaluated on 1 game "), qPrintable(r.err));
    QCOMPARE(gameNumbers(), (QList<int>{1, 2}));
    // A game's bad text is no error of the query: still status 0 (gameWarnings).
    r = run({"-i", pgn, "-o", m_out, "-cql", "terminal mate"});
    QCOMPARE(r.exitCode, 0);
    // Nor is this engine's cap on a game's comments (CQL 6.2 drops such a comment and goes on).
    r = run({"-i", pgn, "-o", m_out, "-cql",
             "initial x = \"aaaaaaaaaaaaaaaa\" while (#x < 20000000) { x = x + x } comment(x)"});
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.err.contains("pass 16 MiB"), qPrintable(r.err));
}

void TestCli::echoOnALongGame()
{
    // 400 plies of knights going out and back: `echo (s t) true` comments
    // every pair of positions, far past the comments cap of a game. The
    // reference layout writes at most 4,500 bytes of a position's comment,
    // so the search drops the rest as it goes and the game is written whole,
    // as CQL 6.2 writes it; without that layout the cap still holds.
    QString moves;
    for (int i = 0; i < 100; ++i)
        moves += QString("%1. Nf3 Nf6 %2. Ng1 Ng8 ").arg(2 * i + 1).arg(2 * i + 2);
    const QString pgn = write("long.pgn", "[Event \"long\"]\n[Result \"*\"]\n\n" + moves + "*\n");
    Result r = run({"-i", pgn, "-o", m_out, "-cql", "echo (s t) true"});
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(!r.err.contains("MiB"), qPrintable(r.err));
    QVERIFY2(r.out.contains("1 matches of 1 games"), qPrintable(r.out));
    QFile f(m_out);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QByteArray text = f.readAll();
    QVERIFY(text.contains("[Event \"long\"]"));
    QVERIFY(text.contains("1. Nf3") || text.contains("1.Nf3"));
    r = run({"-notruncate", "-i", pgn, "-o", m_out, "-cql", "echo (s t) true"});
    QVERIFY2(r.err.contains("pass 16 MiB"), qPrintable(r.err));
}

void TestCli::messagesAndLogicalValues()
{
    // As CQL 6.2 writes them: a message names the game and the position
    // unless quiet; a filter that is no value is written as <true> or <false>.
    const QString pgn = write("three.pgn", QString(Games));
    Result r = run({"-i", pgn, "-o", m_out, "-cql", "mate message(\"mate \" check wtm)"});
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.out.contains("Game: 1 move 4(btm): mate <true><false>\n"), qPrintable(r.out));
    QVERIFY2(r.out.contains("Game: 2 move 3(wtm): mate <true><true>\n"), qPrintable(r.out));
    r = run({"-i", pgn, "-o", m_out, "-cql", "mate message quiet (\"mate\")"});
    QVERIFY2(r.out.startsWith("mate\nmate\n"), qPrintable(r.out));
    r = run({"-i", pgn, "-o", m_out, "-cql", "initial comment(\"c\" check)"});
    QFile f(m_out);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QVERIFY(f.readAll().contains("{Game number 1 c<false> CQL}"));
}

void TestCli::sortTexts()
{
    // As CQL 6.2 writes them: an untitled sort is numbered among the untitled
    // ones by where it begins (an outer sort before the inner one), one that never had a value is
    // written "none", the inner sort's text first.
    const QString pgn = write("three.pgn", QString(Games));
    auto first = [&](const QString &query) {
        run({"-i", pgn, "-o", m_out, "-cql", query});
        QFile f(m_out);
        if (!f.open(QIODevice::ReadOnly)) return QByteArray();
        const QByteArray text = f.readAll();
        const qsizetype at = text.indexOf("{Game number 1");
        return at < 0 ? QByteArray() : text.mid(at, text.indexOf('}', at) - at + 1).simplified();
    };
    QCOMPARE(first("initial sort sort #A"), QByteArray("{Game number 1 CQL <sort-id-2>: 16 <sort-id-1>: 16}"));
    QCOMPARE(first("initial sort \"a\" #A sort #a"), QByteArray("{Game number 1 CQL a: 16 <sort-id-1>: 16}"));
    QCOMPARE(first("initial if false sort \"a\" #A else sort \"b\" #a"),
             QByteArray("{Game number 1 CQL a: none b: 16}"));
    QCOMPARE(first("initial if false sort quiet \"a\" #A else sort #a"),
             QByteArray("{Game number 1 CQL <sort-id-1>: 16}"));
}

void TestCli::convertSpelling()
{
    const QString path = m_dir.filePath("spelling.cql");
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("cql()\n// flip ♔ stays\n⬓{♕ → ♚ ∪ □e4}\n");
    f.close();
    Result r = run({"-a", path});
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(r.out, QStringLiteral("cql()\n// flip ♔ stays\nflipcolor{Q -> k | _e4}\n"));
    // -u with -o writes the Unicode spelling to a file.
    const QString ascii = m_dir.filePath("ascii.cql"), uni = m_dir.filePath("uni.cql");
    QFile a(ascii);
    QVERIFY(a.open(QIODevice::WriteOnly));
    a.write(r.out.toUtf8());
    a.close();
    r = run({"-u", ascii, "-o", uni});
    QCOMPARE(r.exitCode, 0);
    QFile u(uni);
    QVERIFY(u.open(QIODevice::ReadOnly));
    QCOMPARE(QString::fromUtf8(u.readAll()), QStringLiteral("cql()\n// flip ♔ stays\n⬓{♕ → ♚ ∪ □e4}\n"));
    // An unreadable query file is an error naming the file.
    r = run({"-a", m_dir.filePath("no-such-query.cql")});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains("no-such-query.cql"), qPrintable(r.err));
}

void TestCli::convertToCql6()
{
    // The CQL 6 text finds the games the CQL-S script finds.
    const QString script = write("mates.cqls", "; mates by black\n(match (position :mate :btm))\n");
    Result r = run({"--convert-to-cql6", script});
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.out.contains("cql()") && r.out.contains("mate") && r.out.contains("btm"), qPrintable(r.out));
    QVERIFY2(r.err.isEmpty(), qPrintable(r.err));
    const QString converted = write("mates.cql", r.out);
    r = run({"-i", m_pgn, "-o", m_out, script});
    QCOMPARE(r.exitCode, 0);
    const QList<int> byScript = gameNumbers();
    QVERIFY(!byScript.isEmpty());
    r = run({"-i", m_pgn, "-o", m_out, converted});
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(gameNumbers(), byScript);
    // A keyword CQL 6 cannot say is named with its place; the status says so.
    const QString endgame = write("endgame.cqls", "(match\n  (position :check :endgame))\n");
    r = run({"--convert-to-cql6", endgame});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains("endgame.cqls:2:20: :endgame: no CQL 6 equivalent"), qPrintable(r.err));
    QVERIFY2(r.out.contains("// no CQL 6 equivalent: :endgame"), qPrintable(r.out));
}

void TestCli::helpAndVersion()
{
    Result r = run({"-help"});
    QCOMPARE(r.exitCode, 0);
    for (const char *option :
         {"-input", "-output", "-gamenumber", "-matchcount", "-threads", "-cql", "-fen", "-flipcolor", "-rotate45",
          "-player", "-year", "-wtm", "-lineincrement", "-showmatches", "-check", "-version"})
        QVERIFY2(r.out.contains(option), option);
    r = run({"--version"});
    QCOMPARE(r.exitCode, 0);
    QVERIFY(r.out.startsWith("cqlwb-cli "));
}

// -check: every game replayed, each problem at FILE:LINE:COLUMN, a summary per file.
void TestCli::checkDatabase()
{
    Result r = run({"-check", m_pgn});
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.out.contains("games.pgn: 3 games, 13 mainline plies, 0 games with problems"), qPrintable(r.out));

    QString bad = write("bad.pgn",
                        "[White \"Fay\"]\n[Black \"Gus\"]\n\n1. e4 e5\n2. Ke3 Nc6 *\n\n"
                        "[Variant \"atomic\"]\n\n1. e4 *\n\n1. d4 (1. c4 e5 2. Qxe5) d5 *\n");
    r = run({"-check", bad, "-check", m_pgn});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.out.contains("bad.pgn: game 1 (Fay - Gus): problems, 2 plies replayed\n  " + bad
                            + ":5:4: illegal move Ke3 at ply 3\n"),
             qPrintable(r.out));
    QVERIFY2(r.out.contains("game 2 (? - ?): not replayed, 0 plies replayed\n  " + bad
                            + ":7:1: variant atomic not supported; game skipped\n"),
             qPrintable(r.out));
    // Variations are replayed only with -variations.
    QVERIFY2(!r.out.contains("Qxe5"), qPrintable(r.out));
    QVERIFY2(r.out.contains("bad.pgn: 3 games, 4 mainline plies, 2 games with problems (1 not replayed)"),
             qPrintable(r.out));
    QVERIFY2(r.out.contains("games.pgn: 3 games, 13 mainline plies, 0 games with problems"), qPrintable(r.out));

    r = run({"-check", bad, "-variations"});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.out.contains(":11:20: illegal move Qxe5 at ply 3 (in a variation)"), qPrintable(r.out));
    QVERIFY2(r.out.contains("4 mainline plies, 6 moves in all, 3 games with problems"), qPrintable(r.out));

    r = run({"-check", m_dir.filePath("missing.pgn")});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains("missing.pgn"), qPrintable(r.err));
}

// -engine and -tablebases reach the analysing CQL-S keywords, which check them when the query compiles.
void TestCli::analysisOptions()
{
    QString eval = write("eval.cqls", "(match (position :evaluation depth 4 mate))\n");
    Result r = run({"-engine", "/nonexistent/engine", "-i", m_pgn, "-o", m_out, eval});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains("eval.cqls:1:18: error: ':evaluation' needs a UCI chess engine: the engine "
                            "'/nonexistent/engine' is not an executable file"),
             qPrintable(r.err));
    QString endgame = write("endgame.cqls", "(match (position :endgameevaluation *mate))\n");
    QTemporaryDir empty;
    r = run({"-tablebases", empty.path(), "-i", m_pgn, "-o", m_out, endgame});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains("endgame.cqls:1:18: error: ':endgameevaluation' needs"), qPrintable(r.err));
    QVERIFY(!QFile::exists(m_out));
    r = run({"-help"});
    QVERIFY(r.out.contains("-engine PATH") && r.out.contains("-tablebases DIR") && r.out.contains("-engineoption"));
}

// -playerbase (or CQLWB_PLAYERBASE) gives :birthyear and its kin their years.
void TestCli::playerBase()
{
    const QString players = QStringLiteral(CQLWB_TEST_DATA "/players/players.ssp");
    const QString pgn = write("players.pgn",
                              "[White \"Carlsen, Magnus\"]\n[Black \"Polgar, Judit\"]\n\n1. e4 e5 1-0\n\n"
                              "[White \"Alekhine, A.\"]\n[Black \"Capablanca, Jose Raul\"]\n\n1. d4 d5 0-1\n\n"
                              "[White \"Lasker, Emanuel\"]\n[Black \"Someone, Else\"]\n\n1. c4 c5 *\n");
    const QString young = write("young.cqls", "(match :birthyear >=1990)\n");
    const QString died = write("died.cqls", "(match :deathyear 1940 1942)\n");
    Result r = run({"-playerbase", players, "-i", pgn, "-o", m_out, young});
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(gameNumbers(), QList<int>{1});
    r = run({"-i", pgn, "-o", m_out, died}, players);
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(gameNumbers(), (QList<int>{2, 3})); // Capablanca 1942, Lasker 1941
    // The option wins over the environment.
    r = run({"-playerbase", players, "-i", pgn, "-o", m_out, died}, m_dir.filePath("nowhere.ssp"));
    QCOMPARE(r.exitCode, 0);
    QFile::remove(m_out);
    r = run({"-i", pgn, "-o", m_out, young});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(
        r.err.contains("young.cqls:1:8: error: ':birthyear' needs a player base, which PGN games do not carry: give "
                       "a Scid spelling file (.ssp) with -playerbase FILE"),
        qPrintable(r.err));
    QVERIFY(!QFile::exists(m_out));
    r = run({"-playerbase", m_dir.filePath("nowhere.ssp"), "-i", pgn, "-o", m_out, young});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains("young.cqls:1:8: error: ':birthyear' needs a player base, which PGN games do not carry: "
                            "cannot open ")
                 && r.err.contains("nowhere.ssp"),
             qPrintable(r.err));
    r = run({"-help"});
    QVERIFY(r.out.contains("-playerbase FILE"));
}

namespace {

QByteArray fileBytes(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// A database of one 40-move game count times over; false when it cannot be written.
bool writeManyGames(const QString &path, int count)
{
    const QByteArray game = "[White \"W\"]\n[Black \"B\"]\n[Result \"*\"]\n\n"
                            "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O "
                            "9. h3 Nb8 10. d4 Nbd7 11. c4 c6 12. cxb5 axb5 13. Nc3 Bb7 14. Bg5 b4 15. Nb1 h6 "
                            "16. Bh4 c5 17. dxe5 Nxe4 18. Bxe7 Qxe7 19. exd6 Qf6 20. Nbd2 Nxd6 *\n\n";
    QByteArray games;
    games.reserve(game.size() * count);
    for (int i = 0; i < count; ++i)
        games += game;
    QFile pgn(path);
    return pgn.open(QIODevice::WriteOnly | QIODevice::Truncate) && pgn.write(games) == qint64(games.size());
}

} // namespace

// An output that is the input (however spelled, or a link to it) would replace
// the database by the matches: refused before the search, the database kept.
void TestCli::outputIsAnInput()
{
    QVERIFY(QDir(m_dir.path()).mkpath("sub"));
    const QString db = write("sub/db.pgn", Games);
    const QByteArray before = fileBytes(db);
    const QString hard = m_dir.filePath("hard.pgn"), soft = m_dir.filePath("soft.pgn");
    QFile::remove(hard);
    QFile::remove(soft);
    QVERIFY(::link(QFile::encodeName(db).constData(), QFile::encodeName(hard).constData()) == 0);
    QVERIFY(QFile::link("sub/db.pgn", soft));
    const QString q = write("mate.cql", "cql()\nmate\n");
    const QStringList outputs = {db, m_dir.filePath("sub/../sub/./db.pgn"), "sub/../sub/db.pgn", hard, soft};
    for (const QString &output : outputs) {
        Result r = run({"-i", db, "-o", output, q});
        QVERIFY2(r.exitCode > 0, qPrintable(output));
        QVERIFY2(r.err.contains("refusing to write the output to " + output), qPrintable(r.err));
        QVERIFY2(r.err.contains(output == db ? QString("also an input") : "the same file as the input " + db),
                 qPrintable(r.err));
        QVERIFY2(r.out.isEmpty(), qPrintable(r.out));
        QCOMPARE(fileBytes(db), before);
        QVERIFY(QFileInfo(soft).isSymLink());
    }
    // Through the other name the other way round too, and from the query's header.
    Result r = run({"-i", soft, "-o", "sub/db.pgn", q});
    QVERIFY(r.exitCode > 0);
    QVERIFY2(r.err.contains("sub/db.pgn"), qPrintable(r.err));
    write("sub/header.cql", "cql(input db.pgn output sub/db.pgn)\nmate\n");
    r = run({"sub/header.cql"});
    QVERIFY(r.exitCode > 0);
    QVERIFY2(r.err.contains("refusing to write the output to sub/db.pgn"), qPrintable(r.err));
    QCOMPARE(fileBytes(db), before);
    // Nor is the query file overwritten with the matches.
    const QByteArray query = fileBytes(q);
    r = run({"-i", db, "-o", "./mate.cql", q});
    QVERIFY(r.exitCode > 0);
    QVERIFY2(r.err.contains("./mate.cql") && r.err.contains(q), qPrintable(r.err));
    QCOMPARE(fileBytes(q), query);
    // Nothing left beside them, and another output is written as ever.
    QCOMPARE(QDir(m_dir.filePath("sub")).entryList(QDir::Files | QDir::Hidden), (QStringList{"db.pgn", "header.cql"}));
    r = run({"-i", soft, "-o", m_out, q});
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(gameNumbers(), (QList<int>{1, 2}));
    QCOMPARE(fileBytes(db), before);
}

// -a, -u and --convert-to-cql6 with -o: the query file is their input.
void TestCli::convertedOutputIsTheQuery()
{
    const QString query = write("spelled.cql", "cql()\n⬓{♕ → ♚}\n");
    const QString script = write("script.cqls", "(match (position :mate :btm))\n");
    const QString link = m_dir.filePath("query-link.cql");
    QFile::remove(link);
    QVERIFY(QFile::link(query, link));
    const QByteArray queryBefore = fileBytes(query), scriptBefore = fileBytes(script);
    for (const QStringList &args : {QStringList{"-a", query, "-o", query}, QStringList{"-u", query, "-o", link},
                                    QStringList{"--convert-to-cql6", script, "-o", "./script.cqls"}}) {
        Result r = run(args);
        QVERIFY2(r.exitCode > 0, qPrintable(args.join(' ')));
        QVERIFY2(r.err.contains("refusing to write the output to " + args.last()), qPrintable(r.err));
    }
    QCOMPARE(fileBytes(query), queryBefore);
    QCOMPARE(fileBytes(script), scriptBefore);
    QVERIFY(QFileInfo(link).isSymLink());
    Result r = run({"-a", query, "-o", m_dir.filePath("ascii.cql")});
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(fileBytes(m_dir.filePath("ascii.cql")), QByteArray("cql()\nflipcolor{Q -> k}\n"));
}

// SIGKILL in the middle of a search: the old output is intact and no
// temporary file is left beside it (the search writes to an unnamed file).
void TestCli::killedSearchLeavesNoTemporaryFile()
{
#ifdef CQLWB_CLI
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    // Many games and a query that compares every two positions of each: seconds of work.
    QFile pgn(dir.filePath("many.pgn"));
    QVERIFY(writeManyGames(pgn.fileName(), 40000));
    const QString out = dir.filePath("out.pgn");
    {
        QFile old(out);
        QVERIFY(old.open(QIODevice::WriteOnly));
        old.write("old output\n");
    }
    const QStringList before = QDir(dir.path()).entryList(QDir::Files | QDir::Hidden | QDir::System);
    QProcess p;
    p.start(QStringLiteral(CQLWB_CLI),
            {"-threads", "1", "-lineincrement", "500", "-i", pgn.fileName(), "-o", out, "-cql",
             "echo (s t) in all s & t == 64"});
    QVERIFY(p.waitForStarted());
    // A progress line: the output is open and the search under way.
    p.setReadChannel(QProcess::StandardError);
    QByteArray err;
    while (!err.contains(" games, ") && p.state() == QProcess::Running && p.waitForReadyRead(30000))
        err += p.readAllStandardError();
    QVERIFY2(err.contains(" games, "), err.constData());
    QVERIFY2(p.state() == QProcess::Running, "the search ended before it could be killed");
    p.kill(); // SIGKILL
    QVERIFY(p.waitForFinished(30000));
    QCOMPARE(p.exitStatus(), QProcess::CrashExit);
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden | QDir::System), before);
    QCOMPARE(fileBytes(out), QByteArray("old output\n"));
#endif
}

QTEST_GUILESS_MAIN(TestCli)
#include "tst_cli.moc"

void TestCli::compressedInputThroughTextCache_data()
{
    QTest::addColumn<QString>("file");
    QTest::newRow("zstd") << QStringLiteral("kasparov-deep-blue-1997.pgn.zst");
    QTest::newRow("gzip") << QStringLiteral("kasparov-deep-blue-1997.pgn.gz");
}

// A compressed database read into memory, through a new text cache, through
// the cache again, with a new game store and a warm one: the same output.
void TestCli::compressedInputThroughTextCache()
{
    QFETCH(QString, file);
    const QString input = QStringLiteral(CQLWB_TEST_DATA "/pgn/") + file;
    const QString q = write("check.cql", "cql()\ncheck\n");
    const QString blocker = write("blocker", "x");
    const QString storeDir = m_dir.filePath("stores-" + file);
    QDir(storeDir).removeRecursively();
    auto output = [&](const QStringList &extra) {
        QFile::remove(m_out);
        Result r = run(QStringList{"-i", input, "-o", m_out} + extra + QStringList{q});
        return r.exitCode == 0 ? outputText() : QStringLiteral("exit %1: %2").arg(r.exitCode).arg(r.err);
    };
    // No folder can be made under a file: no store, no text cache, the text in memory.
    const QString inMemory = output({"-storedir", blocker + "/stores"});
    QVERIFY(inMemory.count("[Event ") >= 2);
    for (const QStringList &extra :
         {QStringList{"-nostore", "-storedir", storeDir}, QStringList{"-nostore", "-storedir", storeDir},
          QStringList{"-storedir", storeDir}, QStringList{"-storedir", storeDir},
          QStringList{"-storedir", storeDir, "-threads", "2"}})
        QCOMPARE(output(extra), inMemory);
    const QStringList caches = QDir(storeDir).entryList({"*.cqltext"});
    QCOMPARE(caches.size(), 1);
    QCOMPARE(QDir(storeDir).entryList({"*.cqlstore"}).size(), 1);
    // A damaged text cache is rebuilt, the output unchanged.
    QFile cache(storeDir + "/" + caches.first());
    QVERIFY(cache.open(QIODevice::ReadWrite));
    cache.seek(10);
    cache.write("#");
    cache.close();
    QCOMPARE(output({"-nostore", "-storedir", storeDir}), inMemory);
}

// The first run (which builds the game store from the text, a window of games
// at a time), a run without a store and a warm run write the same output, on
// one thread and on two, over several windows of games; games the store does
// not replay (Chess960, read problems) among them.
void TestCli::firstRunEqualsNoStoreAndWarm()
{
    QByteArray one;
    for (const char *name : {"kasparov-deep-blue-1997.pgn", "twic9nn-error.pgn", "cutechess-fischerrandom.pgn"})
        one += fileBytes(QStringLiteral(CQLWB_TEST_DATA "/pgn/") + name) + "\n\n";
    one += fileBytes(m_pgn) + "\n\n";
    QByteArray games;
    for (int i = 0; i < 150; ++i)
        games += one;
    QFile pgn(m_dir.filePath("windows.pgn"));
    QVERIFY(pgn.open(QIODevice::WriteOnly | QIODevice::Truncate));
    QCOMPARE(pgn.write(games), qint64(games.size()));
    pgn.close();
    const QString storeDir = m_dir.filePath("stores-windows");
    for (const char *text : {"cql() check", "cql(sort matchcount) check", "cql(variations) check", "cql() mate"}) {
        const QString query = write("first.cql", text);
        auto output = [&](const QStringList &extra) {
            QFile::remove(m_out);
            Result r =
                run(QStringList{"-i", pgn.fileName(), "-o", m_out, "-storedir", storeDir} + extra + QStringList{query});
            return r.exitCode == 0 ? outputText() : QStringLiteral("exit %1: %2").arg(r.exitCode).arg(r.err);
        };
        const QString expected = output({"-nostore", "-s"});
        if (QString(text).endsWith("check"))
            QVERIFY2(expected.count("[Event ") >= 150 * 7, qPrintable(expected.left(500)));
        QCOMPARE(output({"-nostore", "-threads", "2"}), expected);
        for (const QStringList &threads : {QStringList{"-s"}, QStringList{"-threads", "2"}}) {
            QDir(storeDir).removeRecursively();
            QCOMPARE(output(threads), expected); // first run
            QCOMPARE(QDir(storeDir).entryList({"*.cqlstore"}).size(), 1);
            QCOMPARE(output(threads), expected); // warm
        }
    }
}

// SIGKILL while the game store is built: no store and no temporary file is
// left in the store folder (the sections and the store are unnamed files).
void TestCli::killedStoreBuildLeavesNothing()
{
#ifdef CQLWB_CLI
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QFile pgn(dir.filePath("many.pgn"));
    QVERIFY(writeManyGames(pgn.fileName(), 200000));
    const QString storeDir = dir.filePath("stores");
    QVERIFY(QDir().mkpath(storeDir));
    // A fast machine may finish the build between the look and the kill:
    // then the store is complete, so it is removed and the kill comes sooner.
    // The kill may also come after the store was renamed into place but
    // before the program ended: then the one file there must be that whole
    // store, which the next run takes as it is.
    bool killedAfterStore = false;
    for (int wait : {400, 150, 40, 5}) {
        QDir(storeDir).removeRecursively();
        QVERIFY(QDir().mkpath(storeDir));
        QProcess p;
        p.start(QStringLiteral(CQLWB_CLI), {"-threads", "2", "-storedir", storeDir, "-index", pgn.fileName()});
        QVERIFY(p.waitForStarted());
        QThread::msleep(wait);
        p.kill(); // SIGKILL
        QVERIFY(p.waitForFinished(30000));
        if (p.exitStatus() != QProcess::CrashExit) continue;
        const QStringList left = QDir(storeDir).entryList(QDir::Files | QDir::Hidden | QDir::System);
        if (left.isEmpty()) return;
        QCOMPARE(left.size(), 1);
        QVERIFY2(left[0].endsWith(".cqlstore"), qPrintable(left[0]));
        QProcess again;
        again.start(QStringLiteral(CQLWB_CLI), {"-storedir", storeDir, "-index", pgn.fileName()});
        QVERIFY(again.waitForFinished(60000));
        const QString said = QString::fromUtf8(again.readAllStandardOutput() + again.readAllStandardError());
        QVERIFY2(said.contains("up to date"), qPrintable(said));
        killedAfterStore = true;
    }
    if (!killedAfterStore) QSKIP("every build ended before it could be killed");
#endif
}
