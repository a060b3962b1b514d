// Building the store: every game is read in full once, its mainline kept as
// move codes and its signature worked out; then the file is written atomically.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "format.h"
#include "gamestore.h"
#include "hash.h"

#include "pgn/atomicfile.h"

#include <algorithm>
#include <chrono>
#include <deque>
#include <cstring>
#include <filesystem>
#include <functional>
#include <thread>
#include <unordered_map>
#include <vector>

namespace store {

namespace {

// Strings kept once each.
class StringPool {
public:
    uint32_t id(std::string_view s)
    {
        auto it = m_ids.find(s);
        if (it != m_ids.end()) return it->second;
        const uint32_t id = uint32_t(m_table.size() / 2);
        m_table.push_back(uint32_t(m_bytes.size()));
        m_table.push_back(uint32_t(s.size()));
        m_bytes.append(s);
        m_keys.emplace_back(s);
        m_ids.emplace(m_keys.back(), id);
        return id;
    }
    const std::vector<uint32_t> &table() const { return m_table; }
    const std::string &bytes() const { return m_bytes; }

private:
    std::vector<uint32_t> m_table;
    std::string m_bytes;
    std::deque<std::string> m_keys; // stable storage for the map's views
    std::unordered_map<std::string_view, uint32_t> m_ids;
};

int resultCode(std::string_view r)
{
    if (r == "1-0") return 0;
    if (r == "0-1") return 1;
    if (r == "1/2-1/2") return 2;
    if (r == "*") return 3;
    return -1;
}

// Flags, signature and move codes of one parsed game; false: not replayable.
bool describe(const game::Game &g, const db::GameEntry &e, GameRecord &r, std::vector<uint16_t> &codes)
{
    codes.clear();
    if (g.unsupported || !g.errors.empty() || g.nodes.empty() || g.chess960 || g.readAsStandard) return false;
    if (g.fileOffset != e.offset || g.firstLine != int(e.line) || g.firstColumn != int(e.column)) return false;
    if (!g.tag("FEN").empty() || !g.tag("Variant").empty() || g.tags.size() > 0xFFFF) return false;
    for (const auto &t : g.tags)
        if (t.first == "FEN" || t.first == "Variant") return false;
    const int rc = resultCode(g.result);
    if (rc < 0) return false;
    r.result = uint8_t(rc);
    if (!g.texts.empty() || !g.nags.empty()) r.flags |= HasAnnotations;
    size_t mainline = 0;
    game::NodeId last = 0;
    for (game::NodeId n = 0; n != game::NoNode; n = g.nodes[n].firstChild) {
        const game::Node &node = g.nodes[n];
        ++mainline;
        last = n;
        const chess::Position &p = node.position;
        if (p.inCheck()) r.flags |= AnyCheck;
        for (int c = 0; c < 2; ++c)
            for (int t = chess::Pawn; t <= chess::King; ++t) {
                const int count = p.pieces(chess::Color(c), chess::PieceType(t)).count();
                uint8_t &m = r.pieceMax[c * 6 + t - 1];
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
        codes.push_back(node.move.raw());
    }
    if (mainline != g.nodes.size()) r.flags |= HasVariations;
    const chess::Position &end = g.nodes[last].position;
    if (end.isCheckmate()) r.flags |= FinalMate;
    if (end.isStalemate()) r.flags |= FinalStalemate;
    if (codes.size() > 0xFFFF) return false;
    r.plies = uint32_t(codes.size());
    return true;
}

// One contiguous range of games, read on one thread with a string pool of its own.
struct Chunk {
    size_t first = 0, last = 0;
    std::vector<GameRecord> records; // movesBegin and tagsBegin local to the chunk
    std::vector<uint32_t> fields;    // ids in the chunk's pool
    std::vector<uint32_t> tags;      // ids in the chunk's pool
    std::vector<uint16_t> moves;
    StringPool pool;
    std::string error;
};

void buildChunk(const db::Database &d, Chunk &c, const std::atomic<bool> *cancel, std::atomic<size_t> &done)
{
    c.records.resize(c.last - c.first);
    c.fields.resize((c.last - c.first) * db::FieldCount);
    // Room for all moves and plenty of tags at once: a vector that grows is
    // briefly held twice, and pages reserved but never written cost no memory.
    uint64_t plies = 0;
    for (size_t i = c.first; i < c.last; ++i)
        plies += d.entry(i).plies;
    c.moves.reserve(size_t(plies));
    c.tags.reserve((c.last - c.first) * 64);
    std::vector<uint16_t> codes;
    game::GameParser parser;
    game::Game g;
    const game::BuildOptions full{true, true, true, true};
    for (size_t i = c.first; i < c.last; ++i) {
        if (cancel && cancel->load(std::memory_order_relaxed)) {
            c.error = "cancelled";
            return;
        }
        if (((i - c.first) & 255) == 255) done.fetch_add(256, std::memory_order_relaxed);
        const db::GameEntry e = d.entry(i);
        GameRecord &r = c.records[i - c.first];
        if (e.length > 0xFFFFFFFFu) {
            c.error = "a game too long for the store";
            return;
        }
        r.offset = e.offset;
        r.length = uint32_t(e.length);
        r.line = e.line;
        r.indexPlies = e.plies;
        r.column = e.column;
        r.errors = e.errors;
        for (int f = 0; f < db::FieldCount; ++f)
            c.fields[(i - c.first) * db::FieldCount + size_t(f)] = c.pool.id(d.field(i, db::Field(f)));
        const bool parsed = parser.parse(d.gameText(i), d.number(i), d.origin(i), g, full);
        if (!parsed || !describe(g, e, r, codes)) {
            r.flags &= uint16_t(~Replayable);
            r.plies = 0;
            continue;
        }
        r.flags |= Replayable;
        r.movesBegin = c.moves.size();
        c.moves.insert(c.moves.end(), codes.begin(), codes.end());
        r.tagsBegin = uint32_t(c.tags.size() / 2);
        r.tagCount = uint16_t(g.tags.size());
        for (const auto &[name, value] : g.tags) {
            c.tags.push_back(c.pool.id(name));
            c.tags.push_back(c.pool.id(value));
        }
    }
}

} // namespace

bool GameStore::build(const db::Database &d, const FileIdentity &identity, const std::string &storePath,
                      std::string *error, const std::function<void(const BuildProgress &)> &progress,
                      const std::atomic<bool> *cancel, unsigned threads)
{
    if (!d.indexed()) {
        if (error) *error = "the database is not indexed";
        return false;
    }
    // The games are cut into one range per thread; the ranges' pools are
    // merged into one afterwards, so the store does not depend on the count.
    if (threads == 0) threads = std::max(1u, std::thread::hardware_concurrency());
    const size_t n = d.size();
    threads = unsigned(std::clamp<size_t>(n / 16, 1, threads));
    std::vector<Chunk> chunks(threads);
    for (unsigned t = 0; t < threads; ++t) {
        chunks[t].first = n * t / threads;
        chunks[t].last = n * (t + 1) / threads;
    }
    std::atomic<size_t> done{0};
    std::atomic<unsigned> finished{0};
    std::vector<std::thread> workers;
    for (unsigned t = 0; t < threads; ++t)
        workers.emplace_back([&, t] {
            buildChunk(d, chunks[t], cancel, done);
            finished.fetch_add(1);
        });
    // This thread reports the progress of all of them.
    while (progress && finished.load() < threads) {
        progress({std::min(done.load(), n), n});
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    for (std::thread &w : workers)
        w.join();
    for (const Chunk &c : chunks)
        if (!c.error.empty()) {
            if (error) *error = c.error;
            return false;
        }

    // One string pool for all: each chunk's ids are mapped into it, and the
    // chunk's own pool is freed.
    StringPool pool;
    std::vector<std::vector<uint32_t>> remaps(chunks.size());
    uint64_t tagCount = 0, moveCount = 0;
    for (size_t k = 0; k < chunks.size(); ++k) {
        Chunk &c = chunks[k];
        const std::vector<uint32_t> &table = c.pool.table();
        remaps[k].resize(table.size() / 2);
        for (size_t j = 0; j < remaps[k].size(); ++j)
            remaps[k][j] = pool.id(std::string_view(c.pool.bytes()).substr(table[2 * j], table[2 * j + 1]));
        c.pool = StringPool();
        tagCount += c.tags.size() / 2;
        moveCount += c.moves.size();
    }
    if (tagCount > 0xFFFFFFFFu) {
        if (error) *error = "too many tags for the store";
        return false;
    }
    if (pool.bytes().size() > 0xFFFFFFFFu) {
        if (error) *error = "too much tag text for the store";
        return false;
    }

    FileHeader h{};
    std::memcpy(h.magic, Magic, sizeof h.magic);
    h.version = FormatVersion;
    h.endian = EndianMark;
    recordIdentity(h, identity);
    h.textSize = d.text().size();
    h.gameCount = n;
    h.tagCount = tagCount;
    h.moveCount = moveCount;
    h.stringCount = pool.table().size() / 2;
    h.byteCount = pool.bytes().size();
    Layout l;
    if (!layoutFor(h, l)) {
        if (error) *error = "internal error: store layout";
        return false;
    }
    // The payload is made from the chunks twice, section by section: once to
    // hash it (the header, which comes first, holds the hash), once to write
    // it. It is never held whole: a store of millions of games is as large as
    // the chunks again.
    auto emitPayload = [&](const std::function<void(const char *, size_t)> &sink) {
        std::string buffer;
        uint64_t written = 0;
        auto put = [&](const void *p, size_t size) {
            buffer.append(static_cast<const char *>(p), size);
            written += size;
            if (buffer.size() >= (size_t(1) << 20)) {
                sink(buffer.data(), buffer.size());
                buffer.clear();
            }
        };
        auto pad = [&] {
            static const char zeros[8] = {};
            put(zeros, size_t(align8(written) - written));
        };
        uint64_t movesBase = 0, tagsBase = 0;
        for (const Chunk &c : chunks) {
            for (GameRecord r : c.records) {
                if (r.flags & Replayable) {
                    r.movesBegin += movesBase;
                    r.tagsBegin += uint32_t(tagsBase);
                }
                put(&r, sizeof r);
            }
            movesBase += c.moves.size();
            tagsBase += c.tags.size() / 2;
        }
        pad();
        for (size_t k = 0; k < chunks.size(); ++k)
            for (uint32_t id : chunks[k].fields)
                put(&remaps[k][id], sizeof(uint32_t));
        pad();
        for (size_t k = 0; k < chunks.size(); ++k)
            for (uint32_t id : chunks[k].tags)
                put(&remaps[k][id], sizeof(uint32_t));
        pad();
        for (const Chunk &c : chunks)
            put(c.moves.data(), c.moves.size() * sizeof(uint16_t));
        pad();
        put(pool.table().data(), pool.table().size() * sizeof(uint32_t));
        pad();
        put(pool.bytes().data(), pool.bytes().size());
        pad();
        sink(buffer.data(), buffer.size());
        return written;
    };
    Hasher payload(PayloadSeed);
    const uint64_t payloadBytes = emitPayload([&](const char *p, size_t size) { payload.add(p, size); });
    if (sizeof h + payloadBytes != l.total) {
        if (error) *error = "internal error: store layout";
        return false;
    }
    h.payloadHash = payload.value();
    h.headerHash = headerHash(h);

    std::error_code ec;
    std::filesystem::create_directories(std::filesystem::path(storePath).parent_path(), ec);
    pgn::AtomicFile file;
    bool writing =
        file.open(storePath, error) && file.write(std::string_view(reinterpret_cast<const char *>(&h), sizeof h));
    if (writing)
        emitPayload([&](const char *p, size_t size) { writing = writing && file.write(std::string_view(p, size)); });
    if (!writing || !file.commit(error)) {
        if (!writing && error && !file.error().empty()) *error = file.error();
        file.abort();
        return false;
    }
    if (progress) progress({d.size(), d.size()});
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
    // No good store: index the text (counting plies, which the store keeps for everyone).
    db::OpenOptions indexed = open;
    indexed.countPlies = true;
    indexed.fields = db::AllFields; // the store keeps them all
    if (!database.index(indexed, error)) return false;
    result.note = why;
    if (!haveId || !options.build) return true;
    const Clock::time_point t1 = Clock::now();
    std::string buildError;
    if (!GameStore::build(database, id, storePath, &buildError, options.progress, open.cancel, open.threads)
        || !store.load(storePath, id, &buildError)) {
        result.note = "not built: " + buildError;
        return true;
    }
    // The same index, from the mapped store: the text's is freed.
    store.fillIndex(database);
    result.used = result.built = true;
    result.seconds = std::chrono::duration<double>(Clock::now() - t1).count();
    return true;
}

} // namespace store
