// A chess position with legal move generation, copy-make moves, FEN and SAN.
// Chess960 is a flag: castling rights are kept as rook squares, so both
// Shredder-FEN (HAha) and X-FEN (KQkq resolved to outermost rooks) work.
// A position also knows its variant (variant.h): standard chess takes the
// same paths as before, every variant rule sits behind one test of it.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "move.h"
#include "pocket.h"
#include "squareset.h"
#include "variant.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace chess {

// Room for the most moves a position has: Crazyhouse drops can pass 256.
// Left uninitialised: generating moves should not first clear a kilobyte.
struct MoveList {
    static constexpr int Capacity = 512;
    MoveList() {}
    union {
        std::array<Move, Capacity> moves;
    };
    int size = 0;
    void push(Move m) { moves[size++] = m; }
    const Move *begin() const { return moves.data(); }
    const Move *end() const { return moves.data() + size; }
    bool contains(Move m) const;
};

class Position {
public:
    static const char *const StartFen;

    Position(); // the standard start position
    // Parses a FEN (4 to 6 fields). On failure returns nullopt and, if error is
    // given, a plain message naming the bad field or why no game can reach the
    // position (a king missing, too many pawns or promoted pieces, checks no
    // move gives). Castling rights without their king and rook, and an en
    // passant square no double push can have left, are dropped; warnings, if
    // given, gets a line saying so for each ("FEN: castling right K dropped:
    // ..."), and only when a position is returned.
    // Under a variant the FEN may carry its state as lichess and chessops
    // write it: Crazyhouse pockets ("RNBQKBNR[Qn]" or a ninth rank
    // "RNBQKBNR/Qn") and promoted pieces ("Q~"), Three-check counters (the
    // checks left, "3+3" after the en passant square, or the checks given at
    // the end, "+1+0"). Antichess positions need no king and have no check.
    static std::optional<Position> fromFen(std::string_view fen, std::string *error = nullptr, bool chess960 = false,
                                           std::vector<std::string> *warnings = nullptr,
                                           Variant variant = Variant::Standard);
    // FEN; castling written as KQkq when unambiguous, else Shredder letters.
    // Variants as chessops writes them: "[pockets]" and "~" in Crazyhouse, the
    // checks left ("2+3") after the en passant square in Three-check.
    std::string fen() const;
    // The start position of a variant (standard arrangement, empty pockets,
    // three checks each).
    static Position startOf(Variant v);

    Variant variant() const { return Variant(m_variantBits & 7); }
    // Plays the position under another variant's rules: castling rights go in
    // Antichess, pockets and counters start empty / full.
    void setVariant(Variant v);
    // Three-check: checks a side may still give before it wins (3 at the start).
    int checksLeft(Color c) const { return 3 - checksGiven(c); }
    int checksGiven(Color c) const { return m_variantBits >> (3 + 2 * c) & 3; }
    // Crazyhouse: the pieces in hand, and the pieces on the board that came
    // from a promotion (captured, they go to the pocket as pawns).
    const Pocket &pocket() const { return m_pocket; }
    // Bughouse: a piece the partner board captured arrives in a pocket (and a
    // board's own capture leaves its captor's); the key follows.
    void addToPocket(Color c, PieceType t);
    void takeFromPocket(Color c, PieceType t);
    SquareSet promoted() const { return m_byType[NoPieceType]; }
    // The variant's own end of the game in this position, if any (a third
    // check given, a king on the hill, Antichess's win by losing everything
    // or being stalemated); None in standard chess. The winner is
    // variantWinner().
    VariantEnd variantEnd() const;
    Color variantWinner() const;
    // Whether the game is over: no legal move (mate, stalemate) or a variant end.
    bool isGameOver() const { return variantEnd() != VariantEnd::None || !hasLegalMove(); }

    Piece pieceAt(Square s) const { return m_board[s]; }
    SquareSet occupied() const { return m_byColor[White] | m_byColor[Black]; }
    SquareSet pieces(Color c) const { return m_byColor[c]; }
    SquareSet pieces(PieceType t) const { return m_byType[t]; }
    SquareSet pieces(Color c, PieceType t) const { return m_byColor[c] & m_byType[t]; }
    SquareSet pieces(Piece p) const { return pieces(colorOf(p), typeOf(p)); }
    Square kingSquare(Color c) const { return pieces(c, King).first(); }

