// The compact game store: a binary cache of a PGN database kept in the user's
// cache folder. Per game it holds where the game lies in the (decompressed)
// text, the index's header fields, all tags in a string pool, the whole game
// tree as 16-bit codes (moves, variation markers, comments as string ids,
// NAGs; format.h) and a signature (flags and piece counts) that query
// prefilters test. A search replays the codes instead of decoding SAN, into
// the very tree a full read of the text gives; output still reads the
// original text at the recorded byte range.
//
// Games the store cannot stand in for exactly are marked so and searched from
// the PGN: games with read problems, variant games (Crazyhouse, Bughouse, ...)
// and trees the codes cannot say (deeper than MaxVariationDepth).
//
// A store is never trusted blindly: load() checks the magic, version, byte
// order, the identity of the PGN file, a checksum of the header and of the
// whole payload and the bounds of every record, and refuses anything else, so
// a damaged, truncated, stale or foreign file is rebuilt and never read. The
// payload's checksum and bounds are checked once for a file on disk: a note
// beside it (checkednote.h) spares later opens of that unchanged file.
//
// The file is mapped, not read into memory: its checks and a search's pass
// give its pages back as they go (pgn::Mapping), and a database indexed from
// it borrows the mapped records and fields instead of copying them.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "database/database.h"
#include "game/game.h"
#include "identity.h"
#include "signatures.h"
#include "pgn/mapping.h"
#include "textcache.h"

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>

namespace store {

// 2: the index's fields gained Variant (db::FieldCount 11), so stores of
// version 1 hold one field a game fewer. 3: the checksums hash a tail of
// 8 to 31 bytes correctly (version 2 copied it past an 8-byte word).
// 4: records tell which piece types each side promoted to and which
// castlings each side played (older stores hold zeros there).
// 5: the codes hold the whole tree (variations, comments, NAGs), games with a
// FEN or Chess960 start are replayable, records count their codes, and a
// section of per-game signatures over the whole game tree (signatures.h).
// 6: signatures hold the fewest pieces of each kind at once.
constexpr uint32_t FormatVersion = 6;

enum GameFlag : uint16_t {
    Replayable = 1,     // the store replays this game exactly as the PGN path reads it
    HasVariations = 2,  // the PGN has variations
    HasAnnotations = 4, // the PGN has comments or NAGs
    FinalMate = 8,      // the mainline ends in checkmate
    FinalStalemate = 16,
    AnyCheck = 32,     // some mainline position is check
    HasPromotion = 64, // some mainline move promotes
    HasCastling = 128, // some mainline move castles
    // The game starts from its FEN or Variant tag (a set-up position, Chess960): the signature's
    // flags and counts hold, but prefilters made for games from the standard start are not asked.
    SetUpStart = 256,
    // A read without variations gives other mainline comments than the whole tree does (a comment
    // in a variation without moves goes to the move before it): such a read is not replayed.
    LeanCommentsDiffer = 512,
};

// GameRecord::castlings: the castlings played on the mainline, by side.
enum CastlingBit : uint8_t {
    WhiteShort = 1,
    WhiteLong = 2,
    BlackShort = 4,
    BlackLong = 8,
};

// One game, 64 bytes on disk (native byte order, checked on load).
struct GameRecord {
    uint64_t offset = 0;     // GameEntry::offset: of the game's first byte in the decompressed text
    uint64_t movesBegin = 0; // into the move codes
    uint32_t length = 0;     // GameEntry::length
    uint32_t line = 0;       // GameEntry::line
    uint32_t plies = 0;      // mainline moves (Replayable games)
    uint32_t indexPlies = 0; // GameEntry::plies
    uint32_t tagsBegin = 0;  // into the tag pairs (Replayable games)
    uint16_t tagCount = 0;
    uint16_t column = 1; // GameEntry::column
    uint16_t errors = 0; // GameEntry::errors
    uint16_t flags = 0;  // GameFlag
    uint8_t result = 3;  // 0 "1-0", 1 "0-1", 2 "1/2-1/2", 3 "*"
    // The most pieces of each kind at once on the mainline: white pawn..king, black pawn..king.
    uint8_t pieceMax[12] = {};
    // The piece types each side promoted to on the mainline (bit 1 << chess::PieceType), white then black.
    uint8_t promotions[2] = {};
    uint8_t castlings = 0; // CastlingBit
    uint32_t codes = 0;    // the game's codes from movesBegin: moves, markers, notes (format.h)
};
static_assert(sizeof(GameRecord) == 64);

struct BuildProgress {
    uint64_t done = 0;
    uint64_t total = 0;
};

class GameStore {
public:
    GameStore();
    ~GameStore();
    GameStore(const GameStore &) = delete;
    GameStore &operator=(const GameStore &) = delete;

    // Reads and checks a store file made for a file of this identity. False
    // with error set when there is none, or it is stale, damaged or foreign.
    bool load(const std::string &storePath, const FileIdentity &expected, std::string *error = nullptr);

