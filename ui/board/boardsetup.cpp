// FEN reading and writing for positions that need not be legal yet.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "boardsetup.h"

#include <QStringList>

namespace wb {

using namespace chess;

namespace {

// Whether castling right `letter` still has its king and rook in place.
bool castlingHolds(const BoardSetup &s, QChar letter)
{
    const bool white = letter.isUpper();
    const int rank = white ? 0 : 7;
    const Piece king = white ? WKing : BKing, rook = white ? WRook : BRook;
    const char c = letter.toLower().toLatin1();
    int rookFile;
    if (c == 'k')
        rookFile = 7;
    else if (c == 'q')
        rookFile = 0;
    else if (c >= 'a' && c <= 'h')
        rookFile = c - 'a'; // Shredder-FEN names the rook's file
    else
        return false;
    if (s.at(makeSquare(rookFile, rank)) != rook) return false;
    // KQkq: the king on its own square; Shredder letters: anywhere on its first rank.
    if (c == 'k' || c == 'q') return s.at(makeSquare(4, rank)) == king;
    for (int f = 0; f < 8; ++f)
        if (s.at(makeSquare(f, rank)) == king) return true;
    return false;
}

bool enPassantHolds(const BoardSetup &s)
{
    const Square ep = parseSquare(s.enPassant.toStdString());
    if (ep == NoSquare) return false;
    // The pawn that just moved two squares stands in front of the square.
    const bool whiteMoved = s.sideToMove == Black;
    if (rankOf(ep) != (whiteMoved ? 2 : 5)) return false;
    const Square pawn = makeSquare(fileOf(ep), whiteMoved ? 3 : 4);
    return s.at(pawn) == (whiteMoved ? WPawn : BPawn) && s.at(ep) == NoPiece;
}

} // namespace

BoardSetup BoardSetup::empty()
{
    BoardSetup s;
    s.pieces.fill(NoPiece);
    return s;
}

BoardSetup BoardSetup::fromPosition(const Position &position)
{
    // Its own FEN keeps castling and en passant as the position reads them.
    if (auto s = fromFen(QString::fromStdString(position.fen()))) return *s;
    return empty();
}

std::optional<BoardSetup> BoardSetup::fromFen(const QString &fen, QString *error)
{
    const QStringList fields = fen.simplified().split(QLatin1Char(' '), Qt::SkipEmptyParts);
    auto fail = [error](const QString &why) {
        if (error) *error = why;
        return std::nullopt;
    };
    if (fields.isEmpty()) return fail(tr("The text is no FEN."));
    BoardSetup s = empty();
    const QStringList ranks = fields[0].split(QLatin1Char('/'));
    if (ranks.size() != 8) return fail(tr("A FEN board has 8 ranks, this one %1.").arg(ranks.size()));
    for (int r = 0; r < 8; ++r) {
        int file = 0;
        for (QChar ch : ranks[r]) {
            if (ch >= QLatin1Char('1') && ch <= QLatin1Char('8')) {
                file += ch.digitValue();
            } else {
                const Piece p = pieceFromChar(ch.toLatin1());
                if (p == NoPiece) return fail(tr("'%1' is no piece.").arg(ch));
                if (file < 8) s.put(makeSquare(file, 7 - r), p);
                ++file;
            }
            if (file > 8) break;
        }
        if (file != 8) return fail(tr("Rank %1 of the FEN does not have 8 squares.").arg(8 - r));
    }
    if (fields.size() > 1) {
        if (fields[1] != QLatin1String("w") && fields[1] != QLatin1String("b"))
            return fail(tr("The side to move is 'w' or 'b', not '%1'.").arg(fields[1]));
        s.sideToMove = fields[1] == QLatin1String("w") ? White : Black;
    }
    if (fields.size() > 2) s.castling = fields[2];
    if (fields.size() > 3) s.enPassant = fields[3];
    if (fields.size() > 4) s.halfmoveClock = qMax(0, fields[4].toInt());
    if (fields.size() > 5) s.fullmoveNumber = qMax(1, fields[5].toInt());
    return s;
}

QString BoardSetup::fen() const
{
    QString board;
    for (int r = 7; r >= 0; --r) {
        int gap = 0;
        for (int f = 0; f < 8; ++f) {
            const Piece p = at(makeSquare(f, r));
            if (p == NoPiece) {
                ++gap;
                continue;
            }
            if (gap) board += QString::number(gap);
            gap = 0;
            board += QLatin1Char(pieceChar(p));
        }
        if (gap) board += QString::number(gap);
        if (r) board += QLatin1Char('/');
    }
    QString rights;
    for (QChar c : castling)
        if (castlingHolds(*this, c) && !rights.contains(c)) rights += c;
    return QStringLiteral("%1 %2 %3 %4 %5 %6")
        .arg(board, sideToMove == White ? QStringLiteral("w") : QStringLiteral("b"),
             rights.isEmpty() ? QStringLiteral("-") : rights, enPassantHolds(*this) ? enPassant : QStringLiteral("-"))
        .arg(halfmoveClock)
        .arg(fullmoveNumber);
}

std::optional<Position> BoardSetup::position(QString *error) const
{
    std::string why;
    auto p = Position::fromFen(fen().toStdString(), &why);
    if (!p && error) *error = QString::fromStdString(why);
    return p;
}

int BoardSetup::pieceCount() const
{
    int n = 0;
    for (Piece p : pieces)
        n += p != NoPiece;
    return n;
}

} // namespace wb
