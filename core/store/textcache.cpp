// Writing, checking and mapping text cache files.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "textcache.h"

#include "checkednote.h"
#include "hash.h"
#include "pgn/atomicfile.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <sys/stat.h>
#include <unistd.h>

namespace store {

namespace {

constexpr char TextMagic[8] = {'C', 'Q', 'L', 'W', 'B', 'T', 'X', '\n'};
constexpr uint32_t TextEndianMark = 0x01020304;
constexpr uint64_t TextSeed = 0x54455854ULL;

// At the end of the file, after the text, a NUL and padding to 8 bytes.
struct Trailer {
    char magic[8];
    uint32_t version;
    uint32_t endian;
    uint64_t idSize;
    int64_t idMtime;
    uint64_t idHead;
    uint64_t idTail;
    uint64_t textSize;
    uint32_t compression;
    uint32_t cut;
    uint64_t textHash;
    uint64_t trailerHash; // of the bytes before it
};
static_assert(sizeof(Trailer) == 80);

uint64_t trailerHash(const Trailer &t) { return hash64(&t, offsetof(Trailer, trailerHash), 0x5452); }

uint64_t textEnd(uint64_t textSize) { return (textSize + 1 + 7) & ~uint64_t(7); }

bool readAt(int fd, uint64_t offset, void *dst, size_t size)
{
    size_t done = 0;
    while (done < size) {
        const ssize_t n = ::pread(fd, static_cast<char *>(dst) + done, size - done, off_t(offset + done));
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return false;
        done += size_t(n);
    }
    return true;
}

// Checks the cache open as fd; fills the trailer. The text is hashed when
// `full`, unless the note at notePath ("": none) says this very file was.
bool check(int fd, const FileIdentity &expected, bool full, Trailer &t, std::string &why,
           const std::function<void(const pgn::LoadProgress &)> &progress, const std::string &notePath = {},
           bool *hashed = nullptr)
{
    struct stat st;
    if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        why = "the text cache is not a regular file";
        return false;
    }
    const uint64_t size = uint64_t(st.st_size);
    if (size < sizeof t || !readAt(fd, size - sizeof t, &t, sizeof t)) {
        why = "damaged: shorter than its trailer";
        return false;
    }
    if (std::memcmp(t.magic, TextMagic, sizeof t.magic) != 0 || t.trailerHash != trailerHash(t)) {
        why = "damaged: trailer";
        return false;
    }
    if (t.endian != TextEndianMark || t.version != TextCacheVersion) {
        why = "made by another version";
        return false;
    }
    if (!(recordedIdentity(t) == expected)) {
        why = "stale: the file changed";
        return false;
    }
    if (t.textSize > size || textEnd(t.textSize) + sizeof t != size) {
        why = "damaged: wrong size";
        return false;
    }
    char nul = 1;
    if (!readAt(fd, t.textSize, &nul, 1) || nul != 0) {
        why = "damaged: no NUL after the text";
        return false;
    }
    if (!full || checkedBefore(notePath, fd, t.textHash)) return true;
    if (hashed) *hashed = true;
    FileStamp before;
    const bool stamped = fileStamp(fd, before);
    const int64_t started = nowNs();
    // Through a bounded buffer: the page cache holds the file, this process does not.
    constexpr size_t Piece = size_t(4) << 20;
    std::unique_ptr<char[]> buf(new char[Piece]);
    Hasher h(TextSeed);
    uint64_t lastReport = 0;
    for (uint64_t at = 0; at < t.textSize; at += Piece) {
        const size_t n = size_t(std::min<uint64_t>(Piece, t.textSize - at));
        if (!readAt(fd, at, buf.get(), n)) {
            why = "damaged: cannot read the text";
            return false;
        }
        h.add(buf.get(), n);
        if (progress && at - lastReport >= (64u << 20)) {
            lastReport = at;
            progress({at, t.textSize});
        }
    }
    if (h.value() != t.textHash) {
        why = "damaged: text checksum";
        return false;
    }
    if (stamped) noteChecked(notePath, fd, before, t.textHash, started);
    return true;
}

pgn::Compression compressionOf(const std::string &path)
{
    pgn::FileSource src;
    return src.open(path) ? src.compression() : pgn::Compression::None;
}

// Decompresses path into a new cache file; false with why set.
bool build(const std::string &path, const FileIdentity &id, const std::string &cachePath, pgn::Compression compression,
           std::string &why, std::string *error, const std::function<void(const pgn::LoadProgress &)> &progress,
           const std::atomic<bool> *cancel)
{
    std::error_code ec;
    std::filesystem::create_directories(std::filesystem::path(cachePath).parent_path(), ec);
    pgn::AtomicFile file;
    if (!file.open(cachePath, &why)) {
        why = "text cache not written: " + why;
        return false;
    }
    Hasher h(TextSeed);
    uint64_t size = 0;
    bool cut = false;
    std::string readError;
    const bool ok = pgn::decompressText(
        path,
        [&](std::string_view piece) {
            h.add(piece.data(), piece.size());
            size += piece.size();
            if (file.write(piece)) return true;
            readError = "text cache not written: " + file.error();
            return false;
        },
        cut, &readError, progress, cancel);
    if (!ok) {
        file.abort();
        // A write error leaves the text to memory; a read error is the database's.
        if (readError.rfind("text cache not written", 0) == 0) {
            why = readError;
            return false;
        }
        if (error) *error = readError;
        why.clear();
        return false;
    }
    Trailer t{};
    std::memcpy(t.magic, TextMagic, sizeof t.magic);
    t.version = TextCacheVersion;
    t.endian = TextEndianMark;
    recordIdentity(t, id);
    t.textSize = size;
    t.compression = uint32_t(compression);
    t.cut = cut ? 1 : 0;
    t.textHash = h.value();
    t.trailerHash = trailerHash(t);
    const std::string pad(size_t(textEnd(size) - size), '\0');
    if (!file.write(pad) || !file.write(std::string_view(reinterpret_cast<const char *>(&t), sizeof t))
        || !file.commit(&why)) {
        if (why.empty()) why = file.error();
        file.abort();
        why = "text cache not written: " + why;
        return false;
    }
    return true;
}

// Maps a checked cache, the one open as fd (another process may rename a new one into place meanwhile).
std::unique_ptr<pgn::Text> mapChecked(int fd, const std::string &cachePath, const Trailer &t, std::string &why)
{
    return pgn::Text::mapFile(fd, cachePath, t.textSize, pgn::Compression(t.compression), t.cut != 0, &why);
}

} // namespace

