// The PGN tokenizer and game-boundary logic behind pgn::Reader.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "reader.h"

#include "pgn/textcodec.h"

#include <algorithm>
#include <climits>
#include <cstring>

namespace pgn {

namespace {

enum : uint8_t {
    CSpace = 1,  // space, tab, vertical tab, form feed
    CLine = 2,   // \n \r
    CWord = 4,   // may appear in a move, move number, result or symbol
    CDigit = 8,
    CIdent = 16, // tag name
};

struct CharTable {
    uint8_t c[256] = {};
    constexpr CharTable()
    {
        c[uint8_t(' ')] = c[uint8_t('\t')] = c[uint8_t('\v')] = c[uint8_t('\f')] = CSpace;
        c[uint8_t('\n')] = c[uint8_t('\r')] = CLine;
        for (int i = 'a'; i <= 'z'; ++i)
            c[i] = CWord | CIdent;
        for (int i = 'A'; i <= 'Z'; ++i)
            c[i] = CWord | CIdent;
        for (int i = '0'; i <= '9'; ++i)
            c[i] = CWord | CDigit | CIdent;
        c[uint8_t('_')] = CWord | CIdent;
        for (char ch : {'+', '#', '=', '!', '?', '/', ':', '@', '.', '-', '~', '<', '>', '^', '&', '|'})
            c[uint8_t(ch)] = CWord;
    }
};
constexpr CharTable Chars;

inline bool is(unsigned char ch, uint8_t cls) { return Chars.c[ch] & cls; }

uint32_t hashName(std::string_view s)
{
    uint32_t h = 2166136261u;
    for (unsigned char ch : s)
        h = (h ^ ch) * 16777619u;
    return h;
}

bool isResult(std::string_view w)
{
    return w == "1-0" || w == "0-1" || w == "1/2-1/2" || w == "*";
}

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
    if (s.size() > n)
        out += "...";
    out += "'";
    return out;
}

// Could a word between games begin a game without tags? Move numbers and
// things shaped like moves do; other words are stray text.
bool looksLikeMovetext(std::string_view w)
{
    if (w.empty())
        return false;
    if (w[0] >= '0' && w[0] <= '9') {
        size_t i = 0;
        while (i < w.size() && w[i] >= '0' && w[i] <= '9')
            ++i;
        if (i == w.size() || w[i] == '.')
            return true;
    }
    return looksLikeMove(w);
}

} // namespace

bool looksLikeMove(std::string_view w)
{
    if (w.empty())
        return false;
    if (w == "--" || w == "Z0" || w == "0000" || w.substr(0, 3) == "O-O" || w.substr(0, 3) == "0-0")
        return true;
    size_t i = 0;
    if (w[0] && std::strchr("KQRBNP", w[0]))
        ++i;
    // Then [a-h]?[1-8]?[x:-]? and a file letter with a digit (e9 is a bad move, not stray text).
    for (; i + 1 < w.size(); ++i) {
        if (w[i] >= 'a' && w[i] <= 'h' && w[i + 1] >= '0' && w[i + 1] <= '9')
            return true;
        if (!w[i] || !std::strchr("abcdefgh12345678x:-", w[i]))
            return false;
    }
    return false;
}

int nagForSymbol(std::string_view s)
{
    if (s.empty() || s.size() > 3)
        return 0;
    switch (s[0]) {
    case '!':
        return s == "!" ? 1 : s == "!!" ? 3 : s == "!?" ? 5 : 0;
    case '?':
        return s == "?" ? 2 : s == "??" ? 4 : s == "?!" ? 6 : 0;
    case '=':
        return s == "=" ? 10 : s == "=+" ? 15 : s == "=/+" ? 15 : 0;
    case '~':
        return s == "~" ? 13 : 0;
    case '+':
        return s == "+=" ? 14 : s == "+/=" ? 14 : s == "+/-" ? 16 : s == "+-" ? 18 : 0;
    case '-':
        return s == "-/+" ? 17 : s == "-+" ? 19 : 0;
    case 'N':
        return s.size() == 1 ? 146 : 0;
    default:
        return 0;
    }
}

