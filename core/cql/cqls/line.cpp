// Compiling :line move notation.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "cql/cqls/line.h"

#include "cql/cqls/designators.h"
#include "cql/cqls/filters.h"
#include "cql/logic.h"
#include "cql/moves.h"
#include "cql/state.h"

#include <vector>

namespace cql::cqls {

using chess::SquareSet;

namespace {

// Both colours of every piece type in the mask: in a line the mover decides the colour.
PieceMask colourFree(PieceMask m)
{
    PieceMask pieces = m & PieceMask(WhiteBits | BlackBits);
    return PieceMask((m & EmptyBit) | pieces | ((pieces & WhiteBits) << 8) | ((pieces & BlackBits) >> 8));
}

FilterPtr designatorOf(const PieceTypes &p, SquareSet squares)
{
    if (p.anything || !p.any())
        return std::make_unique<CqlsDesignatorFilter>(PieceMask(0), squares);
    if (p.promoted || p.unpromoted)
        return nullptr;
    return std::make_unique<CqlsDesignatorFilter>(colourFree(p.plain), squares);
}

// A square part of a move: "e4", "??", "[ac]3", "?[1-7]", "[a1,c4]".
bool lineSquares(std::string_view t, size_t &i, SquareSet &out, std::string &error)
{
    auto axis = [&](int kind, SquareSet &lines) {
        auto line = [&](int v) { return kind == 0 ? SquareSet::file(v) : SquareSet::rank(v); };
        auto value = [&](char c, int &v) {
            if (kind == 0 && c >= 'a' && c <= 'h') { v = c - 'a'; return true; }
            if (kind == 1 && c >= '1' && c <= '8') { v = c - '1'; return true; }
            return false;
        };
        if (i >= t.size())
            return false;
        if (t[i] == '?') {
            lines = SquareSet::all();
            ++i;
            return true;
        }
        int v;
        if (value(t[i], v)) {
            lines = line(v);
            ++i;
            return true;
        }
        if (t[i] != '[')
            return false;
        ++i;
        lines = SquareSet();
        while (i < t.size() && t[i] != ']') {
            int a, b;
            if (!value(t[i], a))
                return false;
            b = a;
            ++i;
            if (i + 1 < t.size() && t[i] == '-' && value(t[i + 1], b))
                i += 2;
            for (int x = std::min(a, b); x <= std::max(a, b); ++x)
                lines |= line(x);
            if (i < t.size() && t[i] == ',')
                ++i;
        }
        if (i >= t.size())
            return false;
        ++i;
        return true;
    };
    size_t start = i;
    // A bracketed list of whole squares.
    if (i < t.size() && t[i] == '[' && i + 2 < t.size() && t[i + 1] >= 'a' && t[i + 1] <= 'h' && t[i + 2] >= '1' && t[i + 2] <= '8') {
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
    if (i >= t.size())
        return true;
    char c = t[i];
    PieceMask m;
    bool bracketOfPieces = c == '[' && i + 1 < t.size() && (pieceLetter(t[i + 1], m) || t[i + 1] == '?' || t[i + 1] == ']')
        && !(t[i + 1] >= 'a' && t[i + 1] <= 'h');
    // File letters (a-h, so also 'a' and 'b') and '?' start a square, not a piece part.
    if (!bracketOfPieces && !(c != '?' && pieceLetter(c, m) && !(c >= 'a' && c <= 'h')))
        return true;
    size_t used = 0;
    if (!parsePieceTypes(t.substr(i), out, used, error))
        return false;
    i += used;
    return true;
}

} // namespace

FilterPtr compileLine(std::string_view text, std::string &error)
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
        if (!w.empty())
            words.push_back(w);
    }
    std::vector<FilterPtr> steps;
    long long lastPly = -1;
    for (size_t k = 0; k < words.size(); ++k) {
        std::string w = words[k];
        if (w == "*") {
            error = "transposition-invariant lines ('*', ':line*') are not implemented yet";
            return nullptr;
        }
        if (w.find('|') != std::string::npos) {
            error = "potential continuations ('|') in ':line' are not implemented yet";
            return nullptr;
        }
        if (w == "ep" || w == "e.p.") {
            error = "'" + w + "' must follow a move";
            return nullptr;
        }
        // "d5xe6 ep": the en passant mark written apart belongs to the move.
        if (k + 1 < words.size() && (words[k + 1] == "ep" || words[k + 1] == "e.p."))
            w += words[++k];
        std::vector<FilterPtr> parts;
        // A move number: "12." (White's move) or "12..." (Black's).
        size_t i = 0;
        while (i < w.size() && w[i] >= '0' && w[i] <= '9')
            ++i;
        if (i > 0 && i < w.size() + 1 && (i == w.size() || w[i] == '.')) {
            long long n = std::stoll(w.substr(0, i));
            size_t dots = 0;
            while (i < w.size() && w[i] == '.')
                ++i, ++dots;
            if (dots == 0 || n < 1) {
                error = "'" + w + "': a move number is written 12. or 12...";
                return nullptr;
            }
            long long ply = 2 * (n - 1) + (dots >= 3 ? 1 : 0);
            if (ply <= lastPly) {
                error = "'" + w + "': move numbers must ascend";
                return nullptr;
            }
            Range r;
            r.lo.value = r.hi.value = ply;
            parts.push_back(std::make_unique<MoveNumberFilter>(true, r));
            w = w.substr(i);
            if (w.empty()) {
                if (++k >= words.size()) {
                    error = "a move must follow its number";
                    return nullptr;
                }
                w = words[k];
            }
            lastPly = ply;
        }
        i = 0;
        if (w.find('@') != std::string::npos) {
            error = "drop moves ('@') in ':line' are not implemented yet";
            return nullptr;
        }
        if (w == "null") {
            parts.push_back(std::make_unique<NextMoveFilter>(NextMoveFilter::IsNull));
            steps.push_back(std::make_unique<AllFilter>(std::move(parts)));
            continue;
        }
        if (w == "--") {
            parts.push_back(std::make_unique<FactFilter>(FactFilter::HasMoves));
            parts.push_back(std::make_unique<NotFilter>(std::make_unique<NextMoveFilter>(NextMoveFilter::IsNull)));
            steps.push_back(std::make_unique<AllFilter>(std::move(parts)));
            continue;
        }
        // Castling: O-O, O-O-O, O-O-O-O, and K-Q, K-K, K-KQ (either colour).
        auto castle = [&](int rights, size_t len) {
            parts.push_back(std::make_unique<NextMoveFilter>(NextMoveFilter::Castling, rights));
            i = len;
        };
        bool castled = true;
        if (w.rfind("O-O-O-O", 0) == 0) castle(0, 7);
        else if (w.rfind("O-O-O", 0) == 0) castle(2 | 8, 5);
        else if (w.rfind("O-O", 0) == 0) castle(1 | 4, 3);
        else if (w.rfind("K-KQ", 0) == 0 || w.rfind("k-kq", 0) == 0) castle(w[0] == 'K' ? 3 : 12, 4);
        else if (w.rfind("K-Q", 0) == 0 || w.rfind("k-q", 0) == 0) castle(w[0] == 'K' ? 2 : 8, 3);
        else if (w.rfind("K-K", 0) == 0 || w.rfind("k-k", 0) == 0) castle(w[0] == 'K' ? 1 : 4, 3);
        else castled = false;
        std::string_view t = w;
        if (!castled) {
            PieceTypes fromPieces, toPieces;
            SquareSet from = SquareSet::all(), to = SquareSet::all();
            if (!linePieces(t, i, fromPieces, error))
                return nullptr;
            if (startsSquare(t, i) && !lineSquares(t, i, from, error))
                return nullptr;
            char op = '-';
            bool promotionOnly = false;
            if (i < t.size() && (t[i] == '-' || t[i] == 'x' || t[i] == ':')) {
                op = t[i++];
                if (!linePieces(t, i, toPieces, error))
                    return nullptr;
                if (startsSquare(t, i) && !lineSquares(t, i, to, error))
                    return nullptr;
            } else if (i < t.size() && t[i] == '=') {
                promotionOnly = true; // "P=Q": the pawn's move is a promotion
            } else if (from != SquareSet::all()) {
                // "Ne5": the square named is the destination.
                to = from;
                from = SquareSet::all();
            }
            if (fromPieces.promoted || fromPieces.unpromoted || toPieces.promoted || toPieces.unpromoted) {
                error = "'" + w + "': '~' marks in ':line' are not implemented yet";
                return nullptr;
            }
            MoveSpec s;
            s.from = designatorOf(fromPieces, from);
            // An en passant capture goes to an empty square.
            bool ep = t.find("ep", i) != std::string_view::npos || t.find("e.p.", i) != std::string_view::npos;
            if (op == 'x' && ep && !toPieces.any())
                toPieces.plain = EmptyBit;
            if (op == '-' && !toPieces.any())
                toPieces.plain = EmptyBit;
            else if (op == 'x' && !toPieces.any())
                toPieces.plain = PieceMask(WhiteBits | BlackBits);
            s.to = promotionOnly ? nullptr : designatorOf(toPieces, to);
            parts.push_back(std::make_unique<MoveFilter>(std::move(s)));
        }
        // Suffixes: =X, ep, check marks, '!'.
        while (i < t.size()) {
            std::string_view rest = t.substr(i);
            if (rest[0] == '=') {
                ++i;
                PieceTypes pt;
                if (!linePieces(t, i, pt, error) || !pt.any()) {
                    error = "'" + w + "': the promotion piece is missing";
                    return nullptr;
                }
                PieceMask m = pt.anything ? PieceMask(WhiteBits | BlackBits) : colourFree(pt.plain);
                parts.push_back(std::make_unique<NextMoveFilter>(NextMoveFilter::Promote, 0, m));
                continue;
            }
            if (rest.rfind("ep", 0) == 0 || rest.rfind("e.p.", 0) == 0) {
                MoveSpec s;
                s.enpassant = true;
                parts.push_back(std::make_unique<MoveFilter>(std::move(s)));
                i += rest[1] == '.' ? 4 : 2;
                continue;
            }
            auto next = [&](NextMoveFilter::Kind kind, bool negate, size_t len) {
                FilterPtr f = std::make_unique<NextMoveFilter>(kind);
                if (negate)
                    f = std::make_unique<NotFilter>(std::move(f));
                parts.push_back(std::move(f));
                i += len;
            };
            if (rest.rfind("+++", 0) == 0) next(NextMoveFilter::IsContactCheck, false, 3);
            else if (rest.rfind("++", 0) == 0) next(NextMoveFilter::IsDoubleCheck, false, 2);
            else if (rest[0] == '+') next(NextMoveFilter::IsCheck, false, 1);
            else if (rest[0] == '#') next(NextMoveFilter::IsMate, false, 1);
            else if (rest.rfind("---", 0) == 0) next(NextMoveFilter::IsContactCheck, true, 3);
            else if (rest.rfind("--", 0) == 0) next(NextMoveFilter::IsDoubleCheck, true, 2);
            else if (rest[0] == '-') next(NextMoveFilter::IsCheck, true, 1);
            else if (rest[0] == '*') next(NextMoveFilter::IsMate, true, 1);
            else if (rest[0] == '!') next(NextMoveFilter::Forced, false, 1);
            else {
                error = "'" + w + "' is not a move in CQL-S notation";
                return nullptr;
            }
        }
        steps.push_back(std::make_unique<AllFilter>(std::move(parts)));
    }
    if (steps.empty()) {
        error = "':line' needs at least one move";
        return nullptr;
    }
    return std::make_unique<SequenceFilter>(false, std::move(steps));
}

} // namespace cql::cqls
