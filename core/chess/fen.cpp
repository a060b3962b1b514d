// FEN reading (with X-FEN / Shredder-FEN castling and clear errors) and writing.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "position.h"
#include "bitops.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <iterator>
#include <utility>

namespace chess {

using namespace detail;

namespace {

std::nullopt_t fail(std::string *error, std::string message)
{
    if (error) *error = "FEN: " + std::move(message);
    return std::nullopt;
}

bool parseNumber(std::string_view text, int &value, int maxValue)
{
    if (text.empty() || text.size() > 9) return false;
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

const char *colorName(Color c) { return c == White ? "white" : "black"; }

const char *typeName(PieceType t)
{
    static const char *const names[] = {"", "pawn", "knight", "bishop", "rook", "queen", "king"};
    return names[t];
}

std::string pieceOn(const Position &pos, Square s)
{
    return std::string("the ") + typeName(typeOf(pos.pieceAt(s))) + " on " + squareName(s);
}

bool isSlider(Piece p)
{
    const PieceType t = typeOf(p);
    return t == Bishop || t == Rook || t == Queen;
}

// Material no game can reach. Every piece beyond the initial set (one queen,
// two rooks, two bishops, two knights) is a promoted pawn, and a pawn that
// promoted is gone. Bishops are counted together, not per square colour:
// shuffle-chess starts (FICS wild), which PGN FEN tags carry, may put both on
// one colour.
std::string impossibleMaterial(const Position &pos, Color c)
{
    const std::string name = colorName(c);
    const int all = pos.pieces(c).count();
    if (all > 16) return std::to_string(all) + " " + name + " pieces (at most 16)";
    const int pawns = pos.pieces(c, Pawn).count();
    if (pawns > 8) return std::to_string(pawns) + " " + name + " pawns (at most 8)";
    const auto beyond = [&](PieceType t, int initial) { return std::max(0, pos.pieces(c, t).count() - initial); };
    const int promoted = beyond(Queen, 1) + beyond(Rook, 2) + beyond(Bishop, 2) + beyond(Knight, 2);
    const auto counted = [](int n, const char *what) { return std::to_string(n) + " " + what + (n == 1 ? "" : "s"); };
    if (promoted > 8 - pawns)
        return name + " has " + counted(promoted, "promoted piece") + " but only " + counted(8 - pawns, "pawn")
            + " missing";
    return {};
}

// Where the pawn or knight on `to` can have come from in the move just
// played, promotion included.
SquareSet possibleOrigins(const Position &pos, Square to)
{
    const Piece p = pos.pieceAt(to);
    const Color mover = colorOf(p);
    const int rank = relativeRank(mover, rankOf(to));
    // A pawn's step or capture onto `to`; only asked where its origin is on the board.
    const auto step = [&] { return bit(Square(to - pawnPush(mover))) | pawnAttacksBB(~mover, to); };
    if (typeOf(p) == Knight) return SquareSet(knightAttacksBB(to) | (rank == 7 ? step() : 0));
    if (rank < 2) return {};
    return SquareSet(step() | (rank == 3 ? bit(Square(to - 2 * pawnPush(mover))) : 0));
}

// Checks that no last move can have given, as the reason; empty when they are
// possible. A move checks with the piece it puts on a square (the rook in a
// castling) and through a line it opens by leaving a square. En passant and
// castling leave two squares, but the lines through them cannot both reach
// the king while the moved piece checks too, so no move gives three checks.
// In a double check one checker is a bishop, rook or queen whose line the
// move opened: a pawn or knight checks from next to the king or by a jump,
// never through an opened line. Two sliders are possible, rook and rook
// included (e7xd8=R with a rook on e1 against a king on e8), so only a pawn
// or knight is traced back to where it came from.
std::string impossibleChecks(const Position &pos)
{
    const SquareSet checkers = pos.checkers();
    if (!checkers.moreThanOne()) return {};
    const Color us = pos.sideToMove();
    const Square king = pos.kingSquare(us);
    const std::string who = std::string("the ") + colorName(us) + " king on " + squareName(king);
    if (checkers.count() > 2)
        return "impossible check: " + who + " is attacked by " + std::to_string(checkers.count())
            + " pieces, and one move gives at most two checks";
    const Square a = checkers.first();
    const Square b = (checkers - SquareSet::of(a)).first();
    const std::string what = "impossible double check of " + who + " by " + pieceOn(pos, a) + " and " + pieceOn(pos, b);
    if (!isSlider(pos.pieceAt(a)) && !isSlider(pos.pieceAt(b)))
        return what + ": one of the two checks must come through an opened line, which needs a bishop, rook or queen";
    // The checker that moved came from the other's line, here the line beyond
    // the king, and no move crosses the king.
    if (between(a, b).contains(king))
        return what + " from both sides: the piece that moved cannot have crossed the king's line";
    for (const auto &[moved, opened] : {std::pair{a, b}, std::pair{b, a}}) {
        if (isSlider(pos.pieceAt(moved))) continue;
        if ((possibleOrigins(pos, moved) & between(opened, king)).empty())
            return what + ": the " + typeName(typeOf(pos.pieceAt(moved))) + " cannot have come from the "
                + typeName(typeOf(pos.pieceAt(opened))) + "'s line to the king";
    }
    return {};
}

// Why no double pawn push can have left the en passant square ep; empty when
// one can. Whether a capture there is legal is for setEnPassantIfLegal.
std::string impossibleEnPassant(const Position &pos, Square ep)
{
    const Color us = pos.sideToMove(), them = ~us;
    if (rankOf(ep) != (us == White ? 5 : 2))
        return std::string("with ") + colorName(us) + " to move it must be on rank " + (us == White ? "6" : "3");
    const Square pawn = Square(ep - pawnPush(us));
    const Square origin = Square(ep + pawnPush(us));
    const std::string push = squareName(origin) + "-" + squareName(pawn);
    if (pos.pieceAt(pawn) != makePiece(them, Pawn))
        return std::string("no ") + colorName(them) + " pawn on " + squareName(pawn) + " can have just played " + push;
    if (pos.pieceAt(ep) != NoPiece) return squareName(ep) + " is occupied, so no pawn has just passed it";
    if (pos.pieceAt(origin) != NoPiece) return squareName(origin) + " is occupied, so no pawn has just left it";
    // That push was the last move, so it gave every check: with its pawn, or
    // along a line through the square it left.
    for (const Square s : pos.checkers()) {
        if (s != pawn && !(isSlider(pos.pieceAt(s)) && between(s, pos.kingSquare(us)).contains(origin)))
            return std::string("the ") + colorName(us) + " king is in check from " + pieceOn(pos, s) + ", which "
                + colorName(them) + "'s last move " + push + " cannot have given";
    }
    return {};
}

} // namespace

std::optional<Position> Position::fromFen(std::string_view fen, std::string *error, bool chess960,
                                          std::vector<std::string> *warnings, Variant variant)
{
    // Handed out only with the position: a rejected FEN has its error alone.
    std::vector<std::string> corrections;
    const auto warn = [&](std::string message) {
        if (warnings) corrections.push_back("FEN: " + std::move(message));
    };
    std::array<std::string_view, 8> fields;
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
    // Three-check counters, in either of lichess's forms, come out of the
    // field list so the rest reads as in standard chess.
    std::array<int, 2> checksLeft{3, 3};
    // (count is one past the array when the FEN has too many fields: refused below.)
    if (variant == Variant::ThreeCheck && count >= 5 && count <= int(fields.size())) {
        const auto counters = [](std::string_view f, std::array<int, 2> &out) {
            if (f.size() != 3 || f[1] != '+' || f[0] < '0' || f[0] > '3' || f[2] < '0' || f[2] > '3') return false;
            out = {f[0] - '0', f[2] - '0'};
            return true;
        };
        std::array<int, 2> given{};
        if (counters(fields[4], checksLeft)) {
            std::copy(fields.begin() + 5, fields.end(), fields.begin() + 4);
            --count;
        } else if (fields[count - 1].size() == 4 && fields[count - 1][0] == '+'
                   && counters(fields[count - 1].substr(1), given)) {
            checksLeft = {3 - given[0], 3 - given[1]};
            --count;
        }
    }
    if (count < 4 || count > 6) {
        return fail(error,
                    count > 6 ? "too many fields (expected 4 to 6)"
                              : "expected 4 to 6 fields, got " + std::to_string(count));
    }

    Position pos{EmptyTag{}};
    pos.m_chess960 = chess960;
    pos.m_variantBits = uint8_t(variant);
    pos.setChecksLeft(White, checksLeft[0]);
    pos.setChecksLeft(Black, checksLeft[1]);

    // Piece placement, rank 8 first.
    {
        std::string_view placement = fields[0];
        if (variant == Variant::Crazyhouse) {
            // The pockets: "[NBp]" after the board, or a ninth rank "/NBp".
            std::string_view pocket;
            if (!placement.empty() && placement.back() == ']') {
                const size_t open = placement.find('[');
                if (open == std::string_view::npos)
                    return fail(error, "bad pocket in '" + std::string(placement) + "'");
                pocket = placement.substr(open + 1, placement.size() - open - 2);
                placement = placement.substr(0, open);
            } else if (std::count(placement.begin(), placement.end(), '/') == 8) {
                const size_t slash = placement.rfind('/');
                pocket = placement.substr(slash + 1);
                placement = placement.substr(0, slash);
            }
            if (!pos.m_pocket.parse(pocket)) return fail(error, "bad pocket '" + std::string(pocket) + "'");
        }
        const auto bad = [&] { return fail(error, "bad piece placement '" + std::string(placement) + "'"); };
        int rank = 7, file = 0;
        for (const char c : placement) {
            if (c == '/') {
                if (file != 8 || rank == 0) return bad();
                --rank;
                file = 0;
            } else if (c >= '1' && c <= '8') {
                file += c - '0';
                if (file > 8) return bad();
            } else if (c == '~' && variant == Variant::Crazyhouse && file > 0
                       && pos.m_board[makeSquare(file - 1, rank)] != NoPiece) {
                // chessops marks a piece that came from a promotion.
                pos.m_byType[NoPieceType] |= SquareSet::of(makeSquare(file - 1, rank));
            } else {
                const Piece p = pieceFromChar(c);
                if (p == NoPiece || file >= 8) return bad();
                pos.putPiece(p, makeSquare(file++, rank));
            }
        }
        if (rank != 0 || file != 8) return bad();
    }
    // An Antichess side may lose its king or gain more by promotion.
    for (const Color c : {White, Black}) {
        if (variant == Variant::Antichess) break;
        const char *name = c == White ? "white" : "black";
        const int kings = pos.pieces(c, King).count();
        if (kings == 0) return fail(error, std::string(name) + " king missing");
        if (kings > 1) return fail(error, "too many " + std::string(name) + " kings");
    }
    if ((pos.pieces(Pawn) & (SquareSet::rank(0) | SquareSet::rank(7))).any()) return fail(error, "pawn on rank 1 or 8");
    // Crazyhouse drops put back what was taken: counts beyond the initial set
    // are no sign of promotion there.
    for (const Color c : {White, Black}) {
        if (variant == Variant::Crazyhouse) break;
        if (std::string why = impossibleMaterial(pos, c); !why.empty()) return fail(error, std::move(why));
    }

    if (fields[1] == "w" || fields[1] == "W")
        pos.m_stm = White;
    else if (fields[1] == "b" || fields[1] == "B")
        pos.m_stm = Black;
    else
        return fail(error, "side to move must be w or b, not '" + std::string(fields[1]) + "'");

    // Castling: KQkq (outermost rook on that side, X-FEN), or file letters (Shredder-FEN,
    // X-FEN for inner rooks). A right without its king and rook is dropped with a
    // warning, as files in the wild often carry stale KQkq.
    if (fields[2] != "-" && variant == Variant::Antichess) {
        warn("castling rights " + std::string(fields[2]) + " dropped: Antichess has no castling");
    } else if (fields[2] != "-") {
        for (const char c : fields[2]) {
            const Color color = (c >= 'a' && c <= 'z') ? Black : White;
            const char upper = color == Black ? char(c - 'a' + 'A') : c;
            if (!((upper >= 'A' && upper <= 'H') || upper == 'K' || upper == 'Q'))
                return fail(error, "bad castling field '" + std::string(fields[2]) + "'");
            const Square king = pos.kingSquare(color);
            const int back = color == White ? 0 : 7;
            const std::string dropped = std::string("castling right ") + c + " dropped: ";
            if (rankOf(king) != back) {
                warn(dropped + "the " + colorName(color) + " king is on " + squareName(king) + ", not on rank "
                     + char('1' + back));
                continue;
            }
            Square rook = NoSquare;
            if (upper == 'K' || upper == 'Q') {
                rook = outermostRook(pos, color, king, upper == 'K');
                if (rook == NoSquare)
                    warn(dropped + "no " + colorName(color) + " rook on the " + (upper == 'K' ? "king" : "queen")
                         + "'s side of the king on " + squareName(king));
            } else {
                const Square s = makeSquare(upper - 'A', back);
                if (pos.m_board[s] == makePiece(color, Rook))
                    rook = s;
                else
                    warn(dropped + "no " + colorName(color) + " rook on " + squareName(s));
            }
            if (rook != NoSquare) pos.m_castleRooks |= SquareSet::of(rook);
        }
    }
    if (!pos.m_chess960) {
        for (const Color c : {White, Black}) {
            const int back = c == White ? 0 : 7;
            const SquareSet rooks = pos.m_castleRooks & SquareSet::rank(back);
            if (rooks.any()
                && (pos.kingSquare(c) != makeSquare(4, back)
                    || (rooks - SquareSet::file(0) - SquareSet::file(7)).any()))
                pos.m_chess960 = true;
        }
    }

    Square ep = NoSquare;
    if (fields[3] != "-") {
        ep = parseSquare(fields[3]);
        if (ep == NoSquare) return fail(error, "bad en passant square '" + std::string(fields[3]) + "'");
    }

    int halfmove = 0, fullmove = 1;
    if (count >= 5 && !parseNumber(fields[4], halfmove, 65535))
        return fail(error, "bad halfmove clock '" + std::string(fields[4]) + "'");
    if (count >= 6 && !parseNumber(fields[5], fullmove, 65535))
        return fail(error, "bad fullmove number '" + std::string(fields[5]) + "'");
    pos.m_halfmove = uint16_t(halfmove);
    pos.m_fullmove = uint16_t(fullmove == 0 ? 1 : fullmove);

    const Color them = ~pos.m_stm;
    if (variant != Variant::Antichess) {
        if (pos.attackersTo(pos.kingSquare(them), pos.m_stm).any())
            return fail(error,
                        std::string("side not to move (") + (them == White ? "white" : "black") + ") is in check");
        pos.m_checkers = pos.attackersTo(pos.kingSquare(pos.m_stm), them);
        if (std::string why = impossibleChecks(pos); !why.empty()) return fail(error, std::move(why));
    }
    if (ep != NoSquare) {
        if (std::string why = impossibleEnPassant(pos, ep); !why.empty()) {
            warn("en passant square " + squareName(ep) + " dropped: " + why);
            ep = NoSquare;
        }
    }
    pos.setEnPassantIfLegal(ep);
    pos.m_key = pos.computeKey();
    if (warnings)
        warnings->insert(warnings->end(), std::make_move_iterator(corrections.begin()),
                         std::make_move_iterator(corrections.end()));
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
            if (empty) out += char('0' + empty);
            empty = 0;
            out += pieceChar(p);
            if (promoted().contains(makeSquare(file, rank))) out += '~';
        }
        if (empty) out += char('0' + empty);
        if (rank) out += '/';
    }
    if (variant() == Variant::Crazyhouse) out += '[' + m_pocket.text() + ']';
    out += m_stm == White ? " w " : " b ";

    const size_t castlingStart = out.size();
    for (const Color c : {White, Black}) {
        const Square king = kingSquare(c);
        if (king == NoSquare) continue; // Antichess: no king, no castling
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
    if (out.size() == castlingStart) out += '-';
    out += ' ';
    out += squareName(m_ep);
    if (variant() == Variant::ThreeCheck) {
        out += ' ';
        out += char('0' + checksLeft(White));
        out += '+';
        out += char('0' + checksLeft(Black));
    }
    out += ' ';
    out += std::to_string(m_halfmove);
    out += ' ';
    out += std::to_string(m_fullmove);
    return out;
}

} // namespace chess
