// A PGN database opened read-only: the decompressed text (a plain file or a
// text cache file memory-mapped, else held in memory) and an index of its
// games — where each starts and the header fields a game list shows — built
// in one pass, or lent by a game store (IndexSource). A mapped text is read
// on demand and its pages given back as passes read on, so memory does not
// grow with the file (pgn::Mapping). Every const method is safe to call from
// several threads at once (the parallel search).
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "game/builder.h"
#include "game/game.h"
#include "pgn/input.h"
#include "pgn/reader.h"

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace db {

// Header fields kept in the index.
enum class Field : uint8_t { White, Black, Result, Event, Site, Date, Round, ECO, WhiteElo, BlackElo, Variant };
constexpr int FieldCount = 11;
const char *fieldName(Field f); // the tag name: "White", ..., "BlackElo", "Variant"
constexpr uint32_t AllFields = (1u << FieldCount) - 1;
constexpr uint32_t fieldBit(Field f) { return 1u << unsigned(f); }

struct GameEntry {
    uint64_t offset = 0; // of the game's first byte in text()
    uint64_t fields = 0; // into the field pool
    uint64_t length = 0; // bytes of game text
    uint32_t line = 0;   // 1-based line of the first byte
    uint32_t plies = 0;  // mainline move tokens (not checked for legality; a Bughouse game's boards
                         // together); 0 without OpenOptions::countPlies
    uint16_t column = 1; // 1-based column of the first byte
    uint16_t errors = 0; // problems the reader found while indexing (tags, syntax; moves are not replayed;
                         // without countPlies only those outside the movetext)
};

struct Progress {
    enum Stage { Loading, Indexing } stage = Loading;
    uint64_t done = 0; // bytes: of the file while loading, of the text while indexing
    uint64_t total = 0;
    uint64_t games = 0; // indexed so far
};

struct OpenOptions {
    // Called from the opening thread every few megabytes.
    std::function<void(const Progress &)> progress;
    // Set (from any thread) to stop; open() then fails with "cancelled".
    const std::atomic<bool> *cancel = nullptr;
    // Count each game's mainline moves (GameEntry::plies, the game list's
    // column). Off, indexing only skims the movetext: a search needs just
    // where games lie and their tags, and gets them several times faster.
    bool countPlies = true;
    // Indexing threads (0: all cores). Large texts are cut at likely game
    // starts and the pieces indexed at once; a cut that turns out not to be
    // a game start makes the whole index serial, so the result never differs.
    unsigned threads = 0;
    size_t parallelMinBytes = size_t(16) << 20; // smaller texts: one thread
    // False: load the text only. A search on one thread then indexes while it
    // reads (search::Search), sparing a separate pass over the text.
    bool index = true;
    // The header fields the index keeps (fieldBit()s); field() gives "" for
    // the others. A program that shows no game list (cqlwb-cli) keeps only
    // what it reads, and its index then takes a few bytes a game.
    uint32_t fields = AllFields;
};

struct Stats {
    double loadSeconds = 0;
    double indexSeconds = 0;
    uint64_t strayErrors = 0;
    unsigned indexPieces = 1; // pieces indexed at once (1: serial)
};

// An index kept elsewhere (a game store's file, mapped), lent to a Database.
class IndexSource {
public:
    virtual ~IndexSource() = default;
    virtual size_t size() const = 0;
    virtual GameEntry entry(size_t index) const = 0;
    virtual std::string_view field(size_t index, Field f) const = 0;
};

// A contiguous range of games [first, last) for one worker.
struct Batch {
    size_t first = 0;
    size_t last = 0;
};

class Database;

// The index of a database opened with OpenOptions::index off, read a few
// games at a time in file order and kept by no one (a game store is built
// from it without the whole index in memory). Entries and fields are what
// index() makes with plies counted and all fields; one reader per database.
class IndexStream {
public:
    explicit IndexStream(const Database &database);
    ~IndexStream();
    IndexStream(const IndexStream &) = delete;
    IndexStream &operator=(const IndexStream &) = delete;

    // Up to maxGames more games, replacing what the vectors held: their
    // entries, each one's FieldCount fields (GameEntry::fields is the offset
    // of the first) as views into pool, which holds their bytes. 0 at the end.
    size_t read(size_t maxGames, std::vector<GameEntry> &entries, std::vector<std::string_view> &fields,
                std::string &pool);
    // Bytes of the text read so far.
    uint64_t position() const;

private:
    struct Impl;
    std::unique_ptr<Impl> m;
};

class Database {
public:
    Database();
    ~Database();
    Database(const Database &) = delete;
    Database &operator=(const Database &) = delete;

    // Opens a .pgn, .pgn.gz or .pgn.zst file (by content) and indexes it.
    // False with error set ("cannot open FILE: reason", "...: corrupt zstd
    // data at byte N", "cancelled"); the database is then empty.
    bool open(const std::string &path, const OpenOptions &options = {}, std::string *error = nullptr);
    // The same from text in memory (tests, pasted PGN); name is used in messages.
    bool openText(std::string text, const std::string &name = "<text>", const OpenOptions &options = {},
                  std::string *error = nullptr);
    // The same from a text already loaded or mapped (store::loadText: a text cache).
    bool open(std::unique_ptr<pgn::Text> text, const std::string &path, const OpenOptions &options = {},
              std::string *error = nullptr);
    void close();

    const std::string &path() const { return m_path; }
    pgn::Compression compression() const;
    std::string_view text() const;
    bool textMapped() const { return m_text && m_text->mapped(); }
    // An over-long game was cut from the text while loading (pgn::Text::cut):
    // only a reader from the text's start counts its lines right.
    bool textCut() const { return m_text && m_text->cut(); }
    // A pass over text() read this many more bytes (see pgn::Text::noteRead).
    void noteRead(uint64_t bytes) const
    {
        if (m_text) m_text->noteRead(bytes);
    }
    const Stats &stats() const { return m_stats; }
    // Bytes of memory the index takes (0 for one lent by a store).
    size_t indexMemory() const;

    // False after open() with OpenOptions::index off, until markIndexed().
    bool indexed() const { return m_indexed; }
    // For whoever reads an unindexed text game by game: entries go in file
    // order, fields[f] is the first value of tag fieldName(f) ("" if none).
    void appendEntry(const GameEntry &entry, const std::string_view (&fields)[FieldCount]);
    void markIndexed() { m_indexed = true; }
    // The header fields the index keeps (OpenOptions::fields).
    uint32_t fieldMask() const { return m_fields; }
    // Takes the index from elsewhere (a game store made for this text) instead
    // of indexing, or instead of its own, which is freed; the database is then
    // indexed.
    void useIndex(std::shared_ptr<const IndexSource> index);
    // Indexes a database opened with OpenOptions::index off, as open() would
    // have (nothing to do when it is indexed). False when cancelled.
    bool index(const OpenOptions &options, std::string *error = nullptr);

    size_t size() const { return m_lent ? m_lent->size() : m_entries.size(); }
    bool empty() const { return size() == 0; }
    GameEntry entry(size_t index) const { return m_lent ? m_lent->entry(index) : m_entries[index]; }
    // The game's number in its file, as CQL counts (1-based, every game counts).
    uint64_t number(size_t index) const { return index + 1; }
    std::string_view field(size_t index, Field f) const;
    std::string_view gameText(size_t index) const;
    // Where gameText(index) starts in the file: pass to GameParser::parse.
    pgn::Location origin(size_t index) const;

    // Parses game `index` into out with the caller's parser (one per thread).
    bool loadGame(size_t index, game::Game &out, game::GameParser &parser,
                  const game::BuildOptions &options = {}) const;
    // Convenience for one-off loads (GUI): a parser of its own.
    bool loadGame(size_t index, game::Game &out, const game::BuildOptions &options = {}) const;

    // Splits the games into batches of about targetBytes of text each, in order.
    std::vector<Batch> batches(size_t targetBytes = 1 << 20) const;

private:
    bool buildIndex(const std::string &name, const OpenOptions &options, std::string *error);
    // Index in pieces on several threads; false when a cut was not a game start.
    bool buildIndexParallel(const OpenOptions &options, unsigned threads);

    std::string m_path;
    std::unique_ptr<pgn::Text> m_text;
    std::vector<GameEntry> m_entries;
    std::string m_fieldPool; // per game, for each field of m_fields: uint16 length, bytes
    uint32_t m_fields = AllFields;
    std::shared_ptr<const IndexSource> m_lent;
    Stats m_stats;
    bool m_indexed = false;
};

} // namespace db
