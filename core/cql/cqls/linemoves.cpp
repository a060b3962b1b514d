// Reading :line moves, trying them on positions, potential continuations and :line*.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "cql/cqls/linemoves.h"
#include "cql/cqls/tocql6.h"

#include "cql/logic.h"
#include "cql/moves.h"

#include <algorithm>

namespace cql::cqls {

using chess::SquareSet;

namespace {

// Both colours of every piece type in the mask: in a line the mover decides the colour.
PieceMask colourFree(PieceMask m)
{
    PieceMask pieces = m & PieceMask(WhiteBits | BlackBits);
    return PieceMask((m & EmptyBit) | pieces | ((pieces & WhiteBits) << 8) | ((pieces & BlackBits) >> 8));
}

FilterPtr designatorOf(const PieceTypes &p, SquareSet squares, bool coloured = false)
{
    if (p.anything || !p.any()) return std::make_unique<CqlsDesignatorFilter>(PieceMask(0), squares);
    auto mask = [&](PieceMask m) { return coloured ? m : colourFree(m); };
    std::vector<FilterPtr> parts;
    if (p.plain) parts.push_back(std::make_unique<CqlsDesignatorFilter>(mask(p.plain), squares));
    // '~' marks: pieces that came from a promotion, or ('~~') did not.
    if (p.promoted)
        parts.push_back(
            std::make_unique<PromotedFilter>(std::make_unique<CqlsDesignatorFilter>(mask(p.promoted), squares), true));
    if (p.unpromoted)
        parts.push_back(std::make_unique<PromotedFilter>(
            std::make_unique<CqlsDesignatorFilter>(mask(p.unpromoted), squares), false));
    FilterPtr f = std::move(parts[0]);
    for (size_t i = 1; i < parts.size(); ++i)
        f = std::make_unique<SetOpFilter>(SetOpFilter::Union, std::move(f), std::move(parts[i]));
    return f;
}

// A square part of a move: "e4", "??", "[ac]3", "?[1-7]", "[a1,c4]".
bool lineSquares(std::string_view t, size_t &i, SquareSet &out, std::string &error)
{
    // A move's squares have no light/dark part.
    auto axis = [&](int kind, SquareSet &lines) {
        int colour = 0;
        std::string why;
        return parseAxis(t, i, kind, lines, colour, why) && colour == 0;
    };
    size_t start = i;
    // A bracketed list of whole squares.
    if (i < t.size() && t[i] == '[' && i + 2 < t.size() && t[i + 1] >= 'a' && t[i + 1] <= 'h' && t[i + 2] >= '1'
        && t[i + 2] <= '8') {
        size_t close = t.find(']', i);
        if (close != std::string_view::npos && parseSquares(t.substr(i, close - i + 1), out, error)) {
            i = close + 1;
            return true;
        }
    }
    SquareSet files, ranks;
    if (!axis(0, files) || !axis(1, ranks)) {
        error = "'" + std::string(t.substr(start)) + "': a square expected";
        return false;
    }
    out = files & ranks;
    return true;
}

bool startsSquare(std::string_view t, size_t i)
{
    return i < t.size() && ((t[i] >= 'a' && t[i] <= 'h') || t[i] == '?' || t[i] == '[');
}

// Piece types at i (a letter or a bracket of letters), if any.
bool linePieces(std::string_view t, size_t &i, PieceTypes &out, std::string &error)
{
    out = PieceTypes();
    if (i >= t.size()) return true;
    char c = t[i];
    PieceMask m;
    bool bracketOfPieces = c == '[' && i + 1 < t.size()
        && (pieceLetter(t[i + 1], m) || t[i + 1] == '?' || t[i + 1] == ']') && !(t[i + 1] >= 'a' && t[i + 1] <= 'h');
    // File letters (a-h, so also 'a' and 'b') and '?' start a square, not a piece part.
    if (!bracketOfPieces && !(c != '?' && pieceLetter(c, m) && !(c >= 'a' && c <= 'h'))) return true;
    size_t used = 0;
    if (!parsePieceTypes(t.substr(i), out, used, error)) return false;
    i += used;
    return true;
}

bool readMove(std::string w, LineMove &m, std::string &error)
{
    m.text = w;
    if (w == "null") {
        m.kind = LineMove::Null;
        return true;
    }
    if (w == "--") {
        m.kind = LineMove::AnyMove;
        return true;
    }
    size_t i = 0;
    // Castling: O-O, O-O-O, O-O-O-O, and K-Q, K-K, K-KQ (either colour).
    auto castle = [&](int rights, size_t len) {
        m.kind = LineMove::Castle;
        m.castleRights = rights;
        i = len;
    };
    if (w.rfind("O-O-O-O", 0) == 0)
        castle(0, 7);
    else if (w.rfind("O-O-O", 0) == 0)
        castle(2 | 8, 5);
    else if (w.rfind("O-O", 0) == 0)
        castle(1 | 4, 3);
    else if (w.rfind("K-KQ", 0) == 0 || w.rfind("k-kq", 0) == 0)
        castle(w[0] == 'K' ? 3 : 12, 4);
    else if (w.rfind("K-Q", 0) == 0 || w.rfind("k-q", 0) == 0)
        castle(w[0] == 'K' ? 2 : 8, 3);
    else if (w.rfind("K-K", 0) == 0 || w.rfind("k-k", 0) == 0)
        castle(w[0] == 'K' ? 1 : 4, 3);
    std::string_view t = w;
    if (m.kind == LineMove::Normal && w.find('@') != std::string::npos) {
        // "P@?7", "A@+": the dropped piece, '@', the destination (optional), suffixes.
        m.kind = LineMove::Drop;
        if (!linePieces(t, i, m.fromPieces, error)) return false;
        if (i >= t.size() || t[i] != '@' || !m.fromPieces.any()) {
            error = "'" + w + "': a drop move is a piece, '@' and a square (\"N@f3\")";
            return false;
        }
        ++i;
        if (startsSquare(t, i) && !lineSquares(t, i, m.to, error)) return false;
    }
    if (m.kind == LineMove::Normal) {
        if (!linePieces(t, i, m.fromPieces, error)) return false;
        if (!m.fromPieces.any() && i < t.size() && (t[i] == 'a' || t[i] == 'b')) {
            // 'a' and 'b' start a square ("b2-b4") unless that reading fails, as in
            // the examples page's "bxQ": then they are black pieces (a bishop).
            size_t j = i;
            SquareSet probe;
            std::string ignored;
            if (!lineSquares(t, j, probe, ignored)) {
                PieceMask mask;
                pieceLetter(t[i], mask);
                m.fromPieces.plain = mask;
                ++i;
            }
        }
        if (startsSquare(t, i) && !lineSquares(t, i, m.from, error)) return false;
        if (i < t.size() && (t[i] == '-' || t[i] == 'x' || t[i] == ':')) {
            m.op = t[i++];
            if (!linePieces(t, i, m.toPieces, error)) return false;
            if (startsSquare(t, i) && !lineSquares(t, i, m.to, error)) return false;
        } else if (i < t.size() && t[i] == '=') {
            m.promotionOnly = true; // "P=Q": the pawn's move is a promotion
        } else if (m.from != SquareSet::all()) {
            // "Ne5": the square named is the destination.
            m.to = m.from;
            m.from = SquareSet::all();
        }
        m.enpassant = t.find("ep", i) != std::string_view::npos || t.find("e.p.", i) != std::string_view::npos;
    }
    // Suffixes: =X, ep, check marks, '!'.
    while (i < t.size()) {
        std::string_view rest = t.substr(i);
        if (rest[0] == '=') {
            ++i;
            if (!linePieces(t, i, m.promote, error) || !m.promote.any()) {
                error = "'" + w + "': the promotion piece is missing";
                return false;
            }
            continue;
        }
        if (rest.rfind("ep", 0) == 0 || rest.rfind("e.p.", 0) == 0) {
            m.enpassant = true;
            i += rest[1] == '.' ? 4 : 2;
            continue;
        }
        // Check marks, their negations (longest first) and '!'.
        using K = NextMoveFilter::Kind;
        static constexpr std::pair<std::string_view, LineMove::Suffix> marks[] = {
            {"+++", {K::IsContactCheck, false}}, {"++", {K::IsDoubleCheck, false}},  {"+", {K::IsCheck, false}},
            {"#", {K::IsMate, false}},           {"---", {K::IsContactCheck, true}}, {"--", {K::IsDoubleCheck, true}},
            {"-", {K::IsCheck, true}},           {"*", {K::IsMate, true}},           {"!", {K::Forced, false}}};
        const auto mark =
            std::find_if(std::begin(marks), std::end(marks), [&](const auto &x) { return rest.starts_with(x.first); });
        if (mark == std::end(marks)) {
            error = "'" + w + "' is not a move in CQL-S notation";
            return false;
        }
        m.suffixes.push_back(mark->second);
        i += mark->first.size();
    }
    return true;
}

bool pieceFits(const PieceTypes &p, chess::Piece piece, bool coloured = false)
{
    if (p.anything || !p.any()) return true;
    PieceMask bit = piece == chess::NoPiece ? EmptyBit : PieceMask(1u << piece);
    return ((coloured ? p.plain : colourFree(p.plain)) & bit) != 0;
}

// The check marks and '!' of the move mv, tried in before.
bool suffixesHold(const LineMove &m, const chess::Position &before, chess::Move mv, const chess::Position &after)
{
    auto forced = [&] {
        chess::MoveList list;
        before.generateLegal(list);
        return list.size == 1;
    };
    for (const LineMove::Suffix &s : m.suffixes) {
        // '!' after a null move too (a potential line's).
        const bool v =
            s.kind == NextMoveFilter::Forced ? forced() : NextMoveFilter::moveMatches(s.kind, before, mv, after);
        if (v == s.negated) return false;
    }
    return true;
}

bool singleType(const PieceTypes &p)
{
    if (p.anything || p.promoted || p.unpromoted) return false;
    PieceMask m = colourFree(p.plain) & PieceMask(WhiteBits);
    return m && !(m & (m - 1)) && !(p.plain & EmptyBit);
}

} // namespace

bool readLineMoves(std::string_view text, std::vector<LineMove> &out, std::string &error)
{
    std::vector<std::string> words;
    {
        std::string w;
        for (char c : text) {
            if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
                if (!w.empty()) words.push_back(w), w.clear();
            } else {
                w += c;
            }
        }
        if (!w.empty()) words.push_back(w);
    }
    long long lastPly = -1;
    for (size_t k = 0; k < words.size(); ++k) {
        std::string w = words[k];
        if (w == "ep" || w == "e.p.") {
            error = "'" + w + "' must follow a move";
            return false;
        }
        if (w == "*") {
            error = "'*' is not a move; ':line*' is the transposition-invariant line";
            return false;
        }
        // "d5xe6 ep": the en passant mark written apart belongs to the move.
        if (k + 1 < words.size() && (words[k + 1] == "ep" || words[k + 1] == "e.p.")) w += words[++k];
        LineMove m;
        // A move number: "12." (White's move) or "12..." (Black's).
        size_t i = 0;
        while (i < w.size() && w[i] >= '0' && w[i] <= '9')
            ++i;
        if (i > 0 && (i == w.size() || w[i] == '.')) {
            long long n = std::stoll(w.substr(0, i));
            size_t dots = 0;
            while (i < w.size() && w[i] == '.')
                ++i, ++dots;
            if (dots == 0 || n < 1) {
                error = "'" + w + "': a move number is written 12. or 12...";
                return false;
            }
            long long ply = 2 * (n - 1) + (dots >= 3 ? 1 : 0);
            if (ply <= lastPly) {
                error = "'" + w + "': move numbers must ascend";
                return false;
            }
            m.ply = ply;
            w = w.substr(i);
            if (w.empty()) {
                if (++k >= words.size()) {
                    error = "a move must follow its number";
                    return false;
                }
                w = words[k];
            }
            lastPly = ply;
        }
        long long ply = m.ply;
        if (!readMove(w, m, error)) return false;
        m.ply = ply;
        out.push_back(std::move(m));
    }
    return true;
}

