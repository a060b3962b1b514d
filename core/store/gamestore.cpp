// Reading, checking and replaying the compact game store.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "gamestore.h"

#include "checkednote.h"
#include "format.h"
#include "hash.h"

#include "game/builder.h"

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
            if (r.movesBegin > h.moveCount || r.codes > h.moveCount - r.movesBegin || r.plies > 0xFFFF)
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

void GameStore::tagsInto(size_t game, game::Game &g) const
{
    const GameRecord &r = m_records[game];
    g.clear();
    for (uint32_t t = r.tagsBegin; t < r.tagsBegin + r.tagCount; ++t)
        g.addTag(string(m_tags[2 * t]), string(m_tags[2 * t + 1]));
    g.result.assign(ResultNames[r.result]);
}

bool GameStore::fillIndex(db::Database &database) const
{
    if (!m_data || (database.indexed() && database.size() != m_count) || database.text().size() != textSize())
        return false;
    database.useIndex(std::make_shared<StoreIndex>(m_map, m_records, m_fields, m_strings, m_bytes, m_count));
    return true;
}

namespace {

// The start position of a game with a FEN or Variant tag, as GameBuilder
// sets it up; false when a read with these options differs from the store's.
bool setUpStart(game::Game &g, bool chess960)
{
    std::string_view fen, variant;
    bool haveFen = false, haveVariant = false;
    // The last of each, as the builder keeps them.
    for (const auto &[name, value] : g.tags) {
        if (name == "FEN") fen = value, haveFen = true;
        if (name == "Variant") variant = value, haveVariant = true;
    }
    game::BuildOptions options;
    options.chess960 = chess960;
    game::StartPosition start =
        game::startPosition(haveFen ? &fen : nullptr, haveVariant ? &variant : nullptr, options);
    if (!start.error.empty() || !start.warnings.empty() || start.readAsStandard
        || start.position.variant() != chess::Variant::Standard)
        return false;
    g.chess960 = start.chess960;
    g.nodes.emplace_back(start.position, chess::Move::none(), game::NoNode, uint16_t(0), uint16_t(0), game::NoText);
    return true;
}

} // namespace

bool GameStore::replay(size_t index, uint64_t number, game::Game &g, bool variations, bool annotations,
                       bool chess960) const
{
    const GameRecord &r = m_records[index];
    m_map->noteRead(uint64_t(r.codes) * 2 + uint64_t(r.tagCount) * 24);
    tagsInto(index, g);
    g.number = number;
    g.fileOffset = r.offset;
    g.firstLine = int(r.line);
    g.firstColumn = r.column;
    g.nodes.reserve(size_t(r.codes) + 1);
    if (!(r.flags & SetUpStart))
        g.nodes.emplace_back(chess::Position(), chess::Move::none(), game::NoNode, uint16_t(0), uint16_t(0),
                             game::NoText);
    else if (!setUpStart(g, chess960))
        return false;
    const uint16_t *codes = m_moves + r.movesBegin;
    const uint32_t count = r.codes;
    game::NodeId cur = 0;
    // The node current before each open variation; skipped: how deep in variations not read.
    game::NodeId stack[MaxVariationDepth];
    int depth = 0, skipped = 0;
    for (uint32_t i = 0; i < count; ++i) {
        const uint16_t code = codes[i];
        switch (code) {
        case VariationStart:
            if (skipped || !variations) {
                ++skipped;
                continue;
            }
            if (depth == MaxVariationDepth || cur == 0) return false;
            stack[depth++] = cur;
            cur = g.nodes[cur].parent;
            continue;
        case VariationEnd:
            if (skipped) {
                --skipped;
                continue;
            }
            if (depth == 0) return false;
            cur = stack[--depth];
            continue;
        case NagCode:
            if (++i == count || codes[i] == 0 || codes[i] > 255) return false;
            if (annotations && !skipped) g.addNag(cur, uint8_t(codes[i]));
            continue;
        case CommentCode:
        case PreCommentCode: {
            if (count - i < 3) return false;
            const uint32_t id = uint32_t(codes[i + 1]) | uint32_t(codes[i + 2]) << 16;
            i += 2;
            if (!annotations || skipped) continue;
            if (id >= m_stringCount) return false;
            game::Node &n = g.nodes[cur];
            const uint32_t text = g.addText(string(id));
            (code == CommentCode ? n.comment : n.preComment) = text;
            continue;
        }
        default: break;
        }
        if (skipped) continue;
        const chess::Move m = std::bit_cast<chess::Move>(code);
        const game::NodeId parent = cur;
        const game::Node &from = g.nodes[parent];
        if (from.ply == 0xFFFF) return false;
        if (!m.isNull()) {
            // The checksum makes a wrong code unlikely; this makes one harmless.
            const chess::Piece p = from.position.pieceAt(m.from());
            if (p == chess::NoPiece || chess::colorOf(p) != from.position.sideToMove()
                || !from.position.isPseudoLegal(m))
                return false;
        }
        const game::NodeId id = game::NodeId(g.nodes.size());
        game::Node &n = g.nodes.emplace_back(from.position, chess::Move::none(), parent, uint16_t(from.ply + 1),
                                             uint16_t(0), game::NoText);
        n.position.play(m);
        n.move = m;
        game::Node &p = g.nodes[parent];
        uint16_t nodeDepth = p.variationDepth;
        if (p.firstChild == game::NoNode) {
            p.firstChild = id;
        } else {
            game::NodeId s = p.firstChild;
            while (g.nodes[s].nextSibling != game::NoNode)
                s = g.nodes[s].nextSibling;
            g.nodes[s].nextSibling = id;
            ++nodeDepth;
        }
        g.nodes[id].variationDepth = nodeDepth;
        cur = id;
    }
    return depth == 0 && skipped == 0;
}

} // namespace store
