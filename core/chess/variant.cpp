// Variant names: lichess's and the other spellings found in PGN files.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "variant.h"

#include <string>

namespace chess {

std::string_view variantName(Variant v)
{
    switch (v) {
    case Variant::ThreeCheck: return "Three-check";
    case Variant::KingOfTheHill: return "King of the Hill";
    case Variant::Antichess: return "Antichess";
    case Variant::Crazyhouse: return "Crazyhouse";
    case Variant::Standard: break;
    }
    return "Standard";
}

std::optional<Variant> parseVariantName(std::string_view name)
{
    // Compared with case and separators dropped, so "Three-check", "three
    // check", "3-check" and "threeCheck" are one name each.
    std::string key;
    for (const char c : name) {
        if (c == ' ' || c == '-' || c == '_' || c == '\t') continue;
        key += (c >= 'A' && c <= 'Z') ? char(c - 'A' + 'a') : c;
    }
    struct Alias {
        const char *key;
        Variant variant;
    };
    // Suicide and giveaway are the same game in most programs (FICS's
    // suicide differs in who wins a stalemate); they are read as Antichess,
    // which is what lichess and python-chess call them. Losers chess is not:
    // its king is royal.
    static constexpr Alias aliases[] = {
        {"threecheck", Variant::ThreeCheck},       {"3check", Variant::ThreeCheck},
        {"3checks", Variant::ThreeCheck},          {"threechecks", Variant::ThreeCheck},
        {"kingofthehill", Variant::KingOfTheHill}, {"koth", Variant::KingOfTheHill},
        {"kingofhill", Variant::KingOfTheHill},    {"antichess", Variant::Antichess},
        {"suicide", Variant::Antichess},           {"giveaway", Variant::Antichess},
        {"crazyhouse", Variant::Crazyhouse},       {"zh", Variant::Crazyhouse},
        {"zhouse", Variant::Crazyhouse},
    };
    for (const Alias &a : aliases)
        if (key == a.key) return a.variant;
    return std::nullopt;
}

} // namespace chess