bool lineMoveFilters(const LineMove &m, std::vector<FilterPtr> &parts, std::string &, const Lowering &lower)
{
    if (m.ply >= 0) {
        Range r;
        r.lo.value = r.hi.value = m.ply;
        parts.push_back(std::make_unique<MoveNumberFilter>(true, r));
    }
    switch (m.kind) {
    // Not CQL 6's `move null`: the steps of a line are tried often, and its filter is slower.
    case LineMove::Null: parts.push_back(std::make_unique<NextMoveFilter>(NextMoveFilter::IsNull)); return true;
    case LineMove::AnyMove:
        parts.push_back(std::make_unique<FactFilter>(FactFilter::HasMoves));
        parts.push_back(std::make_unique<NotFilter>(std::make_unique<NextMoveFilter>(NextMoveFilter::IsNull)));
        return true;
    case LineMove::Castle: parts.push_back(lower(castlingCql6(m.castleRights), {})); break;
    case LineMove::Drop: {
        MoveSpec s;
        s.cqlsDrops = s.dropsOnly = true;
        const PieceMask hand = handPieces(m.fromPieces);
        s.dropPieces = m.coloured ? hand : colourFree(hand);
        if (m.to != SquareSet::all()) s.to = designatorOf(PieceTypes(), m.to);
        parts.push_back(std::make_unique<MoveFilter>(std::move(s)));
        break;
    }
    case LineMove::Normal: {
        MoveSpec s;
        s.cqlsDrops = true; // a move from a square is no drop
        s.from = designatorOf(m.fromPieces, m.from, m.coloured);
        PieceTypes to = m.toPieces;
        // An en passant capture goes to an empty square.
        if (m.op == 'x' && m.enpassant && !to.any()) to.plain = EmptyBit;
        if (m.op == '-' && !to.any())
            to.plain = EmptyBit;
        else if (m.op == 'x' && !to.any())
            to.plain = PieceMask(WhiteBits | BlackBits);
        s.to = m.promotionOnly ? nullptr : designatorOf(to, m.to);
        parts.push_back(std::make_unique<MoveFilter>(std::move(s)));
        break;
    }
    }
    if (m.promote.any()) {
        PieceMask pm = m.promote.anything ? PieceMask(WhiteBits | BlackBits) : colourFree(m.promote.plain);
        parts.push_back(lower(promoteCql6(pm, ""), {}));
    }
    if (m.enpassant) {
        MoveSpec s;
        s.enpassant = true;
        parts.push_back(std::make_unique<MoveFilter>(std::move(s)));
    }
    for (const LineMove::Suffix &x : m.suffixes) {
        FilterPtr f = std::make_unique<NextMoveFilter>(x.kind);
        if (x.negated) f = std::make_unique<NotFilter>(std::move(f));
        parts.push_back(std::move(f));
    }
    return true;
}