std::string textCachePathBeside(const std::string &storePath)
{
    if (storePath.empty()) return storePath;
    std::string p = storePath;
    const std::string suffix = ".cqlstore";
    if (p.size() > suffix.size() && p.compare(p.size() - suffix.size(), suffix.size(), suffix) == 0)
        p.resize(p.size() - suffix.size());
    return p + ".cqltext";
}

std::string textCachePathFor(const std::string &pgnPath, const std::string &cacheDir)
{
    return textCachePathBeside(storePathFor(pgnPath, cacheDir));
}

bool checkTextCache(const std::string &cachePath, const FileIdentity &expected, std::string *why,
                    const std::function<void(const pgn::LoadProgress &)> &progress)
{
    std::string reason;
    const int fd = ::open(cachePath.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        reason =
            errno == ENOENT ? "no text cache yet" : std::string("cannot read the text cache: ") + std::strerror(errno);
        if (why) *why = reason;
        return false;
    }
    Trailer t;
    const bool ok = check(fd, expected, true, t, reason, progress);
    ::close(fd);
    if (why) *why = reason;
    return ok;
}

std::unique_ptr<pgn::Text> loadText(const std::string &path, const FileIdentity &identity, const std::string &cachePath,
                                    TextCacheResult &result, std::string *error,
                                    const std::function<void(const pgn::LoadProgress &)> &progress,
                                    const std::atomic<bool> *cancel)
{
    result = TextCacheResult();
    const pgn::Compression compression = compressionOf(path);
    if (compression == pgn::Compression::None || cachePath.empty()) {
        // A plain file maps itself; without a cache folder the text goes to memory.
        if (cachePath.empty()) result.note = "no cache folder";
        auto text = pgn::Text::load(path, error, progress, cancel);
        result.cached = text && text->mapped();
        return text;
    }
    std::string why;
    for (int attempt = 0; attempt < 2; ++attempt) {
        const int fd = ::open(cachePath.c_str(), O_RDONLY | O_CLOEXEC);
        if (fd >= 0) {
            Trailer t;
            // The cache just written is checked without hashing it again.
            if (check(fd, identity, !result.built, t, why, progress, checkedNotePath(cachePath), &result.hashed)) {
                auto text = mapChecked(fd, cachePath, t, why);
                ::close(fd);
                if (text) {
                    result.cached = true;
                    if (progress) progress({identity.size, identity.size});
                    return text;
                }
            } else {
                ::close(fd);
            }
        } else {
            why = errno == ENOENT ? "no text cache yet"
                                  : std::string("cannot read the text cache: ") + std::strerror(errno);
        }
        if (result.built) break;
        result.note = why;
        std::string buildWhy;
        if (!build(path, identity, cachePath, compression, buildWhy, error, progress, cancel)) {
            if (buildWhy.empty()) return nullptr; // the database itself cannot be read, or cancelled
            why = buildWhy;
            break;
        }
        result.built = true;
    }
    result.cached = false;
    result.note = why;
    return pgn::Text::load(path, error, progress, cancel);
}

bool openDatabase(const std::string &path, db::Database &database, const db::OpenOptions &options,
                  const std::string &cacheDir, TextCacheResult &result, std::string *error)
{
    result = TextCacheResult();
    FileIdentity id;
    std::string why;
    const std::string cachePath = textCachePathFor(path, cacheDir);
    if (cachePath.empty() || !fileIdentity(path, id, &why)) {
        result.note = cachePath.empty() ? "no cache folder" : why;
        return database.open(path, options, error);
    }
    std::function<void(const pgn::LoadProgress &)> loadProgress;
    if (options.progress)
        loadProgress = [&](const pgn::LoadProgress &p) {
            options.progress(db::Progress{db::Progress::Loading, p.inputDone, p.inputTotal, 0});
        };
    database.close();
    auto text = loadText(path, id, cachePath, result, error, loadProgress, options.cancel);
    if (!text) return false;
    return database.open(std::move(text), path, options, error);
}

} // namespace store
