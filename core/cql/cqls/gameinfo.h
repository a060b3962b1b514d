// CQL-S match list keywords read from the tags Scidb writes into PGN games: :timemode (with its derivation from TimeControl and Mode), :gender, the rating systems' tags;
// and those about the game data: :hasspecialmarker, :error, :comment.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "cql/cqls/designators.h"
#include "cql/filter.h"
#include "database/playerbase.h"

#include <memory>

#include <string>
#include <string_view>
#include <vector>

namespace cql::cqls {

enum class TimeMode { Unknown, Normal, Rapid, Blitz, Bullet, Corr };

// The :timemode word for a mode ("unknown", "normal", ...), and back; false
// for a word that names no mode.
std::string_view timeModeName(TimeMode m);
bool timeModeFromName(std::string_view lowerName, TimeMode &out);

// Seconds a player has for the first 60 moves under a PGN TimeControl value
// (PGN standard 9.6: "40/7200:3600", "300+2", "*180"); -1 when the value
// tells nothing ("?", "-", "", malformed).
long long secondsForSixtyMoves(std::string_view timeControl);

// The time mode a TimeControl value gives: at least a day per move on
// average (60 days for 60 moves) corr, under 3 minutes bullet, up to 10
// minutes blitz, under 60 minutes rapid, else normal; unknown when the value
// tells nothing.
TimeMode timeModeOfControl(std::string_view timeControl);

// A game's time mode: its TimeMode tag when that names a mode; else corr for
// the correspondence modes of the Mode tag (PM paper mail, EM e-mail); else
// what TimeControl gives.
TimeMode timeModeOf(const game::Game &g);

// A player's gender from WhiteSex/BlackSex: 'm' for "m", 'f' for "f" or "w"
// (any case), 'x' (unknown) for anything else or no tag.
char genderOf(const game::Game &g, bool white);

// The PGN tag suffix a rating system's ratings are read from (White<suffix>,
// Black<suffix>), for a system name in upper case as the match list page names
// it; "" when it is no system. ACF, Blitz and Edo, which Scidb writes no tag for,
// are read from WhiteACF, WhiteBlitz, WhiteEdo (and Black...).
std::string_view ratingTagSuffix(std::string_view upperSystem);

// :timemode normal,corr: the game's time mode is one of these.
class TimeModeFilter : public InvariantFilter<TimeModeFilter>, public TagsOnlyFilter {
public:
    explicit TimeModeFilter(std::vector<TimeMode> modes) : m_modes(std::move(modes)) {}
    bool match(Ctx &ctx) const override { return matchesTags(*ctx.game); }
    bool matchesTags(const game::Game &g) const override;

private:
    std::vector<TimeMode> m_modes;
};

// :gender f / :whitegender m / :blackgender x: side 0 either player, 1 White, 2 Black;
// genders as genderOf gives them.
class GenderFilter : public InvariantFilter<GenderFilter>, public TagsOnlyFilter {
public:
    GenderFilter(int side, std::string genders) : m_side(side), m_genders(std::move(genders)) {}
    bool match(Ctx &ctx) const override { return matchesTags(*ctx.game); }
    bool matchesTags(const game::Game &g) const override;

private:
    int m_side;
    std::string m_genders; // of 'f', 'm', 'x'
};

// :hasspecialmarker illegalmove,invalidmove and :error none,cannotdecodemove:
// what reading the game found. An illegal move is a move the rules forbid
// (or an ambiguous one); an invalid move is text that names no move ("Nf9").
// The game is kept up to such a move, so it is found in the games it spoils.
class GameDefectFilter : public InvariantFilter<GameDefectFilter> {
public:
    // Deleted: Scid's deletion flag (see gameMarkersOf), the one special marker a PGN game carries.
    enum : unsigned { IllegalMove = 1, InvalidMove = 2, Deleted = 4 };
    // clean: also a game read without any problem; defects: any of these.
    GameDefectFilter(bool clean, unsigned defects) : m_clean(clean), m_defects(defects) {}
    bool match(Ctx &ctx) const override;

private:
    bool m_clean;
    unsigned m_defects;
};

// Scidb's game markers, as letters of its list (w b m e N p T K Q ! ? U * D G
// S ^ ~ = M P), and whether the game is marked deleted, read from the tag Scid
// writes its game flags into (ScidFlags, letters in any case: D deleted, W B M E
// N P T K Q ! ? U, 1-6 its custom flags). Scidb keeps the same flags in the same
// bits, Scid's custom flags 1-6 in those of * D G S ^ ~; = M P have no Scid flag.
std::string gameMarkersOf(const game::Game &g, bool *deleted = nullptr);
// The marker letters of Scidb's list.
std::string_view gameMarkerLetters();

// :hasmarker w,b: the game has one of these markers; no markers: any marker.
class GameMarkerFilter : public InvariantFilter<GameMarkerFilter>, public TagsOnlyFilter {
public:
    explicit GameMarkerFilter(std::string markers) : m_markers(std::move(markers)) {}
    bool match(Ctx &ctx) const override { return matchesTags(*ctx.game); }
    bool matchesTags(const game::Game &g) const override;

private:
    std::string m_markers;
};

// The languages a comment has text in, as Scidb writes them into PGN: "<de> "
// (a two-letter code in angle brackets, then a space) starts a language's part,
// and text before the first such mark is language independent (""); or its HTML
// form, <html>...<lang id="de">...</lang>...</html>. A comment without marks
// is language independent. Parts with only spaces (and tags) are left out.
std::vector<std::string> commentLanguages(std::string_view comment);

// :hascomments de,en,xx,yy: some comment has text in one of these languages;
// "xx" language independent, "yy" any language but English (not independent).
class CommentLanguageFilter : public InvariantFilter<CommentLanguageFilter> {
public:
    explicit CommentLanguageFilter(std::vector<std::string> codes) : m_codes(std::move(codes)) {}
    bool match(Ctx &ctx) const override;

private:
    std::vector<std::string> m_codes;
};

// :birthyear / :whitebirthyear / :blackbirthyear and the :...deathyear
// forms: the player's year as the player base gives it is in the range (for
// the plain forms, either player's). A player the base does not know, or a
// year it does not give, is no year: only '–' matches it.
class PlayerYearFilter : public InvariantFilter<PlayerYearFilter> {
public:
    enum Side { Either, White, Black };
    PlayerYearFilter(Side side, bool death, Range range, std::shared_ptr<const database::PlayerBase> base)
        : m_side(side), m_death(death), m_range(range), m_base(std::move(base))
    {
    }
    bool match(Ctx &ctx) const override;

private:
    Side m_side;
    bool m_death;
    Range m_range;
    std::shared_ptr<const database::PlayerBase> m_base;
};

// :comment "pattern": some comment of the game has a part the pattern matches.
class CommentPatternFilter : public InvariantFilter<CommentPatternFilter> {
public:
    explicit CommentPatternFilter(std::string pattern) : m_pattern("*" + pattern + "*") {}
    bool match(Ctx &ctx) const override;

private:
    std::string m_pattern;
};

// Game information of the match list: players, event, site (a sub-string,
// case-insensitive), ply count, round, ECO ranges, and whether the game has
// variations, comments or NAGs.
class GameInfoFilter : public InvariantFilter<GameInfoFilter>, public TagsOnlyFilter {
public:
    enum Kind { PlyCount, Round, Eco, HasVariations, HasComments, HasAnnotation };
    GameInfoFilter(Kind k, Range r = {}, std::vector<std::pair<int, int>> eco = {})
        : m_kind(k), m_range(r), m_eco(std::move(eco))
    {
    }
    bool match(Ctx &ctx) const override;
    bool matchesTags(const game::Game &g) const override { return matchesGame(g); }
    bool readsTagsOnly() const override { return m_kind == Round || m_kind == Eco; }

private:
    bool matchesGame(const game::Game &g) const;
    Kind m_kind;
    Range m_range;
    std::vector<std::pair<int, int>> m_eco; // ECO codes as 0..499 (A00 = 0), inclusive ranges; empty with Eco: any
};

// :date: the game's date (YYYY.MM.DD, unknown parts as 0) in a range of
// dates written as numbers YYYYMMDD.
class DateFilter : public InvariantFilter<DateFilter>, public TagsOnlyFilter {
public:
    explicit DateFilter(Range r) : m_range(r) {}
    bool match(Ctx &ctx) const override { return matchesTags(*ctx.game); }
    bool matchesTags(const game::Game &g) const override;

private:
    Range m_range;
};

// The number of a game's start arrangement as the match list page counts
// them: 0 not a Shuffle Chess position, 1-960 Chess960 (518 the standard
// one, all castling rights), 961-1920 king right of both rooks, 1921-2880
// king left of them, 2881-3840 a Chess960 arrangement without castling rights.
int startPositionNumber(const chess::Position &p);

// :variant a,b: the game is played under one of these rules (bit 1 << Variant).
class GameVariantFilter : public InvariantFilter<GameVariantFilter> {
public:
    // The bit of Bughouse among the chess::Variant bits: each board of a
    // Bughouse game is searched as a game of its own under Crazyhouse rules,
    // and is selected by `bughouse`, not by `crazyhouse`.
    static constexpr unsigned Bughouse = 1u << 8;
    explicit GameVariantFilter(unsigned variants) : m_variants(variants) {}
    bool match(Ctx &ctx) const override
    {
        if (ctx.game->board) return (m_variants & Bughouse) != 0;
        return (m_variants >> unsigned(ctx.game->variant())) & 1u;
    }

private:
    unsigned m_variants;
};

// :startposition 518,1-960,*: the game's start arrangement is one of these.
class StartPositionFilter : public InvariantFilter<StartPositionFilter> {
public:
    StartPositionFilter(std::vector<std::pair<int, int>> ranges, bool anyShuffle)
        : m_ranges(std::move(ranges)), m_anyShuffle(anyShuffle)
    {
    }
    bool match(Ctx &ctx) const override;

private:
    std::vector<std::pair<int, int>> m_ranges;
    bool m_anyShuffle;
};

} // namespace cql::cqls
