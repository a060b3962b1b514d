// Building the store: every game is read in full once, its tree kept as
// codes and its signature worked out, a window of games at a time; the
// sections go to temporary files as they are made, and the store file is
// assembled from them and renamed into place at the end. Memory holds the
// windows and the string pool, not the store: it does not grow with the
// database (the pool grows with its distinct names only).
// SPDX-License-Identifier: GPL-3.0-or-later
#include "format.h"
#include "gamestore.h"
#include "hash.h"
#include "signatures.h"

#include "spillfile.h"

#include "pgn/atomicfile.h"

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <cstring>
#include <filesystem>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace store {

namespace {

// Strings kept once each, found again by an open-addressing table of
// (hash, id) pairs over the pool's own bytes: no allocation per string,
// which the build's dozens of lookups a game would pay for.
class StringPool {
public:
    // Names and tag values are short: a word at a time and one mix at the end
    // (hash64's four lanes only pay off on long texts).
    static uint64_t hash(std::string_view s)
    {
        constexpr uint64_t K = 0xbf58476d1ce4e5b9ULL;
        uint64_t h = 0x9E3779B97F4A7C15ULL ^ s.size();
        size_t i = 0;
        for (; i + 8 <= s.size(); i += 8) {
            uint64_t w;
            std::memcpy(&w, s.data() + i, 8);
            h = (h ^ w) * K;
            h ^= h >> 31;
        }
        if (i < s.size()) {
            uint64_t w = 0;
            std::memcpy(&w, s.data() + i, s.size() - i);
            h = (h ^ w) * K;
        }
        return mix64(h);
    }

    uint32_t id(std::string_view s)
    {
        if ((m_table.size() / 2 + 1) * 2 > m_slots.size()) grow();
        const uint64_t h = hash(s);
        const uint32_t check = uint32_t(h >> 32);
        const size_t mask = m_slots.size() - 1;
        for (size_t i = size_t(h) & mask;; i = (i + 1) & mask) {
            Slot &slot = m_slots[i];
            if (slot.idPlusOne == 0) {
                const uint32_t id = uint32_t(m_table.size() / 2);
                m_table.push_back(uint32_t(m_bytes.size()));
                m_table.push_back(uint32_t(s.size()));
                m_bytes.append(s);
                slot = Slot{check, id + 1};
                return id;
            }
            if (slot.check == check && string(slot.idPlusOne - 1) == s) return slot.idPlusOne - 1;
        }
    }
    void clear()
    {
        m_table.clear();
        m_bytes.clear();
        std::fill(m_slots.begin(), m_slots.end(), Slot{});
    }
    const std::vector<uint32_t> &table() const { return m_table; }
    const std::string &bytes() const { return m_bytes; }

private:
    struct Slot {
        uint32_t check = 0;     // the hash's high half
        uint32_t idPlusOne = 0; // 0: empty
    };
    std::string_view string(uint32_t id) const
    {
        return std::string_view(m_bytes).substr(m_table[2 * id], m_table[2 * id + 1]);
    }
    void grow()
    {
        std::vector<Slot> old(std::max<size_t>(m_slots.size() * 2, 1024));
        old.swap(m_slots);
        const size_t mask = m_slots.size() - 1;
        for (const Slot &slot : old) {
            if (slot.idPlusOne == 0) continue;
            size_t i = size_t(hash(string(slot.idPlusOne - 1))) & mask;
            while (m_slots[i].idPlusOne != 0)
                i = (i + 1) & mask;
            m_slots[i] = slot;
        }
    }

