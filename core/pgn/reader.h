// PGN reader: a hand-written tokenizer that walks a stream of PGN text game by
// game and reports what it finds to a Visitor. A visitor may skip what it does
// not need (the movetext, variations, the rest of a game). Hostile input is
// reported through error callbacks and never stops the reading.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "pgn/input.h"

#include <climits>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace pgn {

// Where something is in the file: 1-based line and column (bytes), and the byte offset.
struct Location {
    int line = 0;
    int column = 0;
    uint64_t offset = 0;
};

class Reader;

// Where a move token stands. The line and column are worked out only when asked
// for: a reader delivers tens of millions of moves, and only the rare error needs
// them. Valid only during the visitor call that receives it.
class Place {
public:
    Place(const Reader &reader, const char *p) : m_reader(&reader), m_p(p) {}
    explicit Place(const Location &fixed) : m_fixed(&fixed) {}
    Location location() const;

private:
    const Reader *m_reader = nullptr;
    const char *m_p = nullptr;
    const Location *m_fixed = nullptr;
};

struct GameStart {
    uint64_t number = 0; // 1-based position in the file
    Location where;      // first character of the game (its first tag or movetext token)
};

// What a visitor tells the reader after a move.
enum class MoveAction : uint8_t {
    Continue,
    SkipVariation, // skip the rest of the current variation, whose endVariation still comes
                   // (on the mainline: the rest of the movetext)
    SkipMovetext,  // skip the rest of this game's movetext
};

// Callbacks of one game, in file order: beginGame, tag*, beginMovetext
// (before the first movetext item, also when there is none), then movetext
// items, result (if the game has one), endGame. String views are valid only
// during the call. Text is UTF-8 (invalid UTF-8 is read as Latin-1).
class Visitor {
public:
    virtual ~Visitor() = default;
    virtual void beginGame(const GameStart &) {}
    virtual void tag(std::string_view /*name*/, std::string_view /*value*/) {}
    // False: skip the movetext (a header-only pass). The result is still reported.
    virtual bool beginMovetext() { return true; }
    // A move as written, without move number and annotation suffix ("Nf3+",
    // "O-O", "exd5", "--", "Z0", or garbage such as "xyz": the visitor decides).
    virtual MoveAction move(std::string_view /*san*/, const Place &) { return MoveAction::Continue; }
    // $n, or a suffix (! ? !! ?? !? ?! = 1..6) or a symbol (+- etc.) mapped to its NAG.
    virtual void nag(int /*nag*/) {}
    virtual void comment(std::string_view /*text*/) {}
    // False: comments are skipped without being cleaned up and delivered
    // (asked once per game, before its movetext).
    virtual bool wantsComments() const { return true; }
    // False: the variation is skipped entirely (no callbacks, no endVariation).
    virtual bool beginVariation() { return true; }
    virtual void endVariation() {}
    virtual void result(std::string_view /*result*/) {}
    // A problem in the current game; reading goes on.
    virtual void error(const Location &, std::string_view /*message*/) {}
    // False: stop reading (readAll returns).
    virtual bool endGame() { return true; }
    // A problem outside any game (garbage between games).
    virtual void strayError(const Location &, std::string_view /*message*/) {}
};

// Limits so a pathological game cannot exhaust memory; each is reported when hit.
struct ReaderLimits {
    uint32_t maxMovesPerGame = 200000;    // moves delivered per game, variations included
    uint32_t maxVariationDepth = 200;     // deeper variations are skipped
    uint32_t maxTokenLength = 255;        // longer words are garbage
    uint32_t maxCommentLength = 1 << 20;  // longer comments are cut
    uint32_t maxTagLength = 1 << 16;      // longer tag values are cut
    uint32_t maxErrorsPerGame = 100;      // later ones are counted, not reported
    uint64_t maxGameBytes = MaxGameBytes; // a longer game is cut there, the rest skipped
};

class Reader {
public:
    Reader();
    ~Reader();
    Reader(const Reader &) = delete;
    Reader &operator=(const Reader &) = delete;

    ReaderLimits &limits() { return m_limits; }

    // Reads from a source (not owned). The origin is where the source's first
    // byte sits in the file, for game numbers and error positions when the
    // source is one game cut from a larger text.
    void reset(ByteSource *source, uint64_t firstNumber = 1, const Location &origin = {1, 1, 0});
    // Convenience: reads from text kept alive by the caller.
    void resetText(std::string_view text, uint64_t firstNumber = 1, const Location &origin = {1, 1, 0});

