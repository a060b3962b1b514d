// The PGN tokenizer's lexing layer: the input buffer with its NUL sentinel,
// line and column counting, and the scanners for space, words, tags and comments.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "reader.h"

#include "pgn/readerchars.h"
#include "pgn/textcodec.h"

#include <algorithm>
#include <climits>
#include <cstring>

namespace pgn {

using namespace detail;

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

uint64_t Reader::position() const { return m_p ? offsetOf(m_p) : 0; }

const std::string &Reader::sourceError() const
{
    static const std::string none;
    return m_source ? m_source->error() : none;
}

// Reads more input behind m_end, keeping everything from m_keep (or m_p) on.
// Relocates m_p, m_keep and m_end. False when there is nothing more to read.
bool Reader::refill()
{
    if (m_eof) return false;
    const char *keep = m_keep ? m_keep : m_p;
    size_t drop = size_t(keep - m_buf);
    size_t live = size_t(m_end - keep);
    if (drop > 0) {
        // One byte of history stays at m_buf[-1] for the CR LF check.
        std::memmove(m_buf - 1, keep - 1, live + 1);
        m_bufOffset += drop;
        m_p -= drop;
        if (m_keep) m_keep -= drop;
        m_end -= drop;
    }
    if (m_capacity - live < m_capacity / 4) {
        size_t capacity = m_capacity * 2;
        std::unique_ptr<char[]> storage(new char[capacity + 1 + Pad]);
        std::memcpy(storage.get(), m_buf - 1, live + 1);
        char *buf = storage.get() + 1;
        m_p = buf + (m_p - m_buf);
        if (m_keep) m_keep = buf + (m_keep - m_buf);
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
        if (!refill()) return false;
    return true;
}

void Reader::newline(const char *p)
{
    if (*p == '\r' || p[-1] != '\r') ++m_line;
    m_lineStart = offsetOf(p + 1);
}

bool Reader::atLineStart(const char *p) const
{
    return p[-1] == '\n' || p[-1] == '\r' || (p == m_buf && m_bufOffset == m_lineStart);
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
                if (!refill()) return;
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
            if (std::memcmp(p, "\xEF\xBB\xBF", 3) != 0) break;
            // A byte order mark (at the start, or where files were joined) is
            // space, and columns count from after it.
            if (m_lineStart == offsetOf(p)) m_lineStart += 3;
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
        if (c == '\n' || c == '\r') break;
        if (c == 0 && p == m_end) {
            m_p = p;
            m_keep = nullptr;
            if (!refill()) return;
            p = m_p;
            continue;
        }
        ++p;
    }
    m_p = p; // the newline itself is left to skipSpace
}

// An escape line ('%' at a line's start), skipped. The marker a loader puts
// where it left out part of an over-long game (SkipMarker) also counts the
// lines left out, so later games keep their line numbers.
void Reader::skipEscapeLine()
{
    need(SkipMarker.size() + 24);
    if (std::string_view(m_p, size_t(m_end - m_p)).substr(0, SkipMarker.size()) == SkipMarker) {
        int64_t n = 0;
        for (const char *q = m_p + SkipMarker.size(); *q >= '0' && *q <= '9' && n < (int64_t(1) << 40); ++q)
            n = n * 10 + (*q - '0');
        // The marker stands in its own line between two blank lines: four line breaks of its own.
        m_line += std::max<int64_t>(0, n - 4);
    }
    skipRestOfLine();
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
                // Only the first chunk holds the word's beginning; later ones are skipped.
                if (!cut) m_scratch2.assign(start, limit);
                cut = true;
                m_p = p;
                m_keep = nullptr;
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
    if (cut) return m_scratch2;
    return std::string_view(start, size_t(p - start));
}

// Does the line starting at m_p begin like a tag pair: [Name "?
bool Reader::tagLineFollows()
{
    // At the buffer's end the line is not there yet: what it holds must not
    // depend on where the input's chunks happen to end.
    if (*m_p == 0 && m_p == m_end) need(80);
    if (*m_p != '[') return false;
    need(80);
    const char *p = m_p + 1;
    while (*p == ' ' || *p == '\t')
        ++p;
    if (!is(static_cast<unsigned char>(*p), CIdent)) return false;
    while (is(static_cast<unsigned char>(*p), CIdent))
        ++p;
    if (*p != ' ' && *p != '\t') return false;
    while (*p == ' ' || *p == '\t')
        ++p;
    return *p == '"';
}

// At '[': is this a tag pair rather than stray text?
bool Reader::looksLikeTag()
{
    // By index from m_p, refilling as the name goes on: a long name must not
    // decide differently depending on where the buffer ends.
    need(80);
    const auto at = [this](size_t k) {
        if (size_t(m_end - m_p) <= k && size_t(k) < m_limits.maxTagLength) need(k + 80);
        return static_cast<unsigned char>(k < size_t(m_end - m_p) ? m_p[k] : 0);
    };
    size_t k = 1;
    while (at(k) == ' ' || at(k) == '\t')
        ++k;
    if (!is(at(k), CIdent)) return false;
    while (is(at(k), CIdent))
        ++k;
    while (at(k) == ' ' || at(k) == '\t')
        ++k;
    const unsigned char c = at(k);
    return c == '"' || c == ']' || is(c, CWord);
}

// At '[' of a tag pair. Values keep unescaped quotes and backslashes that are
// not escapes ([Event "A "B" C"] and [Event "C:\"] as some programs write them).
namespace {
// Bytes that end the fast scan of a tag value.
struct TagStopTable {
    bool stop[256] = {};
    constexpr TagStopTable()
    {
        for (char c : {'"', '\\', '\r', '\n', '\0'})
            stop[static_cast<unsigned char>(c)] = true;
    }
};
constexpr TagStopTable TagStops;

// The same, and every byte that is not plain ASCII (it needs cleaning).
struct PlainTagStopTable : TagStopTable {
    constexpr PlainTagStopTable()
    {
        for (int c = 0x80; c < 0x100; ++c)
            stop[c] = true;
    }
};
constexpr PlainTagStopTable PlainTagStops;
} // namespace

// At '[': the form nearly every tag has, [Name "value"] with one space, a value
// of plain ASCII without backslashes, and the closing quote right before the
// bracket. Read in one scan; the caller delivers the value as it stands (it
// needs no cleaning). False, with nothing consumed, for anything else: readTag
// then reads it (the same way, had it been of this form).
bool Reader::readPlainTag(std::string_view &name, std::string_view &value)
{
    const char *p = m_p + 1;
    const char *nameStart = p;
    while (is(static_cast<unsigned char>(*p), CIdent))
        ++p;
    if (p == nameStart || p[0] != ' ' || p[1] != '"') return false;
    const char *v = p + 2, *q = v;
    while (!PlainTagStops.stop[static_cast<unsigned char>(*q)])
        ++q;
    // The buffer's end is a NUL, and the padding behind it keeps q[1] readable.
    if (*q != '"' || q[1] != ']' || size_t(q - v) > m_limits.maxTagLength) return false;
    name = std::string_view(nameStart, size_t(p - nameStart));
    value = std::string_view(v, size_t(q - v));
    m_p = q + 2;
    return true;
}

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
        if (c == '\n' || c == '\r') break;
        if (c == 0 && q == m_end) {
            if (scanned > m_limits.maxTagLength + 64 || !refill()) break;
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
        {
            // Fast path for the usual value (no backslash, CR or NUL before the
            // closing quote): one table test per byte. Anything else, or a value
            // near the length limit, goes through the careful loop below, which
            // would find the same closing quote here.
            const char *q = v;
            for (;;) {
                while (!TagStops.stop[static_cast<unsigned char>(*q)])
                    ++q;
                if (*q != '"') break;
                const char *r = q + 1;
                while (*r == ' ' || *r == '\t')
                    ++r;
                if (*r == ']' || lineEnd(r)) {
                    if (size_t(q - v) <= limit) close = q;
                    break;
                }
                ++q;
            }
            if (close) p = close;
        }
        while (!close && (!lineEnd(p) || (*p == 0 && p < m_end))) {
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
            if (size_t(p - v) > limit) break;
            ++p;
        }
        if (close) {
            if (escapes) {
                m_scratch.clear();
                for (const char *q = v; q < close; ++q) {
                    if (*q == '\\' && (q[1] == '"' || q[1] == '\\')) ++q;
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
                if (q != lastBracket) ok = false;
                for (q = lastBracket + 1; q < e; ++q)
                    if (*q != ' ' && *q != '\t') ok = false;
            } else {
                value = std::string_view(v, size_t((lastBracket ? lastBracket : e) - v));
                ok = false;
            }
            m_p = e;
            m_keep = nullptr;
            if (value.size() > m_limits.maxTagLength) {
                value = value.substr(0, m_limits.maxTagLength);
                ok = false;
            }
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
            if (tag) break;
            continue;
        }
        if (c == 0 && p == m_end) {
            if (!truncated && size_t(p - m_keep) > m_limits.maxCommentLength) {
                truncated = true;
                if (deliver) m_commentCut.assign(m_keep + 1, m_limits.maxCommentLength);
            }
            m_p = p;
            if (truncated) m_keep = nullptr; // the rest is skipped, not kept
            bool more = refill();
            p = m_p;
            if (!more) break;
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
        if (c == '\n' || c == '\r') break;
        if (c == 0 && p == m_end) {
            if (!truncated && size_t(p - m_keep) > m_limits.maxCommentLength) {
                truncated = true;
                if (deliver) m_commentCut.assign(m_keep + 1, m_limits.maxCommentLength);
                m_keep = nullptr;
            }
            m_p = p;
            bool more = refill();
            p = m_p;
            if (!more) break;
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
namespace {

// Whether the text is plain ASCII without CR and NUL, the usual tag value and
// comment: eight bytes at a time, as this runs for every tag of every game.
bool plainText(std::string_view raw)
{
    constexpr uint64_t ones = 0x0101010101010101ULL, highs = 0x8080808080808080ULL;
    const auto hasZeroByte = [](uint64_t x) { return (x - ones) & ~x & highs; };
    size_t i = 0;
    for (; i + 8 <= raw.size(); i += 8) {
        uint64_t w;
        std::memcpy(&w, raw.data() + i, 8);
        if ((w & highs) || hasZeroByte(w) || hasZeroByte(w ^ (ones * '\r'))) return false;
    }
    for (; i < raw.size(); ++i) {
        const unsigned char c = static_cast<unsigned char>(raw[i]);
        if (c >= 0x80 || c == '\r' || c == 0) return false;
    }
    return true;
}

} // namespace

std::string_view Reader::cleanText(std::string_view raw, std::string &scratch)
{
    if (plainText(raw)) return raw;
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
        if (c == 0) continue;
        if (c == '\r') {
            out += '\n';
            if (i + 1 < utf8.size() && utf8[i + 1] == '\n') ++i;
            continue;
        }
        out += c;
    }
    scratch = std::move(out);
    return scratch;
}

} // namespace pgn
