// SPDX-License-Identifier: GPL-3.0-or-later
#include "playerbase.h"

#include "pgn/input.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <map>
#include <mutex>
#include <sys/stat.h>

namespace database {

namespace {

bool isSpace(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

std::string_view trim(std::string_view s)
{
    while (!s.empty() && isSpace(s.front()))
        s.remove_prefix(1);
    while (!s.empty() && isSpace(s.back()))
        s.remove_suffix(1);
    return s;
}

// The year of "1892.10.31", "1892", "1892.??.??"; 0 for "????" or "", -1 when
// the text is no date at all.
int yearOf(std::string_view d)
{
    if (d.empty()) return 0;
    if (d.size() < 4) return -1;
    int year = 0;
    bool unknown = false;
    for (size_t i = 0; i < 4; ++i) {
        if (d[i] == '?')
            unknown = true;
        else if (d[i] >= '0' && d[i] <= '9')
            year = year * 10 + (d[i] - '0');
        else
            return -1;
    }
    for (size_t i = 4; i < d.size(); ++i)
        if (!(d[i] == '.' || d[i] == '?' || (d[i] >= '0' && d[i] <= '9'))) return -1;
    return unknown ? 0 : year;
}

} // namespace

void PlayerBase::normalize(std::string_view name, std::string &out) const
{
    out.clear();
    for (char c : name)
        if (m_ignore.find(c) == std::string::npos) out += char(std::tolower(static_cast<unsigned char>(c)));
}

namespace {
uint64_t hashOf(std::string_view s)
{
    uint64_t h = 1469598103934665603ULL; // FNV-1a
    for (char c : s)
        h = (h ^ static_cast<unsigned char>(c)) * 1099511628211ULL;
    return h;
}
} // namespace

void PlayerBase::addKey(std::vector<Key> &to, std::string_view name, uint32_t player)
{
    std::string k;
    normalize(name, k);
    if (k.empty()) return;
    to.push_back(Key{hashOf(k), uint32_t(m_keys.size()), uint32_t(k.size()), player});
    m_keys += k;
}

// Calls f(player) for each entry of `in` whose name is `name` (normalized).
template <typename F>
void PlayerBase::forEachKey(const std::vector<Key> &in, std::string_view name, F &&f) const
{
    std::string k;
    normalize(name, k);
    const uint64_t h = hashOf(k);
    auto it = std::lower_bound(in.begin(), in.end(), h, [](const Key &e, uint64_t v) { return e.hash < v; });
    for (; it != in.end() && it->hash == h; ++it)
        if (std::string_view(m_keys).substr(it->offset, it->length) == k)
            if (!f(it->player)) return;
}

void PlayerBase::parse(std::string_view text)
{
    bool inPlayers = false;
    size_t lineNo = 0;
    uint32_t last = UINT32_MAX;
    while (!text.empty()) {
        const size_t nl = text.find('\n');
        std::string_view line = text.substr(0, nl);
        text.remove_prefix(nl == std::string_view::npos ? text.size() : nl + 1);
        ++lineNo;
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        if (lineNo == 1 && line.substr(0, 3) == "\xEF\xBB\xBF") line.remove_prefix(3);
        if (line.empty() || line[0] == '#') continue;
        if (line[0] == '@') {
            inPlayers = line.substr(0, 7) == "@PLAYER";
            last = UINT32_MAX;
            if (inPlayers) {
                // @PLAYER ", .-": the characters names are compared without.
                const size_t q = line.find('"'), q2 = q == std::string_view::npos ? q : line.find('"', q + 1);
                if (q2 != std::string_view::npos) m_ignore = std::string(line.substr(q + 1, q2 - q - 1));
            }
            continue;
        }
        if (!inPlayers || line[0] == '%' || line[0] == '>') continue;
        if (line[0] == '=') {
            if (last != UINT32_MAX) addKey(m_names, trim(line.substr(1)), last);
            continue;
        }
        const size_t hash = line.find('#');
        PlayerRecord r;
        r.name = std::string(trim(line.substr(0, hash)));
        if (r.name.empty()) continue;
        if (hash != std::string_view::npos) {
            // After the titles, countries and [rating]: the dates, birth--death.
            std::string_view rest = line.substr(hash + 1);
            const size_t bracket = rest.find(']');
            std::string_view dates;
            if (bracket != std::string_view::npos) {
                dates = trim(rest.substr(bracket + 1));
            } else {
                // No rating: the dates are the first field that starts like one.
                size_t i = 0;
                while (i < rest.size()) {
                    while (i < rest.size() && isSpace(rest[i]))
                        ++i;
                    size_t j = i;
                    while (j < rest.size() && !isSpace(rest[j]))
                        ++j;
                    std::string_view field = rest.substr(i, j - i);
                    if (!field.empty()
                        && (std::isdigit(static_cast<unsigned char>(field[0])) || field[0] == '?'
                            || field.substr(0, 2) == "--")) {
                        dates = trim(rest.substr(i));
                        break;
                    }
                    i = j;
                }
            }
            if (!dates.empty()) {
                const size_t space = dates.find_first_of(" \t");
                dates = dates.substr(0, space); // anything after the dates is not ours
                const size_t dash = dates.find('-');
                std::string_view birth = dates.substr(0, dash), death;
                if (dash != std::string_view::npos) {
                    death = dates.substr(dash);
                    while (!death.empty() && death.front() == '-')
                        death.remove_prefix(1);
                }
                const int b = yearOf(birth), d = yearOf(death);
                if (b < 0 || d < 0) {
                    if (m_badLines++ == 0)
                        m_firstProblem = "line " + std::to_string(lineNo) + ": '" + std::string(dates)
                            + "' is not a birth--death date";
                } else {
                    r.birthYear = b;
                    r.deathYear = d;
                }
            }
        }
        const uint32_t index = uint32_t(m_players.size());
        m_players.push_back(std::move(r));
        const std::string_view name = m_players.back().name;
        addKey(m_names, name, index);
        if (const size_t comma = name.find(','); comma != std::string_view::npos)
            addKey(m_surnames, name.substr(0, comma), index);
        last = index;
    }
    // Stable: of two players spelled the same, the first in the file is found.
    const auto byHash = [](const Key &a, const Key &b) { return a.hash < b.hash; };
    std::stable_sort(m_names.begin(), m_names.end(), byHash);
    std::stable_sort(m_surnames.begin(), m_surnames.end(), byHash);
}

std::shared_ptr<const PlayerBase> PlayerBase::fromText(std::string_view text, const std::string &path)
{
    auto base = std::make_shared<PlayerBase>();
    base->m_path = path;
    base->parse(text);
    return base;
}

std::shared_ptr<const PlayerBase> PlayerBase::load(const std::string &path, std::string *error)
{
    pgn::FileSource source;
    if (!source.open(path)) {
        if (error) *error = source.error();
        return nullptr;
    }
    std::string text;
    char buffer[1 << 16];
    for (;;) {
        const size_t n = source.read(buffer, sizeof buffer);
        if (n == 0) break;
        text.append(buffer, n);
    }
    if (source.failed()) {
        if (error) *error = source.error();
        return nullptr;
    }
    auto base = fromText(text, path);
    if (base->size() == 0) {
        if (error) *error = path + ": no players (a spelling file has them in a @PLAYER section)";
        return nullptr;
    }
    return base;
}

const PlayerRecord *PlayerBase::find(std::string_view pgnName) const
{
    pgnName = trim(pgnName);
    const PlayerRecord *found = nullptr;
    forEachKey(m_names, pgnName, [&](uint32_t player) {
        found = &m_players[player];
        return false;
    });
    if (found) return found;
    // "Surname, F." or "Surname,F": the one player of that surname with that initial.
    const size_t comma = pgnName.find(',');
    if (comma == std::string_view::npos) return nullptr;
    std::string_view fore = trim(pgnName.substr(comma + 1));
    while (!fore.empty() && fore.back() == '.')
        fore.remove_suffix(1);
    if (fore.size() != 1 || !std::isalpha(static_cast<unsigned char>(fore[0]))) return nullptr;
    const int initial = std::tolower(static_cast<unsigned char>(fore[0]));
    bool ambiguous = false;
    forEachKey(m_surnames, pgnName.substr(0, comma), [&](uint32_t player) {
        const PlayerRecord &r = m_players[player];
        const std::string_view theirs = trim(std::string_view(r.name).substr(r.name.find(',') + 1));
        if (!theirs.empty() && std::tolower(static_cast<unsigned char>(theirs[0])) == initial) {
            if (found) {
                ambiguous = true;
                return false;
            }
            found = &r;
        }
        return true;
    });
    return ambiguous ? nullptr : found;
}

namespace {

// Files read: the last one is kept; the others while some query holds them.
struct Loaded {
    long long stamp = 0; // the file's modification time and size, as read
    std::weak_ptr<const PlayerBase> base;
    std::string error;
};
struct Cache {
    std::mutex mutex;
    std::map<std::string, Loaded> byPath;
    std::shared_ptr<const PlayerBase> last;
};

Cache &cache()
{
    static Cache c;
    return c;
}

} // namespace

std::string defaultPlayerBasePath()
{
    const char *env = std::getenv("CQLWB_PLAYERBASE");
    return env ? env : "";
}

std::shared_ptr<const PlayerBase> loadPlayerBase(const std::string &path, std::string *error)
{
    if (path.empty()) {
        if (error) *error = "no player base is set";
        return nullptr;
    }
    Cache &c = cache();
    std::lock_guard<std::mutex> lock(c.mutex);
    // Read again when the file changed (or could not be read before and may now).
    struct stat st {};
    const long long stamp =
        ::stat(path.c_str(), &st) == 0 ? (long long)st.st_mtime * 1000003 + (long long)st.st_size : -1;
    auto [it, added] = c.byPath.try_emplace(path);
    Loaded &l = it->second;
    std::shared_ptr<const PlayerBase> base = l.base.lock();
    if (added || stamp != l.stamp || (!base && stamp != -1)) {
        l.error.clear();
        base = PlayerBase::load(path, &l.error);
        l.base = base;
        l.stamp = stamp;
    }
    if (base) c.last = base;
    if (!base && error) *error = l.error;
    return base;
}

} // namespace database
