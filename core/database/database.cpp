// Opening and indexing a PGN database; loading games by number.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "database.h"

#include <algorithm>
#include <chrono>
#include <cstring>

namespace db {

namespace {

constexpr const char *FieldNames[FieldCount] = {"White", "Black", "Result", "Event", "Site",
                                                "Date", "Round", "ECO", "WhiteElo", "BlackElo"};

int fieldIndex(std::string_view name)
{
    // The fields are looked up for every tag of every game: switch on length first.
    switch (name.size()) {
    case 3: return name == "ECO" ? 7 : -1;
    case 4: return name == "Site" ? 4 : name == "Date" ? 5 : -1;
    case 5: return name == "White" ? 0 : name == "Black" ? 1 : name == "Event" ? 3 : name == "Round" ? 6 : -1;
    case 6: return name == "Result" ? 2 : -1;
    case 8: return name == "WhiteElo" ? 8 : name == "BlackElo" ? 9 : -1;
    default: return -1;
    }
}

double secondsSince(std::chrono::steady_clock::time_point t0)
{
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

// Header-only pass: tags, the mainline move count, and where each game lies.
class IndexVisitor final : public pgn::Visitor {
public:
    IndexVisitor(std::vector<GameEntry> &entries, std::string &pool, bool countPlies)
        : m_entries(entries), m_pool(pool), m_countPlies(countPlies)
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
        m_plies = 0;
        m_errors = 0;
    }
    void tag(std::string_view name, std::string_view value) override
    {
        int f = fieldIndex(name);
        if (f < 0 || m_len[f])
            return; // the first of duplicate tags wins
        size_t n = std::min<size_t>(value.size(), 0xFFFF);
        m_values[f].assign(value.substr(0, n));
        m_len[f] = 1;
    }
    bool beginMovetext() override { return m_countPlies; }
    pgn::MoveAction move(std::string_view, const pgn::Location &) override
    {
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
        for (int f = 0; f < FieldCount; ++f) {
            uint16_t len = m_len[f] ? uint16_t(m_values[f].size()) : 0;
            m_pool.push_back(char(len & 0xFF));
            m_pool.push_back(char(len >> 8));
            if (len)
                m_pool.append(m_values[f]);
        }
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
    uint32_t m_plies = 0;
    uint32_t m_errors = 0;
    bool m_countPlies = true;
};

} // namespace

const char *fieldName(Field f)
{
    return FieldNames[int(f)];
}

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
}

pgn::Compression Database::compression() const
{
    return m_text ? m_text->compression() : pgn::Compression::None;
}

std::string_view Database::text() const
{
    return m_text ? m_text->view() : std::string_view();
}

size_t Database::indexMemory() const
{
    return m_entries.capacity() * sizeof(GameEntry) + m_fieldPool.capacity();
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
    if (!m_text)
        return false;
    m_stats.loadSeconds = secondsSince(t0);
    m_path = path;
    return buildIndex(path, options, error);
}

bool Database::openText(std::string text, const std::string &name, const OpenOptions &options,
                        std::string *error)
{
    close();
    m_text = pgn::Text::fromString(std::move(text));
    m_path = name;
    return buildIndex(name, options, error);
}

bool Database::buildIndex(const std::string &name, const OpenOptions &options, std::string *error)
{
    auto t0 = std::chrono::steady_clock::now();
    const std::string_view all = m_text->view();
    // Roughly one game per 600 bytes in real files.
    m_entries.reserve(all.size() / 500 + 16);
    m_fieldPool.reserve(all.size() / 8 + 64);
    IndexVisitor visitor(m_entries, m_fieldPool, options.countPlies);
    pgn::Reader reader;
    reader.resetText(all);
    uint64_t nextReport = 0;
    const uint64_t step = std::max<uint64_t>(all.size() / 200, 1 << 20);
    while (reader.readGame(visitor)) {
        if ((m_entries.size() & 255) == 0) {
            if (options.cancel && options.cancel->load(std::memory_order_relaxed)) {
                close();
                if (error)
                    *error = "cancelled";
                return false;
            }
            uint64_t pos = reader.position();
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
        if (error)
            *error = "cancelled";
        return false;
    }
    (void)name;
    m_stats.strayErrors = visitor.stray;
    m_stats.indexSeconds = secondsSince(t0);
    if (options.progress)
        options.progress(Progress{Progress::Indexing, all.size(), all.size(), m_entries.size()});
    return true;
}

std::string_view Database::field(size_t index, Field f) const
{
    const char *p = m_fieldPool.data() + m_entries[index].fields;
    for (int i = 0;; ++i) {
        size_t len = size_t(static_cast<unsigned char>(p[0])) | size_t(static_cast<unsigned char>(p[1])) << 8;
        if (i == int(f))
            return std::string_view(p + 2, len);
        p += 2 + len;
    }
}

std::string_view Database::gameText(size_t index) const
{
    const GameEntry &e = m_entries[index];
    return text().substr(size_t(e.offset), size_t(e.length));
}

pgn::Location Database::origin(size_t index) const
{
    const GameEntry &e = m_entries[index];
    return pgn::Location{int(e.line), int(e.column), e.offset};
}

bool Database::loadGame(size_t index, game::Game &out, game::GameParser &parser,
                        const game::BuildOptions &options) const
{
    if (index >= m_entries.size())
        return false;
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
    for (size_t i = 0; i < m_entries.size(); ++i) {
        bytes += m_entries[i].length;
        if (bytes >= targetBytes) {
            out.push_back({first, i + 1});
            first = i + 1;
            bytes = 0;
        }
    }
    if (first < m_entries.size())
        out.push_back({first, m_entries.size()});
    return out;
}

} // namespace db