    // Makes the store of an indexed database (one full parse of every game,
    // on `threads` threads, 0: all cores; the file does not depend on the
    // count) and writes it atomically (a temporary file renamed into place).
    // progress is called on the calling thread.
    static bool build(const db::Database &database, const FileIdentity &identity, const std::string &storePath,
                      std::string *error = nullptr, const std::function<void(const BuildProgress &)> &progress = {},
                      const std::atomic<bool> *cancel = nullptr, unsigned threads = 0);

    void reset();
    bool loaded() const { return m_count != 0 || m_data != nullptr; }
    // Whether the last load() hashed the payload and checked every bound (no note said this file was).
    bool checkedInFull() const { return m_checkedInFull; }
    size_t size() const { return size_t(m_count); }
    uint64_t textSize() const;
    uint64_t bytes() const { return m_size; }
    const GameRecord &record(size_t game) const { return m_records[game]; }
    // The game's signature over its whole tree (zeros unless it is Replayable).
    const GameSignature &signature(size_t game) const
    {
        m_map->noteRead(sizeof(GameSignature));
        return m_signatures[game];
    }
    std::string_view string(uint32_t id) const;
    std::string_view field(size_t game, db::Field f) const;
    // The first value of a Replayable game's tag ("" when it has none), as game::Game::tag gives it.
    std::string_view tag(size_t game, std::string_view name) const;
    // A game holding only a Replayable game's tags and result, as replay() gives them.
    void tagsInto(size_t game, game::Game &out) const;

    // Gives a database (opened with OpenOptions::index off, or indexed with
    // plies counted, as the store was built) the index the store holds,
    // exactly as indexing would have made it: the database borrows the mapped
    // records (they stay valid after reset()) and frees its own.
    // False when the text does not have the size the store was made for.
    bool fillIndex(db::Database &database) const;

    // Whether the store stands in for the PGN of this game in a search that
    // reads (or not) variations and annotations.
    bool replays(size_t game, bool variations, bool annotations) const
    {
        m_map->noteRead(sizeof(GameRecord));
        const uint16_t f = m_records[game].flags;
        return (f & Replayable) && (variations || !annotations || !(f & LeanCommentsDiffer));
    }
    // A pass that skips a game (a prefilter ruled it out) tells the mapping it
    // moved on by as much as replay() would have read, so pages keep being
    // given back at the pace of the pass (pgn::Mapping).
    void passOver(size_t game) const
    {
        const GameRecord &r = m_records[game];
        m_map->noteRead(uint64_t(r.codes) * 2 + uint64_t(r.tagCount) * 24);
    }
    bool hasVariations(size_t game) const { return m_records[game].flags & HasVariations; }
    // The game as the PGN path reads it with these options (game::BuildOptions
    // variations, comments and NAGs, chess960): the same nodes with the same
    // ids, comments and NAGs. False if a code does not fit the position or the
    // game reads otherwise without Chess960 (then read the PGN).
    bool replay(size_t game, uint64_t number, game::Game &out, bool variations = true, bool annotations = true,
                bool chess960 = true) const;
    // Whether the store's facts and signature tell of the game as the PGN
    // path reads it (with or without its variations): games from the
    // standard start (the facts of a set-up start are not the prefilter's).
    bool describes(size_t game) const
    {
        const uint16_t f = m_records[game].flags;
        return (f & Replayable) && !(f & SetUpStart);
    }

private:
    std::shared_ptr<const pgn::Mapping> m_map;
    const char *m_data = nullptr;
    uint64_t m_size = 0;
    uint64_t m_count = 0;
    const GameRecord *m_records = nullptr;
    const uint32_t *m_fields = nullptr; // FieldCount string ids per game
    const uint32_t *m_tags = nullptr;   // (name, value) string ids
    const uint16_t *m_moves = nullptr;
    const uint32_t *m_strings = nullptr; // (offset, length) per string
    const char *m_bytes = nullptr;
    const GameSignature *m_signatures = nullptr;
    uint64_t m_tagCount = 0, m_moveCount = 0, m_stringCount = 0, m_byteCount = 0;
    bool m_checkedInFull = false;
};

// How a program opens a database for searching: it uses the file's store when
// that is good (the database is then indexed from it, not from the text), else
// indexes the text and builds the store (when allowed) and uses that.
struct OpenResult {
    bool used = false;    // the store is loaded and stands for the database
    bool built = false;   // it was (re)built now
    std::string note;     // why no store is used, or why it was rebuilt ("stale", "damaged: ...")
    double seconds = 0;   // loading or building the store
    TextCacheResult text; // how the text was read (StoreOptions::textCache)
};
struct StoreOptions {
    std::string cacheDir;  // "": the default cache folder
    std::string storePath; // "": storePathFor(path, cacheDir)
    bool build = true;     // build a missing or bad store
    // Read a compressed database's text through its text cache (textcache.h)
    // beside the store, mapped, instead of decompressing it into memory.
    bool textCache = true;
    std::function<void(const BuildProgress &)> progress;
};
// False (error set) only when the database itself cannot be opened.
bool openWithStore(const std::string &path, db::Database &database, GameStore &store, const db::OpenOptions &open,
                   const StoreOptions &options, OpenResult &result, std::string *error = nullptr);

} // namespace store
