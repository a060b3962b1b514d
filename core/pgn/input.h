// PGN input: plain, gzip and zstd files (detected by their magic bytes), read as
// a stream of decompressed bytes or loaded whole into memory for random access.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>

namespace pgn {

class Mapping;

enum class Compression { None, Gzip, Zstd };

// The longest game read: a game that goes on longer (a hostile or broken
// stream, a game that never ends) is reported and the rest of it skipped, so
// memory stays bounded in every mode. Real games, variations and comments
// included, stay far below it.
constexpr uint64_t MaxGameBytes = uint64_t(64) << 20;

// Where a loaded text left out part of an over-long game: the reader finds a
// line "%cqlwb-skipped LINES" there and counts those lines, so later games
// keep their line numbers in messages.
constexpr std::string_view SkipMarker = "%cqlwb-skipped ";

// Looks at the first bytes of a file: gzip starts 1f 8b, zstd 28 b5 2f fd.
Compression detectCompression(std::string_view head);
const char *compressionName(Compression c); // "plain", "gzip", "zstd"

// A stream of decompressed bytes. read() returns 0 at the end or on error;
// error() tells which ("" at a clean end).
class ByteSource {
public:
    virtual ~ByteSource() = default;
    virtual size_t read(char *dst, size_t capacity) = 0;
    const std::string &error() const { return m_error; }
    bool failed() const { return !m_error.empty(); }
    // Progress in the underlying (possibly compressed) input; total 0 = unknown.
    virtual uint64_t inputPosition() const { return 0; }
    virtual uint64_t inputSize() const { return 0; }

protected:
    std::string m_error;
};

// Bytes already in memory (a Database's text, a test string).
class MemorySource : public ByteSource {
public:
    MemorySource() = default;
    explicit MemorySource(std::string_view text) : m_text(text) {}
    void reset(std::string_view text)
    {
        m_text = text;
        m_pos = 0;
    }
    size_t read(char *dst, size_t capacity) override;
    uint64_t inputPosition() const override { return m_pos; }
    uint64_t inputSize() const override { return m_text.size(); }

private:
    std::string_view m_text;
    size_t m_pos = 0;
};

// A file of any of the three formats, decompressed as it is read; gzip files
// of several members and zstd files of several frames are read to the end.
class FileSource : public ByteSource {
public:
    FileSource();
    ~FileSource() override;
    FileSource(const FileSource &) = delete;
    FileSource &operator=(const FileSource &) = delete;

    // False with error() = "cannot open FILE: reason" when the file can't be read.
    bool open(const std::string &path);
    void close();
    Compression compression() const { return m_compression; }
    const std::string &path() const { return m_path; }

    size_t read(char *dst, size_t capacity) override;
    uint64_t inputPosition() const override { return m_consumed; }
    uint64_t inputSize() const override { return m_fileSize; }
    // The decompressed size if the file says (zstd frame header, gzip trailer), else 0.
    // Only a hint: files of several frames or members may hold more.
    uint64_t contentSizeHint() const { return m_sizeHint; }

private:
    struct Codec;
    bool fillInput();
    size_t readPlain(char *dst, size_t capacity);
    size_t readGzip(char *dst, size_t capacity);
    size_t readZstd(char *dst, size_t capacity);

    std::string m_path;
    int m_fd = -1;
    Compression m_compression = Compression::None;
    uint64_t m_fileSize = 0;
    uint64_t m_consumed = 0;      // input bytes handed to the decoder
    std::unique_ptr<char[]> m_in; // compressed input buffer
    size_t m_inCapacity = 0;
    size_t m_inPos = 0, m_inEnd = 0;
    bool m_inputEof = false;
    bool m_done = false;
    bool m_gzipEnded = false;
    uint64_t m_sizeHint = 0;
    std::unique_ptr<Codec> m_codec;
};

struct LoadProgress {
    uint64_t inputDone = 0;  // bytes of the file (compressed) read so far
    uint64_t inputTotal = 0; // file size
};

// Decompresses a file and hands its text on in pieces, exactly the bytes
// Text::load would hold (an over-long game cut the same way), keeping only a
// bounded window in memory: the bytes since the last game start, at most
// MaxGameBytes and a read block. sink returns false to stop (an error it
// sets itself). False with error set on a read error or cancellation.
bool decompressText(const std::string &path, const std::function<bool(std::string_view)> &sink, bool &cut,
                    std::string *error = nullptr, const std::function<void(const LoadProgress &)> &progress = {},
                    const std::atomic<bool> *cancel = nullptr);

// The whole decompressed text of a file, memory-mapped for a plain file (and
// for a text cache file, see store/textcache.h) and decompressed into memory
// otherwise. The text is always followed by a readable NUL byte
// (text().data()[text().size()] == 0). A mapped text does not stay resident:
// passes over it report what they read (noteRead) and its pages are given
// back every few megabytes (pgn::Mapping).
class Text {
public:
    Text();
    ~Text();
    Text(const Text &) = delete;
    Text &operator=(const Text &) = delete;

    // Returns nullptr and sets error on failure or cancellation ("cancelled").
    static std::unique_ptr<Text> load(const std::string &path, std::string *error = nullptr,
                                      const std::function<void(const LoadProgress &)> &progress = {},
                                      const std::atomic<bool> *cancel = nullptr);
    static std::unique_ptr<Text> fromString(std::string text);
    // The first `size` bytes of a file open as fd that holds a NUL byte after
    // them (or ends there), mapped; what the text was decompressed from and
    // whether a game was cut are the caller's to say; name is for messages.
    // Nullptr with error set on failure.
    static std::unique_ptr<Text> mapFile(int fd, const std::string &name, uint64_t size, Compression compression,
                                         bool cut, std::string *error = nullptr);

    std::string_view view() const { return {m_data, m_size}; }
    // True when an over-long game was cut while loading (see MaxGameBytes).
    bool cut() const { return m_cut; }
    Compression compression() const { return m_compression; }
    bool mapped() const { return m_map != nullptr; }
    // A pass read this many more bytes (any thread); a mapped text then gives
    // back its resident pages every pgn::Mapping::DropBytes. Nothing in memory.
    void noteRead(uint64_t bytes) const;
    // Gives back all resident pages of a mapped text now.
    void drop() const;

private:
    const char *m_data = "";
    size_t m_size = 0;
    std::string m_owned;
    char *m_heap = nullptr; // malloc'd decompressed text (grown with realloc, no zero fill)
    std::unique_ptr<Mapping> m_map;
    Compression m_compression = Compression::None;
    bool m_cut = false;
};

} // namespace pgn
