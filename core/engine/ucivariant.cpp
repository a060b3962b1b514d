// UCI_Variant names and what an engine's announcement of them allows (ucivariant.h).
// SPDX-License-Identifier: GPL-3.0-or-later
#include "engine/ucivariant.h"

#include <algorithm>
#include <cctype>

namespace engine {

std::string_view uciVariantName(chess::Variant v)
{
    switch (v) {
    case chess::Variant::Standard: return "chess";
    case chess::Variant::ThreeCheck: return "3check";
    case chess::Variant::KingOfTheHill: return "kingofthehill";
    // Fairy-Stockfish's "giveaway" allows castling; lichess Antichess does not.
    case chess::Variant::Antichess: return "antichess";
    case chess::Variant::Crazyhouse: return "crazyhouse";
    }
    return "chess";
}

std::vector<std::string> uciVariantValues(std::string_view line)
{
    std::vector<std::string> words;
    for (size_t i = 0; i < line.size();) {
        while (i < line.size() && (line[i] == ' ' || line[i] == '\t'))
            ++i;
        size_t e = i;
        while (e < line.size() && line[e] != ' ' && line[e] != '\t')
            ++e;
        if (e > i) words.emplace_back(line.substr(i, e - i));
        i = e;
    }
    std::vector<std::string> values;
    if (words.size() < 5 || words[0] != "option" || words[1] != "name" || words[3] != "type") return values;
    std::string name = words[2];
    std::transform(name.begin(), name.end(), name.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    if (name != "uci_variant") return values;
    for (size_t i = 4; i + 1 < words.size(); ++i)
        if (words[i] == "var") values.push_back(words[++i]);
    return values;
}

std::string variantProblem(chess::Variant v, const std::vector<std::string> &engineVariants,
                           std::string_view engineName)
{
    if (v == chess::Variant::Standard) return {};
    const std::string_view want = uciVariantName(v);
    if (std::find(engineVariants.begin(), engineVariants.end(), want) != engineVariants.end()) return {};
    return "the engine '" + std::string(engineName) + "' does not play " + std::string(chess::variantName(v))
        + " (it offers no UCI_Variant '" + std::string(want)
        + "'); choose an engine that does, such as Fairy-Stockfish";
}

} // namespace engine