    Color sideToMove() const { return m_stm; }
    // En passant target square only if a legal en passant capture exists, else NoSquare.
    Square epSquare() const { return m_ep; }
    // Rooks that may still castle (squares of the rooks, either colour).
    SquareSet castlingRooks() const { return m_castleRooks; }
    int halfmoveClock() const { return m_halfmove; }
    int fullmoveNumber() const { return m_fullmove; }
    bool chess960() const { return m_chess960; }
    void setChess960(bool on) { m_chess960 = on; }
    // Reads the position as standard chess: castling only with the king on
    // e1/e8 and the rook in its corner; other rights are dropped. This is how
    // engines without Chess960 support (the reference cql among them) see a
    // Chess960 start position.
    void restrictToStandardCastling();
    uint64_t key() const { return m_key; } // Zobrist; equal keys = same position for repetition

    SquareSet checkers() const { return m_checkers; }
    bool inCheck() const { return m_checkers.any(); }
    // Pieces of colour `by` attacking s (with the current occupancy).
    SquareSet attackersTo(Square s, Color by) const;
    SquareSet attackersTo(Square s, Color by, SquareSet occupied) const;
    // Squares attacked by the piece standing on s (empty square: none).
    SquareSet attacksFrom(Square s) const;
    // Pieces of colour c pinned to their own king.
    SquareSet pinned(Color c) const;

    void generateLegal(MoveList &out) const;
    // Moves by the rules of movement that may leave the own king attacked; castling is
    // included when its squares are empty (attacks on the king's path are not checked).
    // Crazyhouse adds every drop, Antichess has its own moves (captures not forced).
    void generatePseudoLegal(MoveList &out) const;
    bool hasLegalMove() const;
    // A variant's own end is neither (after a third check no move is left,
    // but the game was won by the check, not mated).
    bool isCheckmate() const { return inCheck() && !hasLegalMove() && !variantEndsGame(); }
    bool isStalemate() const { return !inCheck() && !hasLegalMove() && !variantEndsGame(); }
    bool isLegal(Move m) const;
    bool isPseudoLegal(Move m) const;
    // The piece a move moves / captures (en passant: the pawn; castling: none).
    Piece movedPiece(Move m) const { return m_board[m.from()]; }
    Piece capturedPiece(Move m) const;
    Square captureSquare(Move m) const; // differs from to() only for en passant

    // Copy-make: the position after m (legal or null move assumed).
    Position after(Move m) const
    {
        Position p(*this);
        p.play(m);
        return p;
    }
    void play(Move m);
    // play without keeping key() up to date (it becomes meaningless): for a
    // replay that only checks moves, never repetitions.
    void playUnkeyed(Move m);
    // The SAN forms nearly all games are written in ("e4", "exd5", "Nf3", "Nbxd2",
    // "Kf1", with or without '+' or '#'), read and played in one step when the side
    // to move is not in check and the move is legal and unambiguous: returns the
    // move. Anything else returns Move::none() and leaves the position as it was;
    // parseSan then decides (and explains an illegal move).
    Move playCommonSan(std::string_view san);
    Move playCommonSanUnkeyed(std::string_view san); // as playUnkeyed

