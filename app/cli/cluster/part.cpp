// Writing and reading part files.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "part.h"

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string_view>

namespace cluster {

namespace {

constexpr std::string_view Magic = "cqlwb-cli part 2\n";
constexpr std::string_view Trailer = "end\n";
// Far above any field a part holds (a game's text is cut at 64 MiB when read).
constexpr uint64_t MaxText = uint64_t(1) << 31;
constexpr uint64_t MaxCount = uint64_t(1) << 32;

// FNV-1a over everything after the magic line, kept at the end: a part
// changed on its way (a bad disk, a copy that went wrong) is refused, never
// merged into a result that looks right.
constexpr uint64_t HashStart = 0xcbf29ce484222325ULL;
uint64_t addHash(uint64_t h, std::string_view bytes)
{
    for (unsigned char c : bytes)
        h = (h ^ c) * 0x100000001b3ULL;
    return h;
}

void putNumber(std::string &out, uint64_t n)
{
    out += std::to_string(n);
    out += '\n';
}

void putSigned(std::string &out, long long n)
{
    out += std::to_string(n);
    out += '\n';
}

void putText(std::string &out, std::string_view text)
{
    out += std::to_string(text.size());
    out += ':';
    out += text;
    out += '\n';
}

} // namespace

bool PartWriter::open(const std::string &path, const PartHeader &h, std::string *error)
{
    if (!m_file.open(path, error)) return false;
    m_buffer.assign(Magic);
    putNumber(m_buffer, h.shard.index);
    putNumber(m_buffer, h.shard.count);
    putText(m_buffer, h.run);
    putText(m_buffer, h.output);
    putNumber(m_buffer, h.showMatches ? 1 : 0);
    putNumber(m_buffer, h.files.size());
    for (const std::string &f : h.files)
        putText(m_buffer, f);
    putNumber(m_buffer, h.sorts.size());
    for (const cql::SortSpec &s : h.sorts) {
        putText(m_buffer, s.title);
        putNumber(m_buffer, s.minimize ? 1 : 0);
    }
    m_hash = addHash(HashStart, std::string_view(m_buffer).substr(Magic.size()));
    if (m_file.write(m_buffer)) return true;
    if (error) *error = m_file.error();
    m_file.abort();
    return false;
}

bool PartWriter::add(const PartMatch &m)
{
    m_buffer.clear();
    putNumber(m_buffer, 1);
    putNumber(m_buffer, m.file);
    putNumber(m_buffer, m.gameNumber);
    putNumber(m_buffer, uint8_t(m.board));
    putNumber(m_buffer, m.sortValues.size());
    for (const cql::SortValue &v : m.sortValues) {
        putText(m_buffer, v.title);
        putSigned(m_buffer, v.value);
        putNumber(m_buffer, (v.minimize ? 1 : 0) | (v.isText ? 2 : 0) | (v.bound ? 4 : 0) | (v.quiet ? 8 : 0));
        putText(m_buffer, v.text);
    }
    putText(m_buffer, m.shown);
    putText(m_buffer, m.pgn);
    ++m_matches;
    m_hash = addHash(m_hash, m_buffer);
    return m_file.write(m_buffer);
}

bool PartWriter::finish(const PartSummary &s, std::string *error)
{
    m_buffer.clear();
    putNumber(m_buffer, 0);
    putNumber(m_buffer, m_matches);
    putNumber(m_buffer, s.games);
    putNumber(m_buffer, s.problemGames);
    putNumber(m_buffer, s.problems);
    putNumber(m_buffer, s.evaluationFailures);
    char seconds[64];
    std::snprintf(seconds, sizeof seconds, "%.6f", s.seconds);
    putText(m_buffer, seconds);
    putNumber(m_buffer, s.threads);
    putNumber(m_buffer, s.shownProblems.size());
    for (const std::string &line : s.shownProblems)
        putText(m_buffer, line);
    putNumber(m_buffer, addHash(m_hash, m_buffer));
    m_buffer += Trailer;
    if (!m_file.write(m_buffer) || !m_file.commit(error)) {
        if (error && error->empty()) *error = m_file.error();
        m_file.abort();
        return false;
    }
    return true;
}

PartReader::~PartReader()
{
    if (m_in) std::fclose(m_in);
}

bool PartReader::fail(const std::string &what)
{
    if (m_error.empty())
        m_error = m_path + ": not a whole part of a sharded search (" + what + ", at byte "
            + std::to_string(m_in ? std::ftell(m_in) : 0) + ")";
    return false;
}

int PartReader::get()
{
    int c = std::getc(m_in);
    if (c != EOF) {
        const char byte = char(c);
        m_hash = addHash(m_hash, std::string_view(&byte, 1));
    }
    return c;
}

bool PartReader::number(uint64_t &out, int first)
{
    out = 0;
    int digits = 0;
    for (int c = first >= 0 ? first : get(); c != '\n'; c = get()) {
        if (c < '0' || c > '9') return fail(c == EOF ? "it ends early" : "a number expected");
        const uint64_t digit = uint64_t(c - '0');
        if (++digits > 20 || out > (UINT64_MAX - digit) / 10) return fail("a number out of range");
        out = out * 10 + digit;
    }
    return digits > 0 || fail("a number expected");
}

bool PartReader::signedNumber(long long &out)
{
    int c = get();
    bool negative = c == '-';
    uint64_t n;
    if (!number(n, negative || c == EOF ? -1 : c)) return false;
    if (n > uint64_t(INT64_MAX) + (negative ? 1 : 0)) return fail("a number out of range");
    out = negative ? (long long)(0 - n) : (long long)n;
    return true;
}

bool PartReader::text(std::string &out)
{
    uint64_t size = 0;
    int digits = 0;
    for (int c; (c = get()) != ':';) {
        if (c < '0' || c > '9' || ++digits > 19) return fail(c == EOF ? "it ends early" : "a text expected");
        size = size * 10 + uint64_t(c - '0');
    }
    if (digits == 0 || size > MaxText) return fail("a text expected");
    out.resize(size_t(size));
    if (size && std::fread(out.data(), 1, size_t(size), m_in) != size) return fail("it ends early");
    m_hash = addHash(m_hash, out);
    return get() == '\n' || fail("a text not ended");
}

bool PartReader::open(const std::string &path)
{
    m_path = path;
    m_in = std::fopen(path.c_str(), "rb");
    if (!m_in) {
        m_error = "cannot read " + path + ": " + std::strerror(errno);
        return false;
    }
    char magic[Magic.size()];
    if (std::fread(magic, 1, sizeof magic, m_in) != sizeof magic || std::string_view(magic, sizeof magic) != Magic)
        return fail("no part header");
    m_hash = HashStart;
    uint64_t k, n, show, files, sorts;
    if (!number(k) || !number(n) || k < 1 || k > n || n > 1000000) return fail("a bad shard number");
    m_header.shard = {unsigned(k), unsigned(n)};
    if (!text(m_header.run) || !text(m_header.output) || !number(show) || !number(files) || files > MaxCount)
        return false;
    m_header.showMatches = show != 0;
    m_header.files.resize(size_t(files));
    for (std::string &f : m_header.files)
        if (!text(f)) return false;
    if (!number(sorts) || sorts > MaxCount) return fail("a bad count of sorts");
    m_header.sorts.resize(size_t(sorts));
    for (cql::SortSpec &s : m_header.sorts) {
        uint64_t minimize;
        if (!text(s.title) || !number(minimize)) return false;
        s.minimize = minimize != 0;
    }
    return true;
}

bool PartReader::next(PartMatch &m)
{
    if (m_atEnd || !m_error.empty()) return false;
    uint64_t kind, file, board, values;
    if (!number(kind)) return false;
    if (kind == 0) {
        m_atEnd = true;
        return readSummary();
    }
    if (kind != 1 || !number(file) || !number(m.gameNumber) || !number(board) || !number(values)) return false;
    if (file >= m_header.files.size() || board > 255 || values > MaxCount) return fail("a bad match record");
    m.file = uint32_t(file);
    m.board = char(board);
    m.sortValues.resize(size_t(values));
    for (cql::SortValue &v : m.sortValues) {
        uint64_t flags;
        if (!text(v.title) || !signedNumber(v.value) || !number(flags) || !text(v.text)) return false;
        v.minimize = flags & 1;
        v.isText = flags & 2;
        v.bound = flags & 4;
        v.quiet = flags & 8;
    }
    if (!text(m.shown) || !text(m.pgn)) return false;
    ++m_matches;
    return true;
}

bool PartReader::readSummary()
{
    PartSummary &s = m_summary;
    uint64_t threads, shown;
    std::string seconds;
    if (!number(s.matches) || !number(s.games) || !number(s.problemGames) || !number(s.problems)
        || !number(s.evaluationFailures) || !text(seconds) || !number(threads) || !number(shown))
        return false;
    if (s.matches != m_matches) return fail("its count of matches disagrees with its records");
    if (shown > ProblemsShown || shown > s.problems) return fail("a bad count of problems");
    s.seconds = std::strtod(seconds.c_str(), nullptr);
    s.threads = unsigned(std::min<uint64_t>(threads, 1u << 20));
    s.shownProblems.resize(size_t(shown));
    for (std::string &line : s.shownProblems)
        if (!text(line)) return false;
    const uint64_t hash = m_hash;
    uint64_t written;
    if (!number(written)) return false;
    if (written != hash) return fail("its checksum disagrees with its contents: it was changed after it was written");
    char end[Trailer.size()];
    if (std::fread(end, 1, sizeof end, m_in) != sizeof end || std::string_view(end, sizeof end) != Trailer
        || std::getc(m_in) != EOF)
        return fail("no end mark");
    return false;
}

} // namespace cluster
