// Fuzz target: the PGN reader on plain text and through the gzip and zstd
// paths, with the game builder and the replayer behind it.
//
// The first input byte picks the path (low two bits) and a parameter (the
// rest); the remaining bytes are the data:
//   0  plain text: read whole, then again in small chunks and through the
//      prefetching source, which must report exactly the same callbacks
//      (buffer refills must not change what is read); games are built and
//      checked (fuzzcheck.h), and written out and read back
//   1  the text gzip-compressed in memory (one or two members), read from a file
//   2  the same with zstd (one or two frames)
//   3  the bytes as a file as they are: corrupt gzip and zstd data
//      (the seeds hold real compressed files to start from)
// SPDX-License-Identifier: GPL-3.0-or-later
#include "fuzzcheck.h"

#include "game/builder.h"
#include "game/replay.h"
#include "pgn/input.h"
#include "pgn/prefetch.h"
#include "pgn/reader.h"
#include "pgn/writer.h"

#include <sys/mman.h>
#include <unistd.h>

#include <zlib.h>
#include <zstd.h>

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace {

// Every callback with its arguments, hashed: two reads of the same text must agree.
class Digest final : public pgn::Visitor {
public:
    uint64_t hash = 1469598103934665603ull;
    uint64_t calls = 0;

    void beginGame(const pgn::GameStart &s) override { mix('g', s.number, s.where); }
    void tag(std::string_view name, std::string_view value) override { mix('t', name, value); }
    bool beginMovetext() override
    {
        mix('m');
        return true;
    }
    pgn::MoveAction move(std::string_view san, const pgn::Place &where) override
    {
        mix('M', san, where.location());
        return pgn::MoveAction::Continue;
    }
    void nag(int n) override { mix('n', uint64_t(n)); }
    void comment(std::string_view text) override { mix('c', text); }
    bool beginVariation() override
    {
        mix('(');
        return true;
    }
    void endVariation() override { mix(')'); }
    void result(std::string_view r) override { mix('r', r); }
    void error(const pgn::Location &where, std::string_view message) override { mix('e', where, message); }
    void strayError(const pgn::Location &where, std::string_view message) override { mix('s', where, message); }
    bool endGame() override
    {
        mix('E');
        return true;
    }

private:
    void add(const void *p, size_t n)
    {
        auto b = static_cast<const unsigned char *>(p);
        for (size_t i = 0; i < n; ++i)
            hash = (hash ^ b[i]) * 1099511628211ull;
    }
    void one(char c) { add(&c, 1); }
    void one(uint64_t v) { add(&v, sizeof v); }
    void one(std::string_view s)
    {
        one(uint64_t(s.size()));
        add(s.data(), s.size());
    }
    void one(const pgn::Location &l)
    {
        one(uint64_t(l.line));
        one(uint64_t(l.column));
        one(l.offset);
    }
    template <typename... T>
    void mix(char kind, const T &...args)
    {
        ++calls;
        one(kind);
        (one(args), ...);
    }
};

// Hands out the text a few bytes at a time, so the reader's refills happen
// inside tags, comments and moves.
class ChunkedSource final : public pgn::ByteSource {
public:
    ChunkedSource(std::string_view text, size_t chunk) : m_text(text), m_chunk(chunk) {}
    size_t read(char *dst, size_t capacity) override
    {
        const size_t n = std::min({capacity, m_chunk, m_text.size() - m_pos});
        std::memcpy(dst, m_text.data() + m_pos, n);
        m_pos += n;
        return n;
    }

private:
    std::string_view m_text;
    size_t m_chunk;
    size_t m_pos = 0;
};

// FileSource and Text::load open paths: one memory file serves every input.
class MemoryFile {
public:
    MemoryFile()
    {
        m_fd = memfd_create("fuzz_pgn", 0);
        FUZZ_CHECK(m_fd >= 0, "memfd_create failed");
        m_path = "/proc/self/fd/" + std::to_string(m_fd);
    }
    const std::string &write(std::string_view bytes)
    {
        FUZZ_CHECK(ftruncate(m_fd, 0) == 0, "ftruncate failed");
        size_t done = 0;
        while (done < bytes.size()) {
            ssize_t n = pwrite(m_fd, bytes.data() + done, bytes.size() - done, off_t(done));
            FUZZ_CHECK(n > 0, "pwrite failed");
            done += size_t(n);
        }
        return m_path;
    }

private:
    int m_fd = -1;
    std::string m_path;
};

MemoryFile &memoryFile()
{
    static MemoryFile file;
    return file;
}

std::string gzipMember(std::string_view text)
{
    z_stream z{};
    FUZZ_CHECK(deflateInit2(&z, 1, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) == Z_OK, "deflateInit2 failed");
    std::string out(deflateBound(&z, uLong(text.size())) + 32, '\0');
    z.next_in = reinterpret_cast<Bytef *>(const_cast<char *>(text.data()));
    z.avail_in = uInt(text.size());
    z.next_out = reinterpret_cast<Bytef *>(out.data());
    z.avail_out = uInt(out.size());
    FUZZ_CHECK(deflate(&z, Z_FINISH) == Z_STREAM_END, "deflate failed");
    out.resize(z.total_out);
    deflateEnd(&z);
    return out;
}

std::string zstdFrame(std::string_view text)
{
    std::string out(ZSTD_compressBound(text.size()), '\0');
    const size_t n = ZSTD_compress(out.data(), out.size(), text.data(), text.size(), 1);
    FUZZ_CHECK(!ZSTD_isError(n), "ZSTD_compress failed");
    out.resize(n);
    return out;
}

// Everything a source delivers.
std::string drain(pgn::ByteSource &source)
{
    std::string out;
    char buf[4096];
    while (size_t n = source.read(buf, sizeof buf)) {
        out.append(buf, n);
        FUZZ_CHECK(out.size() < (size_t(64) << 20), "a source delivers far more than its input could hold");
    }
    return out;
}

uint64_t digestOf(pgn::ByteSource &source)
{
    pgn::Reader reader;
    reader.reset(&source);
    Digest d;
    reader.readAll(d);
    return d.hash;
}

// The writer wrapped a comment so that a line started with "[Name ...", which
// the reader took for the next game's tags (regressions/pgn/written-comment-*):
// with CQLWB_FUZZ_STRICT=0 such games are not written back.
bool tagInComment(const game::Game &g)
{
    for (const std::string &t : g.texts)
        for (size_t i = t.find('['); i != t.npos; i = t.find('[', i + 1))
            if (i + 1 < t.size() && std::isalpha(static_cast<unsigned char>(t[i + 1]))) return true;
    return false;
}

// The tree as its moves in preorder, each with its number of continuations:
// equal for equal trees whatever order their nodes were added in (a
// variation nested in an unclosed one is written after it, so it is read
// back as a later node).
std::vector<std::pair<uint16_t, uint32_t>> shape(const game::Game &g)
{
    std::vector<std::pair<uint16_t, uint32_t>> out;
    std::vector<game::NodeId> stack{0}; // no recursion: a game may be 65,535 plies deep
    while (!stack.empty()) {
        const game::NodeId n = stack.back();
        stack.pop_back();
        std::vector<game::NodeId> children;
        for (game::NodeId c = g.nodes[n].firstChild; c != game::NoNode; c = g.nodes[c].nextSibling)
            children.push_back(c);
        out.emplace_back(g.nodes[n].move.raw(), uint32_t(children.size()));
        stack.insert(stack.end(), children.rbegin(), children.rend());
    }
    return out;
}

// Builds each game, checks the tree, and writes it out and reads it back:
// the moves must survive the round trip.
void buildGames(pgn::Reader &reader)
{
    game::Game g, again;
    game::GameBuilder builder(g);
    game::GameParser parser;
    int games = 0;
    while (reader.readGame(builder)) {
        fuzzcheck::checkGame(g);
        if (!g.unsupported && g.nodes.size() < 2000 && ++games <= 8 && (fuzzcheck::strict() || !tagInComment(g))) {
            const std::string text = pgn::gameToPgn(g);
            FUZZ_CHECK(parser.parse(text, 1, {1, 1, 0}, again), "a written game does not read back", text);
            FUZZ_CHECK(shape(again) == shape(g), "a written game reads back with other moves", text);
            FUZZ_CHECK(fuzzcheck::samePosition(again.root().position, g.root().position),
                       "a written game reads back from another start", text);
        }
    }
}

void readPlain(std::string_view text, unsigned parameter)
{
    pgn::Reader reader;
    reader.resetText(text);
    Digest whole;
    reader.readAll(whole);

    // Where the refills fell changed what was read (regressions/pgn/refill-*):
    // not compared with CQLWB_FUZZ_STRICT=0.
    ChunkedSource chunks(text, 1 + parameter % 61);
    const uint64_t chunked = digestOf(chunks);
    FUZZ_CHECK(!fuzzcheck::strict() || chunked == whole.hash, "reading in chunks changes what is read");
    if (parameter & 1) {
        pgn::MemorySource memory(text);
        pgn::PrefetchSource prefetch(memory, 1 + parameter % 29, 2);
        const uint64_t prefetched = digestOf(prefetch);
        FUZZ_CHECK(!fuzzcheck::strict() || prefetched == whole.hash,
                   "reading through the prefetch changes what is read");
    }

    reader.resetText(text);
    buildGames(reader);

    game::Replayer replayer;
    reader.resetText(text);
    reader.readAll(replayer);
    game::BuildOptions standard;
    standard.chess960 = false;
    game::Replayer asStandard(standard);
    reader.resetText(text);
    reader.readAll(asStandard);
}

// The text compressed: the file sources must give back exactly the text.
void readCompressed(std::string_view text, const std::string &file, pgn::Compression expected, bool prefetch)
{
    const std::string &path = memoryFile().write(file);
    {
        pgn::FileSource source;
        FUZZ_CHECK(source.open(path), "cannot open the memory file", source.error());
        FUZZ_CHECK(source.compression() == expected, "compression not recognised");
        FUZZ_CHECK(drain(source) == text && !source.failed(), "decompression does not give the text back",
                   source.error());
    }
    {
        std::string error;
        auto loaded = pgn::Text::load(path, &error);
        FUZZ_CHECK(loaded && loaded->view() == text, "Text::load does not give the text back", error);
        FUZZ_CHECK(loaded->view().data()[text.size()] == '\0', "Text::load's text does not end in NUL");
    }
    game::GameStream stream;
    std::string error;
    FUZZ_CHECK(stream.open(path, &error, prefetch), "GameStream cannot open the memory file", error);
    game::Game g;
    while (stream.next(g))
        fuzzcheck::checkGame(g);
    FUZZ_CHECK(stream.error().empty(), "GameStream reports an error on good data", stream.error());
}

// The decompressed size a compressed file states (gzip trailer, zstd frame
// header). Text::load allocated that much up front, however small the file
// (regressions/pgn/text-load-*): with CQLWB_FUZZ_STRICT=0 such files are not loaded.
uint64_t claimedSize(std::string_view bytes)
{
    const auto b = [&](size_t i) { return uint64_t(static_cast<unsigned char>(bytes[i])); };
    if (pgn::detectCompression(bytes) == pgn::Compression::Gzip && bytes.size() >= 18) {
        const size_t e = bytes.size();
        return b(e - 4) | b(e - 3) << 8 | b(e - 2) << 16 | b(e - 1) << 24;
    }
    if (pgn::detectCompression(bytes) == pgn::Compression::Zstd) {
        const unsigned long long n = ZSTD_getFrameContentSize(bytes.data(), bytes.size());
        if (n != ZSTD_CONTENTSIZE_UNKNOWN && n != ZSTD_CONTENTSIZE_ERROR) return n;
    }
    return 0;
}

// Arbitrary bytes as a file: whatever they are, reading must fail cleanly.
void readRaw(std::string_view bytes)
{
    const std::string &path = memoryFile().write(bytes);
    {
        pgn::FileSource source;
        if (source.open(path)) drain(source);
    }
    if (fuzzcheck::strict() || claimedSize(bytes) <= (64u << 20)) {
        std::string error;
        auto loaded = pgn::Text::load(path, &error);
        if (loaded)
            FUZZ_CHECK(loaded->view().data()[loaded->view().size()] == '\0', "Text::load's text does not end in NUL");
    }
    game::GameStream stream;
    if (stream.open(path)) {
        game::Game g;
        while (stream.next(g))
            fuzzcheck::checkGame(g);
    }
    game::Replayer replayer;
    game::replayFile(path, replayer);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0) return 0;
    const unsigned mode = data[0] & 3;
    const unsigned parameter = data[0] >> 2;
    const std::string_view body(reinterpret_cast<const char *>(data + 1), size - 1);
    // Two members or frames: the sources must read on past the first.
    const size_t cut = (parameter & 2) ? body.size() / 2 : body.size();
    switch (mode) {
    case 0: readPlain(body, parameter); break;
    case 1: {
        std::string file = gzipMember(body.substr(0, cut));
        if (cut < body.size()) file += gzipMember(body.substr(cut));
        readCompressed(body, file, pgn::Compression::Gzip, parameter & 1);
        break;
    }
    case 2: {
        std::string file = zstdFrame(body.substr(0, cut));
        if (cut < body.size()) file += zstdFrame(body.substr(cut));
        readCompressed(body, file, pgn::Compression::Zstd, parameter & 1);
        break;
    }
    default: readRaw(body); break;
    }
    return 0;
}
