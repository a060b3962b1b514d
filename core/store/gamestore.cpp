// Reading, checking and replaying the compact game store.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "gamestore.h"

#include "checkednote.h"
#include "format.h"
#include "hash.h"

#include <algorithm>
#include <bit>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace store {

namespace {

constexpr std::string_view ResultNames[4] = {"1-0", "0-1", "1/2-1/2", "*"};

// Every string id of a section below a bound; the mapping is told what was read.
bool idsBelow(const pgn::Mapping &map, const uint32_t *ids, uint64_t count, uint64_t bound)
{
    constexpr uint64_t Step = 1 << 16;
    for (uint64_t i = 0; i < count; ++i) {
        if (ids[i] >= bound) return false;
        if (i % Step == Step - 1) map.noteRead(Step * sizeof *ids);
    }
    return true;
}

// What is wrong with a store whose header is good: its payload checksum or
// a bound of a string, tag, field or record (nullptr: nothing).
const char *damageIn(const pgn::Mapping &map, const FileHeader &h, const Layout &l)
{
    const uint64_t size = map.size();
    {
        // In pieces, giving the pages back: a store of millions of games never is resident at once.
        Hasher payload(PayloadSeed);
        constexpr uint64_t Piece = uint64_t(8) << 20;
        for (uint64_t at = sizeof h; at < size; at += Piece) {
            const uint64_t n = std::min(Piece, size - at);
            payload.add(map.data() + at, size_t(n));
            map.noteRead(n);
        }
        if (payload.value() != h.payloadHash) return "damaged: payload checksum";
    }
    const char *d = map.data();
    const auto *records = reinterpret_cast<const GameRecord *>(d + l.records);
    const auto *fields = reinterpret_cast<const uint32_t *>(d + l.fields);
    const auto *tags = reinterpret_cast<const uint32_t *>(d + l.tags);
    const auto *strings = reinterpret_cast<const uint32_t *>(d + l.strings);
    for (uint64_t s = 0; s < h.stringCount; ++s)
        if (uint64_t(strings[2 * s]) + strings[2 * s + 1] > h.byteCount) return "damaged: string bounds";
    if (!idsBelow(map, tags, 2 * h.tagCount, h.stringCount)) return "damaged: tag bounds";
    for (uint64_t f = 0; f < h.gameCount * db::FieldCount; ++f) {
        if (fields[f] >= h.stringCount || strings[2 * fields[f] + 1] > 0xFFFF) return "damaged: field bounds";
        if ((f & 0xFFFF) == 0xFFFF) map.noteRead(0x10000 * 12);
    }
    map.drop();
    uint64_t lastEnd = 0;
    for (uint64_t g = 0; g < h.gameCount; ++g) {
        if ((g & 0xFFFF) == 0xFFFF) map.noteRead(0x10000 * sizeof(GameRecord));
        const GameRecord &r = records[g];
        if (r.offset < lastEnd || r.offset + r.length > h.textSize) return "damaged: game bounds";
        lastEnd = r.offset + r.length;
        if (r.result > 3) return "damaged: result";
        if (r.flags & Replayable) {
            if (r.movesBegin > h.moveCount || r.plies > h.moveCount - r.movesBegin || r.plies > 0xFFFF)
                return "damaged: move bounds";
            if (uint64_t(r.tagsBegin) + r.tagCount > h.tagCount) return "damaged: tag bounds";
        }
    }
    map.drop();
    return nullptr;
}

// The index a store lends a database: its records and fields, mapped.
class StoreIndex final : public db::IndexSource {
public:
    StoreIndex(std::shared_ptr<const pgn::Mapping> map, const GameRecord *records, const uint32_t *fields,
               const uint32_t *strings, const char *bytes, uint64_t count)
        : m_map(std::move(map)), m_records(records), m_fields(fields), m_strings(strings), m_bytes(bytes),
          m_count(count)
    {
    }
    size_t size() const override { return size_t(m_count); }
    db::GameEntry entry(size_t i) const override
    {
        // A pass over every entry (a search cutting its work into batches) reads all records.
        m_map->noteRead(sizeof(GameRecord));
        const GameRecord &r = m_records[i];
        db::GameEntry e;
        e.offset = r.offset;
        e.length = r.length;
        e.line = r.line;
        e.plies = r.indexPlies;
        e.column = r.column;
        e.errors = r.errors;
        return e;
    }
    std::string_view field(size_t i, db::Field f) const override
    {
        m_map->noteRead(16);
        const uint32_t id = m_fields[i * db::FieldCount + size_t(f)];
        return {m_bytes + m_strings[2 * id], m_strings[2 * id + 1]};
    }

private:
    std::shared_ptr<const pgn::Mapping> m_map; // keeps the pointers valid
    const GameRecord *m_records;
    const uint32_t *m_fields;
    const uint32_t *m_strings;
    const char *m_bytes;
    uint64_t m_count;
};

} // namespace

GameStore::GameStore() = default;
GameStore::~GameStore() = default;

uint64_t GameStore::textSize() const
{
    FileHeader h;
    std::memcpy(&h, m_data, sizeof h);
    return h.textSize;
}

void GameStore::reset()
{
    m_map.reset();
    m_data = nullptr;
    m_size = m_count = 0;
}