    std::vector<uint32_t> m_table; // (offset, length) per string
    std::string m_bytes;
    std::vector<Slot> m_slots; // a power of two, at most half full
};

int resultCode(std::string_view r)
{
    if (r == "1-0") return 0;
    if (r == "0-1") return 1;
    if (r == "1/2-1/2") return 2;
    if (r == "*") return 3;
    return -1;
}

// A game's tree as codes (format.h), in the order its nodes were made; false
// when the tree is not in that order or nests too deep (then not replayable).
class TreeCoder {
public:
    TreeCoder(const game::Game &g, std::vector<uint16_t> &codes, StringPool &pool)
        : m_g(g), m_codes(codes), m_pool(pool)
    {
    }
    bool code()
    {
        notes(0);
        const game::NodeId first = m_g.nodes[0].firstChild;
        return (first == game::NoNode || line(first, 0)) && m_next == m_g.nodes.size();
    }

private:
    void text(uint16_t marker, uint32_t text)
    {
        const uint32_t id = m_pool.id(m_g.texts[text]);
        m_codes.push_back(marker);
        m_codes.push_back(uint16_t(id & 0xFFFF));
        m_codes.push_back(uint16_t(id >> 16));
    }
    void notes(game::NodeId n)
    {
        const game::Node &node = m_g.nodes[n];
        if (node.comment != game::NoText) text(CommentCode, node.comment);
        if (node.preComment != game::NoText) text(PreCommentCode, node.preComment);
        for (uint32_t i = 0; i < node.nagCount; ++i) {
            m_codes.push_back(NagCode);
            m_codes.push_back(m_g.nags[node.nagBegin + i]);
        }
    }
    // A line from its first move n on: each move, then the variations to it.
    bool line(game::NodeId n, int depth)
    {
        for (;;) {
            if (n != m_next) return false;
            ++m_next;
            const game::Node &node = m_g.nodes[n];
            m_codes.push_back(node.move.raw());
            notes(n);
            if (m_g.nodes[node.parent].firstChild == n)
                for (game::NodeId v = node.nextSibling; v != game::NoNode; v = m_g.nodes[v].nextSibling) {
                    if (depth >= MaxVariationDepth) return false;
                    m_codes.push_back(VariationStart);
                    if (!line(v, depth + 1)) return false;
                    m_codes.push_back(VariationEnd);
                }
            n = node.firstChild;
            if (n == game::NoNode) return true;
        }
    }

