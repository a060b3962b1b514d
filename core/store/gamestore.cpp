// Reading, checking and replaying the compact game store.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "gamestore.h"

#include "format.h"
#include "hash.h"

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

bool readWhole(const std::string &path, std::unique_ptr<char[]> &out, uint64_t &size, std::string &why)
{
    int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        why = errno == ENOENT ? "no store yet" : std::string("cannot read the store: ") + std::strerror(errno);
        return false;
    }
    struct stat st;
    if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        ::close(fd);
        why = "the store is not a regular file";
        return false;
    }
    size = uint64_t(st.st_size);
    out.reset(new char[size_t(size) + 8]);
    uint64_t done = 0;
    while (done < size) {
        ssize_t n = ::read(fd, out.get() + done, size_t(size - done));
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;
        done += uint64_t(n);
    }
    ::close(fd);
    if (done != size) {
        why = "cannot read the store";
        return false;
    }
    return true;
}

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
    m_storage.reset();
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
    std::unique_ptr<char[]> buf;
    uint64_t size = 0;
    if (!readWhole(storePath, buf, size, why)) return fail(why);
    FileHeader h;
    if (size < sizeof h) return fail("damaged: shorter than its header");
    std::memcpy(&h, buf.get(), sizeof h);
    if (std::memcmp(h.magic, Magic, sizeof h.magic) != 0) return fail("not a cqlwb store");
    if (h.endian != EndianMark) return fail("made on a machine of another byte order");
    if (h.version != FormatVersion) return fail("made by another version");
    if (h.headerHash != headerHash(h)) return fail("damaged: header checksum");
    const FileIdentity id{h.idSize, h.idMtime, h.idHead, h.idTail};
    if (!(id == expected)) return fail("stale: the file changed");
    Layout l;
    if (!layoutFor(h, l) || l.total != size) return fail("damaged: wrong size");
    if (hash64(buf.get() + sizeof h, size_t(size - sizeof h), PayloadSeed) != h.payloadHash)
        return fail("damaged: payload checksum");

    const char *d = buf.get();
    const auto *records = reinterpret_cast<const GameRecord *>(d + l.records);
    const auto *fields = reinterpret_cast<const uint32_t *>(d + l.fields);
    const auto *tags = reinterpret_cast<const uint32_t *>(d + l.tags);
    const auto *strings = reinterpret_cast<const uint32_t *>(d + l.strings);
    // Every bound, once: afterwards reads need no checks.
    for (uint64_t s = 0; s < h.stringCount; ++s)
        if (uint64_t(strings[2 * s]) + strings[2 * s + 1] > h.byteCount) return fail("damaged: string bounds");
    for (uint64_t t = 0; t < 2 * h.tagCount; ++t)
        if (tags[t] >= h.stringCount) return fail("damaged: tag bounds");
    for (uint64_t f = 0; f < h.gameCount * db::FieldCount; ++f)
        if (fields[f] >= h.stringCount || strings[2 * fields[f] + 1] > 0xFFFF) return fail("damaged: field bounds");
    uint64_t lastEnd = 0;
    for (uint64_t g = 0; g < h.gameCount; ++g) {
        const GameRecord &r = records[g];
        if (r.offset < lastEnd || r.offset + r.length > h.textSize) return fail("damaged: game bounds");
        lastEnd = r.offset + r.length;
        if (r.result > 3) return fail("damaged: result");
        if (r.flags & Replayable) {
            if (r.movesBegin > h.moveCount || r.plies > h.moveCount - r.movesBegin || r.plies > 0xFFFF)
                return fail("damaged: move bounds");
            if (uint64_t(r.tagsBegin) + r.tagCount > h.tagCount) return fail("damaged: tag bounds");
        }
    }
    m_storage = std::move(buf);
    m_data = m_storage.get();
    m_size = size;
    m_count = h.gameCount;
    m_records = records;
    m_fields = fields;
    m_tags = tags;
    m_moves = reinterpret_cast<const uint16_t *>(d + l.moves);
    m_strings = strings;
    m_bytes = d + l.bytes;
    m_tagCount = h.tagCount;
    m_moveCount = h.moveCount;
    m_stringCount = h.stringCount;
    m_byteCount = h.byteCount;
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
    if (!m_data || database.indexed() || database.size() != 0 || database.text().size() != textSize()) return false;
    std::string_view fields[db::FieldCount];
    for (size_t g = 0; g < m_count; ++g) {
        const GameRecord &r = m_records[g];
        db::GameEntry e;
        e.offset = r.offset;
        e.length = r.length;
        e.line = r.line;
        e.plies = r.indexPlies;
        e.column = r.column;
        e.errors = r.errors;
        for (int f = 0; f < db::FieldCount; ++f)
            fields[f] = field(g, db::Field(f));
        database.appendEntry(e, fields);
    }
    database.markIndexed();
    return true;
}

bool GameStore::replay(size_t index, uint64_t number, game::Game &g) const
{
    const GameRecord &r = m_records[index];
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
