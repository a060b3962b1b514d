// Streaming decompression of PGN files (zlib for gzip, libzstd) and whole-file loading.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "input.h"

#include "mapping.h"

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <zlib.h>
#include <zstd.h>

namespace pgn {

Compression detectCompression(std::string_view head)
{
    auto b = [&](size_t i) { return i < head.size() ? static_cast<unsigned char>(head[i]) : 0u; };
    if (head.size() >= 2 && b(0) == 0x1f && b(1) == 0x8b) return Compression::Gzip;
    if (head.size() >= 4 && b(0) == 0x28 && b(1) == 0xb5 && b(2) == 0x2f && b(3) == 0xfd) return Compression::Zstd;
    return Compression::None;
}

const char *compressionName(Compression c)
{
    switch (c) {
    case Compression::Gzip: return "gzip";
    case Compression::Zstd: return "zstd";
    case Compression::None: break;
    }
    return "plain";
}

size_t MemorySource::read(char *dst, size_t capacity)
{
    size_t n = std::min(capacity, m_text.size() - m_pos);
    if (n) {
        std::memcpy(dst, m_text.data() + m_pos, n);
        m_pos += n;
    }
    return n;
}

// ---------------------------------------------------------------------------

struct FileSource::Codec {
    z_stream z{};
    bool zInit = false;
    ZSTD_DStream *zstd = nullptr;
    size_t zstdLast = 0; // last ZSTD_decompressStream result: 0 = at a frame end

