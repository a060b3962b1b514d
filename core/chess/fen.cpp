// FEN reading (with X-FEN / Shredder-FEN castling and clear errors) and writing.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "position.h"
#include "bitops.h"

#include <array>
#include <charconv>

namespace chess {

using namespace detail;

namespace {

std::nullopt_t fail(std::string *error, std::string message)
{
    if (error)
        *error = "FEN: " + std::move(message);
    return std::nullopt;
}

bool parseNumber(std::string_view text, int &value, int maxValue)
{
    if (text.empty() || text.size() > 9)
        return false;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    return ec == std::errc() && end == text.data() + text.size() && value >= 0 && value <= maxValue;
}

// Back-rank rooks of colour c, outermost first on the requested side of the king.
Square outermostRook(const Position &pos, Color c, Square king, bool kingSide)
{
    const uint64_t rooks = bb(pos, c, Rook) & rankBB(rankOf(king));
    if (kingSide) {
        const uint64_t right = rooks & ~((bit(king) << 1) - 1);
        return right ? Square(63 - std::countl_zero(right)) : NoSquare;
    }
    const uint64_t left = rooks & (bit(king) - 1);
    return left ? lsb(left) : NoSquare;
}

} // namespace

std::optional<Position> Position::fromFen(std::string_view fen, std::string *error, bool chess960)
{
    std::array<std::string_view, 7> fields;
    int count = 0;
    for (size_t i = 0; i < fen.size();) {
        if (fen[i] == ' ' || fen[i] == '\t' || fen[i] == '\r' || fen[i] == '\n') {
            ++i;
            continue;
        }
        const size_t start = i;
        while (i < fen.size() && fen[i] != ' ' && fen[i] != '\t' && fen[i] != '\r' && fen[i] != '\n')
            ++i;
        if (count == int(fields.size())) {
            ++count;
            break;
        }
        fields[count++] = fen.substr(start, i - start);
    }
    if (count < 4 || count > 6) {
        return fail(error, count > 6 ? "too many fields (expected 4 to 6)"
                                     : "expected 4 to 6 fields, got " + std::to_string(count));
    }

    Position pos{EmptyTag{}};
    pos.m_chess960 = chess960;

    // Piece placement, rank 8 first.
    {
        const std::string_view placement = fields[0];
        const auto bad = [&] { return fail(error, "bad piece placement '" + std::string(placement) + "'"); };
        int rank = 7, file = 0;
        for (const char c : placement) {
            if (c == '/') {
                if (file != 8 || rank == 0)
                    return bad();
                --rank;
                file = 0;
            } else if (c >= '1' && c <= '8') {
                file += c - '0';
                if (file > 8)
                    return bad();
            } else {
                const Piece p = pieceFromChar(c);
                if (p == NoPiece || file >= 8)
                    return bad();
                pos.putPiece(p, makeSquare(file++, rank));
            }
        }
        if (rank != 0 || file != 8)
            return bad();
    }
    for (const Color c : {White, Black}) {
        const char *name = c == White ? "white" : "black";
        const int kings = pos.pieces(c, King).count();
        if (kings == 0)
            return fail(error, std::string(name) + " king missing");
        if (kings > 1)
            return fail(error, "too many " + std::string(name) + " kings");
    }
    if ((pos.pieces(Pawn) & (SquareSet::rank(0) | SquareSet::rank(7))).any())
        return fail(error, "pawn on rank 1 or 8");

    if (fields[1] == "w" || fields[1] == "W")
        pos.m_stm = White;
    else if (fields[1] == "b" || fields[1] == "B")
        pos.m_stm = Black;
    else
        return fail(error, "side to move must be w or b, not '" + std::string(fields[1]) + "'");

    // Castling: KQkq (outermost rook on that side, X-FEN), or file letters (Shredder-FEN,
    // X-FEN for inner rooks). Rights without a matching king and rook are dropped, as
    // files in the wild often carry stale KQkq.
    if (fields[2] != "-") {
        for (const char c : fields[2]) {
            const Color color = (c >= 'a' && c <= 'z') ? Black : White;
            const char upper = color == Black ? char(c - 'a' + 'A') : c;
            if (!((upper >= 'A' && upper <= 'H') || upper == 'K' || upper == 'Q'))
                return fail(error, "bad castling field '" + std::string(fields[2]) + "'");
            const Square king = pos.kingSquare(color);
            if (rankOf(king) != (color == White ? 0 : 7))
                continue;
            Square rook = NoSquare;
            if (upper == 'K' || upper == 'Q') {
                rook = outermostRook(pos, color, king, upper == 'K');
            } else {
                const Square s = makeSquare(upper - 'A', rankOf(king));
                if (pos.m_board[s] == makePiece(color, Rook))
                    rook = s;
            }
            if (rook != NoSquare)
                pos.m_castleRooks |= SquareSet::of(rook);
        }
    }
    if (!pos.m_chess960) {
        for (const Color c : {White, Black}) {
            const int back = c == White ? 0 : 7;
            const SquareSet rooks = pos.m_castleRooks & SquareSet::rank(back);
            if (rooks.any()
                && (pos.kingSquare(c) != makeSquare(4, back) || (rooks - SquareSet::file(0) - SquareSet::file(7)).any()))
                pos.m_chess960 = true;
        }
    }

    Square ep = NoSquare;
    if (fields[3] != "-") {
        ep = parseSquare(fields[3]);
        if (ep == NoSquare)
            return fail(error, "bad en passant square '" + std::string(fields[3]) + "'");
    }

    int halfmove = 0, fullmove = 1;
    if (count >= 5 && !parseNumber(fields[4], halfmove, 65535))
        return fail(error, "bad halfmove clock '" + std::string(fields[4]) + "'");
    if (count >= 6 && !parseNumber(fields[5], fullmove, 65535))
        return fail(error, "bad fullmove number '" + std::string(fields[5]) + "'");
    pos.m_halfmove = uint16_t(halfmove);
    pos.m_fullmove = uint16_t(fullmove == 0 ? 1 : fullmove);

    const Color them = ~pos.m_stm;
    if (pos.attackersTo(pos.kingSquare(them), pos.m_stm).any())
        return fail(error, std::string("side not to move (") + (them == White ? "white" : "black") + ") is in check");
    pos.m_checkers = pos.attackersTo(pos.kingSquare(pos.m_stm), them);
    pos.setEnPassantIfLegal(ep);
    pos.m_key = pos.computeKey();
    return pos;
}

std::string Position::fen() const
{
    std::string out;
    out.reserve(90);
    for (int rank = 7; rank >= 0; --rank) {
        int empty = 0;
        for (int file = 0; file < 8; ++file) {
            const Piece p = m_board[makeSquare(file, rank)];
            if (p == NoPiece) {
                ++empty;
                continue;
            }
            if (empty)
                out += char('0' + empty);
            empty = 0;
            out += pieceChar(p);
        }
        if (empty)
            out += char('0' + empty);
        if (rank)
            out += '/';
    }
    out += m_stm == White ? " w " : " b ";

    const size_t castlingStart = out.size();
    for (const Color c : {White, Black}) {
        const Square king = kingSquare(c);
        const SquareSet rooks = m_castleRooks & SquareSet::rank(c == White ? 0 : 7);
        for (const bool kingSide : {true, false}) {
            // Written outermost first, so Shredder letters come out as e.g. "HA".
            uint64_t side = rooks.bits() & (kingSide ? ~((bit(king) << 1) - 1) : bit(king) - 1);
            while (side) {
                const Square rook = kingSide ? Square(63 - std::countl_zero(side)) : lsb(side);
                side &= ~bit(rook);
                char letter;
                if (rook == outermostRook(*this, c, king, kingSide))
                    letter = kingSide ? 'K' : 'Q';
                else
                    letter = char('A' + fileOf(rook));
                out += c == White ? letter : char(letter - 'A' + 'a');
            }
        }
    }
    if (out.size() == castlingStart)
        out += '-';
    out += ' ';
    out += squareName(m_ep);
    out += ' ';
    out += std::to_string(m_halfmove);
    out += ' ';
    out += std::to_string(m_fullmove);
    return out;
}

} // namespace chess
