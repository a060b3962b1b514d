// A player base: what PGN games do not say about their players (birth and
// death years), read from a spelling file in Scid's format (.ssp), the file
// Scidb builds its player dictionary from. Names are looked up as the PGN
// White/Black tags give them.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace database {

struct PlayerRecord {
    std::string name;  // as the file spells it ("Alekhine, Alexander")
    int birthYear = 0; // 0: not known
    int deathYear = 0; // 0: not known (or alive)
};

class PlayerBase {
public:
    // Reads a spelling file (plain, gzip or zstd). Its @PLAYER sections give a
    // player per line, "Name  #titles COUNTRY [elo] birth--death" (dates as
    // YYYY.MM.DD, YYYY or with ?? for the unknown parts), and "= Other, Name"
    // lines the other spellings of the player above. Other sections and lines
    // (%Bio, %Elo, comments) are passed over. Null with error when the file
    // cannot be read or holds no player.
    static std::shared_ptr<const PlayerBase> load(const std::string &path, std::string *error);
    // The same from text; for tests.
    static std::shared_ptr<const PlayerBase> fromText(std::string_view text, const std::string &path = "(text)");

    // The player a PGN name is: its spelling or an alias, ignoring case and the
    // characters the file's @PLAYER line names (default space , . -); else, for
    // a forename given only as an initial ("Alekhine, A."), the only player of
    // that surname whose forename starts with it. Null when none (or several).
    const PlayerRecord *find(std::string_view pgnName) const;

    size_t size() const { return m_players.size(); }
    const std::string &path() const { return m_path; }
    // Player lines whose dates could not be read: how many, and the first.
    size_t badLines() const { return m_badLines; }
    const std::string &firstProblem() const { return m_firstProblem; }

private:
    // A name as compared (lower case, without the ignored characters), kept in
    // m_keys; sorted by hash so that a large file (Scid's has some 300,000
    // players) is one flat array to search, not a node per name.
    struct Key {
        uint64_t hash;
        uint32_t offset, length; // in m_keys
        uint32_t player;
    };
    void parse(std::string_view text);
    void normalize(std::string_view name, std::string &out) const;
    void addKey(std::vector<Key> &to, std::string_view name, uint32_t player);
    template <typename F>
    void forEachKey(const std::vector<Key> &in, std::string_view name, F &&f) const;

    std::string m_path;
    std::string m_ignore = " ,.-";
    std::vector<PlayerRecord> m_players;
    std::string m_keys;
    std::vector<Key> m_names;    // spellings and aliases
    std::vector<Key> m_surnames; // the part before the comma
    size_t m_badLines = 0;
    std::string m_firstProblem;
};

// The player base a query uses when its compile options name none:
// $CQLWB_PLAYERBASE ("" = none).
std::string defaultPlayerBasePath();
// The player base in the file at path, read once and kept while the file
// stays the same (read again when it changes); thread-safe. Null with error
// when path is "" or the file cannot be read.
std::shared_ptr<const PlayerBase> loadPlayerBase(const std::string &path, std::string *error);

} // namespace database