    const game::Game &m_g;
    std::vector<uint16_t> &m_codes;
    StringPool &m_pool;
    game::NodeId m_next = 1;
};

// Whether the mainlines of two reads of a game carry the same comments and NAGs.
bool sameMainlineNotes(const game::Game &a, const game::Game &b)
{
    game::NodeId i = 0, j = 0;
    for (; i != game::NoNode && j != game::NoNode; i = a.nodes[i].firstChild, j = b.nodes[j].firstChild) {
        const game::Node &x = a.nodes[i], &y = b.nodes[j];
        if (a.text(x.comment) != b.text(y.comment) || a.text(x.preComment) != b.text(y.preComment)
            || (x.comment == game::NoText) != (y.comment == game::NoText)
            || (x.preComment == game::NoText) != (y.preComment == game::NoText) || x.nagCount != y.nagCount
            || !std::equal(a.nags.begin() + x.nagBegin, a.nags.begin() + x.nagBegin + x.nagCount,
                           b.nags.begin() + y.nagBegin))
            return false;
    }
    return i == j;
}

// Flags, signature and codes of one parsed game; false: not replayable.
bool describe(const game::Game &g, const db::GameEntry &e, GameRecord &r, std::vector<uint16_t> &codes,
              StringPool &pool)
{
    codes.clear();
    if (g.unsupported || !g.errors.empty() || g.nodes.empty() || g.readAsStandard || g.board != 0
        || !g.otherBoard.empty() || g.variant() != chess::Variant::Standard)
        return false;
    if (g.fileOffset != e.offset || g.firstLine != int(e.line) || g.firstColumn != int(e.column)) return false;
    if (g.tags.size() > 0xFFFF || g.nodes.size() >= (uint64_t(1) << 31)) return false;
    for (const auto &t : g.tags)
        if (t.first == "FEN" || t.first == "Variant") r.flags |= SetUpStart;
    const int rc = resultCode(g.result);
    if (rc < 0) return false;
    r.result = uint8_t(rc);
    if (!g.texts.empty() || !g.nags.empty()) r.flags |= HasAnnotations;
    size_t mainline = 0;
    game::NodeId last = 0;
    // A move never adds a piece but by promoting (the store keeps no variant
    // games), so the most of each kind is reached at the start or right
    // after a promotion: the pieces are counted only there.
    uint8_t most[12] = {};
    for (game::NodeId n = 0; n != game::NoNode; n = g.nodes[n].firstChild) {
        const game::Node &node = g.nodes[n];
        ++mainline;
        last = n;
        const chess::Position &p = node.position;
        if (p.inCheck()) r.flags |= AnyCheck;
        const bool promotion = n != 0 && node.move.kind() == chess::Move::Promotion;
        if (n == 0 || promotion)
            for (int c = 0; c < 2; ++c)
                for (int t = chess::Pawn; t <= chess::King; ++t) {
                    const int count = p.pieces(chess::Color(c), chess::PieceType(t)).count();
                    uint8_t &m = most[c * 6 + t - 1];
                    m = uint8_t(std::max<int>(m, std::min(count, 255)));
                }
        if (n == 0) continue;
        // The mover is the side to move before the move (the parent's).
        const chess::Move m = node.move;
        const int mover = g.nodes[node.parent].position.sideToMove() == chess::White ? 0 : 1;
        if (!m.isNull() && m.kind() == chess::Move::Promotion) {
            r.flags |= HasPromotion;
            r.promotions[mover] |= uint8_t(1u << m.promotion());
        }
        if (!m.isNull() && m.isCastling()) {
            r.flags |= HasCastling;
            // As the move filters tell them apart: the king moves towards the h-file in O-O.
            const bool kingSide = chess::fileOf(m.to()) > chess::fileOf(m.from());
            r.castlings |= uint8_t((kingSide ? WhiteShort : WhiteLong) << (2 * mover));
        }
    }
    std::memcpy(r.pieceMax, most, sizeof most);
    if (mainline != g.nodes.size()) r.flags |= HasVariations;
    const chess::Position &end = g.nodes[last].position;
    if (end.isCheckmate()) r.flags |= FinalMate;
    if (end.isStalemate()) r.flags |= FinalStalemate;
    if (mainline - 1 > 0xFFFF || !TreeCoder(g, codes, pool).code() || codes.size() > 0xFFFFFFFFu) return false;
    r.plies = uint32_t(mainline - 1);
    r.codes = uint32_t(codes.size());
    return true;
}

// Games a worker encodes at once. The build holds a few windows per worker
// (each some hundreds of kilobytes), whatever the size of the database.
constexpr size_t WindowGames = 1024;

// A window of consecutive games: its index entries in, their encoding out.
struct Window {
    size_t first = 0;
    std::vector<db::GameEntry> entries;   // fields: the offset of the game's FieldCount views
    std::vector<std::string_view> fields; // into fieldBytes or the database's index
    std::string fieldBytes;
    std::vector<GameRecord> records;        // movesBegin and tagsBegin local to the window
    std::vector<uint32_t> fieldIds, tagIds; // ids in the window's pool
    std::vector<uint16_t> moves;
    std::vector<GameSignature> signatures;
    StringPool pool;
    std::string error;
};

// Where the windows come from: a database's index, or its text read on (IndexStream).
class WindowSource {
public:
    explicit WindowSource(const db::Database &d) : m_d(d)
    {
        if (!d.indexed()) m_stream = std::make_unique<db::IndexStream>(d);
    }
    // False at the end.
    bool fill(Window &w)
    {
        w.first = m_next;
        if (m_stream) {
            m_next += m_stream->read(WindowGames, w.entries, w.fields, w.fieldBytes);
        } else {
            w.entries.clear();
            w.fields.clear();
            uint64_t bytes = 0;
            for (; m_next < m_d.size() && w.entries.size() < WindowGames; ++m_next) {
                db::GameEntry e = m_d.entry(m_next);
                bytes += e.length;
                e.fields = w.fields.size();
                w.entries.push_back(e);
                for (int f = 0; f < db::FieldCount; ++f)
                    w.fields.push_back(m_d.field(m_next, db::Field(f)));
            }
            m_d.noteRead(bytes);
        }
        return !w.entries.empty();
    }
    BuildProgress progress() const
    {
        if (m_stream) return {m_stream->position(), uint64_t(m_d.text().size())};
        return {m_next, uint64_t(m_d.size())};
    }

private:
    const db::Database &m_d;
    std::unique_ptr<db::IndexStream> m_stream;
    size_t m_next = 0;
};

class Encoder {
public:
    Encoder(std::string_view text, const std::atomic<bool> &stop) : m_text(text), m_stop(stop) {}

