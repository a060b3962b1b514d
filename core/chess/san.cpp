// SAN and UCI move text: a tolerant, allocation-free SAN reader that examines only the
// pieces able to reach the target square, and canonical SAN / UCI writers.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "position.h"
#include "bitops.h"
#include "makemove.h"
#include "santext.h"

namespace chess {

using namespace detail;

namespace {

PieceType promotionType(char c)
{
    switch (c) {
    case 'Q':
    case 'q': return Queen;
    case 'R':
    case 'r': return Rook;
    case 'B':
    case 'b': return Bishop;
    case 'N':
    case 'n': return Knight;
    default: return NoPieceType;
    }
}

// Leading piece letter. Lowercase is accepted where it cannot be a file ('b' can).
PieceType pieceLetter(char c)
{
    switch (c) {
    case 'N':
    case 'n': return Knight;
    case 'B': return Bishop;
    case 'R':
    case 'r': return Rook;
    case 'Q':
    case 'q': return Queen;
    case 'K':
    case 'k': return King;
    case 'P': return Pawn;
    default: return NoPieceType;
    }
}

bool endsWith(std::string_view s, std::string_view tail)
{
    return s.size() >= tail.size() && s.substr(s.size() - tail.size()) == tail;
}

// Drops check/mate marks, annotation glyphs and an "e.p." remark from the end.
std::string_view stripDecorations(std::string_view s)
{
    for (;;) {
        while (!s.empty()
               && (s.back() == '+' || s.back() == '#' || s.back() == '!' || s.back() == '?' || s.back() == ' '
                   || s.back() == '\t'))
            s.remove_suffix(1);
        if (endsWith(s, "e.p.") && s.size() > 4)
            s.remove_suffix(4);
        else if (endsWith(s, "ep") && s.size() > 3 && isRank(s[s.size() - 3]))
            s.remove_suffix(2);
        else
            return s;
    }
}

// "O-O", "0-0", "OO", "O-O-O", ...: 2 or 3 castling letters, optionally dash-separated.
// Returns 2 or 3, 0 if the text is not castling.
int castlingLength(std::string_view s)
{
    int letters = 0;
    bool afterDash = true; // no leading, trailing or doubled dash
    for (const char c : s) {
        if (c == 'O' || c == '0' || c == 'o') {
            ++letters;
            afterDash = false;
        } else if (c == '-' && !afterDash) {
            afterDash = true;
        } else {
            return 0;
        }
    }
    return !afterDash && (letters == 2 || letters == 3) ? letters : 0;
}

// Piece letters of SAN as the one-step reader takes them (uppercase only).
struct PieceLetterTable {
    PieceType type[256] = {};
    constexpr PieceLetterTable()
    {
        type[uint8_t('N')] = Knight;
        type[uint8_t('B')] = Bishop;
        type[uint8_t('R')] = Rook;
        type[uint8_t('Q')] = Queen;
        type[uint8_t('K')] = King;
    }
};
constexpr PieceLetterTable PieceLetters;

// The forms that make up nearly all real movetext ("e4", "exd5", "Nf3", "Nxf3",
// "Nbd2", with one '+' or '#'), decoded without the general grammar's detours.
// False: anything else, for the general reader to decide.
inline bool decodeCommonSan(std::string_view text, PieceType &type, int &fromFile, Square &to)
{
    size_t n = text.size();
    const char *s = text.data();
    if (n < 2) return false;
    if (s[n - 1] == '+' || s[n - 1] == '#') --n;
    if (n < 2 || !isFile(s[n - 2]) || !isRank(s[n - 1])) return false;
    to = makeSquare(s[n - 2] - 'a', s[n - 1] - '1');
    const auto piece = [](char c) {
        switch (c) {
        case 'N': return Knight;
        case 'B': return Bishop;
        case 'R': return Rook;
        case 'Q': return Queen;
        case 'K': return King;
        default: return NoPieceType;
        }
    };
    switch (n) {
    case 2: return true; // a pawn push: the type stays open, as in the general grammar
    case 3: type = piece(s[0]); return type != NoPieceType;
    case 4:
        if (s[1] == 'x' && isFile(s[0])) {
            fromFile = s[0] - 'a';
            return true;
        }
        type = piece(s[0]);
        if (type == NoPieceType) return false;
        if (s[1] == 'x') return true;
        if (!isFile(s[1])) return false;
        fromFile = s[1] - 'a';
        return true;
    default: return false;
    }
}

} // namespace

bool detail::readSanText(std::string_view s, SanText &out, bool kingPromotion)
{
    // Grammar (tolerant): [piece] [from-file] [from-rank] [x|:|-] to-square [[=|/] promo | (promo)]
    size_t i = 0, end = s.size();
    out = SanText();
    out.type = pieceLetter(s[0]);
    if (out.type != NoPieceType) i = 1;
    const auto promotion = [&](char c) { return kingPromotion && (c == 'K' || c == 'k') ? King : promotionType(c); };
    if (end >= 3 && s[end - 1] == ')') {
        out.promotion = promotion(s[end - 2]);
        if (out.promotion == NoPieceType || s[end - 3] != '(') return false;
        end -= 3;
    } else if (end >= 3 && !isRank(s[end - 1])) {
        out.promotion = promotion(s[end - 1]);
        if (out.promotion == NoPieceType) return false;
        --end;
        if (s[end - 1] == '=' || s[end - 1] == '/') --end;
    }
    if (end < i + 2 || !isFile(s[end - 2]) || !isRank(s[end - 1])) return false;
    out.to = makeSquare(s[end - 2] - 'a', s[end - 1] - '1');
    end -= 2;

    if (i < end && isFile(s[i])) out.fromFile = s[i++] - 'a';
    if (i < end && isRank(s[i])) out.fromRank = s[i++] - '1';
    if (i < end && (s[i] == 'x' || s[i] == ':' || s[i] == '-')) ++i;
    return i == end;
}

// Whether moving the own piece on `from` to `to` (not in check) leaves the king to an
// enemy slider: only possible when `from` is on a line through the king and `to` is
// off it. The small empty-board tables answer the usual "not on a line" case.
// Defined inline here, its only user's file: it runs once per SAN move.
inline __attribute__((always_inline)) bool Position::leavesKingLineExposed(Square from, Square to, uint64_t occ) const
{
    const Square ksq = kingSquare(m_stm);
    const uint64_t rookRays = rookPseudoBB(ksq), bishopRays = bishopPseudoBB(ksq), fromBit = bit(from);
    const Color them = ~m_stm;
    const uint64_t queens = bb(*this, them, Queen);
    // Only the kind of slider that moves along the line through `from` matters;
    // picked without a branch, since whether `from` is on such a line is as good
    // as random.
    const auto all = [](uint64_t b) { return uint64_t(0) - uint64_t(b != 0); };
    uint64_t snipers = (rookRays & (bb(*this, them, Rook) | queens) & all(rookRays & fromBit))
        | (bishopRays & (bb(*this, them, Bishop) | queens) & all(bishopRays & fromBit));
    if (!snipers) return false;
    const uint64_t line = lineBB(ksq, from);
    snipers &= line;
    return snipers && !(line & bit(to)) && unblockedBB(ksq, snipers, occ ^ fromBit) != 0;
}

Move Position::sanCastling(bool kingSide, std::string *error) const
{
    const Square king = kingSquare(m_stm);
    uint64_t rooks = (m_castleRooks & m_byColor[m_stm]).bits();
    while (rooks) {
        const Square rook = popLsb(rooks);
        if (castlesKingSide(king, rook) == kingSide && castlingLegal(king, rook))
            return Move::make(king, rook, Move::Castling);
    }
    return failWith(error, IllegalMove);
}

Move Position::parseSan(std::string_view text, std::string *error) const
{
    // Antichess moves by other rules, and no standard move has an '@'; every
    // other variant moves on the board as standard chess does.
    if (m_variantBits != 0) [[unlikely]] {
        if (variant() == Variant::Antichess || text.find('@') != std::string_view::npos)
            return parseSanVariant(text, error);
        if (wonOnTheBoard()) return failWith(error, IllegalMove);
    }
    PieceType type = NoPieceType, promo = NoPieceType;
    int fromFile = -1, fromRank = -1;
    Square to = NoSquare;
    if (!decodeCommonSan(text, type, fromFile, to)) {
        while (!text.empty() && (text.front() == ' ' || text.front() == '\t'))
            text.remove_prefix(1);
        std::string_view s = stripDecorations(text);
        if (s.empty()) return failWith(error, BadSyntax);

        if (s == "--" || s == "Z0" || s == "0000" || s == "@@@@") return Move::null();
        if (s[0] == 'O' || s[0] == '0' || s[0] == 'o') {
            const int n = castlingLength(s);
            if (!n) return failWith(error, BadSyntax);
            return sanCastling(n == 2, error);
        }

        SanText parts;
        if (!readSanText(s, parts, false)) return failWith(error, BadSyntax);
        type = parts.type;
        promo = parts.promotion;
        fromFile = parts.fromFile;
        fromRank = parts.fromRank;
        to = parts.to;
    }

    const Color us = m_stm;
    const uint64_t own = m_byColor[us].bits();
    if (type == NoPieceType) {
        if (fromFile >= 0 && fromRank >= 0) {
            // Coordinate notation (e2e4): the piece is whatever stands there.
            const Piece p = m_board[makeSquare(fromFile, fromRank)];
            if (p == NoPiece || colorOf(p) != us) return failWith(error, IllegalMove);
            type = typeOf(p);
        } else {
            type = Pawn;
        }
    }
    if (promo != NoPieceType && type != Pawn) return failWith(error, BadSyntax);

    uint64_t fromMask = ~uint64_t(0);
    if (fromFile >= 0) fromMask &= FileABB << fromFile;
    if (fromRank >= 0) fromMask &= rankBB(fromRank);
    const uint64_t occ = occupied().bits();

    if (type == King) {
        const Square king = kingSquare(us);
        if (!(fromMask & bit(king))) return failWith(error, IllegalMove);
        // King takes own castling rook: Chess960 castling (also UCI "e1h1").
        if (m_castleRooks.contains(to) && (own & bit(to))) {
            if (castlingLegal(king, to)) return Move::make(king, to, Move::Castling);
            return failWith(error, IllegalMove);
        }
        if ((kingAttacksBB(king) & bit(to)) && !(own & bit(to))) {
            if (!attackedColdBB(*this, to, ~us, occ ^ bit(king))) return Move::make(king, to);
            return failWith(error, IllegalMove);
        }
        // A two-square king move onto a castling target: standard "e1g1" / "Kg1".
        uint64_t rooks = (m_castleRooks & m_byColor[us]).bits();
        while (rooks) {
            const Square rook = popLsb(rooks);
            if (castlingKingTarget(king, rook) == to && castlingLegal(king, rook))
                return Move::make(king, rook, Move::Castling);
        }
        return failWith(error, IllegalMove);
    }

    if (own & bit(to)) return failWith(error, IllegalMove);

    if (type == Pawn) {
        const int up = pawnPush(us);
        const bool lastRank = relativeRank(us, rankOf(to)) == 7;
        if (promo != NoPieceType && !lastRank) return failWith(error, IllegalMove);
        if (lastRank && promo == NoPieceType) promo = Queen; // "e8": a bare promotion is taken as a queen
        Move move;
        if (fromFile >= 0 && fromFile != fileOf(to)) {
            if (fromFile != fileOf(to) - 1 && fromFile != fileOf(to) + 1) return failWith(error, IllegalMove);
            const int fromIndex = int(to) - up + (fromFile - fileOf(to));
            if (fromIndex < 0 || fromIndex > 63) return failWith(error, IllegalMove);
            const Square from = Square(fromIndex);
            if (m_board[from] != makePiece(us, Pawn) || !(fromMask & bit(from))) return failWith(error, IllegalMove);
            if (to == m_ep)
                return epCaptureLegal(from, to) ? Move::make(from, to, Move::EnPassant) : failWith(error, IllegalMove);
            if (!(m_byColor[~us].bits() & bit(to))) return failWith(error, IllegalMove);
            move = promo != NoPieceType ? Move::make(from, to, Move::Promotion, promo) : Move::make(from, to);
        } else {
            if (occ & bit(to)) return failWith(error, IllegalMove);
            const int oneBack = int(to) - up;
            if (oneBack < 0 || oneBack > 63) return failWith(error, IllegalMove);
            Square from = Square(oneBack);
            if (m_board[from] != makePiece(us, Pawn)) {
                if (m_board[from] != NoPiece || relativeRank(us, rankOf(to)) != 3
                    || m_board[Square(oneBack - up)] != makePiece(us, Pawn))
                    return failWith(error, IllegalMove);
                from = Square(oneBack - up);
            }
            if (!(fromMask & bit(from))) return failWith(error, IllegalMove);
            move = promo != NoPieceType ? Move::make(from, to, Move::Promotion, promo) : Move::make(from, to);
        }
        if (m_checkers.any()) {
            if (!legalGivenPinned(move, pinned(us))) return failWith(error, IllegalMove);
            return move;
        }
        // Not in check: only leaving a line through the own king can expose it.
        const Square from = move.from();
        if (leavesKingLineExposed(from, to, occ)) return failWith(error, IllegalMove);
        return move;
    }

    uint64_t candidates;
    switch (type) {
    case Knight: candidates = knightAttacksBB(to) & bb(*this, us, type) & fromMask; break;
    case Bishop: candidates = unblockedBB(to, bishopPseudoBB(to) & bb(*this, us, type) & fromMask, occ); break;
    case Rook: candidates = unblockedBB(to, rookPseudoBB(to) & bb(*this, us, type) & fromMask, occ); break;
    default:
        candidates = unblockedBB(to, (rookPseudoBB(to) | bishopPseudoBB(to)) & bb(*this, us, type) & fromMask, occ);
        break;
    }
    if (!candidates) return failWith(error, IllegalMove);

    const uint64_t checkers = m_checkers.bits();
    if (!(candidates & (candidates - 1)) && !checkers) {
        // The common case: one candidate, no check; only a pin can make it illegal.
        const Square from = lsb(candidates);
        if (leavesKingLineExposed(from, to, occ)) return failWith(error, IllegalMove);
        return Move::make(from, to);
    }
    const SquareSet pinnedPieces = pinned(us);
    Move found = Move::none();
    while (candidates) {
        const Move m = Move::make(popLsb(candidates), to);
        if (legalGivenPinned(m, pinnedPieces)) {
            if (!found.isNone()) return failWith(error, AmbiguousMove);
            found = m;
        }
    }
    if (found.isNone()) return failWith(error, IllegalMove);
    return found;
}

template <bool Keys>
inline __attribute__((always_inline)) Move Position::playCommonSanImpl(std::string_view text)
{
    size_t n = text.size();
    const char *s = text.data();
    if (n < 2 || m_checkers.any() || variant() == Variant::Antichess) return Move::none();
    if (s[n - 1] == '+' || s[n - 1] == '#') --n;
    if (n < 2 || n > 4) return Move::none();
    const unsigned toFile = unsigned(s[n - 2] - 'a'), toRank = unsigned(s[n - 1] - '1');
    if (toFile > 7 || toRank > 7) return Move::none();
    const Square to = makeSquare(int(toFile), int(toRank));
    const Color us = m_stm;
    const uint64_t own = m_byColor[us].bits(), occ = own | m_byColor[~us].bits(), toBit = bit(to);
    if (own & toBit) return Move::none();
    Square from;
    const unsigned lead = unsigned(s[0] - 'a');
    if (lead <= 7) {
        // A pawn: "e4" or "exd5", not promoting (that needs a piece letter) and
        // not en passant (the target square is empty). Targets on the first two
        // ranks, possible only from odd set-up positions, go the long way.
        const int rank = relativeRank(us, int(toRank));
        if (rank == 7 || rank <= 1) return Move::none();
        const int up = pawnPush(us);
        const Piece pawn = makePiece(us, Pawn);
        if (n == 2) {
            if (occ & toBit) return Move::none();
            from = Square(int(to) - up);
            if (m_board[from] != pawn) {
                if (m_board[from] != NoPiece || rank != 3 || m_board[Square(int(from) - up)] != pawn)
                    return Move::none();
                from = Square(int(from) - up);
            }
        } else if (n == 4 && s[1] == 'x' && (lead + 1 == toFile || lead == toFile + 1)) {
            if (!(occ & toBit)) return Move::none();
            from = Square(int(to) - up + int(lead) - int(toFile));
            if (m_board[from] != pawn) return Move::none();
        } else {
            return Move::none();
        }
    } else {
        const PieceType type = PieceLetters.type[static_cast<unsigned char>(s[0])];
        if (type == NoPieceType) return Move::none();
        // "Nbd2" narrows to a file; "Nxd2" and "Nd2" do not. Branch-free: which
        // form comes is as good as random.
        const unsigned second = unsigned(s[1] - 'a');
        const bool four = n == 4;
        if (four & (second > 7) & (s[1] != 'x')) return Move::none();
        const uint64_t fromMask = four && second <= 7 ? FileABB << second : ~uint64_t(0);
        // One table for every type: for knights and the king, `between` is empty
        // and unblockedBB keeps them all.
        uint64_t candidates = unblockedBB(to, pseudoBB(type, to) & bb(*this, us, type) & fromMask, occ);
        // None, or several: the general reader sorts out pins and ambiguity.
        if (!candidates || (candidates & (candidates - 1))) return Move::none();
        from = lsb(candidates);
        if (type == King) {
            // The king: a step onto a square the other side does not attack.
            if (attackedColdBB(*this, to, ~us, occ ^ candidates)) return Move::none();
            if (m_variantBits != 0) [[unlikely]] {
                if (wonOnTheBoard()) return Move::none();
                playVariant(Move::make(from, to));
                return Move::make(from, to);
            }
            playNormal<Keys>(from, to, makePiece(us, King));
            return Move::make(from, to);
        }
    }
    if (leavesKingLineExposed(from, to, occ)) return Move::none();
    // A variant's move does more than move the piece (pockets, check counters).
    if (m_variantBits != 0) [[unlikely]] {
        if (wonOnTheBoard()) return Move::none();
        playVariant(Move::make(from, to));
        return Move::make(from, to);
    }
    playNormal<Keys>(from, to, m_board[from]);
    return Move::make(from, to);
}

Move Position::playCommonSan(std::string_view san) { return playCommonSanImpl<true>(san); }

Move Position::playCommonSanUnkeyed(std::string_view san) { return playCommonSanImpl<false>(san); }

Move Position::parseUci(std::string_view uci) const
{
    if (uci == "0000") return Move::null();
    if (uci.size() == 4 && uci[1] == '@') return parseSanVariant(uci, nullptr);
    if (uci.size() < 4 || uci.size() > 5) return Move::none();
    const Square from = parseSquare(uci.substr(0, 2)), to = parseSquare(uci.substr(2, 2));
    if (from == NoSquare || to == NoSquare) return Move::none();
    const bool kingPromotion = uci.size() == 5 && uci[4] == 'k' && variant() == Variant::Antichess;
    const PieceType promo = kingPromotion ? King : uci.size() == 5 ? promotionType(uci[4]) : NoPieceType;
    if (uci.size() == 5 && promo == NoPieceType) return Move::none();
    const Piece p = m_board[from];
    if (p == NoPiece || colorOf(p) != m_stm) return Move::none();

    if (typeOf(p) == King) {
        if (m_castleRooks.contains(to) && m_board[to] == makePiece(m_stm, Rook))
            return castlingLegal(from, to) ? Move::make(from, to, Move::Castling) : Move::none();
        if (!(kingAttacksBB(from) & bit(to))) {
            uint64_t rooks = (m_castleRooks & m_byColor[m_stm]).bits();
            while (rooks) {
                const Square rook = popLsb(rooks);
                if (castlingKingTarget(from, rook) == to && castlingLegal(from, rook))
                    return Move::make(from, rook, Move::Castling);
            }
            return Move::none();
        }
    }
    Move m;
    if (typeOf(p) == Pawn && to == m_ep && fileOf(from) != fileOf(to))
        m = Move::make(from, to, Move::EnPassant);
    else if (promo != NoPieceType)
        m = Move::make(from, to, Move::Promotion, promo);
    else
        m = Move::make(from, to);
    return isLegal(m) ? m : Move::none();
}

std::string Position::uci(Move m) const
{
    if (m.isNull()) return "0000";
    if (m.isNone()) return "";
    if (m.isDrop()) return std::string(1, pieceTypeChar(m.dropPiece())) + '@' + squareName(m.to());
    Square to = m.to();
    if (m.isCastling() && !m_chess960) to = castlingKingTarget(m.from(), m.to());
    std::string out = squareName(m.from()) + squareName(to);
    if (m.kind() == Move::Promotion) out += char(pieceTypeChar(m.promotion()) - 'A' + 'a');
    return out;
}

std::string Position::san(Move m) const
{
    if (m.isNull()) return "--";
    if (m.isNone()) return "";
    std::string out;
    appendSanMove(out, m);
    const Position next = after(m);
    if (m_variantBits != 0) {
        // '#' after every move that decides the game, as lichess marks it.
        if (next.variantEnd() != VariantEnd::None || (next.inCheck() && !next.hasLegalMove()))
            out += '#';
        else if (next.inCheck())
            out += '+';
    } else if (next.inCheck()) {
        out += next.hasLegalMove() ? '+' : '#';
    }
    return out;
}

void Position::appendSanMove(std::string &out, Move m) const
{
    if (m.isNull()) {
        out += "--";
        return;
    }
    if (m.isNone()) return;
    const Square from = m.from(), to = m.to();
    if (m.isDrop()) {
        // Pawn drops with their letter, as lichess writes them.
        out += pieceTypeChar(m.dropPiece());
        out += '@';
        out += squareName(to);
    } else if (m.isCastling()) {
        out += castlesKingSide(from, to) ? "O-O" : "O-O-O";
    } else {
        // Spelled into a few bytes and appended once: writers call this for
        // every move of every game they write.
        char b[8];
        int k = 0;
        const auto square = [&](Square s) {
            b[k++] = char('a' + fileOf(s));
            b[k++] = char('1' + rankOf(s));
        };
        const PieceType type = typeOf(m_board[from]);
        const bool capture = m.kind() == Move::EnPassant || m_board[to] != NoPiece;
        if (type == Pawn) {
            if (capture) {
                b[k++] = char('a' + fileOf(from));
                b[k++] = 'x';
            }
            square(to);
            if (m.promotion() != NoPieceType) {
                b[k++] = '=';
                b[k++] = pieceTypeChar(m.promotion());
            }
        } else {
            b[k++] = pieceTypeChar(type);
            uint64_t rivals = 0;
            if (m_variantBits != 0) {
                rivals = variantSanRivals(m);
            } else if (type != King) {
                // Same-type pieces that reach `to` on an empty board with nothing
                // between (small tables in cache, not the slider tables).
                const uint64_t occ = occupied().bits();
                uint64_t others = pseudoBB(type, to) & bb(*this, m_stm, type) & ~bit(from);
                if (others) {
                    SquareSet pinnedPieces;
                    bool pinsKnown = false;
                    while (others) {
                        const Square o = popLsb(others);
                        if (betweenBB(o, to) & occ) continue;
                        if (!pinsKnown) {
                            pinnedPieces = pinned(m_stm);
                            pinsKnown = true;
                        }
                        if (legalGivenPinned(Move::make(o, to), pinnedPieces)) rivals |= bit(o);
                    }
                }
            }
            if (rivals) {
                if (!(rivals & (FileABB << fileOf(from))))
                    b[k++] = char('a' + fileOf(from));
                else if (!(rivals & rankBB(rankOf(from))))
                    b[k++] = char('1' + rankOf(from));
                else
                    square(from);
            }
            if (capture) b[k++] = 'x';
            square(to);
        }
        out.append(b, size_t(k));
    }
}

} // namespace chess