    ~Codec()
    {
        if (zInit) inflateEnd(&z);
        if (zstd) ZSTD_freeDStream(zstd);
    }
};

FileSource::FileSource() = default;

FileSource::~FileSource() { close(); }

void FileSource::close()
{
    if (m_fd >= 0) ::close(m_fd);
    m_fd = -1;
    m_codec.reset();
    m_inPos = m_inEnd = 0;
    m_inputEof = false;
    m_done = false;
    m_consumed = 0;
    m_fileSize = 0;
}

bool FileSource::open(const std::string &path)
{
    close();
    m_error.clear();
    m_path = path;
    m_fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (m_fd < 0) {
        m_error = "cannot open " + path + ": " + std::strerror(errno);
        return false;
    }
    struct stat st {};
    if (fstat(m_fd, &st) == 0) {
        if (S_ISDIR(st.st_mode)) {
            m_error = "cannot open " + path + ": " + std::strerror(EISDIR);
            close();
            return false;
        }
        m_fileSize = uint64_t(st.st_size);
    }
#ifdef POSIX_FADV_SEQUENTIAL
    posix_fadvise(m_fd, 0, 0, POSIX_FADV_SEQUENTIAL);
#endif
    if (!m_in) {
        m_inCapacity = std::max<size_t>(1 << 18, ZSTD_DStreamInSize());
        m_in.reset(new char[m_inCapacity]);
    }
    // Peek at the magic bytes; they stay in the input buffer for the decoder.
    while (m_inEnd < 4 && !m_inputEof)
        if (!fillInput()) return false;
    m_compression = detectCompression(std::string_view(m_in.get(), m_inEnd));
    m_sizeHint = m_compression == Compression::None ? m_fileSize : 0;
    if (m_compression == Compression::Zstd) {
        unsigned long long n = ZSTD_getFrameContentSize(m_in.get(), m_inEnd);
        if (n != ZSTD_CONTENTSIZE_UNKNOWN && n != ZSTD_CONTENTSIZE_ERROR) m_sizeHint = n;
    } else if (m_compression == Compression::Gzip && m_fileSize >= 18) {
        unsigned char isize[4];
        if (pread(m_fd, isize, 4, off_t(m_fileSize - 4)) == 4)
            m_sizeHint =
                uint64_t(isize[0]) | uint64_t(isize[1]) << 8 | uint64_t(isize[2]) << 16 | uint64_t(isize[3]) << 24;
    }
    m_codec = std::make_unique<Codec>();
    if (m_compression == Compression::Gzip) {
        // 15 + 32: any window size, gzip or zlib header detected automatically.
        if (inflateInit2(&m_codec->z, 15 + 32) != Z_OK) {
            m_error = path + ": cannot start gzip decoder";
            close();
            return false;
        }
        m_codec->zInit = true;
    } else if (m_compression == Compression::Zstd) {
        m_codec->zstd = ZSTD_createDStream();
        if (!m_codec->zstd || ZSTD_isError(ZSTD_initDStream(m_codec->zstd))) {
            m_error = path + ": cannot start zstd decoder";
            close();
            return false;
        }
    }
    return true;
}

// Appends file bytes to the input buffer (compacting it first). False on a read error.
bool FileSource::fillInput()
{
    if (m_inPos > 0) {
        std::memmove(m_in.get(), m_in.get() + m_inPos, m_inEnd - m_inPos);
        m_inEnd -= m_inPos;
        m_inPos = 0;
    }
    while (m_inEnd < m_inCapacity) {
        ssize_t n = ::read(m_fd, m_in.get() + m_inEnd, m_inCapacity - m_inEnd);
        if (n < 0) {
            if (errno == EINTR) continue;
            m_error = "cannot read " + m_path + ": " + std::strerror(errno);
            return false;
        }
        if (n == 0) {
            m_inputEof = true;
            break;
        }
        m_inEnd += size_t(n);
        break;
    }
    return true;
}

size_t FileSource::read(char *dst, size_t capacity)
{
    if (m_fd < 0 || m_done || capacity == 0 || failed()) return 0;
    size_t n = 0;
    switch (m_compression) {
    case Compression::None: n = readPlain(dst, capacity); break;
    case Compression::Gzip: n = readGzip(dst, capacity); break;
    case Compression::Zstd: n = readZstd(dst, capacity); break;
    }
    if (n == 0) m_done = true;
    return n;
}

size_t FileSource::readPlain(char *dst, size_t capacity)
{
    size_t n = 0;
    // Bytes already peeked for the magic number come first.
    if (m_inPos < m_inEnd) {
        n = std::min(capacity, m_inEnd - m_inPos);
        std::memcpy(dst, m_in.get() + m_inPos, n);
        m_inPos += n;
        m_consumed += n;
        return n;
    }
    while (n == 0 && !m_inputEof) {
        ssize_t r = ::read(m_fd, dst, capacity);
        if (r < 0) {
            if (errno == EINTR) continue;
            m_error = "cannot read " + m_path + ": " + std::strerror(errno);
            return 0;
        }
        if (r == 0) m_inputEof = true;
        n = size_t(r);
    }
    m_consumed += n;
    return n;
}

size_t FileSource::readGzip(char *dst, size_t capacity)
{
    z_stream &z = m_codec->z;
    capacity = std::min<size_t>(capacity, 1u << 30);
    z.next_out = reinterpret_cast<Bytef *>(dst);
    z.avail_out = uInt(capacity);
    while (z.avail_out > 0) {
        if (m_inPos == m_inEnd && !m_inputEof) {
            if (!fillInput()) return 0;
            continue;
        }
        // With no input left the decoder may still hold output: call it anyway.
        z.next_in = reinterpret_cast<Bytef *>(m_in.get() + m_inPos);
        z.avail_in = uInt(m_inEnd - m_inPos);
        uInt outBefore = z.avail_out;
        int rc = inflate(&z, Z_NO_FLUSH);
        size_t used = (m_inEnd - m_inPos) - z.avail_in;
        m_inPos += used;
        m_consumed += used;
        if (rc == Z_STREAM_END) {
            // Another gzip member may follow (files made by concatenation).
            while (m_inPos == m_inEnd && !m_inputEof)
                if (!fillInput()) return 0;
            if (m_inPos == m_inEnd) {
                m_gzipEnded = true;
                break;
            }
            inflateReset(&z);
            m_gzipEnded = false;
            continue;
        }
        if (rc != Z_OK && rc != Z_BUF_ERROR) {
            m_error = m_path + ": corrupt gzip data at byte " + std::to_string(m_consumed);
            if (z.msg) m_error += std::string(" (") + z.msg + ")";
            return 0;
        }
        m_gzipEnded = false;
        if (used == 0 && z.avail_out == outBefore && m_inPos == m_inEnd && m_inputEof) break; // no progress possible
    }
    size_t produced = capacity - z.avail_out;
    if (produced == 0 && !m_gzipEnded) m_error = m_path + ": truncated gzip data (unexpected end of file)";
    return produced;
}

size_t FileSource::readZstd(char *dst, size_t capacity)
{
    ZSTD_outBuffer out{dst, capacity, 0};
    while (out.pos < out.size) {
        if (m_inPos == m_inEnd && !m_inputEof) {
            if (!fillInput()) return 0;
            continue;
        }
        // With no input left the decoder may still hold output: call it anyway.
        ZSTD_inBuffer in{m_in.get() + m_inPos, m_inEnd - m_inPos, 0};
        size_t outBefore = out.pos;
        size_t rc = ZSTD_decompressStream(m_codec->zstd, &out, &in);
        m_inPos += in.pos;
        m_consumed += in.pos;
        if (ZSTD_isError(rc)) {
            m_error = m_path + ": corrupt zstd data at byte " + std::to_string(m_consumed) + " ("
                + ZSTD_getErrorName(rc) + ")";
            return 0;
        }
        if (in.pos == 0 && out.pos == outBefore) {
            if (m_inPos == m_inEnd && m_inputEof) break; // no progress possible
            continue;
        }
        m_codec->zstdLast = rc; // 0: the last frame is complete
    }
    if (out.pos == 0 && m_codec->zstdLast != 0) m_error = m_path + ": truncated zstd data (unexpected end of file)";
    return out.pos;
}

// ---------------------------------------------------------------------------

Text::Text() = default;

Text::~Text() { std::free(m_heap); }

void Text::noteRead(uint64_t bytes) const
{
    if (m_map) m_map->noteRead(bytes);
}

void Text::drop() const
{
    if (m_map) m_map->drop();
}

std::unique_ptr<Text> Text::mapFile(int fd, const std::string &name, uint64_t size, Compression compression, bool cut,
                                    std::string *error)
{
    auto map = Mapping::map(fd, name, size, error);
    if (!map) return nullptr;
    auto text = std::make_unique<Text>();
    text->m_data = map->data();
    text->m_size = size_t(size);
    text->m_map = std::move(map);
    text->m_compression = compression;
    text->m_cut = cut;
    return text;
}

std::unique_ptr<Text> Text::fromString(std::string text)
{
    auto t = std::make_unique<Text>();
    t->m_owned = std::move(text);
    t->m_data = t->m_owned.c_str();
    t->m_size = t->m_owned.size();
    return t;
}

namespace {

// A tag line's start: '[' and a letter at the start of a line.
bool tagLineAt(const char *p) { return p[0] == '[' && std::isalpha(static_cast<unsigned char>(p[1])); }

// Keeps a streamed text's games under MaxGameBytes. The last game start (a
// tag line) is looked for in each new piece, from its end, so it is found at
// once; when a game outgrows the limit, its first MaxGameBytes + 1 bytes stay
// (the reader reports the game from them) and the stream is dropped up to the
// next tag line, where a marker line tells the reader how many lines went.
// Bytes before the last game start are final: a window that keeps the text
// from there on (decompressText) gets what a whole text would.
class GameSizeGuard {
public:
    // Takes n new bytes at buf[used..used+n); returns the new length of the kept text.
    size_t admit(char *buf, size_t used, size_t n)
    {
        if (!m_skipping) {
            const size_t end = used + n;
            // Positions i < m_scanned were looked at; one needs its next byte.
            const size_t lo = std::max(m_lastStart + 1, m_scanned);
            for (size_t i = end - 1; i-- > lo;) {
                if (buf[i - 1] == '\n' && tagLineAt(buf + i)) {
                    m_lastStart = i;
                    break;
                }
            }
            m_scanned = std::max(m_scanned, end - 1);
            if (end - m_lastStart <= MaxGameBytes) return end;
            m_skipping = true;
            m_cut = true;
            const size_t keep = m_lastStart + MaxGameBytes + 1;
            m_skippedLines = countLines(buf + keep, end - keep);
            m_prev = buf[end - 1];
            return keep;
        }
        // Dropping: look for the next tag line in the new bytes.
        char prev = m_prev;
        for (size_t i = used; i + 1 < used + n; ++i) {
            if (prev == '\n' && tagLineAt(buf + i)) {
                m_skippedLines += countLines(buf + used, i - used);
                const std::string marker = "\n\n" + std::string(SkipMarker) + std::to_string(m_skippedLines) + "\n\n";
                const size_t rest = used + n - i;
                std::memmove(buf + used + marker.size(), buf + i, rest);
                std::memcpy(buf + used, marker.data(), marker.size());
                m_skipping = false;
                m_lastStart = used + marker.size();
                m_scanned = m_lastStart + 1; // the rest of this piece is looked at next time
                m_skippedLines = 0;
                return used + marker.size() + rest;
            }
            prev = buf[i];
        }
        m_skippedLines += countLines(buf + used, n);
        m_prev = n ? buf[used + n - 1] : m_prev;
        return used;
    }
    bool cut() const { return m_cut; }
    // Where the last game start seen is: the text before it is final.
    size_t lastStart() const { return m_lastStart; }
    // The first `shift` bytes of the buffer went (written out).
    void rebase(size_t shift)
    {
        m_lastStart -= shift;
        m_scanned -= std::min(shift, m_scanned);
    }

private:
    static uint64_t countLines(const char *p, size_t n) { return uint64_t(std::count(p, p + n, '\n')); }