    void encode(Window &w)
    {
        w.records.assign(w.entries.size(), GameRecord{});
        w.signatures.assign(w.entries.size(), GameSignature{});
        w.fieldIds.resize(w.entries.size() * db::FieldCount);
        w.tagIds.clear();
        w.moves.clear();
        w.pool.clear();
        w.error.clear();
        for (Memo *memos : {m_fieldMemo, m_nameMemo, m_valueMemo})
            for (size_t k = 0; k < MemoTags; ++k)
                memos[k].id = NoId;
        const game::BuildOptions full{true, true, true, true};
        for (size_t i = 0; i < w.entries.size(); ++i) {
            if (m_stop.load(std::memory_order_relaxed)) {
                w.error = "cancelled";
                return;
            }
            const db::GameEntry &e = w.entries[i];
            GameRecord &r = w.records[i];
            if (e.length > 0xFFFFFFFFu || e.offset + e.length > m_text.size()) {
                w.error = "a game too long for the store";
                return;
            }
            r.offset = e.offset;
            r.length = uint32_t(e.length);
            r.line = e.line;
            r.indexPlies = e.plies;
            r.column = e.column;
            r.errors = e.errors;
            for (size_t f = 0; f < size_t(db::FieldCount); ++f)
                w.fieldIds[i * db::FieldCount + f] = idOf(w, m_fieldMemo[f], w.fields[e.fields + f]);
            const pgn::Location origin{int(e.line), int(e.column), e.offset};
            const bool parsed = m_parser.parse(m_text.substr(size_t(e.offset), size_t(e.length)), w.first + i + 1,
                                               origin, m_game, full);
            if (!parsed || !describe(m_game, e, r, m_codes, w.pool)) {
                r.flags &= uint16_t(~Replayable);
                r.plies = r.codes = 0;
                continue;
            }
            // A variation without moves leaves no node but may leave its comment.
            const std::string_view text = m_text.substr(size_t(e.offset), size_t(e.length));
            if ((r.flags & HasAnnotations) && text.find('(') != std::string_view::npos) {
                const game::BuildOptions lean{true, false, true, true};
                if (!m_parser.parse(text, w.first + i + 1, origin, m_lean, lean) || !sameMainlineNotes(m_game, m_lean))
                    r.flags |= LeanCommentsDiffer;
            }
            r.flags |= Replayable;
            signatureOf(m_game, w.signatures[i]);
            r.movesBegin = w.moves.size();
            w.moves.insert(w.moves.end(), m_codes.begin(), m_codes.end());
            r.tagsBegin = uint32_t(w.tagIds.size() / 2);
            r.tagCount = uint16_t(m_game.tags.size());
            for (size_t k = 0; k < m_game.tags.size(); ++k) {
                const auto &[name, value] = m_game.tags[k];
                w.tagIds.push_back(k < MemoTags ? idOf(w, m_nameMemo[k], name) : w.pool.id(name));
                w.tagIds.push_back(k < MemoTags ? idOf(w, m_valueMemo[k], value) : w.pool.id(value));
            }
        }
    }

private:
    // Games in a row mostly have the same tags in the same order, many with
    // the same values (Event, Site, Date): the last game's string at each
    // place is compared before the pool is asked.
    static constexpr size_t MemoTags = 16;
    static_assert(db::FieldCount <= MemoTags);
    static constexpr uint32_t NoId = ~0u;
    struct Memo {
        std::string text;
        uint32_t id = NoId;
    };
    static uint32_t idOf(Window &w, Memo &memo, std::string_view s)
    {
        if (memo.id != NoId && memo.text == s) return memo.id;
        memo.text.assign(s);
        return memo.id = w.pool.id(s);
    }