// Moves the side to move could play in pos that fit m (before suffix checks).
static bool lineMoveFits(const LineMove &m, const chess::Position &pos, chess::Move mv)
{
    switch (m.kind) {
    case LineMove::Null: return mv.isNull();
    case LineMove::AnyMove: return !mv.isNull();
    case LineMove::Castle: {
        if (!mv.isCastling()) return false;
        bool kingSide = chess::fileOf(mv.to()) > chess::fileOf(mv.from());
        int bit = (kingSide ? 1 : 2) << (pos.sideToMove() == chess::White ? 0 : 2);
        return m.castleRights == 0 || (m.castleRights & bit);
    }
    case LineMove::Drop: {
        if (!mv.isDrop() || !m.to.contains(mv.to())) return false;
        const PieceMask hand = handPieces(m.fromPieces);
        const PieceMask piece = PieceMask(1u << chess::makePiece(pos.sideToMove(), mv.dropPiece()));
        return ((m.coloured ? hand : colourFree(hand)) & piece) != 0;
    }
    case LineMove::Normal: break;
    }
    if (mv.isNull() || mv.isCastling() || mv.isDrop()) return false;
    if (!pieceFits(m.fromPieces, pos.pieceAt(mv.from()), m.coloured) || !m.from.contains(mv.from())) return false;
    chess::Piece target = pos.pieceAt(mv.to()); // empty for en passant
    bool capture = mv.kind() == chess::Move::EnPassant || target != chess::NoPiece;
    if (!m.promotionOnly) {
        if (!m.to.contains(mv.to())) return false;
        if (m.toPieces.any()) {
            if (!pieceFits(m.toPieces, target)) return false;
        } else if ((m.op == '-' && capture && !m.enpassant) || (m.op == 'x' && !capture)) {
            return false;
        }
    }
    if (m.promotionOnly && mv.kind() != chess::Move::Promotion) return false;
    if (m.enpassant && mv.kind() != chess::Move::EnPassant) return false;
    if (m.promote.any()) {
        if (mv.kind() != chess::Move::Promotion) return false;
        if (!m.promote.anything
            && !(colourFree(m.promote.plain) & (1u << chess::makePiece(pos.sideToMove(), mv.promotion()))))
            return false;
    }
    return true;
}