    // Reads one game; false when the input has no more games.
    bool readGame(Visitor &v);
    // Reads all games (until a visitor's endGame returns false); returns the number read.
    uint64_t readAll(Visitor &v);

    // The game last read ends before this offset (the next game starts at or after it).
    uint64_t lastGameEnd() const { return m_lastGameEnd; }
    // Bytes consumed so far (offset in the decompressed text).
    uint64_t position() const;
    uint64_t gamesRead() const { return m_number - m_firstNumber; }
    // The source failed (I/O error, corrupt compressed data): its message, else "".
    const std::string &sourceError() const;

private:
    friend class Place;
    // Buffer management.
    bool refill();
    bool need(size_t n);
    uint64_t offsetOf(const char *p) const { return m_bufOffset + uint64_t(p - m_buf); }
    Location here(const char *p) const
    {
        const uint64_t off = offsetOf(p);
        Location l;
        l.line = m_line < INT_MAX ? int(m_line) : INT_MAX;
        l.column = off - m_lineStart < uint64_t(INT_MAX) ? int(off - m_lineStart + 1) : INT_MAX;
        l.offset = off;
        return l;
    }

    // Lexing helpers (all work on m_p).
    void skipSpace();
    void newline(const char *p);
    bool atLineStart(const char *p) const;
    void skipRestOfLine();
    void skipEscapeLine();
    void skipOverlongGame(Visitor &v);
    std::string_view scanRun(const char *p, size_t skip, size_t maxLen, bool (*inRun)(unsigned char), char closer = 0);
    bool looksLikeTag();
    bool readTag(std::string_view &name, std::string_view &value);
    bool readPlainTag(std::string_view &name, std::string_view &value);
    bool readComment(std::string_view &text, bool deliver);
    bool readLineComment(std::string_view &text, bool deliver);
    std::string_view readWord();
    bool tagLineFollows();

    void reportError(Visitor &v, const Location &where, std::string_view message);
    void reportError(Visitor &v, const char *p, std::string_view message) { reportError(v, here(p), message); }
    std::string_view cleanText(std::string_view raw, std::string &scratch);
    void beginGame(Visitor &v, uint64_t startOffset, const Location &where);
    void finishGame(Visitor &v);
    void deliverPending(Visitor &v, bool deliver);
    void headerPhase(Visitor &v);
    void movetextPhase(Visitor &v);
    const char *skim(const char *p) const;

    ByteSource *m_source = nullptr;
    MemorySource m_memory;
    ReaderLimits m_limits;

    // Buffer: m_buf[-1] is readable (history for CR LF), data in [m_buf, m_end),
    // *m_end == 0 and Pad zero bytes follow.
    static constexpr size_t Pad = 16;
    std::unique_ptr<char[]> m_storage;
    size_t m_capacity = 0;
    char *m_buf = nullptr;
    char *m_end = nullptr;
    const char *m_p = nullptr;
    const char *m_keep = nullptr; // first byte a refill must preserve (nullptr: from m_p)
    uint64_t m_bufOffset = 0;     // file offset of m_buf[0]
    bool m_eof = false;
    bool m_sourceErrorReported = false;

    int64_t m_line = 1;
    uint64_t m_lineStart = 0; // file offset of the current line's first byte
    int m_newlines = 0;       // newlines crossed by the last skipSpace

    uint64_t m_firstNumber = 1;
    uint64_t m_number = 1; // number the next game gets
    uint64_t m_lastGameEnd = 0;

    Visitor *m_visitor = nullptr;
    bool m_inGame = false;
    bool m_stop = false;
    bool m_strayNulReported = false;
    bool m_wordCut = false;
    bool m_commentTruncated = false;

    // Per game.
    uint64_t m_gameStart = 0; // offset of the game's first byte
    uint32_t m_moves = 0;
    uint32_t m_errors = 0;
    bool m_nulReported = false;
    std::vector<uint32_t> m_tagHashes;
    std::string m_pending; // comments seen before the game's first movetext item
    bool m_havePending = false;
    Location m_pendingWhere;
    std::string m_scratch;
    std::string m_scratch2;
    std::string m_commentCut;
};

// Is the word shaped like a move (SAN, castling, null move, coordinates, a
// Crazyhouse drop), legal or not?
bool looksLikeMove(std::string_view word);

// NAG for an annotation suffix or symbol ("!" -> 1, "?!" -> 6, "+-" -> 18), 0 if none.
int nagForSymbol(std::string_view symbol);

inline Location Place::location() const { return m_fixed ? *m_fixed : m_reader->here(m_p); }

} // namespace pgn