    std::string_view m_text;
    const std::atomic<bool> &m_stop;
    Memo m_fieldMemo[MemoTags], m_nameMemo[MemoTags], m_valueMemo[MemoTags];
    game::GameParser m_parser;
    game::Game m_game, m_lean;
    std::vector<uint16_t> m_codes;
};

// The sections as they are encoded: the records, fields, tags and moves go
// to temporary files in order, ids mapped into one string pool, the only
// part held in memory (each distinct string once).
class SectionWriter {
public:
    bool open(const std::string &dir, std::string *error)
    {
        for (SpillFile *f : {&m_records, &m_fields, &m_tags, &m_moves, &m_signatures})
            if (!f->open(dir, error)) return false;
        return true;
    }

    bool add(Window &w, std::string *error)
    {
        if (!w.error.empty()) return fail(w.error, error);
        if (m_tagPairs + w.tagIds.size() / 2 > 0xFFFFFFFFu) return fail("too many tags for the store", error);
        const std::vector<uint32_t> &table = w.pool.table();
        m_remap.resize(table.size() / 2);
        for (size_t j = 0; j < m_remap.size(); ++j)
            m_remap[j] = m_pool.id(std::string_view(w.pool.bytes()).substr(table[2 * j], table[2 * j + 1]));
        for (GameRecord &r : w.records)
            if (r.flags & Replayable) {
                r.movesBegin += m_moveCount;
                r.tagsBegin += uint32_t(m_tagPairs);
            }
        for (uint32_t &id : w.fieldIds)
            id = m_remap[id];
        for (uint32_t &id : w.tagIds)
            id = m_remap[id];
        // The comments' ids inside the codes too.
        for (size_t c = 0; c < w.moves.size(); ++c) {
            const uint16_t code = w.moves[c];
            if (code == NagCode) {
                ++c;
            } else if (code == CommentCode || code == PreCommentCode) {
                const uint32_t id = m_remap[uint32_t(w.moves[c + 1]) | uint32_t(w.moves[c + 2]) << 16];
                w.moves[c + 1] = uint16_t(id & 0xFFFF);
                w.moves[c + 2] = uint16_t(id >> 16);
                c += 2;
            }
        }
        const bool ok = m_records.write(w.records.data(), w.records.size() * sizeof(GameRecord))
            && m_fields.write(w.fieldIds.data(), w.fieldIds.size() * sizeof(uint32_t))
            && m_tags.write(w.tagIds.data(), w.tagIds.size() * sizeof(uint32_t))
            && m_moves.write(w.moves.data(), w.moves.size() * sizeof(uint16_t))
            && m_signatures.write(w.signatures.data(), w.signatures.size() * sizeof(GameSignature));
        if (!ok) return fail(spillError(), error);
        m_games += w.records.size();
        m_tagPairs += w.tagIds.size() / 2;
        m_moveCount += w.moves.size();
        return true;
    }