std::string colourLine(std::vector<LineMove> &moves)
{
    // The colour a move's letters give, if they give one: 0 white, 1 black, -1 none.
    auto colourOf = [](const LineMove &m) {
        if (m.kind == LineMove::Castle)
            return m.castleRights == 1 || m.castleRights == 2 || m.castleRights == 3 ? 0
                : m.castleRights == 4 || m.castleRights == 8 || m.castleRights == 12 ? 1
                                                                                     : -1;
        const PieceTypes &p = m.fromPieces;
        if ((m.kind != LineMove::Normal && m.kind != LineMove::Drop) || p.anything) return -1;
        PieceMask all = PieceMask((p.plain | p.promoted | p.unpromoted) & ~EmptyBit);
        if (!all) return -1;
        if (!(all & BlackBits)) return 0;
        if (!(all & WhiteBits)) return 1;
        return -1;
    };
    int lastColour = -1;
    size_t lastAt = 0;
    for (size_t k = 0; k < moves.size(); ++k) {
        moves[k].coloured = true;
        int c = colourOf(moves[k]);
        if (c < 0) continue;
        if (lastColour >= 0 && (c == lastColour) != ((k - lastAt) % 2 == 0))
            return "'" + moves[k].text + "': without move numbers the colours of the moves must alternate";
        lastColour = c;
        lastAt = k;
    }
    return {};
}