Reader::Reader() = default;
Reader::~Reader() = default;

void Reader::reset(ByteSource *source, uint64_t firstNumber, const Location &origin)
{
    m_source = source;
    if (!m_storage) {
        m_capacity = size_t(1) << 20;
        m_storage.reset(new char[m_capacity + 1 + Pad]);
    }
    m_buf = m_storage.get() + 1;
    m_buf[-1] = '\n'; // the input starts at a line start
    m_end = m_buf;
    std::memset(m_end, 0, Pad);
    m_p = m_buf;
    m_keep = nullptr;
    m_bufOffset = origin.offset;
    m_eof = source == nullptr;
    m_bomChecked = false;
    m_line = origin.line > 0 ? origin.line : 1;
    int column = origin.column > 0 ? origin.column : 1;
    m_lineStart = origin.offset >= uint64_t(column - 1) ? origin.offset - uint64_t(column - 1) : 0;
    m_firstNumber = m_number = firstNumber;
    m_lastGameEnd = origin.offset;
    m_stop = false;
    m_sourceErrorReported = false;
    m_visitor = nullptr;
    m_inGame = false;
}

void Reader::resetText(std::string_view text, uint64_t firstNumber, const Location &origin)
{
    m_memory.reset(text);
    reset(&m_memory, firstNumber, origin);
}

uint64_t Reader::position() const
{
    return m_p ? offsetOf(m_p) : 0;
}

const std::string &Reader::sourceError() const
{
    static const std::string none;
    return m_source ? m_source->error() : none;
}

Location Reader::here(const char *p) const
{
    uint64_t off = offsetOf(p);
    Location l;
    l.line = int(std::min<int64_t>(m_line, INT_MAX));
    l.column = int(std::min<uint64_t>(off - m_lineStart + 1, INT_MAX));
    l.offset = off;
    return l;
}

// Reads more input behind m_end, keeping everything from m_keep (or m_p) on.
// Relocates m_p, m_keep and m_end. False when there is nothing more to read.
bool Reader::refill()
{
    if (m_eof)
        return false;
    const char *keep = m_keep ? m_keep : m_p;
    size_t drop = size_t(keep - m_buf);
    size_t live = size_t(m_end - keep);
    if (drop > 0) {
        // One byte of history stays at m_buf[-1] for the CR LF check.
        std::memmove(m_buf - 1, keep - 1, live + 1);
        m_bufOffset += drop;
        m_p -= drop;
        if (m_keep)
            m_keep -= drop;
        m_end -= drop;
    }
    if (m_capacity - live < m_capacity / 4) {
        size_t capacity = m_capacity * 2;
        std::unique_ptr<char[]> storage(new char[capacity + 1 + Pad]);
        std::memcpy(storage.get(), m_buf - 1, live + 1);
        char *buf = storage.get() + 1;
        m_p = buf + (m_p - m_buf);
        if (m_keep)
            m_keep = buf + (m_keep - m_buf);
        m_end = buf + live;
        m_buf = buf;
        m_storage = std::move(storage);
        m_capacity = capacity;
    }
    size_t n = m_source ? m_source->read(m_end, m_capacity - live) : 0;
    if (n == 0) {
        m_eof = true;
        std::memset(m_end, 0, Pad);
        if (m_source && m_source->failed() && !m_sourceErrorReported && m_visitor) {
            m_sourceErrorReported = true;
            if (m_inGame)
                reportError(*m_visitor, m_end, m_source->error());
            else
                m_visitor->strayError(here(m_end), m_source->error());
        }
        return false;
    }
    m_end += n;
    std::memset(m_end, 0, Pad);
    return true;
}

// Makes at least n bytes from m_p readable unless the input ends first.
bool Reader::need(size_t n)
{
    while (size_t(m_end - m_p) < n)
        if (!refill())
            return false;
    return true;
}

void Reader::newline(const char *p)
{
    if (*p == '\r' || p[-1] != '\r')
        ++m_line;
    m_lineStart = offsetOf(p + 1);
}