    bool finish(FileHeader &h, const std::string &storePath, std::string *error)
    {
        if (m_pool.bytes().size() > 0xFFFFFFFFu) return fail("too much tag text for the store", error);
        h.gameCount = m_games;
        h.tagCount = m_tagPairs;
        h.moveCount = m_moveCount;
        h.stringCount = m_pool.table().size() / 2;
        h.byteCount = m_pool.bytes().size();
        Layout l;
        if (!layoutFor(h, l)) return fail("internal error: store layout", error);
        // The payload is read back twice, section by section: once to hash it
        // (the header, which comes first, holds the hash), once to write it.
        Hasher payload(PayloadSeed);
        uint64_t payloadBytes = 0;
        if (!emitPayload([&](const char *p, size_t size) {
                payload.add(p, size);
                payloadBytes += size;
            }))
            return fail(spillError(), error);
        if (sizeof h + payloadBytes != l.total) return fail("internal error: store layout", error);
        h.payloadHash = payload.value();
        h.headerHash = headerHash(h);

        pgn::AtomicFile file;
        bool writing =
            file.open(storePath, error) && file.write(std::string_view(reinterpret_cast<const char *>(&h), sizeof h));
        if (writing)
            writing = emitPayload([&](const char *p, size_t size) {
                          writing = writing && file.write({p, size});
                      })
                && writing;
        if (!writing || !file.commit(error)) {
            if (error && !file.error().empty())
                *error = file.error();
            else if (error && !spillError().empty())
                *error = spillError();
            file.abort();
            return false;
        }
        return true;
    }

private:
    static bool fail(const std::string &why, std::string *error)
    {
        if (error) *error = why;
        return false;
    }
    std::string spillError() const
    {
        for (const SpillFile *f : {&m_records, &m_fields, &m_tags, &m_moves, &m_signatures})
            if (!f->error().empty()) return f->error();
        return {};
    }
    bool emitPayload(const std::function<void(const char *, size_t)> &sink)
    {
        uint64_t written = 0;
        auto put = [&](const char *p, size_t size) {
            sink(p, size);
            written += size;
        };
        auto pad = [&] {
            static const char zeros[8] = {};
            put(zeros, size_t(align8(written) - written));
        };
        for (SpillFile *f : {&m_records, &m_fields, &m_tags, &m_moves}) {
            if (!f->readAll(put)) return false;
            pad();
        }
        put(reinterpret_cast<const char *>(m_pool.table().data()), m_pool.table().size() * sizeof(uint32_t));
        pad();
        put(m_pool.bytes().data(), m_pool.bytes().size());
        pad();
        return m_signatures.readAll(put);
    }

    SpillFile m_records, m_fields, m_tags, m_moves, m_signatures;
    StringPool m_pool;
    std::vector<uint32_t> m_remap;
    uint64_t m_games = 0, m_tagPairs = 0, m_moveCount = 0;
};

} // namespace

bool GameStore::build(const db::Database &d, const FileIdentity &identity, const std::string &storePath,
                      std::string *error, const std::function<void(const BuildProgress &)> &progress,
                      const std::atomic<bool> *cancel, unsigned threads)
{
    if (!d.indexed() && d.path().empty()) {
        if (error) *error = "no database open";
        return false;
    }
    std::error_code ec;
    const std::string dir = std::filesystem::path(storePath).parent_path().string();
    std::filesystem::create_directories(dir, ec);
    SectionWriter sections;
    if (!sections.open(dir.empty() ? "." : dir, error)) return false;

    // This thread reads the index (or the text) a window at a time and writes
    // the encoded windows in order; the workers encode them. Only a ring of
    // windows is in memory, and the file does not depend on the thread count.
    if (threads == 0) threads = std::max(1u, std::thread::hardware_concurrency());
    const size_t slots = size_t(threads) * 2 + 2;
    std::vector<Window> ring(slots);
    std::mutex mutex;
    std::condition_variable changed;
    size_t filled = 0, claimed = 0; // windows handed out, and taken by a worker (guarded by mutex)
    std::vector<char> encoded(slots, 0);
    bool closing = false;
    std::atomic<bool> stop{false};
    std::vector<std::thread> workers;
    for (unsigned t = 0; t < threads; ++t)
        workers.emplace_back([&] {
            Encoder encoder(d.text(), stop);
            for (;;) {
                std::unique_lock lock(mutex);
                changed.wait(lock, [&] { return claimed < filled || closing; });
                if (claimed >= filled) return;
                Window &w = ring[claimed++ % slots];
                lock.unlock();
                encoder.encode(w);
                lock.lock();
                encoded[size_t(&w - ring.data())] = 1;
                lock.unlock();
                changed.notify_all();
            }
        });
    auto endWorkers = [&] {
        {
            std::lock_guard lock(mutex);
            closing = true;
        }
        changed.notify_all();
        for (std::thread &w : workers)
            w.join();
    };

    using Clock = std::chrono::steady_clock;
    WindowSource source(d);
    size_t written = 0;
    bool end = false, ok = true;
    Clock::time_point lastReport{}; // the first report comes at once
    while (ok) {
        if (cancel && cancel->load(std::memory_order_relaxed)) {
            if (error) *error = "cancelled";
            ok = false;
            break;
        }
        if (progress && Clock::now() - lastReport >= std::chrono::milliseconds(100)) {
            progress(source.progress());
            lastReport = Clock::now();
        }
        std::unique_lock lock(mutex);
        if (written < filled && encoded[written % slots]) {
            encoded[written % slots] = 0;
            lock.unlock();
            ok = sections.add(ring[written++ % slots], error);
            continue;
        }
        if (!end && filled - written < slots) {
            lock.unlock();
            // The slot is free: its last window was written, and no worker takes it before filled grows.
            if (!source.fill(ring[filled % slots])) {
                end = true;
                continue;
            }
            lock.lock();
            ++filled;
            lock.unlock();
            changed.notify_all();
            continue;
        }
        if (end && written == filled) break;
        changed.wait_for(lock, std::chrono::milliseconds(100), [&] { return encoded[written % slots] != 0; });
    }
    stop.store(!ok);
    endWorkers();
    if (!ok) return false;

    FileHeader h{};
    std::memcpy(h.magic, Magic, sizeof h.magic);
    h.version = FormatVersion;
    h.endian = EndianMark;
    recordIdentity(h, identity);
    h.textSize = d.text().size();
    if (!sections.finish(h, storePath, error)) return false;
    if (progress) {
        const BuildProgress last = source.progress();
        progress({last.total, last.total});
    }
    return true;
}

