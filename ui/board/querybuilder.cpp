// One designator per square keeps the meaning plain: "Ra1 Rh1" needs both
// rooks, where "R[a1,h1]" would be content with either.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "querybuilder.h"

#include <QStringList>

namespace wb {

using namespace chess;

namespace {

constexpr PieceType Order[] = {King, Queen, Rook, Bishop, Knight, Pawn};

QString nameOf(Square s) { return QString::fromStdString(chess::squareName(s)); }

// "Kg1 Ra1 Rf1 Pa2": the pieces of one colour on `squares`, by kind.
QString piecesOf(const BoardSetup &setup, SquareSet squares, Color colour, bool anyColour)
{
    QStringList words;
    for (PieceType t : Order) {
        const Piece piece = makePiece(colour, t);
        QString name = QChar(pieceChar(piece));
        if (anyColour)
            name = QStringLiteral("[%1%2]").arg(QChar(pieceChar(makePiece(White, t))),
                                                QChar(pieceChar(makePiece(Black, t))));
        for (Square s : squares)
            if (setup.at(s) == piece) words << name + nameOf(s);
    }
    return words.join(QLatin1Char(' '));
}

QString sideText(Color c) { return c == White ? BoardSetup::tr("White to move") : BoardSetup::tr("Black to move"); }

} // namespace

QString positionQuery(const BoardSetup &setup)
{
    const SquareSet all = SquareSet::all();
    QStringList lines;
    const int count = setup.pieceCount();
    lines << QStringLiteral("// ")
            + BoardSetup::tr("Find this position: %1, no other pieces").arg(sideText(setup.sideToMove));
    lines << QStringLiteral("cql()");
    lines << (setup.sideToMove == White ? QStringLiteral("wtm") : QStringLiteral("btm"));
    for (Color c : {White, Black}) {
        const QString pieces = piecesOf(setup, all, c, false);
        if (!pieces.isEmpty()) lines << pieces;
    }
    lines << QStringLiteral("#[Aa] == %1").arg(count);
    return lines.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

QString patternQuery(const BoardSetup &setup, SquareSet squares, const PatternOptions &options)
{
    if (squares.empty())
        for (int s = 0; s < 64; ++s)
            if (setup.at(Square(s)) != NoPiece) squares |= SquareSet::of(Square(s));
    QStringList body;
    if (options.anyColour) {
        // Each square once, whichever colour stands there.
        SquareSet both;
        for (Square s : squares)
            if (setup.at(s) != NoPiece) both |= SquareSet::of(s);
        BoardSetup white = setup;
        for (Square s : both)
            white.put(s, makePiece(White, typeOf(setup.at(s))));
        const QString pieces = piecesOf(white, both, White, true);
        if (!pieces.isEmpty()) body << pieces;
    } else {
        for (Color c : {White, Black}) {
            const QString pieces = piecesOf(setup, squares, c, false);
            if (!pieces.isEmpty()) body << pieces;
        }
    }
    if (options.emptySquares) {
        QStringList empty;
        for (Square s : squares)
            if (setup.at(s) == NoPiece) empty << QLatin1Char('_') + nameOf(s);
        if (!empty.isEmpty()) body << empty.join(QLatin1Char(' '));
    }
    if (body.isEmpty()) return QString();
    QStringList lines;
    QString title = BoardSetup::tr("Find this pattern");
    if (!options.transform.isEmpty()) title = BoardSetup::tr("Find this pattern under %1").arg(options.transform);
    lines << QStringLiteral("// ") + title;
    lines << QStringLiteral("cql()");
    if (options.transform.isEmpty()) {
        lines << body;
    } else {
        lines << options.transform + QStringLiteral(" {");
        for (const QString &line : std::as_const(body))
            lines << QStringLiteral("  ") + line;
        lines << QStringLiteral("}");
    }
    return lines.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

} // namespace wb
