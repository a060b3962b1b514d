// Opening and indexing a PGN database; loading games by number.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "database.h"

#include "game/bughouse.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstring>
#include <thread>

namespace db {

namespace {

constexpr const char *FieldNames[FieldCount] = {"White", "Black", "Result",   "Event",    "Site",   "Date",
                                                "Round", "ECO",   "WhiteElo", "BlackElo", "Variant"};

int fieldIndex(std::string_view name)
{
    // The fields are looked up for every tag of every game: switch on length first.
    switch (name.size()) {
    case 3: return name == "ECO" ? 7 : -1;
    case 4: return name == "Site" ? 4 : name == "Date" ? 5 : -1;
    case 5: return name == "White" ? 0 : name == "Black" ? 1 : name == "Event" ? 3 : name == "Round" ? 6 : -1;
    case 6: return name == "Result" ? 2 : -1;
    case 7: return name == "Variant" ? 10 : -1;
    case 8: return name == "WhiteElo" ? 8 : name == "BlackElo" ? 9 : -1;
    default: return -1;
    }
}

// One field's value in the pool: uint16 length, then the bytes.
void appendField(std::string &pool, std::string_view v)
{
    v = v.substr(0, 0xFFFF);
    pool.push_back(char(v.size() & 0xFF));
    pool.push_back(char(v.size() >> 8));
    pool.append(v);
}

// The field at p in a pool (as appendField wrote it); p moves past it.
std::string_view nextField(const char *&p)
{
    const size_t len = size_t(static_cast<unsigned char>(p[0])) | size_t(static_cast<unsigned char>(p[1])) << 8;
    const std::string_view v(p + 2, len);
    p += 2 + len;
    return v;
}

double secondsSince(std::chrono::steady_clock::time_point t0)
{
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

// Header-only pass: tags, the mainline move count, and where each game lies.
class IndexVisitor final : public pgn::Visitor {
public:
    IndexVisitor(std::vector<GameEntry> &entries, std::string &pool, bool countPlies, uint32_t fields)
        : m_entries(entries), m_pool(pool), m_countPlies(countPlies), m_fields(fields)
    {
    }

    void beginGame(const pgn::GameStart &start) override
    {
        m_entry = GameEntry{};
        m_entry.offset = start.where.offset;
        m_entry.line = uint32_t(std::max(start.where.line, 0));
        m_entry.column = uint16_t(std::min(start.where.column, 0xFFFF));
        for (auto &len : m_len)
            len = 0;
        m_teamLen[0] = m_teamLen[1] = 0;
        m_plies = 0;
        m_errors = 0;
    }
    void tag(std::string_view name, std::string_view value) override
    {
        int f = fieldIndex(name);
        if (f < 0 && name.size() == 6 && (name == "WhiteA" || name == "BlackA")) {
            // A bughouse game's board A players stand in for White and Black, as
            // when the game is loaded (game/bughouse.h).
            const int side = name[0] == 'W' ? 0 : 1;
            if (!m_teamLen[side]) m_team[side].assign(value.substr(0, std::min<size_t>(value.size(), 0xFFFF)));
            m_teamLen[side] = 1;
            return;
        }
        if (f < 0 || m_len[f]) return; // the first of duplicate tags wins
        size_t n = std::min<size_t>(value.size(), 0xFFFF);
        m_values[f].assign(value.substr(0, n));
        m_len[f] = 1;
    }
    bool beginMovetext() override { return m_countPlies; }
    pgn::MoveAction move(std::string_view san, const pgn::Place &) override
    {
        // A Bughouse move number ("12A.") is not a move.
        int board;
        chess::Color side;
        if (!san.empty() && san.front() <= '9' && game::parseBoardMarker(san, board, side))
            return pgn::MoveAction::Continue;
        ++m_plies;
        return pgn::MoveAction::Continue;
    }
    bool beginVariation() override { return false; }
    void error(const pgn::Location &, std::string_view) override { ++m_errors; }
    void strayError(const pgn::Location &, std::string_view) override { ++stray; }
    bool endGame() override
    {
        m_entry.plies = m_plies;
        m_entry.errors = uint16_t(std::min<uint32_t>(m_errors, 0xFFFF));
        m_entry.fields = m_pool.size();
        for (int side = 0; side < 2; ++side)
            if (m_teamLen[side] && !m_len[side]) {
                m_values[side] = m_team[side];
                m_len[side] = 1;
            }
        for (int f = 0; f < FieldCount; ++f)
            if (m_fields & (1u << f))
                appendField(m_pool, m_len[f] ? std::string_view(m_values[f]) : std::string_view());
        m_entries.push_back(m_entry);
        return !stop;
    }

    bool stop = false;
    uint64_t stray = 0;

private:
    std::vector<GameEntry> &m_entries;
    std::string &m_pool;
    GameEntry m_entry;
    std::string m_values[FieldCount];
    uint8_t m_len[FieldCount] = {};
    std::string m_team[2]; // WhiteA, BlackA
    uint8_t m_teamLen[2] = {};
    uint32_t m_plies = 0;
    uint32_t m_errors = 0;
    bool m_countPlies = true;
    uint32_t m_fields = AllFields;
};

} // namespace

const char *fieldName(Field f) { return FieldNames[int(f)]; }

Database::Database() = default;
Database::~Database() = default;

void Database::close()
{
    m_path.clear();
    m_text.reset();
    m_entries.clear();
    m_entries.shrink_to_fit();
    m_fieldPool.clear();
    m_fieldPool.shrink_to_fit();
    m_stats = Stats{};
    m_indexed = false;
    m_fields = AllFields;
    m_lent.reset();
}

pgn::Compression Database::compression() const { return m_text ? m_text->compression() : pgn::Compression::None; }

std::string_view Database::text() const { return m_text ? m_text->view() : std::string_view(); }

size_t Database::indexMemory() const { return m_entries.capacity() * sizeof(GameEntry) + m_fieldPool.capacity(); }

void Database::useIndex(std::shared_ptr<const IndexSource> index)
{
    std::vector<GameEntry>().swap(m_entries);
    std::string().swap(m_fieldPool);
    m_lent = std::move(index);
    m_fields = AllFields;
    m_indexed = true;
}

bool Database::open(const std::string &path, const OpenOptions &options, std::string *error)
{
    close();
    auto t0 = std::chrono::steady_clock::now();
    std::function<void(const pgn::LoadProgress &)> loadProgress;
    if (options.progress)
        loadProgress = [&](const pgn::LoadProgress &p) {
            options.progress(Progress{Progress::Loading, p.inputDone, p.inputTotal, 0});
        };
    m_text = pgn::Text::load(path, error, loadProgress, options.cancel);
    if (!m_text) return false;
    m_stats.loadSeconds = secondsSince(t0);
    m_path = path;
    m_fields = options.fields;
    if (!options.index) return true;
    return buildIndex(path, options, error);
}

bool Database::open(std::unique_ptr<pgn::Text> text, const std::string &path, const OpenOptions &options,
                    std::string *error)
{
    close();
    if (!text) {
        if (error) *error = "cannot open " + path;
        return false;
    }
    m_text = std::move(text);
    m_path = path;
    m_fields = options.fields;
    if (!options.index) return true;
    return buildIndex(path, options, error);
}

bool Database::openText(std::string text, const std::string &name, const OpenOptions &options, std::string *error)
{
    close();
    m_text = pgn::Text::fromString(std::move(text));
    m_path = name;
    m_fields = options.fields;
    if (!options.index) return true;
    return buildIndex(name, options, error);
}

bool Database::index(const OpenOptions &options, std::string *error)
{
    if (m_indexed) return true;
    if (!m_text) {
        if (error) *error = "no database open";
        return false;
    }
    m_entries.clear();
    m_fieldPool.clear();
    m_fields = options.fields;
    return buildIndex(m_path, options, error);
}

void Database::appendEntry(const GameEntry &entry, const std::string_view (&fields)[FieldCount])
{
    GameEntry e = entry;
    e.fields = m_fieldPool.size();
    for (int f = 0; f < FieldCount; ++f)
        if (m_fields & (1u << f)) appendField(m_fieldPool, fields[f]);
    m_entries.push_back(e);
}

namespace {

// Line breaks as the reader counts them: CR LF, a lone CR and a lone LF are
// one each. The text read is noted every few megabytes (a mapped text gives
// its pages back).
int64_t lineBreaks(std::string_view s, const pgn::Text &text)
{
    int64_t n = 0;
    constexpr size_t Step = size_t(4) << 20;
    for (size_t i = 0; i < s.size(); ++i) {
        if (s[i] == '\r')
            ++n;
        else if (s[i] == '\n' && (i == 0 || s[i - 1] != '\r'))
            ++n;
        if (i % Step == Step - 1) text.noteRead(Step);
    }
    text.noteRead(s.size() % Step);
    return n;
}

// Where a piece of the text can start: a '[' opening a line after a blank
// line (the usual place of a game's first tag), at or after `from`.
size_t likelyGameStart(std::string_view all, size_t from)
{
    for (size_t p = from; (p = all.find("\n\n[", p)) != std::string_view::npos; ++p) {
        const size_t tag = p + 2;
        if (tag + 1 < all.size()
            && ((all[tag + 1] >= 'A' && all[tag + 1] <= 'Z') || (all[tag + 1] >= 'a' && all[tag + 1] <= 'z')))
            return tag;
    }
    return std::string_view::npos;
}

struct Piece {
    size_t begin = 0, end = 0;
    std::vector<GameEntry> entries;
    std::string pool;
    uint64_t stray = 0;
    int64_t lines = 0;
};

} // namespace

bool Database::buildIndexParallel(const OpenOptions &options, unsigned threads)
{
    const std::string_view all = m_text->view();
    std::vector<size_t> cuts{0};
    for (unsigned k = 1; k < threads; ++k) {
        size_t at = likelyGameStart(all, std::max(cuts.back() + 1, all.size() / threads * k));
        if (at == std::string_view::npos) break;
        cuts.push_back(at);
    }
    cuts.push_back(all.size());
    if (cuts.size() < 3) return false;
    std::vector<Piece> pieces(cuts.size() - 1);
    std::atomic<uint64_t> done{0};
    auto work = [&](size_t j) {
        Piece &piece = pieces[j];
        piece.begin = cuts[j];
        piece.end = cuts[j + 1];
        const std::string_view text = all.substr(piece.begin, piece.end - piece.begin);
        piece.lines = lineBreaks(text, *m_text);
        piece.entries.reserve(text.size() / 500 + 16);
        piece.pool.reserve(text.size() / 8 + 64);
        IndexVisitor visitor(piece.entries, piece.pool, options.countPlies, m_fields);
        pgn::Reader reader;
        reader.resetText(text);
        uint64_t reported = 0;
        while (reader.readGame(visitor)) {
            piece.entries.back().length = reader.lastGameEnd() - piece.entries.back().offset;
            if ((piece.entries.size() & 255) == 0) {
                if (options.cancel && options.cancel->load(std::memory_order_relaxed)) return;
                const uint64_t pos = reader.position();
                done.fetch_add(pos - reported, std::memory_order_relaxed);
                m_text->noteRead(pos - reported);
                reported = pos;
            }
        }
        done.fetch_add(text.size() - reported, std::memory_order_relaxed);
        m_text->noteRead(text.size() - reported);
        piece.stray = visitor.stray;
    };
    std::atomic<size_t> finished{0};
    std::vector<std::thread> workers;
    for (size_t j = 1; j < pieces.size(); ++j)
        workers.emplace_back([&, j] {
            work(j);
            finished.fetch_add(1);
        });
    work(0);
    while (options.progress && finished.load() + 1 < pieces.size()) {
        options.progress(Progress{Progress::Indexing, done.load(), all.size(), 0});
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    for (auto &w : workers)
        w.join();
    if (options.cancel && options.cancel->load(std::memory_order_relaxed)) return true; // the caller sees the flag
    // Each piece's last game was read up to the piece's end; in the whole text
    // the reader must end it at the same place and start the next game
    // exactly at the cut. Read it again from the whole text to know.
    for (size_t j = 0; j + 1 < pieces.size(); ++j) {
        Piece &piece = pieces[j];
        if (piece.entries.empty()) return false;
        const GameEntry last = piece.entries.back();
        const size_t start = piece.begin + size_t(last.offset);
        std::vector<GameEntry> again;
        std::string pool;
        IndexVisitor visitor(again, pool, options.countPlies, m_fields);
        pgn::Reader reader;
        reader.resetText(all.substr(start));
        if (!reader.readGame(visitor)) return false;
        again.back().length = reader.lastGameEnd() - again.back().offset;
        if (!reader.readGame(visitor) || start + again[1].offset != piece.end || again[0].length != last.length
            || again[0].plies != last.plies || again[0].errors != last.errors)
            return false;
    }
    // Join the pieces: offsets, lines and field positions become the whole text's.
    int64_t linesBefore = 0;
    uint64_t stray = 0;
    // Each piece is freed once joined: the index is never held twice over.
    size_t entryCount = 0, poolBytes = 0;
    for (const Piece &piece : pieces) {
        entryCount += piece.entries.size();
        poolBytes += piece.pool.size();
    }
    m_entries.reserve(entryCount);
    m_fieldPool.reserve(poolBytes);
    for (Piece &piece : pieces) {
        const uint64_t poolBase = m_fieldPool.size();
        for (GameEntry e : piece.entries) {
            e.offset += piece.begin;
            e.line = uint32_t(int64_t(e.line) + linesBefore);
            e.fields += poolBase;
            m_entries.push_back(e);
        }
        m_fieldPool += piece.pool;
        linesBefore += piece.lines;
        stray += piece.stray;
        std::vector<GameEntry>().swap(piece.entries);
        std::string().swap(piece.pool);
    }
    m_stats.strayErrors = stray;
    m_stats.indexPieces = unsigned(pieces.size());
    return true;
}

bool Database::buildIndex(const std::string &name, const OpenOptions &options, std::string *error)
{
    auto t0 = std::chrono::steady_clock::now();
    const std::string_view all = m_text->view();
    const unsigned threads = options.threads ? options.threads : std::max(1u, std::thread::hardware_concurrency());
    // Pieces count their lines by line breaks; a text with a cut game also has
    // lines only the reader's skip marker knows of, so it is read in one piece.
    if (threads > 1 && all.size() >= options.parallelMinBytes && all.size() >= 2 && !m_text->cut()) {
        if (buildIndexParallel(options, threads)) {
            if (options.cancel && options.cancel->load(std::memory_order_relaxed)) {
                close();
                if (error) *error = "cancelled";
                return false;
            }
            m_stats.indexSeconds = secondsSince(t0);
            m_indexed = true;
            if (options.progress)
                options.progress(Progress{Progress::Indexing, all.size(), all.size(), m_entries.size()});
            return true;
        }
        m_entries.clear();
        m_fieldPool.clear();
    }
    // Roughly one game per 600 bytes in real files.
    m_entries.reserve(all.size() / 500 + 16);
    m_fieldPool.reserve(all.size() / 8 + 64);
    IndexVisitor visitor(m_entries, m_fieldPool, options.countPlies, m_fields);
    pgn::Reader reader;
    reader.resetText(all);
    uint64_t nextReport = 0, noted = 0;
    const uint64_t step = std::max<uint64_t>(all.size() / 200, 1 << 20);
    while (reader.readGame(visitor)) {
        if ((m_entries.size() & 255) == 0) {
            if (options.cancel && options.cancel->load(std::memory_order_relaxed)) {
                close();
                if (error) *error = "cancelled";
                return false;
            }
            uint64_t pos = reader.position();
            m_text->noteRead(pos - noted);
            noted = pos;
            if (options.progress && pos >= nextReport) {
                nextReport = pos + step;
                options.progress(Progress{Progress::Indexing, pos, all.size(), m_entries.size()});
            }
        }
        // The game ends where the reader stopped for it; the space after it belongs to no game.
        m_entries.back().length = reader.lastGameEnd() - m_entries.back().offset;
    }
    if (options.cancel && options.cancel->load(std::memory_order_relaxed)) {
        close();
        if (error) *error = "cancelled";
        return false;
    }
    (void)name;
    m_text->noteRead(all.size() - noted);
    m_stats.strayErrors = visitor.stray;
    m_stats.indexSeconds = secondsSince(t0);
    m_indexed = true;
    if (options.progress) options.progress(Progress{Progress::Indexing, all.size(), all.size(), m_entries.size()});
    return true;
}

struct IndexStream::Impl {
    const Database &database;
    std::vector<GameEntry> entries;
    std::string pool;
    IndexVisitor visitor{entries, pool, true, AllFields};
    pgn::Reader reader;
    uint64_t noted = 0;
    explicit Impl(const Database &d) : database(d) { reader.resetText(d.text()); }
};

IndexStream::IndexStream(const Database &database) : m(std::make_unique<Impl>(database)) {}
IndexStream::~IndexStream() = default;

uint64_t IndexStream::position() const { return m->reader.position(); }

size_t IndexStream::read(size_t maxGames, std::vector<GameEntry> &entries, std::vector<std::string_view> &fields,
                         std::string &pool)
{
    m->entries.swap(entries);
    m->pool.swap(pool);
    m->entries.clear();
    m->pool.clear();
    while (m->entries.size() < maxGames && m->reader.readGame(m->visitor))
        m->entries.back().length = m->reader.lastGameEnd() - m->entries.back().offset;
    const uint64_t pos = m->reader.position();
    m->database.noteRead(pos - m->noted);
    m->noted = pos;
    // The pool holds each field as (uint16 length, bytes); views are made once it has stopped growing.
    fields.clear();
    for (GameEntry &e : m->entries) {
        const char *p = m->pool.data() + e.fields;
        e.fields = fields.size();
        for (int f = 0; f < FieldCount; ++f)
            fields.push_back(nextField(p));
    }
    entries.swap(m->entries);
    pool.swap(m->pool);
    return entries.size();
}

std::string_view Database::field(size_t index, Field f) const
{
    if (m_lent) return m_lent->field(index, f);
    if (!(m_fields & fieldBit(f))) return {};
    const char *p = m_fieldPool.data() + m_entries[index].fields;
    for (int i = 0;; ++i) {
        if (!(m_fields & (1u << i))) continue;
        const std::string_view v = nextField(p);
        if (i == int(f)) return v;
    }
}

std::string_view Database::gameText(size_t index) const
{
    const GameEntry e = entry(index);
    m_text->noteRead(e.length);
    return text().substr(size_t(e.offset), size_t(e.length));
}

pgn::Location Database::origin(size_t index) const
{
    const GameEntry e = entry(index);
    return pgn::Location{int(e.line), int(e.column), e.offset};
}

bool Database::loadGame(size_t index, game::Game &out, game::GameParser &parser,
                        const game::BuildOptions &options) const
{
    if (index >= size()) return false;
    return parser.parse(gameText(index), number(index), origin(index), out, options);
}

bool Database::loadGame(size_t index, game::Game &out, const game::BuildOptions &options) const
{
    game::GameParser parser;
    return loadGame(index, out, parser, options);
}

std::vector<Batch> Database::batches(size_t targetBytes) const
{
    std::vector<Batch> out;
    targetBytes = std::max<size_t>(targetBytes, 1);
    size_t first = 0;
    uint64_t bytes = 0;
    const size_t n = size();
    for (size_t i = 0; i < n; ++i) {
        bytes += entry(i).length;
        if (bytes >= targetBytes) {
            out.push_back({first, i + 1});
            first = i + 1;
            bytes = 0;
        }
    }
    if (first < n) out.push_back({first, n});
    return out;
}

} // namespace db