    size_t m_lastStart = 0;
    size_t m_scanned = 0;
    bool m_skipping = false;
    bool m_cut = false;
    uint64_t m_skippedLines = 0;
    char m_prev = '\n';
};

} // namespace

std::unique_ptr<Text> Text::load(const std::string &path, std::string *error,
                                 const std::function<void(const LoadProgress &)> &progress,
                                 const std::atomic<bool> *cancel)
{
    auto fail = [&](std::string message) -> std::unique_ptr<Text> {
        if (error) *error = std::move(message);
        return nullptr;
    };
    FileSource src;
    if (!src.open(path)) return fail(src.error());

    auto text = std::make_unique<Text>();
    text->m_compression = src.compression();
    const uint64_t fileSize = src.inputSize();

    if (src.compression() == Compression::None && fileSize > 0) {
        // Map the file: bytes after its end on the last page are zeros, and a zero page follows.
        if (auto map = Mapping::map(path, fileSize)) {
            text->m_data = map->data();
            text->m_size = size_t(fileSize);
            text->m_map = std::move(map);
            if (progress) progress({fileSize, fileSize});
            return text;
        }
        // Fall through: read it like a stream.
    }

    // Decompress into a malloc'd block grown with realloc: large blocks are
    // remapped rather than copied, and nothing is zero-filled first.
    // The file's own claim of its size (gzip trailer, zstd header) is only
    // believed up to what such files really expand to: a forged one must not
    // allocate gigabytes before a byte is read. The buffer grows as needed.
    const uint64_t plausible = uint64_t(fileSize) * 16 + (64u << 20);
    size_t capacity = size_t(std::min<uint64_t>(src.contentSizeHint(), plausible)) + (1 << 20);
    if (src.contentSizeHint() == 0) capacity = size_t(fileSize) * 6 + (1 << 20);
    char *buf = static_cast<char *>(std::malloc(capacity + 1));
    if (!buf) return fail(path + ": out of memory");
    text->m_heap = buf;
    size_t used = 0;
    uint64_t lastReport = 0;
    GameSizeGuard guard;
    // Beyond most of the machine's memory a load can only end in the system
    // killing the program (a stream that never ends): stop with a message first.
    const uint64_t memoryLimit = uint64_t(sysconf(_SC_PHYS_PAGES)) * uint64_t(sysconf(_SC_PAGESIZE)) / 4 * 3;
    for (;;) {
        if (capacity - used < (1 << 20)) {
            size_t grown = capacity + std::max<size_t>(capacity / 2, 1 << 20);
            char *p = static_cast<char *>(std::realloc(buf, grown + 1));
            if (!p) return fail(path + ": out of memory");
            buf = text->m_heap = p;
            capacity = grown;
        }
        // Room is kept for the marker a cut inserts (GameSizeGuard).
        size_t chunk = std::min<size_t>(capacity - used - 256, 4 << 20);
        size_t n = src.read(buf + used, chunk);
        if (n == 0) break;
        used = guard.admit(buf, used, n);
        if (memoryLimit && used > memoryLimit)
            return fail(path + ": the text is larger than " + std::to_string(memoryLimit >> 20)
                        + " MiB (three quarters of this machine's memory) and cannot be loaded");
        if (cancel && cancel->load(std::memory_order_relaxed)) return fail("cancelled");
        if (progress && src.inputPosition() - lastReport >= (8u << 20)) {
            lastReport = src.inputPosition();
            progress({src.inputPosition(), fileSize});
        }
    }
    if (src.failed()) return fail(src.error());
    if (capacity > used + used / 8 + (1 << 20)) {
        if (char *p = static_cast<char *>(std::realloc(buf, used + 1))) buf = text->m_heap = p;
    }
    buf[used] = '\0';
    text->m_cut = guard.cut();
    text->m_data = buf;
    text->m_size = used;
    if (progress) progress({fileSize, fileSize});
    return text;
}

} // namespace pgn

