// Piece designator text from a square selection.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "designator.h"

#include <QStringList>

namespace wb {

using namespace chess;

namespace {

QString rangeText(char first, char last)
{
    return first == last ? QString(QChar(first)) : QStringLiteral("%1-%2").arg(QChar(first)).arg(QChar(last));
}

} // namespace

QString squareDesignator(SquareSet squares)
{
    if (squares.empty() || squares == SquareSet::all()) return QString();
    // Greedy rectangles in board order: each grows along its rank first, then
    // upwards while every square of the next rank's span is selected.
    QStringList parts;
    SquareSet left = squares;
    while (left.any()) {
        const Square s = left.first();
        const int f0 = fileOf(s), r0 = rankOf(s);
        int f1 = f0;
        while (f1 < 7 && left.contains(makeSquare(f1 + 1, r0)))
            ++f1;
        int r1 = r0;
        for (;;) {
            if (r1 == 7) break;
            bool full = true;
            for (int f = f0; f <= f1 && full; ++f)
                full = left.contains(makeSquare(f, r1 + 1));
            if (!full) break;
            ++r1;
        }
        for (int r = r0; r <= r1; ++r)
            for (int f = f0; f <= f1; ++f)
                left -= SquareSet::of(makeSquare(f, r));
        parts << rangeText(char('a' + f0), char('a' + f1)) + rangeText(char('1' + r0), char('1' + r1));
    }
    if (parts.size() == 1) return parts.first();
    return QLatin1Char('[') + parts.join(QLatin1Char(',')) + QLatin1Char(']');
}

QString pieceDesignator(const Position &position, SquareSet squares, const DesignatorOptions &options)
{
    BoardSetup setup = BoardSetup::empty();
    for (Square s : position.occupied())
        setup.put(s, position.pieceAt(s));
    return pieceDesignator(setup, squares, options);
}

QString pieceDesignator(const BoardSetup &position, SquareSet squares, const DesignatorOptions &options)
{
    if (squares.empty()) return QString();
    const QString squarePart = squareDesignator(squares);
    if (!options.withContents) return squarePart.isEmpty() ? QStringLiteral(".") : squarePart;

    bool present[16] = {};
    bool empty = false;
    for (Square s : squares) {
        Piece p = position.at(s);
        if (p == NoPiece)
            empty = true;
        else
            present[p] = true;
    }
    static const PieceType order[] = {King, Queen, Rook, Bishop, Knight, Pawn};
    QString pieces;
    if (options.ignoreColor) {
        for (PieceType t : order)
            if (present[makePiece(White, t)] || present[makePiece(Black, t)]) {
                pieces += QChar(pieceChar(makePiece(White, t)));
                pieces += QChar(pieceChar(makePiece(Black, t)));
            }
    } else {
        for (Color c : {White, Black})
            for (PieceType t : order)
                if (present[makePiece(c, t)]) pieces += QChar(pieceChar(makePiece(c, t)));
    }
    if (empty) pieces += QLatin1Char('_');
    const QString piecePart = pieces.size() == 1 ? pieces : QLatin1Char('[') + pieces + QLatin1Char(']');
    return piecePart + squarePart;
}

} // namespace wb
