// SPDX-License-Identifier: GPL-3.0-or-later
#include "playerbase.h"

#include "pgn/input.h"

#include <cctype>
#include <cstdlib>
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
    if (d.empty())
        return 0;
    if (d.size() < 4)
        return -1;
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
        if (!(d[i] == '.' || d[i] == '?' || (d[i] >= '0' && d[i] <= '9')))
            return -1;
    return unknown ? 0 : year;
}

} // namespace

std::string PlayerBase::key(std::string_view name) const
{
    std::string k;
    k.reserve(name.size());
    for (char c : name) {
        if (m_ignore.find(c) != std::string::npos)
            continue;
        k += char(std::tolower(static_cast<unsigned char>(c)));
    }
    return k;
}

void PlayerBase::addName(std::string_view name, uint32_t index)
{
    std::string k = key(name);
    if (k.empty())
        return;
    m_byKey.emplace(k, index); // the first spelling of a name keeps it
    const size_t comma = name.find(',');
    if (comma != std::string_view::npos) {
        std::vector<uint32_t> &same = m_bySurname[key(name.substr(0, comma))];
        if (same.empty() || same.back() != index)
            same.push_back(index);
    }
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
        if (!line.empty() && line.back() == '\r')
            line.remove_suffix(1);
        if (lineNo == 1 && line.substr(0, 3) == "\xEF\xBB\xBF")
            line.remove_prefix(3);
        if (line.empty() || line[0] == '#')
            continue;
        if (line[0] == '@') {
            inPlayers = line.substr(0, 7) == "@PLAYER";
            last = UINT32_MAX;
            if (inPlayers) {
                // @PLAYER ", .-": the characters names are compared without.
                const size_t q = line.find('"'), q2 = q == std::string_view::npos ? q : line.find('"', q + 1);
                if (q2 != std::string_view::npos)
                    m_ignore = std::string(line.substr(q + 1, q2 - q - 1));
            }
            continue;
        }
        if (!inPlayers || line[0] == '%' || line[0] == '>')
            continue;
        if (line[0] == '=') {
            if (last != UINT32_MAX)
                addName(trim(line.substr(1)), last);
            continue;
        }
        const size_t hash = line.find('#');
        PlayerRecord r;
        r.name = std::string(trim(line.substr(0, hash)));
        if (r.name.empty())
            continue;
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
                    if (!field.empty() && (std::isdigit(static_cast<unsigned char>(field[0])) || field[0] == '?'
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
        addName(m_players.back().name, index);
        last = index;
    }
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
        if (error)
            *error = source.error();
        return nullptr;
    }
    std::string text;
    char buffer[1 << 16];
    for (;;) {
        const size_t n = source.read(buffer, sizeof buffer);
        if (n == 0)
            break;
        text.append(buffer, n);
    }
    if (source.failed()) {
        if (error)
            *error = source.error();
        return nullptr;
    }
    auto base = fromText(text, path);
    if (base->size() == 0) {
        if (error)
            *error = path + ": no players (a spelling file has them in a @PLAYER section)";
        return nullptr;
    }
    return base;
}

const PlayerRecord *PlayerBase::find(std::string_view pgnName) const
{
    pgnName = trim(pgnName);
    if (auto it = m_byKey.find(key(pgnName)); it != m_byKey.end())
        return &m_players[it->second];
    // "Surname, F." or "Surname,F": the one player of that surname with that initial.
    const size_t comma = pgnName.find(',');
    if (comma == std::string_view::npos)
        return nullptr;
    std::string_view fore = trim(pgnName.substr(comma + 1));
    while (!fore.empty() && fore.back() == '.')
        fore.remove_suffix(1);
    if (fore.size() != 1 || !std::isalpha(static_cast<unsigned char>(fore[0])))
        return nullptr;
    auto it = m_bySurname.find(key(pgnName.substr(0, comma)));
    if (it == m_bySurname.end())
        return nullptr;
    const PlayerRecord *found = nullptr;
    for (uint32_t index : it->second) {
        const PlayerRecord &r = m_players[index];
        std::string_view theirs = trim(std::string_view(r.name).substr(r.name.find(',') + 1));
        if (!theirs.empty() && std::tolower(static_cast<unsigned char>(theirs[0])) == std::tolower(static_cast<unsigned char>(fore[0]))) {
            if (found && found != &r)
                return nullptr; // ambiguous
            found = &r;
        }
    }
    return found;
}

namespace {

struct Configured {
    std::mutex mutex;
    bool pathSet = false;
    std::string path;
    std::string loadedPath;
    long long loadedStamp = 0; // the file's modification time and size, as read
    std::shared_ptr<const PlayerBase> base;
    std::string error;
};

Configured &configured()
{
    static Configured c;
    return c;
}

std::string pathLocked(Configured &c)
{
    if (!c.pathSet) {
        const char *env = std::getenv("CQLWB_PLAYERBASE");
        c.path = env ? env : "";
        c.pathSet = true;
    }
    return c.path;
}

} // namespace

void setPlayerBasePath(const std::string &path)
{
    Configured &c = configured();
    std::lock_guard<std::mutex> lock(c.mutex);
    c.path = path;
    c.pathSet = true;
}

std::string playerBasePath()
{
    Configured &c = configured();
    std::lock_guard<std::mutex> lock(c.mutex);
    return pathLocked(c);
}

std::shared_ptr<const PlayerBase> configuredPlayerBase(std::string *error)
{
    Configured &c = configured();
    std::lock_guard<std::mutex> lock(c.mutex);
    const std::string path = pathLocked(c);
    if (path.empty()) {
        if (error)
            *error = "no player base is set";
        return nullptr;
    }
    // Read again when the file changed (or could not be read before and may now).
    struct stat st {};
    const long long stamp = ::stat(path.c_str(), &st) == 0 ? (long long)st.st_mtime * 1000003 + (long long)st.st_size : -1;
    if (path != c.loadedPath || stamp != c.loadedStamp || (!c.base && stamp != -1)) {
        c.error.clear();
        c.base = PlayerBase::load(path, &c.error);
        c.loadedPath = path;
        c.loadedStamp = stamp;
    }
    if (!c.base && error)
        *error = c.error;
    return c.base;
}

} // namespace database
