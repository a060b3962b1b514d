// The variant games of the team's shared/data/variants/ (lichess conventions,
// 400 games each of Three-check, King of the Hill, Antichess and Crazyhouse)
// read and replayed, each checked against facts.jsonl, which an independent
// implementation (chessops) computed: plies, final FEN, how the game ended,
// checks, drops, captures, forced-capture positions. Skipped without
// ../shared beside the checkout.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "game/builder.h"
#include "game/replay.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

namespace {

const QString DataDir = QStringLiteral(CQLWB_SHARED_DIR "/data/variants");

// The facts of one game as facts.jsonl names them, computed from our replay.
QJsonObject factsOf(const game::Game &g)
{
    using namespace chess;
    int plies = 0, checks[2] = {0, 0}, drops = 0, queenDrops = 0, captures = 0, mustCapture = 0;
    game::NodeId n = 0;
    while (g.nodes[n].firstChild != game::NoNode) {
        const Position &before = g.nodes[n].position;
        n = g.nodes[n].firstChild;
        const Move m = g.nodes[n].move;
        const Position &after = g.nodes[n].position;
        ++plies;
        if (after.inCheck()) ++checks[before.sideToMove()];
        if (m.isDrop()) {
            ++drops;
            queenDrops += m.dropPiece() == Queen;
        }
        captures += before.capturedPiece(m) != NoPiece;
        if (before.variant() == Variant::Antichess) {
            // Captures are compulsory, so a capture among the legal moves means all are.
            MoveList legal;
            before.generateLegal(legal);
            mustCapture += legal.size > 0 && before.capturedPiece(legal.moves[0]) != NoPiece;
        }
    }
    const Position &last = g.nodes[n].position;
    QJsonObject o;
    o["plies"] = plies;
    o["final_fen"] = QString::fromStdString(last.fen());
    o["checks_given"] = QJsonArray{checks[0], checks[1]};
    o["drops"] = drops;
    o["queen_drops"] = queenDrops;
    o["captures"] = captures;
    o["must_capture_positions"] = mustCapture;
    o["king_on_hill_final"] = last.variant() == Variant::KingOfTheHill && (last.pieces(King) & HillSquares).any();
    const auto colour = [](Color c) { return c == White ? QStringLiteral("white") : QStringLiteral("black"); };
    static const char *const ends[] = {nullptr, "third_check", "king_on_hill", "no_pieces", "stalemate_win"};
    if (const VariantEnd e = last.variantEnd(); e != VariantEnd::None) {
        // chessops calls Antichess's stalemate a stalemate that its side wins.
        o["end"] = e == VariantEnd::StalemateWin ? "stalemate" : "variant_win";
        o["variant_end"] = ends[int(e)];
        o["winner"] = colour(last.variantWinner());
    } else if (last.isCheckmate()) {
        o["end"] = "checkmate";
        o["winner"] = colour(~last.sideToMove());
    } else if (last.isStalemate()) {
        o["end"] = "stalemate";
    } else {
        o["end"] = "none"; // insufficient material is not judged here
    }
    return o;
}

QByteArray text(const QJsonValue &v) { return QJsonDocument(QJsonArray{v}).toJson(QJsonDocument::Compact); }

} // namespace

class TestVariantGames : public QObject {
    Q_OBJECT

private slots:
    void games_data()
    {
        QTest::addColumn<QString>("file");
        for (const char *f : {"threecheck", "kingofthehill", "antichess", "crazyhouse"})
            QTest::newRow(f) << QString::fromLatin1(f) + ".pgn.zst";
    }

    void games()
    {
        QFETCH(QString, file);
        if (!QFile::exists(DataDir + "/facts.jsonl")) QSKIP("no ../shared/data/variants beside the checkout");
        QFile factsFile(DataDir + "/facts.jsonl");
        QVERIFY(factsFile.open(QIODevice::ReadOnly));
        std::vector<QJsonObject> facts;
        while (!factsFile.atEnd()) {
            const QJsonObject o = QJsonDocument::fromJson(factsFile.readLine()).object();
            if (o["file"].toString() == file) facts.push_back(o);
        }
        QCOMPARE(facts.size(), size_t(400));

        game::GameStream stream;
        std::string error;
        QVERIFY2(stream.open((DataDir + "/" + file).toStdString(), &error), error.c_str());
        game::Game g;
        size_t count = 0;
        int mismatches = 0;
        while (stream.next(g)) {
            QVERIFY(count < facts.size());
            const QJsonObject &want = facts[count++];
            QCOMPARE(int(g.number), want["game"].toInt());
            QVERIFY2(!g.unsupported && g.errors.empty(),
                     qPrintable(QString("game %1: %2")
                                    .arg(g.number)
                                    .arg(g.errors.empty() ? "unsupported" : g.errors[0].message.c_str())));
            QCOMPARE(QString::fromStdString(std::string(chess::variantName(g.root().position.variant()))),
                     want["variant"].toString());
            const QJsonObject got = factsOf(g);
            for (auto it = got.begin(); it != got.end(); ++it) {
                QJsonValue expected = want[it.key()];
                if (it.key() == "end" && expected.toString() == "insufficient") expected = "none";
                if (it.key() == "winner" && want["end"].toString() == "insufficient") continue;
                if (it.value() != expected && mismatches++ < 10)
                    qWarning("%s game %d: %s is %s, facts say %s", qPrintable(file), int(g.number),
                             qPrintable(it.key()), text(it.value()).constData(), text(expected).constData());
            }
        }
        QVERIFY2(stream.error().empty(), stream.error().c_str());
        QCOMPARE(count, facts.size());
        QCOMPARE(mismatches, 0);

        // The board-only replay of cqlwb-cli -check agrees: no problem, every ply.
        game::Replayer replayer;
        int problems = 0;
        replayer.onProblem = [&](const game::ReplayedGame &) { ++problems; };
        QVERIFY2(game::replayFile((DataDir + "/" + file).toStdString(), replayer, &error), error.c_str());
        QCOMPARE(problems, 0);
        QCOMPARE(replayer.stats().games, uint64_t(400));
        uint64_t plies = 0;
        for (const QJsonObject &f : facts)
            plies += uint64_t(f["plies"].toInt());
        QCOMPARE(replayer.stats().mainlinePlies, plies);
    }
};

QTEST_APPLESS_MAIN(TestVariantGames)
#include "tst_variantgames.moc"