bool Reader::atLineStart(const char *p) const
{
    return p[-1] == '\n' || p[-1] == '\r' || (p == m_buf && m_bufOffset == m_lineStart);
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

void Reader::skipSpace()
{
    const char *p = m_p;
    m_newlines = 0;
    for (;;) {
        unsigned char c = static_cast<unsigned char>(*p);
        if (c == ' ') {
            ++p;
            continue;
        }
        uint8_t cls = Chars.c[c];
        if (cls & CSpace) {
            ++p;
        } else if (cls & CLine) {
            newline(p);
            ++m_newlines;
            ++p;
        } else if (c == 0) {
            if (p == m_end) {
                m_p = p;
                m_keep = nullptr;
                if (!refill())
                    return;
                p = m_p;
                continue;
            }
            if (m_visitor) {
                if (m_inGame) {
                    if (!m_nulReported) {
                        m_nulReported = true;
                        reportError(*m_visitor, p, "NUL byte (read as a space)");
                    }
                } else if (!m_strayNulReported) {
                    m_strayNulReported = true;
                    m_visitor->strayError(here(p), "NUL byte (read as a space)");
                }
            }
            ++p;
        } else if (c == 0xEF) {
            // A byte order mark inside the text (files joined together) is space.
            m_p = p;
            need(3);
            p = m_p;
            if (std::memcmp(p, "\xEF\xBB\xBF", 3) != 0)
                break;
            // A byte order mark (at the start, or where files were joined) is
            // space, and columns count from after it.
            if (m_lineStart == offsetOf(p))
                m_lineStart += 3;
            p += 3;
        } else {
            break;
        }
    }
    m_p = p;
}

void Reader::skipRestOfLine()
{
    const char *p = m_p;
    for (;;) {
        char c = *p;
        if (c == '\n' || c == '\r')
            break;
        if (c == 0 && p == m_end) {
            m_p = p;
            m_keep = nullptr;
            if (!refill())
                return;
            p = m_p;
            continue;
        }
        ++p;
    }
    m_p = p; // the newline itself is left to skipSpace
}

// A word: a maximal run of word characters from m_p. Longer than the limit:
// reported by the caller (the view is then cut), the rest is consumed.
std::string_view Reader::readWord()
{
    const char *p = m_p;
    m_keep = p;
    size_t limit = m_limits.maxTokenLength;
    bool cut = false;
    const char *start = p;
    for (;;) {
        if (is(static_cast<unsigned char>(*p), CWord)) {
            ++p;
            continue;
        }
        if (*p == 0 && p == m_end) {
            if (size_t(p - start) > limit) {
                // Keep only the beginning; skip the rest without growing the buffer.
                cut = true;
                m_p = p;
                m_keep = nullptr;
                size_t kept = limit;
                m_scratch2.assign(start, kept);
                if (!refill()) {
                    p = m_p;
                    break;
                }
                p = m_p;
                start = p;
                limit = 0;
                continue;
            }
            m_p = p;
            m_keep = start;
            if (!refill()) {
                p = m_p;
                start = m_keep;
                break;
            }
            p = m_p;
            start = m_keep;
            continue;
        }
        break;
    }
    m_keep = nullptr;
    m_p = p;
    m_wordCut = cut || size_t(p - start) > m_limits.maxTokenLength;
    if (cut)
        return m_scratch2;
    return std::string_view(start, size_t(p - start));
}

// Does the line starting at m_p begin like a tag pair: [Name "?
bool Reader::tagLineFollows()
{
    if (*m_p != '[')
        return false;
    need(80);
    const char *p = m_p + 1;
    while (*p == ' ' || *p == '\t')
        ++p;
    if (!is(static_cast<unsigned char>(*p), CIdent))
        return false;
    while (is(static_cast<unsigned char>(*p), CIdent))
        ++p;
    if (*p != ' ' && *p != '\t')
        return false;
    while (*p == ' ' || *p == '\t')
        ++p;
    return *p == '"';
}

// At '[': is this a tag pair rather than stray text?
bool Reader::looksLikeTag()
{
    need(80);
    const char *p = m_p + 1;
    while (*p == ' ' || *p == '\t')
        ++p;
    if (!is(static_cast<unsigned char>(*p), CIdent))
        return false;
    while (is(static_cast<unsigned char>(*p), CIdent))
        ++p;
    while (*p == ' ' || *p == '\t')
        ++p;
    return *p == '"' || *p == ']' || is(static_cast<unsigned char>(*p), CWord);
}

// At '[' of a tag pair. Values keep unescaped quotes and backslashes that are
// not escapes ([Event "A "B" C"] and [Event "C:\"] as some programs write them).
bool Reader::readTag(std::string_view &name, std::string_view &value)
{
    // The whole line must be in the buffer (up to the tag length limit).
    m_keep = m_p;
    const size_t avail = size_t(m_end - m_p);
    // Fast path: a line feed ahead in the buffer means the line (ended by it or
    // by an earlier CR) is all there.
    const bool lineInBuffer = std::memchr(m_p, '\n', std::min<size_t>(avail, m_limits.maxTagLength + 64));
    for (size_t scanned = 0; !lineInBuffer;) {
        const char *q = m_keep + scanned;
        char c = *q;
        if (c == '\n' || c == '\r')
            break;
        if (c == 0 && q == m_end) {
            if (scanned > m_limits.maxTagLength + 64 || !refill())
                break;
            continue;
        }
        ++scanned;
    }
    const char *tagStart = m_keep;
    const char *p = tagStart + 1;
    while (*p == ' ' || *p == '\t')
        ++p;
    const char *nameStart = p;
    while (is(static_cast<unsigned char>(*p), CIdent))
        ++p;
    name = std::string_view(nameStart, size_t(p - nameStart));
    while (*p == ' ' || *p == '\t')
        ++p;
    auto lineEnd = [](const char *q) { return *q == '\n' || *q == '\r' || *q == 0; };
    bool ok = true;
    if (*p == '"') {
        const char *v = ++p;
        const char *close = nullptr;
        bool escapes = false;
        size_t limit = m_limits.maxTagLength;
        while (!lineEnd(p) || (*p == 0 && p < m_end)) {
            if (*p == '\\' && (p[1] == '"' || p[1] == '\\')) {
                escapes = true;
                p += 2;
                continue;
            }
            if (*p == '"') {
                const char *q = p + 1;
                while (*q == ' ' || *q == '\t')
                    ++q;
                if (*q == ']' || lineEnd(q)) {
                    close = p;
                    break;
                }
            }
            if (size_t(p - v) > limit)
                break;
            ++p;
        }
        if (close) {
            if (escapes) {
                m_scratch.clear();
                for (const char *q = v; q < close; ++q) {
                    if (*q == '\\' && (q[1] == '"' || q[1] == '\\'))
                        ++q;
                    m_scratch += *q;
                }
                value = m_scratch;
            } else {
                value = std::string_view(v, size_t(close - v));
            }
            p = close + 1;
        } else {
            // No closing quote on the line: take the text up to the last quote
            // before the last ']' of the line, backslashes as they are.
            const char *e = v;
            while (!lineEnd(e) || (*e == 0 && e < m_end))
                ++e;
            const char *lastBracket = nullptr;
            for (const char *q = e; q > v; --q)
                if (q[-1] == ']') {
                    lastBracket = q - 1;
                    break;
                }
            const char *lastQuote = nullptr;
            if (lastBracket)
                for (const char *q = lastBracket; q > v; --q)
                    if (q[-1] == '"') {
                        lastQuote = q - 1;
                        break;
                    }
            // The whole line decided the value, so the tag takes the whole line: a
            // game cut out of the file then reads the same as in the file.
            if (lastQuote) {
                value = std::string_view(v, size_t(lastQuote - v));
                const char *q = lastQuote + 1;
                while (*q == ' ' || *q == '\t')
                    ++q;
                if (q != lastBracket)
                    ok = false;
                for (q = lastBracket + 1; q < e; ++q)
                    if (*q != ' ' && *q != '\t')
                        ok = false;
            } else {
                value = std::string_view(v, size_t((lastBracket ? lastBracket : e) - v));
                ok = false;
            }
            m_p = e;
            m_keep = nullptr;
            if (value.size() > m_limits.maxTagLength)
                value = value.substr(0, m_limits.maxTagLength);
            return ok;
        }
        if (value.size() > m_limits.maxTagLength) {
            value = value.substr(0, m_limits.maxTagLength);
            ok = false;
        }
    } else {
        // [Name value] without quotes.
        const char *v = p;
        while (!lineEnd(p) && *p != ']')
            ++p;
        const char *e = p;
        while (e > v && (e[-1] == ' ' || e[-1] == '\t'))
            --e;
        value = std::string_view(v, size_t(e - v));
        ok = false;
    }
    while (*p == ' ' || *p == '\t')
        ++p;
    if (*p == ']')
        ++p;
    else
        ok = false;
    m_p = p;
    m_keep = nullptr;
    return ok;
}

// At '{'. The comment ends at '}'; a line that starts like a tag pair ends an
// unterminated one, so one missing brace cannot swallow the games after it.
bool Reader::readComment(std::string_view &text, bool deliver)
{
    const char *p = m_p + 1;
    m_keep = m_p; // the text starts one byte after m_keep
    bool truncated = false;
    bool terminated = false;
    m_commentCut.clear();
    for (;;) {
        char c = *p;
        if (c == '}') {
            terminated = true;
            break;
        }
        if (c == '\n' || c == '\r') {
            newline(p);
            ++p;
            if (*p == '\n' && c == '\r') {
                newline(p);
                ++p;
            }
            m_p = p;
            bool tag = tagLineFollows(); // may move the buffer
            p = m_p;
            if (tag)
                break;
            continue;
        }
        if (c == 0 && p == m_end) {
            if (!truncated && size_t(p - m_keep) > m_limits.maxCommentLength) {
                truncated = true;
                if (deliver)
                    m_commentCut.assign(m_keep + 1, m_limits.maxCommentLength);
            }
            m_p = p;
            if (truncated)
                m_keep = nullptr; // the rest is skipped, not kept
            bool more = refill();
            p = m_p;
            if (!more)
                break;
            continue;
        }
        ++p;
    }
    if (truncated) {
        text = m_commentCut;
    } else {
        const char *b = m_keep + 1;
        text = std::string_view(b, size_t(p - b));
    }
    m_p = terminated ? p + 1 : p;
    m_keep = nullptr;
    if (text.size() > m_limits.maxCommentLength) {
        text = text.substr(0, m_limits.maxCommentLength);
        truncated = true;
    }
    m_commentTruncated = truncated;
    return terminated;
}

// At ';': the comment runs to the end of the line.
bool Reader::readLineComment(std::string_view &text, bool deliver)
{
    m_keep = m_p;
    const char *p = m_p + 1;
    bool truncated = false;
    for (;;) {
        char c = *p;
        if (c == '\n' || c == '\r')
            break;
        if (c == 0 && p == m_end) {
            if (!truncated && size_t(p - m_keep) > m_limits.maxCommentLength) {
                truncated = true;
                if (deliver)
                    m_commentCut.assign(m_keep + 1, m_limits.maxCommentLength);
                m_keep = nullptr;
            }
            m_p = p;
            bool more = refill();
            p = m_p;
            if (!more)
                break;
            continue;
        }
        ++p;
    }
    if (truncated) {
        text = m_commentCut;
    } else {
        text = std::string_view(m_keep + 1, size_t(p - m_keep - 1));
        if (text.size() > m_limits.maxCommentLength) {
            text = text.substr(0, m_limits.maxCommentLength);
            truncated = true;
        }
    }
    m_commentTruncated = truncated;
    m_p = p;
    m_keep = nullptr;
    return true;
}

// Tag values and comments as UTF-8: invalid sequences are read as Latin-1,
// NUL bytes dropped, CR LF and CR made LF, outer spaces trimmed (comments).
std::string_view Reader::cleanText(std::string_view raw, std::string &scratch)
{
    bool plain = true;
    for (unsigned char c : raw)
        if (c >= 0x80 || c == '\r' || c == 0) {
            plain = false;
            break;
        }
    if (plain)
        return raw;
    std::string_view utf8 = raw;
    std::string converted;
    if (!isValidUtf8(raw)) {
        latin1ToUtf8(raw, converted);
        utf8 = converted;
    }
    std::string out;
    out.reserve(utf8.size());
    for (size_t i = 0; i < utf8.size(); ++i) {
        char c = utf8[i];
        if (c == 0)
            continue;
        if (c == '\r') {
            out += '\n';
            if (i + 1 < utf8.size() && utf8[i + 1] == '\n')
                ++i;
            continue;
        }
        out += c;
    }
    scratch = std::move(out);
    return scratch;
}

static std::string_view trimmed(std::string_view s)
{
    size_t b = 0, e = s.size();
    while (b < e && (s[b] == ' ' || s[b] == '\t' || s[b] == '\n' || s[b] == '\r'))
        ++b;
    while (e > b && (s[e - 1] == ' ' || s[e - 1] == '\t' || s[e - 1] == '\n' || s[e - 1] == '\r'))
        --e;
    return s.substr(b, e - b);
}

void Reader::beginGame(Visitor &v, uint64_t startOffset, const Location &where)
{
    m_inGame = true;
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
    if (!v.endGame())
        m_stop = true;
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
    if (!m_source)
        return false;
    m_visitor = &v;
    m_inGame = false;
    m_strayNulReported = false;
    m_pending.clear();
    m_havePending = false;
    if (m_p == m_end && !m_eof)
        refill();

    // Between games: space, stray comments, escape lines, garbage.
    for (;;) {
        skipSpace();
        const char *p = m_p;
        unsigned char c = static_cast<unsigned char>(*p);
        if (c == 0)
            return false; // end of input (skipSpace ate every other NUL)
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
            if (!closed)
                v.strayError(where, "unterminated comment");
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
            skipRestOfLine();
            continue;
        }
        if (is(c, CWord)) {
            const Location where = here(p);
            std::string_view w = readWord();
            bool startsGame = looksLikeMovetext(w);
            bool result = isResult(w);
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
            v.strayError(where, result ? "result " + std::string(w) + " outside a game"
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
        const char *q = p;
        while (*q && !is(static_cast<unsigned char>(*q), CSpace | CLine | CWord) && *q != '[' && *q != '{'
               && *q != ';' && size_t(q - p) < 40)
            ++q;
        if (q == p)
            ++q;
        v.strayError(where, "unexpected text " + quoted(std::string_view(p, size_t(q - p))) + " between games");
        m_p = q;
    }
}

void Reader::headerPhase(Visitor &v)
{
    bool blankSinceTag = false;
    for (;;) {
        skipSpace();
        if (m_newlines >= 2)
            blankSinceTag = true;
        const char *p = m_p;
        char c = *p;
        bool tag = c == '[' && looksLikeTag(); // may move the buffer
        p = m_p;
        if (tag) {
            uint64_t tagOffset = offsetOf(m_p);
            Location where = here(m_p);
            std::string_view name, value;
            bool ok = readTag(name, value);
            uint32_t h = hashName(name);
            bool repeated = std::find(m_tagHashes.begin(), m_tagHashes.end(), h) != m_tagHashes.end();
            if (repeated && blankSinceTag) {
                // A second header after a blank line: a new game without movetext.
                m_p = m_buf + (tagOffset - m_bufOffset);
                v.beginMovetext();
                deliverPending(v, true);
                finishGame(v);
                return;
            }
            m_tagHashes.push_back(h);
            blankSinceTag = false;
            if (!ok)
                reportError(v, where, "malformed tag " + quoted(name.empty() ? std::string_view("?") : name));
            if (name.empty())
                continue;
            v.tag(name, cleanText(value, m_scratch2));
            continue;
        }
        if (c == '{' || c == ';') {
            Location where = here(p);
            std::string_view text;
            bool closed = c == '{' ? readComment(text, true) : readLineComment(text, true);
            if (!closed)
                reportError(v, where, "unterminated comment");
            if (m_havePending)
                m_pending += ' ';
            m_havePending = true;
            m_pending += cleanText(trimmed(text), m_scratch);
            continue;
        }
        if (c == '%' && atLineStart(p)) {
            skipRestOfLine();
            continue;
        }
        if (c != 0 && c != '(' && c != '*' && c != '$' && c != '[') {
            // Text that cannot start movetext (HTML left-overs, mail headers) is
            // reported without ending the header.
            const Location where = here(p);
            if (is(static_cast<unsigned char>(c), CWord)) {
                std::string_view w = readWord();
                if (looksLikeMovetext(w) || isResult(w) || nagForSymbol(w) || w.find_first_not_of('.') == w.npos) {
                    m_p = m_buf + (where.offset - m_bufOffset);
                    break;
                }
                reportError(v, where, "unexpected text " + quoted(w) + " in the header");
                continue;
            }
            const char *q = p;
            while (*q && !is(static_cast<unsigned char>(*q), CSpace | CLine | CWord) && !std::strchr("[]{}();$*%", *q)
                   && size_t(q - p) < 40)
                ++q;
            if (q == p)
                ++q;
            reportError(v, where, "unexpected text " + quoted(std::string_view(p, size_t(q - p))) + " in the header");
            m_p = q;
            continue;
        }
        break; // movetext or the end
    }
    movetextPhase(v);
}

void Reader::deliverPending(Visitor &v, bool deliver)
{
    if (m_havePending && deliver && !m_pending.empty())
        v.comment(m_pending);
    m_pending.clear();
    m_havePending = false;
}

void Reader::movetextPhase(Visitor &v)
{
    const bool wantMoves = v.beginMovetext();
    deliverPending(v, wantMoves);
    int depth = 0;
    int skipFrom = wantMoves ? INT_MAX : 0; // callbacks only at depth < skipFrom
    bool skipEndPending = false;            // the skipped variation still gets endVariation
    const int maxDepth = int(m_limits.maxVariationDepth);

    for (;;) {
        {
            // Most tokens are followed by one space: step over it without a call.
            const char *p0 = m_p;
            if (*p0 == ' ')
                ++p0;
            m_p = p0;
            unsigned char c0 = static_cast<unsigned char>(*p0);
            if ((Chars.c[c0] & (CSpace | CLine)) || c0 == 0 || c0 == 0xEF)
                skipSpace();
        }
        const char *p = m_p;
        unsigned char c = static_cast<unsigned char>(*p);
        const bool deliver = depth < skipFrom;

        if (is(c, CWord)) {
            const Location where = here(p);
            if (is(c, CDigit)) {
                // Move number ("12.", "12...", "12" before a move), result, or 0-0.
                const char *q = p;
                while (is(static_cast<unsigned char>(*q), CDigit))
                    ++q;
                if (*q == '.' || !is(static_cast<unsigned char>(*q), CWord)) {
                    if (*q == 0 && q == m_end) {
                        // The number may go on in the next chunk: read it as a word.
                    } else {
                        while (*q == '.')
                            ++q;
                        m_p = q;
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
                    w = readWord(); // crosses the end of the buffer
                } else {
                    w = std::string_view(p, size_t(q - p));
                    m_p = q;
                    m_wordCut = w.size() > m_limits.maxTokenLength;
                }
            }
            if (m_wordCut) {
                if (deliver)
                    reportError(v, where, "token too long: " + quoted(w));
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
                    if (depth > 0 && skipFrom != 0)
                        reportError(v, where, "unterminated variation");
                    v.result(w);
                    finishGame(v);
                    return;
                }
            }
            // Leading dots ("...Nf6") and trailing ones ("e4.", "exd6e.p.") carry nothing.
            if (w.front() == '.' || w.back() == '.') {
                while (!w.empty() && w.front() == '.')
                    w.remove_prefix(1);
                if (w.size() > 4 && w.substr(w.size() - 4) == "e.p.")
                    w.remove_suffix(4);
                while (!w.empty() && w.back() == '.')
                    w.remove_suffix(1);
                if (w.empty())
                    continue;
            }
            if (!deliver)
                continue;
            // Annotation suffix: !, ?, !!, ??, !?, ?!
            size_t s = w.size();
            while (s > 0 && (w[s - 1] == '!' || w[s - 1] == '?'))
                --s;
            int suffixNag = 0;
            if (s < w.size()) {
                suffixNag = nagForSymbol(w.substr(s));
                if (s == 0) {
                    if (suffixNag)
                        v.nag(suffixNag);
                    continue;
                }
                w = w.substr(0, s);
            }
            if (!is(static_cast<unsigned char>(w[0]), CIdent) || w.size() == 1) {
                if (int symbol = nagForSymbol(w); symbol || w == "<=>") {
                    if (symbol)
                        v.nag(symbol);
                    continue;
                }
            }
            if (++m_moves > m_limits.maxMovesPerGame) {
                reportError(v, where, "too many moves in one game (limit " + std::to_string(m_limits.maxMovesPerGame)
                                          + "); the rest is skipped");
                skipFrom = 0;
                continue;
            }
            MoveAction a = v.move(w, where);
            if (a == MoveAction::Continue) {
                if (suffixNag)
                    v.nag(suffixNag);
            } else if (a == MoveAction::SkipMovetext || depth == 0) {
                skipFrom = 0;
            } else {
                skipFrom = depth;
                skipEndPending = true;
            }
            continue;
        }

        switch (c) {
        case '{':
        case ';': {
            const Location where = here(p);
            std::string_view text;
            bool closed = c == '{' ? readComment(text, deliver) : readLineComment(text, deliver);
            if (!closed && deliver)
                reportError(v, where, "unterminated comment");
            if (deliver) {
                if (m_commentTruncated)
                    reportError(v, where, "comment too long; cut");
                std::string_view t = cleanText(trimmed(text), m_scratch);
                if (!t.empty())
                    v.comment(t);
            }
            continue;
        }
        case '(': {
            const Location where = here(p);
            ++m_p;
            if (deliver) {
                if (depth + 1 > maxDepth) {
                    reportError(v, where, "variations nested too deeply (limit " + std::to_string(maxDepth)
                                              + "); skipped");
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
                if (deliver)
                    reportError(v, p, "unmatched ')'");
                ++m_p;
                continue;
            }
            ++m_p;
            if (depth < skipFrom || (depth == skipFrom && skipEndPending))
                v.endVariation();
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
                    if (!more)
                        break;
                    continue;
                }
                ++q;
            }
            m_keep = nullptr;
            m_p = q;
            if (!deliver)
                continue;
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
            if (depth > 0 && skipFrom != 0)
                reportError(v, p, "unterminated variation");
            ++m_p;
            v.result("*");
            finishGame(v);
            return;
        }
        case '[': {
            bool tag = looksLikeTag(); // may move the buffer
            p = m_p;
            if (tag) {
                if (depth > 0 && skipFrom != 0)
                    reportError(v, p, "unterminated variation");
                finishGame(v);
                return;
            }
            // "[%clk 0:01:00]" outside braces and the like: skip to ']' on this line.
            const Location where = here(p);
            const char *q = p + 1;
            while (*q && *q != ']' && *q != '\n' && *q != '\r' && *q != '[' && *q != '{')
                ++q;
            if (*q == ']')
                ++q;
            if (deliver)
                reportError(v, where, "unexpected text " + quoted(std::string_view(p, size_t(q - p))));
            m_p = q;
            continue;
        }
        case '%':
            if (atLineStart(p)) {
                skipRestOfLine();
                continue;
            }
            break;
        case 0:
            // End of input (skipSpace ate every other NUL).
            if (depth > 0 && skipFrom != 0)
                reportError(v, p, "unterminated variation");
            finishGame(v);
            return;
        default:
            break;
        }
        // Garbage: a run of characters that belong to no token.
        const Location where = here(p);
        const char *q = p;
        while (*q && !is(static_cast<unsigned char>(*q), CSpace | CLine | CWord) && !std::strchr("[]{}();$*%", *q)
               && size_t(q - p) < 40)
            ++q;
        if (q == p)
            ++q;
        if (deliver)
            reportError(v, where, "unexpected text " + quoted(std::string_view(p, size_t(q - p))));
        m_p = q;
    }
}

} // namespace pgn