    // SAN input, tolerant of what real files contain: 0-0 / O-O, missing or extra
    // +/#/!/?, e8Q and e8=Q, redundant disambiguation, UCI-style e2e4 / e7e8q,
    // castling written as king takes rook. Returns Move::none() and sets error
    // ("illegal move", "ambiguous move", "bad move syntax") when it cannot.
    // Also accepted: "e8(Q)", "e8/Q", lowercase promotion letters, "ed5" for exd5,
    // "exd6 e.p.", "Ng1-f3", a bare "e8" (taken as e8=Q), a king's two-square move
    // to its castling square ("Kg1", "e1g1"). "--", "Z0", "0000" give Move::null()
    // (the caller decides whether null moves are allowed). No allocation unless an
    // error string is set; only the pieces able to reach the target are examined.
    Move parseSan(std::string_view san, std::string *error = nullptr) const;
    // Coordinate move ("e2e4", "e7e8q", "0000" = null, "N@f3" a drop); castling
    // as "e1g1" or king takes rook ("e1h1"). Move::none() unless legal.
    Move parseUci(std::string_view uci) const;
    // Canonical SAN with +/#; "--" for the null move. Drops as lichess writes
    // them ("N@f3", "P@e4"); in a variant '#' marks every move that decides
    // the game (third check, king on the hill, Antichess's last move).
    std::string san(Move m) const;
    // SAN without the check or mate sign, appended to out: for a writer that
    // knows the position after the move already and need not play it again.
    void appendSanMove(std::string &out, Move m) const;
    // Castling is written king-to-destination ("e1g1"), or king takes rook in Chess960.
    std::string uci(Move m) const;

private:
    // Internal helpers shared by position.cpp, movegen.cpp, fen.cpp and san.cpp.
    struct EmptyTag {};
    bool variantEndsGame() const { return m_variantBits != 0 && variantEnd() != VariantEnd::None; }
    // The variants' rules (variantrules.cpp, variantsan.cpp).
    void generateStandard(MoveList &out) const;
    void generateVariant(MoveList &out) const;
    // forced: only captures when one exists (legal moves); else every move
    // by the rules of movement (pseudo-legal ones).
    void generateAntichess(MoveList &out, bool forced = true) const;
    // blockChecks: in check, only drops that block a single check (legal ones); else drops
    // on every empty square (pseudo-legal ones).
    void generateDrops(MoveList &out, bool blockChecks = true) const;
    bool antichessCaptureExists() const;
    // A third check given or a king on the hill: the game is over, though
    // the standard rules would still allow moves.
    bool wonOnTheBoard() const;
    bool dropLegal(Move drop) const;
    void playVariant(Move m);
    void playDrop(Move m);
    void setChecksLeft(Color c, int left);
    Move parseSanVariant(std::string_view san, std::string *error) const;
    uint64_t variantSanRivals(Move m) const;
    explicit Position(EmptyTag) {}
    void putPiece(Piece p, Square s);
    void removePiece(Square s);
    uint64_t computeKey() const;
    // Sets m_ep (and its key) to ep if the side to move has a legal en passant capture there.
    void setEnPassantIfLegal(Square ep);
    bool epCaptureLegal(Square from, Square ep) const;
    // Castling of the side to move with the rook on `rook`: path empty and safe.
    bool castlingLegal(Square king, Square rook) const;
    bool castlingPathClear(Square king, Square rook) const;
    // Legality of a pseudo-legal move given the pinned pieces of the side to move.
    bool legalGivenPinned(Move m, SquareSet pinnedPieces) const;
    Move sanCastling(bool kingSide, std::string *error) const;
    bool leavesKingLineExposed(Square from, Square to, uint64_t occ) const;
    template <bool Keys>
    void playImpl(Move m);
    template <bool Keys>
    void playNormal(Square from, Square to, Piece placed);
    void playSpecial(Move m);
    template <bool Keys>
    Move playCommonSanImpl(std::string_view san);

    std::array<Piece, 64> m_board{};
    std::array<SquareSet, 2> m_byColor{};
    // [NoPieceType] holds Crazyhouse's promoted pieces: no piece has that
    // type, and a move clears its target square there only when it captures
    // nothing, where no promoted piece stands.
    std::array<SquareSet, 7> m_byType{};
    SquareSet m_castleRooks;
    SquareSet m_checkers;
    uint64_t m_key = 0;
    Color m_stm = White;
    Square m_ep = NoSquare;
    uint16_t m_halfmove = 0;
    uint16_t m_fullmove = 1;
    bool m_chess960 = false;
    // The variant (3 bits) and Three-check's checks given (2 bits per colour,
    // White's first) fill the last byte of padding, so the byte is zero in
    // standard chess and one test of it guards every variant rule; the
    // pockets take one word.
    uint8_t m_variantBits = 0;
    Pocket m_pocket;
};

// Number of leaf nodes of the legal move tree of the given depth (depth <= 0: 1).
uint64_t perft(const Position &pos, int depth);

} // namespace chess
