// Perft of the variants (Three-check, King of the Hill, Antichess, Crazyhouse):
// every line of tests/data/variants/perft.tsv, counts that chessops and
// Fairy-Stockfish agree on (a copy of the team's shared/data/variants/perft.tsv).
// Counts above QuickLimit run only without CQLWB_QUICK; the move lists of the
// drops and of Antichess are also checked against a slower path (isLegal of
// each generated move, and the SAN each move is written and read back as).
// SPDX-License-Identifier: GPL-3.0-or-later
#include "chess/position.h"

#include <QFile>
#include <QtTest>

using namespace chess;

namespace {

constexpr quint64 QuickLimit = 1'500'000;

bool quickMode() { return qEnvironmentVariableIsSet("CQLWB_QUICK"); }

// Perft that also writes every move as SAN and UCI and reads it back, and
// checks the pseudo-legal moves against the legal ones, down to a depth.
quint64 checkedPerft(const Position &pos, int depth, QString *failure)
{
    if (depth == 0) return 1;
    MoveList moves, pseudo;
    pos.generateLegal(moves);
    // Every legal move is among the pseudo-legal ones, and isLegal picks exactly them.
    pos.generatePseudoLegal(pseudo);
    int legalAmongPseudo = 0;
    for (const Move m : pseudo)
        legalAmongPseudo += pos.isLegal(m);
    if (legalAmongPseudo != moves.size && failure->isEmpty())
        *failure = QString::fromStdString(pos.fen() + ": pseudo-legal moves hold " + std::to_string(legalAmongPseudo)
                                          + " legal ones, not " + std::to_string(moves.size));
    quint64 nodes = 0;
    for (const Move m : moves) {
        const std::string san = pos.san(m);
        std::string error;
        if (pos.parseSan(san, &error) != m && failure->isEmpty())
            *failure = QString::fromStdString(pos.fen() + ": " + san + " reads back as something else: " + error);
        if (!pos.isLegal(m) && failure->isEmpty())
            *failure = QString::fromStdString(pos.fen() + ": generated " + san + " is not isLegal()");
        if (pos.parseUci(pos.uci(m)) != m && failure->isEmpty())
            *failure = QString::fromStdString(pos.fen() + ": " + san + " as UCI " + pos.uci(m) + " reads back wrong");
        nodes += checkedPerft(pos.after(m), depth - 1, failure);
    }
    return nodes;
}

} // namespace

class TestVariantPerft : public QObject {
    Q_OBJECT

private slots:
    void perft_data()
    {
        QTest::addColumn<QString>("variant");
        QTest::addColumn<QString>("fen");
        QTest::addColumn<int>("depth");
        QTest::addColumn<quint64>("nodes");
        QFile file(QStringLiteral(CQLWB_TEST_DATA "/variants/perft.tsv"));
        QVERIFY2(file.open(QIODevice::ReadOnly), qPrintable(file.fileName()));
        int rows = 0;
        bool header = true;
        while (!file.atEnd()) {
            const QString line = QString::fromUtf8(file.readLine()).trimmed();
            if (line.isEmpty()) continue;
            if (header) {
                header = false;
                continue;
            }
            const QStringList f = line.split(QLatin1Char('\t'));
            QCOMPARE(f.size(), 4);
            ++rows;
            QTest::addRow("%s %d: %s", qPrintable(f[0]), f[2].toInt(), qPrintable(f[1]))
                << f[0] << f[1] << f[2].toInt() << f[3].toULongLong();
        }
        QCOMPARE(rows, 160);
    }

    void perft()
    {
        QFETCH(QString, variant);
        QFETCH(QString, fen);
        QFETCH(int, depth);
        QFETCH(quint64, nodes);
        if (quickMode() && nodes > QuickLimit) QSKIP("deep case skipped (CQLWB_QUICK)");
        const auto v = parseVariantName(variant.toStdString());
        QVERIFY(v);
        std::string error;
        const auto pos = Position::fromFen(fen.toStdString(), &error, false, nullptr, *v);
        QVERIFY2(pos, error.c_str());
        QCOMPARE(pos->fen(), fen.toStdString()); // the FEN is written back as chessops wrote it
        QCOMPARE(chess::perft(*pos, depth), nodes);
        if (depth <= 2) {
            QString failure;
            QCOMPARE(checkedPerft(*pos, depth, &failure), nodes);
            QVERIFY2(failure.isEmpty(), qPrintable(failure));
        }
    }
};

QTEST_APPLESS_MAIN(TestVariantPerft)
#include "tst_variantperft.moc"
