// The match list's PGN-tag keywords (:tag, :annotator, :title, :rating, ...).
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "cql/cqls/designatorfilters.h"
#include "cql/filter.h"
#include "cql/sets.h"
#include "cql/cqls/designators.h"
#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace cql::cqls {

// Game facts read from PGN tags. Each kind reads its tags as the match list
// page describes the keyword; a game without the tag does not match (unless
// the keyword asks for the missing value: 'None', 'x', round 0).
// The text in lower case (ASCII letters).
std::string lowerCase(std::string_view s);

// The leading decimal number of a tag value ("12.3": 12), saturating; false when it starts with no digit.
bool tagNumber(std::string_view s, long long &v);

// The n digits of s from `at` as a number; false when s has fewer or another character there.
bool digitsAt(std::string_view s, size_t at, size_t n, long long &v);

// Glob match, case-insensitive: '*' any text (also none), '?' one character.
bool globMatch(std::string_view pattern, std::string_view value);

// The :eventmode name of a Mode tag value ("ICS" -> "internet"); "unknown" for others.
std::string_view eventModeOf(std::string_view modeTag);

// The :termination name of a Termination tag value ("Time forfeit" -> "timeforfeit"); "unknown" for others.
std::string_view terminationOf(std::string_view terminationTag);

class TagInfoFilter : public InvariantFilter<TagInfoFilter>, public TagsOnlyFilter {
public:
    enum Kind {
        Tag,               // :tag NAME [value]: a tag other than the seven-tag roster
        Annotator,         // :annotator name
        EventDate,         // :eventdate range of years
        EventType,         // :eventtype tourn,swiss (EventType tag)
        EventCountry,      // :eventcountry GER,NED (EventCountry tag)
        Title,             // :title GM,IM (WhiteTitle/BlackTitle), side 0 either, 1 white, 2 black
        Country,           // :country (WhiteCountry/BlackCountry)
        Computer,          // :iscomputer (WhiteType/BlackType "program")
        Human,             // :ishuman
        Rating,            // :rating ELO|USCF range (WhiteElo, WhiteUSCF, ...)
        AverageRating,     // :averagerating SYSTEM range (one rating alone counts)
        AverageRatingBoth, // :averagerating* (both needed)
        RatingDifference,  // :ratingdifference SYSTEM range (white minus black)
        SubRound,          // :subround range ("3.2": 2; 0 without one)
        Pattern,       // a quoted pattern ('*' any text, '?' one character) the whole value of a tag of values matches
        EventMode,     // :eventmode otb,corr (Mode tag, see eventModeOf)
        Termination,   // :termination normal,timeforfeit (Termination tag, see terminationOf)
        EventCategory, // :eventcategory range (EventCategory tag; 0 without one)
        PlayerId,      // :whiteid / :blackid ids (WhiteFideId / BlackFideId tags)
    };
    struct Spec {
        Kind kind = Tag;
        int side = 0;                    // 0 either player, 1 White, 2 Black
        std::string name;                // tag name (":tag"), rating system
        std::vector<std::string> values; // lower-case words or sub-strings
        bool anyName = false;            // ":tag *"
        bool haveValue = false;
        Range range;
    };
    explicit TagInfoFilter(Spec s) : m_spec(std::move(s)) {}
    bool match(Ctx &ctx) const override { return matchesTags(*ctx.game); }
    bool matchesTags(const game::Game &g) const override;

private:
    Spec m_spec;
};

} // namespace cql::cqls