bool openWithStore(const std::string &path, db::Database &database, GameStore &store, const db::OpenOptions &open,
                   const StoreOptions &options, OpenResult &result, std::string *error)
{
    using Clock = std::chrono::steady_clock;
    result = OpenResult();
    FileIdentity id;
    std::string why;
    const std::string storePath = !options.storePath.empty() ? options.storePath : storePathFor(path, options.cacheDir);
    const bool haveId = !storePath.empty() && fileIdentity(path, id, &why);
    if (storePath.empty()) why = "no cache folder (set XDG_CACHE_HOME or HOME)";
    // The store is read and checked while the text loads.
    const Clock::time_point t0 = Clock::now();
    bool storeGood = false;
    std::thread reader;
    if (haveId) reader = std::thread([&] { storeGood = store.load(storePath, id, &why); });
    db::OpenOptions textOnly = open;
    textOnly.index = false;
    bool opened;
    if (haveId && options.textCache) {
        std::function<void(const pgn::LoadProgress &)> loadProgress;
        if (open.progress)
            loadProgress = [&](const pgn::LoadProgress &p) {
                open.progress(db::Progress{db::Progress::Loading, p.inputDone, p.inputTotal, 0});
            };
        auto text = loadText(path, id, textCachePathBeside(storePath), result.text, error, loadProgress, open.cancel);
        opened = text && database.open(std::move(text), path, textOnly, error);
    } else {
        opened = database.open(path, textOnly, error);
    }
    if (reader.joinable()) reader.join();
    if (!opened) {
        store.reset();
        return false;
    }
    if (storeGood) {
        if (store.fillIndex(database)) {
            result.used = true;
            result.seconds = std::chrono::duration<double>(Clock::now() - t0).count();
            return true;
        }
        why = "stale: the text's size differs";
        store.reset();
    }
    // No good store: build it from the text, read on as it is built, so the
    // text's index is never held whole; the database then borrows the
    // store's. Without one, index the text (with plies and every field, as
    // the store keeps them for everyone).
    db::OpenOptions indexed = open;
    indexed.countPlies = true;
    indexed.fields = db::AllFields;
    result.note = why;
    if (!haveId || !options.build) return database.index(indexed, error);
    const Clock::time_point t1 = Clock::now();
    std::string buildError;
    if (!GameStore::build(database, id, storePath, &buildError, options.progress, open.cancel, open.threads)
        || !store.load(storePath, id, &buildError) || !store.fillIndex(database)) {
        store.reset();
        result.note = "not built: " + buildError;
        return database.index(indexed, error);
    }
    result.used = result.built = true;
    result.seconds = std::chrono::duration<double>(Clock::now() - t1).count();
    return true;
}

} // namespace store