// --- potential continuations

bool PotentialLineFilter::from(const chess::Position &pos, size_t k, long long ply) const
{
    if (k == m_moves.size()) return true;
    const LineMove &m = m_moves[k];
    if (m.ply >= 0 && m.ply != ply) return false;
    if (m.kind == LineMove::Null) {
        if (pos.inCheck()) return false;
        chess::Position after = pos.after(chess::Move::null());
        return suffixesHold(m, pos, chess::Move::null(), after) && from(after, k + 1, ply + 1);
    }
    chess::MoveList list;
    pos.generateLegal(list);
    for (chess::Move mv : list) {
        if (!lineMoveFits(m, pos, mv)) continue;
        chess::Position after = pos.after(mv);
        if (suffixesHold(m, pos, mv, after) && from(after, k + 1, ply + 1)) return true;
    }
    return false;
}

bool PotentialLineFilter::match(Ctx &ctx) const { return from(*ctx.pos, 0, ctx.cur().ply); }

FilterPtr PotentialLineFilter::transformed(const Transform &t) const
{
    std::vector<LineMove> moves = m_moves;
    for (LineMove &m : moves) {
        m.from = cqlsImage(t, m.from);
        m.to = cqlsImage(t, m.to);
        if (t.swapColors && m.castleRights) m.castleRights = ((m.castleRights & 3) << 2) | ((m.castleRights >> 2) & 3);
        uint64_t b[2] = {m.from.bits(), m.to.bits()};
        noteImage(b, sizeof b);
        noteImage(&m.castleRights, sizeof m.castleRights);
    }
    return std::make_unique<PotentialLineFilter>(std::move(moves));
}

