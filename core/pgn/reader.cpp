// The PGN reader's game logic: where games begin and end, header and movetext
// phases, and what is reported to the visitor.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "reader.h"

#include "pgn/readerchars.h"

#include <algorithm>
#include <climits>
#include <cstring>

namespace pgn {

using namespace detail;

namespace {

uint32_t hashName(std::string_view s)
{
    uint32_t h = 2166136261u;
    for (unsigned char ch : s)
        h = (h ^ ch) * 16777619u;
    return h;
}

bool isResult(std::string_view w) { return w == "1-0" || w == "0-1" || w == "1/2-1/2" || w == "*"; }

std::string quoted(std::string_view s)
{
    std::string out = "'";
    size_t n = std::min<size_t>(s.size(), 40);
    for (size_t i = 0; i < n; ++i) {
        unsigned char ch = static_cast<unsigned char>(s[i]);
        if (ch < 32 || ch == 127) {
            static const char hex[] = "0123456789abcdef";
            out += "\\x";
            out += hex[ch >> 4];
            out += hex[ch & 15];
        } else {
            out += char(ch);
        }
    }
    if (s.size() > n) out += "...";
    out += "'";
    return out;
}

// Could a word between games begin a game without tags? Move numbers and
// things shaped like moves do; other words are stray text.
bool looksLikeMovetext(std::string_view w)
{
    if (w.empty()) return false;
    if (w[0] >= '0' && w[0] <= '9') {
        size_t i = 0;
        while (i < w.size() && w[i] >= '0' && w[i] <= '9')
            ++i;
        if (i == w.size() || w[i] == '.') return true;
        // A bughouse (BPGN) move number names its board: "1A.", "12b.".
        if ((w[i] == 'A' || w[i] == 'a' || w[i] == 'B' || w[i] == 'b') && (i + 1 == w.size() || w[i + 1] == '.'))
            return true;
    }
    return looksLikeMove(w);
}

bool strayBetweenGames(unsigned char c)
{
    return c && !is(c, CSpace | CLine | CWord) && c != '[' && c != '{' && c != ';';
}

bool strayInGame(unsigned char c) { return c && !is(c, CSpace | CLine | CWord) && !std::strchr("[]{}();$*%", c); }

bool insideBrackets(unsigned char c) { return c && c != ']' && c != '\n' && c != '\r' && c != '[' && c != '{'; }

} // namespace

bool looksLikeMove(std::string_view w)
{
    if (w.empty()) return false;
    if (w == "--" || w == "Z0" || w == "0000" || w.substr(0, 3) == "O-O" || w.substr(0, 3) == "0-0") return true;
    size_t i = 0;
    if (w[0] && std::strchr("KQRBNP", w[0])) ++i;
    if (i < w.size() && w[i] == '@') ++i; // a drop: "N@f3", "@e4"
    // Then [a-h]?[1-8]?[x:-]? and a file letter with a digit (e9 is a bad move, not stray text).
    for (; i + 1 < w.size(); ++i) {
        if (w[i] >= 'a' && w[i] <= 'h' && w[i + 1] >= '0' && w[i + 1] <= '9') return true;
        if (!w[i] || !std::strchr("abcdefgh12345678x:-", w[i])) return false;
    }
    return false;
}

int nagForSymbol(std::string_view s)
{
    if (s.empty() || s.size() > 3) return 0;
    switch (s[0]) {
    case '!': return s == "!" ? 1 : s == "!!" ? 3 : s == "!?" ? 5 : 0;
    case '?': return s == "?" ? 2 : s == "??" ? 4 : s == "?!" ? 6 : 0;
    case '=': return s == "=" ? 10 : s == "=+" ? 15 : s == "=/+" ? 15 : 0;
    case '~': return s == "~" ? 13 : 0;
    case '+': return s == "+=" ? 14 : s == "+/=" ? 14 : s == "+/-" ? 16 : s == "+-" ? 18 : 0;
    case '-': return s == "-/+" ? 17 : s == "-+" ? 19 : 0;
    case 'N': return s.size() == 1 ? 146 : 0;
    default: return 0;
    }
}

void Reader::reportError(Visitor &v, const Location &where, std::string_view message)
{
    ++m_errors;
    if (m_errors < m_limits.maxErrorsPerGame) {
        v.error(where, message);
    } else if (m_errors == m_limits.maxErrorsPerGame) {
        v.error(where, "too many errors in this game; further ones are not reported");
    }
}

namespace {
std::string_view trimmed(std::string_view s)
{
    size_t b = 0, e = s.size();
    while (b < e && (s[b] == ' ' || s[b] == '\t' || s[b] == '\n' || s[b] == '\r'))
        ++b;
    while (e > b && (s[e - 1] == ' ' || s[e - 1] == '\t' || s[e - 1] == '\n' || s[e - 1] == '\r'))
        --e;
    return s.substr(b, e - b);
}
} // namespace

void Reader::beginGame(Visitor &v, uint64_t startOffset, const Location &where)
{
    m_inGame = true;
    m_gameStart = startOffset;
    m_moves = 0;
    m_errors = 0;
    m_nulReported = false;
    m_tagHashes.clear();
    GameStart gs;
    gs.number = m_number++;
    gs.where = where;
    gs.where.offset = startOffset;
    v.beginGame(gs);
}

void Reader::finishGame(Visitor &v)
{
    m_lastGameEnd = offsetOf(m_p);
    m_inGame = false;
    if (!v.endGame()) m_stop = true;
}

uint64_t Reader::readAll(Visitor &v)
{
    uint64_t n = 0;
    while (!m_stop && readGame(v))
        ++n;
    return n;
}

bool Reader::readGame(Visitor &v)
{
    if (!m_source) return false;
    m_visitor = &v;
    m_inGame = false;
    m_strayNulReported = false;
    m_pending.clear();
    m_havePending = false;
    if (m_p == m_end && !m_eof) refill();

    // Between games: space, stray comments, escape lines, garbage.
    for (;;) {
        skipSpace();
        const char *p = m_p;
        unsigned char c = static_cast<unsigned char>(*p);
        if (c == 0) return false; // end of input (skipSpace ate every other NUL)
        if (c == '[') {
            if (looksLikeTag()) {
                beginGame(v, offsetOf(m_p), here(m_p));
                headerPhase(v);
                return true;
            }
            v.strayError(here(m_p), "unexpected '[' between games");
            ++m_p;
            continue;
        }
        if (c == '{' || c == ';') {
            Location where = here(p);
            std::string_view text;
            bool closed = c == '{' ? readComment(text, true) : readLineComment(text, true);
            if (!closed) v.strayError(where, "unterminated comment");
            if (!m_havePending) {
                m_havePending = true;
                m_pendingWhere = where;
            } else {
                m_pending += ' ';
            }
            m_pending += cleanText(trimmed(text), m_scratch);
            continue;
        }
        if (c == '%' && atLineStart(p)) {
            skipEscapeLine();
            continue;
        }
        if (is(c, CWord)) {
            const Location where = here(p);
            std::string_view w = readWord();
            // A word cut at the length limit has lost its start from the buffer:
            // it cannot be read again, and no move or result is that long anyway.
            bool startsGame = !m_wordCut && looksLikeMovetext(w);
            bool result = !m_wordCut && isResult(w);
            if (startsGame || (result && m_havePending)) {
                // Step back: the movetext phase reads this word again.
                m_p = p;
                // readWord may have moved the buffer; find the word again by offset.
                m_p = m_buf + (where.offset - m_bufOffset);
                if (m_havePending)
                    beginGame(v, m_pendingWhere.offset, m_pendingWhere);
                else
                    beginGame(v, where.offset, where);
                movetextPhase(v);
                return true;
            }
            v.strayError(where,
                         result ? "result " + std::string(w) + " outside a game"
                                : "unexpected text " + quoted(w) + " between games");
            continue;
        }
        if (c == '*' && m_havePending) {
            beginGame(v, m_pendingWhere.offset, m_pendingWhere);
            movetextPhase(v);
            return true;
        }
        if (c == '*') {
            v.strayError(here(p), "result * outside a game");
            ++m_p;
            continue;
        }
        if (c == '(' && m_havePending) {
            beginGame(v, m_pendingWhere.offset, m_pendingWhere);
            movetextPhase(v);
            return true;
        }
        // Anything else: skip a run of such characters.
        const Location where = here(p);
        const std::string_view run = scanRun(p, 0, 40, strayBetweenGames);
        v.strayError(where, "unexpected text " + quoted(run) + " between games");
    }
}

void Reader::headerPhase(Visitor &v)
{
    bool blankSinceTag = false;
    // A tag seen before in this header, after a blank line, starts a new game: the
    // current one had no movetext. Otherwise the tag is noted.
    const auto startsNextGame = [&](std::string_view name) {
        const uint32_t h = hashName(name);
        if (blankSinceTag && std::find(m_tagHashes.begin(), m_tagHashes.end(), h) != m_tagHashes.end()) return true;
        m_tagHashes.push_back(h);
        blankSinceTag = false;
        return false;
    };
    const auto endWithoutMovetext = [&] {
        v.beginMovetext();
        deliverPending(v, true);
        finishGame(v);
    };
    for (;;) {
        skipSpace();
        if (offsetOf(m_p) - m_gameStart > m_limits.maxGameBytes) {
            reportError(v, m_p,
                        "the game's header is longer than " + std::to_string(m_limits.maxGameBytes >> 20)
                            + " MiB; the rest of it is skipped");
            skipOverlongGame(v);
            endWithoutMovetext();
            return;
        }
        if (m_newlines >= 2) blankSinceTag = true;
        const char *p = m_p;
        char c = *p;
        if (c == '[') {
            std::string_view name, value;
            if (readPlainTag(name, value)) {
                if (startsNextGame(name)) {
                    m_p = p;
                    endWithoutMovetext();
                    return;
                }
                v.tag(name, value);
                continue;
            }
        }
        bool tag = c == '[' && looksLikeTag(); // may move the buffer
        p = m_p;
        if (tag) {
            uint64_t tagOffset = offsetOf(m_p);
            Location where = here(m_p);
            std::string_view name, value;
            bool ok = readTag(name, value);
            if (startsNextGame(name)) {
                m_p = m_buf + (tagOffset - m_bufOffset);
                endWithoutMovetext();
                return;
            }
            if (!ok && value.size() >= m_limits.maxTagLength) {
                // The value was cut: what is left of its line is no header text of its own.
                reportError(v, where,
                            "tag " + quoted(name.empty() ? std::string_view("?") : name) + " is longer than "
                                + std::to_string(m_limits.maxTagLength)
                                + " bytes: its value is cut and the rest of its line skipped");
                // Copies: skipping the line refills the buffer the views point into.
                const std::string tagName(name), kept(cleanText(value, m_scratch2));
                skipRestOfLine();
                if (!tagName.empty()) v.tag(tagName, kept);
                continue;
            }
            if (!ok) reportError(v, where, "malformed tag " + quoted(name.empty() ? std::string_view("?") : name));
            if (name.empty()) continue;
            v.tag(name, cleanText(value, m_scratch2));
            continue;
        }
        if (c == '{' || c == ';') {
            Location where = here(p);
            std::string_view text;
            bool closed = c == '{' ? readComment(text, true) : readLineComment(text, true);
            if (!closed) reportError(v, where, "unterminated comment");
            if (m_havePending) m_pending += ' ';
            m_havePending = true;
            m_pending += cleanText(trimmed(text), m_scratch);
            continue;
        }
        if (c == '%' && atLineStart(p)) {
            skipEscapeLine();
            continue;
        }
        if (c != 0 && c != '(' && c != '*' && c != '$' && c != '[') {
            // Text that cannot start movetext (HTML left-overs, mail headers) is
            // reported without ending the header.
            const Location where = here(p);
            if (is(static_cast<unsigned char>(c), CWord)) {
                std::string_view w = readWord();
                if (!m_wordCut
                    && (looksLikeMovetext(w) || isResult(w) || nagForSymbol(w) || w.find_first_not_of('.') == w.npos)) {
                    m_p = m_buf + (where.offset - m_bufOffset);
                    break;
                }
                reportError(v, where, "unexpected text " + quoted(w) + " in the header");
                continue;
            }
            const std::string_view run = scanRun(p, 0, 40, strayInGame);
            reportError(v, where, "unexpected text " + quoted(run) + " in the header");
            continue;
        }
        break; // movetext or the end
    }
    movetextPhase(v);
}

// A run of bytes from p (past its first `skip` bytes) while inRun holds, at
// most maxLen long, and the closer after it if there is one. The run may cross
// the buffer's end: the buffer is then refilled, so a run reads the same
// however the text arrives. An empty run takes one byte. m_p is left after it;
// the view is valid until the next refill.
std::string_view Reader::scanRun(const char *p, size_t skip, size_t maxLen, bool (*inRun)(unsigned char), char closer)
{
    m_keep = p;
    const char *q = p + skip;
    for (;;) {
        while (inRun(static_cast<unsigned char>(*q)) && size_t(q - m_keep) < maxLen)
            ++q;
        if (*q == 0 && q == m_end && size_t(q - m_keep) < maxLen) {
            m_p = q;
            const bool more = refill();
            q = m_p;
            if (more) continue;
        }
        break;
    }
    p = m_keep;
    m_keep = nullptr;
    if (closer && *q == closer) ++q;
    if (q == p) ++q;
    m_p = q;
    return std::string_view(p, size_t(q - p));
}

// Past the size limit: everything up to the next tag line belongs to the game
// and is skipped unread; variations left open get no endVariation.
void Reader::skipOverlongGame(Visitor &)
{
    for (;;) {
        if (*m_p == '%' && atLineStart(m_p))
            skipEscapeLine();
        else
            skipRestOfLine();
        skipSpace();
        if (*m_p == 0 && m_p == m_end) return;
        if (*m_p == '[' && atLineStart(m_p) && tagLineFollows()) return;
    }
}

void Reader::deliverPending(Visitor &v, bool deliver)
{
    if (m_havePending && deliver && !m_pending.empty()) v.comment(m_pending);
    m_pending.clear();
    m_havePending = false;
}

namespace {

// Bytes the skim stops at: what can end a game or change the reader's state
// (line count, comments, tag, escape line, NAG digits, NUL, byte order mark),
// and '-' '/' because every result holds one of them.
struct SkimTable {
    bool stop[256] = {};
    constexpr SkimTable()
    {
        for (unsigned char ch : {'\n', '\r', '\0', '{', ';', '[', '*', '$', '%', '-', '/'})
            stop[ch] = true;
        stop[0xEF] = true;
    }
};
constexpr SkimTable Skim;

} // namespace

// When nothing of a game is delivered, most of its movetext (moves, numbers,
// NAG symbols, variations) has no effect but to be stepped over. The skim
// returns the next place where the full tokenizer has work: a stop byte, or,
// for '-', '/' and the end of the buffer, the start of the word holding it
// (a word start is always a token start, at or after where the skim began).
const char *Reader::skim(const char *p) const
{
    const char *const from = p;
    for (;;) {
        // Four bytes a round: a stop comes every few dozen bytes.
        if (!Skim.stop[static_cast<unsigned char>(p[0])] && !Skim.stop[static_cast<unsigned char>(p[1])]
            && !Skim.stop[static_cast<unsigned char>(p[2])] && !Skim.stop[static_cast<unsigned char>(p[3])]) {
            p += 4;
            continue;
        }
        while (!Skim.stop[static_cast<unsigned char>(*p)])
            ++p;
        const char c = *p;
        if (c == '-' || c == '/' || c == 0) {
            while (p > from && is(static_cast<unsigned char>(p[-1]), CWord))
                --p;
        }
        return p;
    }
}

void Reader::movetextPhase(Visitor &v)
{
    const bool wantMoves = v.beginMovetext();
    const bool wantComments = v.wantsComments();
    deliverPending(v, wantMoves);
    int depth = 0;
    int skipFrom = wantMoves ? INT_MAX : 0; // callbacks only at depth < skipFrom
    bool skipEndPending = false;            // the skipped variation still gets endVariation
    const int maxDepth = int(m_limits.maxVariationDepth);
    // Counts a move against the game's limit; past it, the rest is skipped.
    const auto overMoveLimit = [&](const Location &where) {
        if (++m_moves <= m_limits.maxMovesPerGame) return false;
        reportError(v, where,
                    "too many moves in one game (limit " + std::to_string(m_limits.maxMovesPerGame)
                        + "); the rest is skipped");
        skipFrom = 0;
        return true;
    };
    // What the visitor asked to skip after a move.
    const auto skipAfter = [&](MoveAction a) {
        if (a == MoveAction::SkipMovetext || depth == 0) {
            skipFrom = 0;
        } else {
            skipFrom = depth;
            skipEndPending = true;
        }
    };

    for (;;) {
        if (offsetOf(m_p) - m_gameStart > m_limits.maxGameBytes) {
            reportError(v, m_p,
                        "the game is longer than " + std::to_string(m_limits.maxGameBytes >> 20)
                            + " MiB; the rest of it is skipped");
            skipOverlongGame(v);
            finishGame(v);
            return;
        }
        if (skipFrom == 0) m_p = skim(m_p);
        {
            // Most tokens are followed by one space: step over it without a call.
            const char *p0 = m_p;
            if (*p0 == ' ') ++p0;
            m_p = p0;
            unsigned char c0 = static_cast<unsigned char>(*p0);
            if ((Chars.c[c0] & (CSpace | CLine)) || c0 == 0 || c0 == 0xEF) skipSpace();
        }
        const char *p = m_p;
        unsigned char c = static_cast<unsigned char>(*p);
        const bool deliver = depth < skipFrom;

        // Fast path for what nearly all movetext is: move numbers with their dots and
        // plain moves ending before a space, a newline or a bracket, taken one after
        // another while single spaces separate them. Whatever it does not take whole
        // (suffixes, dots, the buffer's end, NAG symbols, newlines) is left to the
        // general tokenizer below, which reads it the same way.
        {
            const char *r = p;
            for (;;) {
                const unsigned char d = static_cast<unsigned char>(*r);
                if (is(d, CDigit)) {
                    const char *q = r + 1;
                    while (is(static_cast<unsigned char>(*q), CDigit))
                        ++q;
                    if (*q != '.') break;
                    while (*q == '.')
                        ++q;
                    if (*q == 0 && q == m_end) break; // the dots may go on in the next chunk
                    r = q;
                } else if (is(d, CSanStart) && deliver) {
                    const char *q = r + 1;
                    while (is(static_cast<unsigned char>(*q), CSan))
                        ++q;
                    const unsigned char t = static_cast<unsigned char>(*q);
                    if (t == 0 || is(t, CWord) || q - r < 2 || size_t(q - r) > m_limits.maxTokenLength) break;
                    if (overMoveLimit(here(r))) {
                        r = q;
                        break;
                    }
                    const MoveAction a = v.move(std::string_view(r, size_t(q - r)), Place(*this, r));
                    r = q;
                    if (a != MoveAction::Continue) {
                        skipAfter(a);
                        break;
                    }
                } else {
                    break;
                }
                if (*r == ' ') ++r;
            }
            if (r != p) {
                m_p = r;
                continue;
            }
        }

        if (is(c, CWord)) {
            // The token's place is worked out only for errors; a word that crosses
            // the buffer's end gets it before the refill moves the text.
            Location crossed;
            bool hasCrossed = false;
            const auto where = [&] { return hasCrossed ? crossed : here(p); };
            if (is(c, CDigit)) {
                // Move number ("12.", "12...", "12" before a move), result, or 0-0.
                const char *q = p;
                while (is(static_cast<unsigned char>(*q), CDigit))
                    ++q;
                if (*q == '.' || !is(static_cast<unsigned char>(*q), CWord)) {
                    const char *r = q;
                    while (*r == '.')
                        ++r;
                    if (*r == 0 && r == m_end) {
                        // The number or its dots may go on in the next chunk: read it as a word.
                    } else {
                        m_p = r;
                        continue;
                    }
                }
            }
            std::string_view w;
            {
                const char *q = p;
                while (is(static_cast<unsigned char>(*q), CWord))
                    ++q;
                if (*q == 0 && q == m_end) {
                    crossed = here(p);
                    hasCrossed = true;
                    w = readWord(); // crosses the end of the buffer
                } else {
                    w = std::string_view(p, size_t(q - p));
                    m_p = q;
                    m_wordCut = w.size() > m_limits.maxTokenLength;
                }
            }
            if (m_wordCut) {
                if (deliver) reportError(v, where(), "token too long: " + quoted(w));
                continue;
            }
            if (is(c, CDigit)) {
                size_t digits = 0;
                while (digits < w.size() && is(static_cast<unsigned char>(w[digits]), CDigit))
                    ++digits;
                if (digits == w.size() || w[digits] == '.') {
                    // A number that crossed a chunk end: the part after the dots is read again.
                    size_t i = digits;
                    while (i < w.size() && w[i] == '.')
                        ++i;
                    m_p -= w.size() - i;
                    continue;
                }
                if (isResult(w)) {
                    if (depth > 0 && skipFrom != 0) reportError(v, where(), "unterminated variation");
                    v.result(w);
                    finishGame(v);
                    return;
                }
            }
            // Leading dots ("...Nf6") and trailing ones ("e4.", "exd6e.p.") carry nothing.
            if (w.front() == '.' || w.back() == '.') {
                while (!w.empty() && w.front() == '.')
                    w.remove_prefix(1);
                if (w.size() > 4 && w.substr(w.size() - 4) == "e.p.") w.remove_suffix(4);
                while (!w.empty() && w.back() == '.')
                    w.remove_suffix(1);
                if (w.empty()) continue;
            }
            if (!deliver) continue;
            // Annotation suffix: !, ?, !!, ??, !?, ?!
            size_t s = w.size();
            while (s > 0 && (w[s - 1] == '!' || w[s - 1] == '?'))
                --s;
            int suffixNag = 0;
            if (s < w.size()) {
                suffixNag = nagForSymbol(w.substr(s));
                if (s == 0) {
                    if (suffixNag) v.nag(suffixNag);
                    continue;
                }
                w = w.substr(0, s);
            }
            if (!is(static_cast<unsigned char>(w[0]), CIdent) || w.size() == 1) {
                if (int symbol = nagForSymbol(w); symbol || w == "<=>") {
                    if (symbol) v.nag(symbol);
                    continue;
                }
            }
            if (overMoveLimit(where())) continue;
            MoveAction a = hasCrossed ? v.move(w, Place(crossed)) : v.move(w, Place(*this, p));
            if (a == MoveAction::Continue) {
                if (suffixNag) v.nag(suffixNag);
            } else {
                skipAfter(a);
            }
            continue;
        }

        switch (c) {
        case '{':
        case ';': {
            const Location where = here(p);
            std::string_view text;
            bool closed = c == '{' ? readComment(text, deliver) : readLineComment(text, deliver);
            if (!closed && deliver) reportError(v, where, "unterminated comment");
            if (deliver) {
                if (m_commentTruncated) reportError(v, where, "comment too long; cut");
                if (wantComments) {
                    std::string_view t = cleanText(trimmed(text), m_scratch);
                    if (!t.empty()) v.comment(t);
                }
            }
            continue;
        }
        case '(': {
            const Location where = here(p);
            ++m_p;
            if (deliver) {
                if (depth + 1 > maxDepth) {
                    reportError(v, where,
                                "variations nested too deeply (limit " + std::to_string(maxDepth) + "); skipped");
                    skipFrom = depth + 1;
                    skipEndPending = false;
                } else if (!v.beginVariation()) {
                    skipFrom = depth + 1;
                    skipEndPending = false;
                }
            }
            ++depth;
            continue;
        }
        case ')': {
            if (depth == 0) {
                if (deliver) reportError(v, p, "unmatched ')'");
                ++m_p;
                continue;
            }
            ++m_p;
            if (depth < skipFrom || (depth == skipFrom && skipEndPending)) v.endVariation();
            if (skipFrom == depth) {
                skipFrom = INT_MAX;
                skipEndPending = false;
            }
            --depth;
            continue;
        }
        case '$': {
            const Location where = here(p);
            const char *q = p + 1;
            m_keep = p;
            while (is(static_cast<unsigned char>(*q), CDigit) || (*q == 0 && q == m_end)) {
                if (*q == 0) {
                    m_p = q;
                    bool more = refill(); // moves the buffer even when nothing more comes
                    q = m_p;
                    p = m_keep;
                    if (!more) break;
                    continue;
                }
                ++q;
            }
            m_keep = nullptr;
            m_p = q;
            if (!deliver) continue;
            size_t len = size_t(q - p - 1);
            if (len == 0 || len > 3) {
                reportError(v, where, "bad NAG " + quoted(std::string_view(p, size_t(q - p))));
                continue;
            }
            int n = 0;
            for (const char *d = p + 1; d < q; ++d)
                n = n * 10 + (*d - '0');
            if (n > 255) {
                reportError(v, where, "bad NAG " + quoted(std::string_view(p, size_t(q - p))));
                continue;
            }
            v.nag(n);
            continue;
        }
        case '*': {
            if (depth > 0 && skipFrom != 0) reportError(v, p, "unterminated variation");
            ++m_p;
            v.result("*");
            finishGame(v);
            return;
        }
        case '[': {
            bool tag = looksLikeTag(); // may move the buffer
            p = m_p;
            if (tag) {
                if (depth > 0 && skipFrom != 0) reportError(v, p, "unterminated variation");
                finishGame(v);
                return;
            }
            // "[%clk 0:01:00]" outside braces and the like: skip to ']' on this line.
            const Location where = here(p);
            const std::string_view run = scanRun(p, 1, 1 << 16, insideBrackets, ']');
            if (deliver) reportError(v, where, "unexpected text " + quoted(run));
            continue;
        }
        case '%':
            if (atLineStart(p)) {
                skipEscapeLine();
                continue;
            }
            break;
        case 0:
            // End of input (skipSpace ate every other NUL).
            if (depth > 0 && skipFrom != 0) reportError(v, p, "unterminated variation");
            finishGame(v);
            return;
        default: break;
        }
        // Garbage: a run of characters that belong to no token.
        const Location where = here(p);
        const std::string_view run = scanRun(p, 0, 40, strayInGame);
        if (deliver) reportError(v, where, "unexpected text " + quoted(run));
    }
}

} // namespace pgn
