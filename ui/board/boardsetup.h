// A position as the set-up mode edits it: any pieces on any squares (a board
// with one king or none is a step on the way), the side to move and the other
// FEN fields kept as given.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "chess/position.h"

#include <QCoreApplication>
#include <QString>
#include <array>
#include <optional>

namespace wb {

struct BoardSetup {
    Q_DECLARE_TR_FUNCTIONS(wb::BoardSetup)

public:
    std::array<chess::Piece, 64> pieces{}; // NoPiece where empty
    chess::Color sideToMove = chess::White;
    QString castling = QStringLiteral("-");
    QString enPassant = QStringLiteral("-");
    int halfmoveClock = 0;
    int fullmoveNumber = 1;

    static BoardSetup empty();
    static BoardSetup fromPosition(const chess::Position &position);
    // The board field and, when given, the others; nullopt (and why) for a
    // board field that is not eight ranks of eight squares.
    static std::optional<BoardSetup> fromFen(const QString &fen, QString *error = nullptr);
    // Castling rights whose king or rook has left its square, and an en
    // passant square without the pawn that passed it, are left out.
    QString fen() const;
    // The position when a game could reach it; nullopt and why otherwise.
    std::optional<chess::Position> position(QString *error = nullptr) const;

    chess::Piece at(chess::Square s) const { return pieces[size_t(s)]; }
    void put(chess::Square s, chess::Piece p) { pieces[size_t(s)] = p; }
    int pieceCount() const;
    bool operator==(const BoardSetup &other) const = default;
};

} // namespace wb