// --- :line*

std::string LineStarFilter::validate(const std::vector<LineMove> &moves)
{
    if (moves.empty()) return "':line*' needs at least one move";
    for (size_t k = 0; k < moves.size(); ++k) {
        const LineMove &m = moves[k];
        const std::string at = "'" + m.text + "': ";
        if (!m.suffixes.empty() && k + 1 < moves.size())
            return at + "':line*' allows check marks only on its last move";
        switch (m.kind) {
        case LineMove::Null:
        case LineMove::AnyMove: return at + "':line*' needs every move determined; '" + m.text + "' is not";
        case LineMove::Castle:
            if (m.castleRights != (1 | 4) && m.castleRights != (2 | 8) && m.castleRights != 1 && m.castleRights != 2
                && m.castleRights != 4 && m.castleRights != 8)
                return at + "the castling side is not determined";
            continue;
        case LineMove::Drop:
            if (!singleType(m.fromPieces)) return at + "the dropped piece is not determined (write one piece letter)";
            if (m.to.count() != 1) return at + "the destination square is not determined";
            continue;
        case LineMove::Normal: break;
        }
        if (!singleType(m.fromPieces)) return at + "the moving piece is not determined (write one piece letter)";
        if (m.promotionOnly || m.from.count() != 1) return at + "the origin square is not determined";
        if (m.to.count() != 1) return at + "the destination square is not determined";
        if (m.op != '-' && m.op != 'x') return at + "write '-' for a move or 'x' for a capture";
        if (m.op == 'x' && !m.enpassant && !singleType(m.toPieces)) return at + "the captured piece is not determined";
        bool pawn = (colourFree(m.fromPieces.plain) & PieceMask(1u << chess::WPawn)) != 0;
        int toRank = chess::rankOf(m.to.first());
        if (pawn && (toRank == 0 || toRank == 7) && !singleType(m.promote))
            return at + "the promotion piece is not determined";
        if (!pawn && m.promote.any()) return at + "only a pawn promotes";
    }
    return {};
}

bool LineStarFilter::match(Ctx &ctx) const
{
    if (size_t(ctx.cur().ply) != m_moves.size()) return false;
    chess::Position pos = ctx.game->nodes[0].position;
    for (const LineMove &m : m_moves) {
        chess::MoveList list;
        pos.generateLegal(list);
        chess::Move found = chess::Move::none();
        int n = 0;
        for (chess::Move mv : list)
            if (lineMoveFits(m, pos, mv)) found = mv, ++n;
        if (n != 1) return false;
        chess::Position after = pos.after(found);
        if (!suffixesHold(m, pos, found, after)) return false;
        pos = after;
    }
    const chess::Position &here = *ctx.pos;
    if (here.sideToMove() != pos.sideToMove() || here.castlingRooks() != pos.castlingRooks()
        || here.pocket() != pos.pocket())
        return false;
    for (int s = 0; s < 64; ++s)
        if (here.pieceAt(chess::Square(s)) != pos.pieceAt(chess::Square(s))) return false;
    return true;
}

FilterPtr LineStarFilter::transformed(const Transform &) const { return std::make_unique<LineStarFilter>(m_moves); }

} // namespace cql::cqls
