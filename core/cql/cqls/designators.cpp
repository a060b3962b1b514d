// Parsing CQL-S piece and square designators and range specifiers.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "cql/cqls/designators.h"

#include <cctype>
#include <utility>

#include "chess/types.h"

namespace cql::cqls {

using chess::SquareSet;

namespace {

constexpr PieceMask bit(chess::Piece p) { return PieceMask(1u << p); }

SquareSet lightSquares()
{
    SquareSet s;
    for (int f = 0; f < 8; ++f)
        for (int r = 0; r < 8; ++r)
            if ((f + r) % 2 == 1) // a1 is dark
                s |= SquareSet::of(chess::makeSquare(f, r));
    return s;
}

// One item of a square list: file part then rank part.
bool parseSquareItem(std::string_view t, SquareSet &out, std::string &error, bool &hand)
{
    if (t == "+") { // the backhand of drop chess: no board square
        out = SquareSet();
        hand = true;
        return true;
    }
    if (t == "*") {
        out = SquareSet::all();
        hand = true;
        return true;
    }
    size_t i = 0;
    SquareSet files, ranks;
    int fileColour = 0, rankColour = 0;
    if (!parseAxis(t, i, 0, files, fileColour, error) || !parseAxis(t, i, 1, ranks, rankColour, error)) return false;
    if (i != t.size()) {
        error = "'" + std::string(t) + "' is not a square designator";
        return false;
    }
    if (fileColour && rankColour) {
        error = "'" + std::string(t) + "': L and D may mark the files or the ranks, not both";
        return false;
    }
    out = files & ranks;
    int colour = fileColour | rankColour;
    if (colour == 1)
        out &= lightSquares();
    else if (colour == 2)
        out &= ~lightSquares();
    return true;
}

} // namespace

// The seed's examples write "N[ac]3" and "M?[1-7]".
bool parseAxis(std::string_view t, size_t &i, int kind, SquareSet &lines, int &colour, std::string &error)
{
    auto value = [&](char c, int &v) {
        if (kind == 0 && c >= 'a' && c <= 'h') {
            v = c - 'a';
            return true;
        }
        if (kind == 1 && c >= '1' && c <= '8') {
            v = c - '1';
            return true;
        }
        return false;
    };
    auto line = [&](int v) { return kind == 0 ? SquareSet::file(v) : SquareSet::rank(v); };
    if (i >= t.size()) {
        error = kind == 0 ? "a file is missing" : "a rank is missing";
        return false;
    }
    char c = t[i];
    if (c == '[') {
        const size_t close = t.find(']', i);
        if (close == std::string_view::npos) {
            error = "']' is missing in '" + std::string(t) + "'";
            return false;
        }
        lines = SquareSet();
        size_t k = i + 1;
        while (k < close) {
            if (t[k] == ',' || t[k] == ' ') {
                ++k;
                continue;
            }
            int a, b;
            if (!value(t[k], a)) {
                error = std::string("'") + t[k] + "' is not a " + (kind == 0 ? "file" : "rank");
                return false;
            }
            b = a;
            ++k;
            if (k + 1 < close && t[k] == '-' && value(t[k + 1], b)) k += 2;
            if (b < a) std::swap(a, b);
            for (int v = a; v <= b; ++v)
                lines |= line(v);
        }
        if (!lines.any()) {
            error = std::string("'") + std::string(t) + "': an empty set of " + (kind == 0 ? "files" : "ranks");
            return false;
        }
        i = close + 1;
        return true;
    }
    if (c == '?') {
        lines = SquareSet::all();
        ++i;
        return true;
    }
    if (c == 'L' || c == 'D') {
        lines = SquareSet::all();
        colour = c == 'L' ? 1 : 2;
        ++i;
        return true;
    }
    int a;
    if (!value(c, a)) {
        error = std::string("'") + c + "' is not a " + (kind == 0 ? "file" : "rank");
        return false;
    }
    ++i;
    int b = a;
    if (i + 1 < t.size() && t[i] == '-' && value(t[i + 1], b)) i += 2;
    if (b < a) std::swap(a, b);
    lines = SquareSet();
    for (int v = a; v <= b; ++v)
        lines |= line(v);
    return true;
}

PieceMask handPieces(const PieceTypes &p)
{
    if (p.anything) return PieceMask(WhiteBits | BlackBits);
    return PieceMask((p.plain | p.unpromoted) & (WhiteBits | BlackBits));
}

bool pieceLetter(char c, PieceMask &out)
{
    using namespace chess;
    // Kings down to pawns, white then black; then the seed's sets of pieces.
    static constexpr std::string_view pieces = "KQRBNPkqrbnp", sets = "AaMmIiU.";
    static constexpr PieceMask setMasks[] = {WhiteBits,
                                             BlackBits,
                                             bit(WQueen) | bit(WRook),
                                             bit(BQueen) | bit(BRook),
                                             bit(WBishop) | bit(WKnight),
                                             bit(BBishop) | bit(BKnight),
                                             WhiteBits | BlackBits,
                                             EmptyBit};
    if (const size_t k = pieces.find(c); k != std::string_view::npos)
        out = bit(Piece(k < 6 ? WKing - int(k) : BKing - int(k - 6)));
    else if (const size_t j = sets.find(c); j != std::string_view::npos)
        out = setMasks[j];
    else
        return false;
    return true;
}

bool parsePieceTypes(std::string_view t, PieceTypes &out, size_t &used, std::string &error)
{
    out = PieceTypes();
    // One letter with its promotion marks.
    auto one = [&](size_t &i) {
        char c = t[i];
        if (c == '?') {
            out.anything = true;
            ++i;
            return true;
        }
        PieceMask m;
        if (!pieceLetter(c, m)) {
            error = std::string("'") + c + "' is not a piece type";
            return false;
        }
        ++i;
        // '~' promoted pieces, '~~' pieces that were no promotion.
        const size_t marks = t.substr(i, 2) == "~~" ? 2 : t.substr(i, 1) == "~" ? 1 : 0;
        if (marks && (m & EmptyBit)) {
            error = "an empty square cannot be marked with '" + std::string(marks, '~') + "'";
            return false;
        }
        (marks == 2 ? out.unpromoted : marks == 1 ? out.promoted : out.plain) |= m;
        i += marks;
        return true;
    };
    if (t.empty()) {
        error = "a piece designator is missing";
        return false;
    }
    size_t i = 0;
    if (t[0] == '$') {
        // A tag name is alphanumeric, so squares after it are written in brackets.
        while (i + 1 < t.size() && std::isalnum(static_cast<unsigned char>(t[i + 1])))
            ++i;
        if (i == 0) {
            error = "'$' must be followed by the name of a tag";
            return false;
        }
        out.tag = std::string(t.substr(1, i));
        used = i + 1;
        return true;
    }
    if (t[0] == '[') {
        ++i;
        while (i < t.size() && t[i] != ']') {
            if (t[i] == ' ') {
                ++i;
                continue;
            }
            if (!one(i)) return false;
        }
        if (i >= t.size()) {
            error = "']' is missing in '" + std::string(t) + "'";
            return false;
        }
        ++i;
    } else if (!one(i)) {
        return false;
    }
    used = i;
    return true;
}

bool parseSquares(std::string_view t, SquareSet &out, std::string &error, bool *handOut)
{
    bool ignored = false;
    bool &hand = handOut ? *handOut : ignored;
    hand = false;
    if (t.empty()) {
        out = SquareSet::all();
        return true;
    }
    if (t.front() != '[') {
        // Without brackets one file part and one rank part ("a1", "?1-7" as the
        // seed writes it); a list needs brackets.
        if (t.find(',') != std::string_view::npos) {
            error = "'" + std::string(t) + "': a list of squares must be in brackets";
            return false;
        }
        return parseSquareItem(t, out, error, hand);
    }
    if (t.back() != ']' || t.find(']') != t.size() - 1) {
        // "[ac]3": a set of files, then the rank part.
        if (t.find(']') != std::string_view::npos && t.find(']') + 1 < t.size())
            return parseSquareItem(t, out, error, hand);
        error = "']' is missing in '" + std::string(t) + "'";
        return false;
    }
    std::string_view body = t.substr(1, t.size() - 2);
    out = SquareSet();
    if (body.find_first_not_of(' ') == std::string_view::npos) return true; // "[ ]": no squares at all
    for (std::string_view item : commaParts(body)) {
        while (!item.empty() && item.front() == ' ')
            item.remove_prefix(1);
        while (!item.empty() && item.back() == ' ')
            item.remove_suffix(1);
        SquareSet s;
        if (!parseSquareItem(item, s, error, hand)) return false;
        out |= s;
    }
    return true;
}

bool parseDesignator(std::string_view t, Designator &out, std::string &error)
{
    size_t used = 0;
    if (parsePieceTypes(t, out.pieces, used, error) && parseSquares(t.substr(used), out.squares, error, &out.hand))
        return true;
    // A square designator alone ("e4", as in the seed's ':moveto e4'): any
    // piece or none on those squares. The first error is the one to report.
    const std::string first = error;
    Designator bare;
    std::string ignored;
    if (!t.empty() && t.front() != '[' && parseSquares(t, bare.squares, ignored) && bare.squares != SquareSet::all()) {
        bare.pieces.anything = true;
        out = bare;
        return true;
    }
    error = first;
    return false;
}

bool colourPart(const Designator &d, bool white, Designator &out)
{
    const PieceMask keep = white ? WhiteBits : BlackBits;
    out = d;
    if (out.pieces.anything) out.pieces.plain = keep;
    out.pieces.anything = false;
    out.pieces.plain &= keep;
    out.pieces.promoted &= keep;
    out.pieces.unpromoted &= keep;
    return out.pieces.plain || out.pieces.promoted || out.pieces.unpromoted;
}

std::vector<std::string_view> commaParts(std::string_view text)
{
    std::vector<std::string_view> parts;
    for (size_t start = 0;;) {
        const size_t comma = text.find(',', start);
        parts.push_back(text.substr(start, comma == std::string_view::npos ? std::string_view::npos : comma - start));
        if (comma == std::string_view::npos) return parts;
        start = comma + 1;
    }
}

std::string gameResult(std::string_view word)
{
    if (word == "1/2" || word == "\xC2\xBD" || word == "=") return "1/2-1/2";
    for (std::string_view r : {"1-0", "0-1", "1/2-1/2", "*", "0-0"})
        if (word == r) return std::string(r);
    return {};
}

void differencePair(Designator &first, Designator &second, bool secondGiven)
{
    if (secondGiven) return;
    const Designator both = first;
    colourPart(both, true, first);
    colourPart(both, false, second);
}

int readComparison(std::string_view &text)
{
    for (auto [word, op] : {std::pair{std::string_view(">="), 2}, {"<=", 4}, {">", 1}, {"<", 3}}) {
        if (text.starts_with(word)) {
            text.remove_prefix(word.size());
            return op;
        }
    }
    return 0;
}

bool takeSign(std::string_view &t)
{
    if (t.starts_with("\xE2\x88\x92")) { // U+2212 minus sign, as the seed writes it
        t.remove_prefix(3);
        return true;
    }
    const bool minus = t.starts_with('-');
    if (minus || t.starts_with('+')) t.remove_prefix(1);
    return minus;
}

bool parseNumber(std::string_view t, long long &out)
{
    const bool neg = takeSign(t);
    if (t.empty() || t.size() > 15) return false;
    long long v = 0;
    for (char c : t) {
        if (c < '0' || c > '9') return false;
        v = v * 10 + (c - '0');
    }
    out = neg ? -v : v;
    return true;
}

// "12", "end", "end-3".
static bool parseBound(std::string_view t, Bound &out, bool allowEnd)
{
    if (allowEnd && t.substr(0, 3) == "end") {
        out.fromEnd = true;
        out.value = 0;
        std::string_view rest = t.substr(3);
        if (rest.empty()) return true;
        long long n;
        bool minus = rest[0] == '-' || rest.substr(0, 3) == "\xE2\x88\x92" || rest.substr(0, 3) == "\xE2\x80\x93";
        if (!minus || !parseNumber(rest[0] == '-' ? rest.substr(1) : rest.substr(3), n) || n < 0) return false;
        out.value = -n;
        return true;
    }
    out.fromEnd = false;
    return parseNumber(t, out.value);
}

bool closeRange(std::string_view next, Range &r, bool allowEnd, bool allowPercent)
{
    Range second;
    bool plain = false;
    if (!parseRangeWord(next, second, plain, allowEnd, allowPercent) || !plain || second.percent != r.percent)
        return false;
    r.hi = second.hi;
    return true;
}

bool parseRangeWord(std::string_view t, Range &out, bool &plain, bool allowEnd, bool allowPercent)
{
    out = Range();
    plain = false;
    if (t == "*") return true;
    if (t == "unlimited") { // as the relation list's example writes an open upper bound
        plain = true;
        return true;
    }
    if (t == "\xE2\x80\x93" || t == "-") { // '–': the empty range
        out.empty = true;
        return true;
    }
    if (allowPercent && !t.empty() && t.back() == '%') {
        out.percent = true;
        t.remove_suffix(1);
    }
    int op = readComparison(t);
    Bound b;
    if (!parseBound(t, b, allowEnd && !out.percent)) return false;
    if (out.percent) {
        if (b.value < 0 || b.value > 100) return false;
        b.value *= 1000; // in thousandths of a percent, so that > and < stay strict
    }
    switch (op) {
    case 0:
        out.lo = out.hi = b;
        plain = true;
        break;
    case 1:
        out.lo = b;
        out.lo.value += 1;
        break;
    case 2: out.lo = b; break;
    case 3:
        out.hi = b;
        out.hi.value -= 1;
        break;
    case 4: out.hi = b; break;
    }
    return true;
}

} // namespace cql::cqls