namespace pgn {

bool decompressText(const std::string &path, const std::function<bool(std::string_view)> &sink, bool &cut,
                    std::string *error, const std::function<void(const LoadProgress &)> &progress,
                    const std::atomic<bool> *cancel)
{
    auto fail = [&](std::string message) {
        if (error && error->empty()) *error = std::move(message);
        return false;
    };
    FileSource src;
    if (!src.open(path)) return fail(src.error());
    constexpr size_t Chunk = size_t(4) << 20;
    constexpr size_t FlushAt = size_t(1) << 20;
    // The window: the text from the last game start on, and the piece just read.
    std::unique_ptr<char, decltype(&std::free)> window(nullptr, &std::free);
    size_t capacity = 0, used = 0;
    GameSizeGuard guard;
    uint64_t lastReport = 0;
    for (;;) {
        if (capacity - used < Chunk + 256) {
            const size_t grown = std::max(capacity + capacity / 2, used + Chunk + 256);
            char *p = static_cast<char *>(std::realloc(window.get(), grown));
            if (!p) return fail(path + ": out of memory");
            (void)window.release();
            window.reset(p);
            capacity = grown;
        }
        char *buf = window.get();
        const size_t n = src.read(buf + used, Chunk);
        if (n == 0) break;
        used = guard.admit(buf, used, n);
        const size_t final = guard.lastStart();
        if (final >= FlushAt) {
            if (!sink(std::string_view(buf, final))) return false;
            std::memmove(buf, buf + final, used - final);
            used -= final;
            guard.rebase(final);
        }
        if (cancel && cancel->load(std::memory_order_relaxed)) return fail("cancelled");
        if (progress && src.inputPosition() - lastReport >= (8u << 20)) {
            lastReport = src.inputPosition();
            progress({src.inputPosition(), src.inputSize()});
        }
    }
    if (src.failed()) return fail(src.error());
    if (used && !sink(std::string_view(window.get(), used))) return false;
    cut = guard.cut();
    if (progress) progress({src.inputSize(), src.inputSize()});
    return true;
}

} // namespace pgn