bool GameStore::load(const std::string &storePath, const FileIdentity &expected, std::string *error)
{
    reset();
    std::string why;
    auto fail = [&](std::string reason) {
        reset();
        if (error) *error = std::move(reason);
        return false;
    };
    // Stamped and mapped through one descriptor: the file checked is the file read.
    const int fd = ::open(storePath.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return fail(errno == ENOENT ? "no store yet" : std::string("cannot read the store: ") + std::strerror(errno));
    struct FdCloser {
        int fd;
        ~FdCloser() { ::close(fd); }
    } closer{fd};
    FileStamp stamp;
    if (!fileStamp(fd, stamp)) return fail("the store is not a regular file");
    std::shared_ptr<const pgn::Mapping> map = pgn::Mapping::map(fd, storePath, stamp.size, &why);
    if (!map) return fail("cannot read the store: " + why);
    const uint64_t size = map->size();
    FileHeader h;
    if (size < sizeof h) return fail("damaged: shorter than its header");
    std::memcpy(&h, map->data(), sizeof h);
    if (std::memcmp(h.magic, Magic, sizeof h.magic) != 0) return fail("not a cqlwb store");
    if (h.endian != EndianMark) return fail("made on a machine of another byte order");
    if (h.version != FormatVersion) return fail("made by another version");
    if (h.headerHash != headerHash(h)) return fail("damaged: header checksum");
    if (!(recordedIdentity(h) == expected)) return fail("stale: the file changed");
    Layout l;
    if (!layoutFor(h, l) || l.total != size) return fail("damaged: wrong size");
    // Unless this very file was checked before (checkednote.h): every byte
    // hashed and every bound checked once, so that reads need no checks.
    const std::string notePath = checkedNotePath(storePath);
    const bool checkedInFull = !checkedBefore(notePath, fd, h.payloadHash);
    if (checkedInFull) {
        const int64_t started = nowNs();
        if (const char *damage = damageIn(*map, h, l)) return fail(damage);
        noteChecked(notePath, fd, stamp, h.payloadHash, started);
    }
    const char *d = map->data();
    m_map = std::move(map);
    m_data = d;
    m_size = size;
    m_count = h.gameCount;
    m_records = reinterpret_cast<const GameRecord *>(d + l.records);
    m_fields = reinterpret_cast<const uint32_t *>(d + l.fields);
    m_tags = reinterpret_cast<const uint32_t *>(d + l.tags);
    m_moves = reinterpret_cast<const uint16_t *>(d + l.moves);
    m_strings = reinterpret_cast<const uint32_t *>(d + l.strings);
    m_bytes = d + l.bytes;
    m_signatures = reinterpret_cast<const GameSignature *>(d + l.signatures);
    m_tagCount = h.tagCount;
    m_moveCount = h.moveCount;
    m_stringCount = h.stringCount;
    m_byteCount = h.byteCount;
    m_checkedInFull = checkedInFull;
    return true;
}

std::string_view GameStore::string(uint32_t id) const
{
    if (id >= m_stringCount) return {};
    return {m_bytes + m_strings[2 * id], m_strings[2 * id + 1]};
}

std::string_view GameStore::field(size_t game, db::Field f) const
{
    return string(m_fields[game * db::FieldCount + size_t(f)]);
}

std::string_view GameStore::tag(size_t game, std::string_view name) const
{
    const GameRecord &r = m_records[game];
    for (uint32_t t = r.tagsBegin; t < r.tagsBegin + r.tagCount; ++t)
        if (string(m_tags[2 * t]) == name) return string(m_tags[2 * t + 1]);
    return {};
}

bool GameStore::fillIndex(db::Database &database) const
{
    if (!m_data || (database.indexed() && database.size() != m_count) || database.text().size() != textSize())
        return false;
    database.useIndex(std::make_shared<StoreIndex>(m_map, m_records, m_fields, m_strings, m_bytes, m_count));
    return true;
}

bool GameStore::replay(size_t index, uint64_t number, game::Game &g) const
{
    const GameRecord &r = m_records[index];
    m_map->noteRead(uint64_t(r.plies) * 2 + uint64_t(r.tagCount) * 24);
    g.clear();
    g.number = number;
    g.fileOffset = r.offset;
    g.firstLine = int(r.line);
    g.firstColumn = r.column;
    for (uint32_t t = r.tagsBegin; t < r.tagsBegin + r.tagCount; ++t)
        g.addTag(string(m_tags[2 * t]), string(m_tags[2 * t + 1]));
    g.result.assign(ResultNames[r.result]);
    g.nodes.reserve(size_t(r.plies) + 1);
    g.nodes.emplace_back(chess::Position(), chess::Move::none(), game::NoNode, uint16_t(0), uint16_t(0), game::NoText);
    const uint16_t *codes = m_moves + r.movesBegin;
    for (uint32_t i = 0; i < r.plies; ++i) {
        const game::NodeId parent = game::NodeId(i);
        const chess::Move m = std::bit_cast<chess::Move>(codes[i]);
        const chess::Position &from = g.nodes[parent].position;
        if (!m.isNull()) {
            // The checksum makes a wrong code unlikely; this makes one harmless.
            const chess::Piece p = from.pieceAt(m.from());
            if (p == chess::NoPiece || chess::colorOf(p) != from.sideToMove() || !from.isPseudoLegal(m)) return false;
        }
        game::Node &n =
            g.nodes.emplace_back(from, chess::Move::none(), parent, uint16_t(i + 1), uint16_t(0), game::NoText);
        n.position.play(m);
        n.move = m;
        g.nodes[parent].firstChild = parent + 1;
    }
    return true;
}

} // namespace store
