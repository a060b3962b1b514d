// Matched games as PGN with CQL's comments.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "output.h"

#include <algorithm>

namespace search {

std::string sortText(const cql::SortValue &value, size_t index)
{
    std::string s = value.title.empty() ? "<sort-id-" + std::to_string(index + 1) + ">" : value.title;
    s += ": ";
    s += std::to_string(value.value);
    return s;
}

pgn::ExtraComments matchComments(const game::Game &game, const cql::GameResult &result)
{
    pgn::ExtraComments extra;
    extra.reserve(result.comments.size() + 1);
    std::string root = "Game number " + std::to_string(game.number);
    // A node's texts so far, to drop repeats; comments of one node are usually
    // adjacent but need not be (a `find` may comment an earlier position).
    auto seen = [&](game::NodeId node, const std::string &text) {
        for (const auto &[n, t] : extra)
            if (n == node && t == text)
                return true;
        return false;
    };
    std::vector<const std::string *> rootTexts;
    for (const cql::NodeComment &c : result.comments) {
        if (c.text.empty() || c.node >= game.nodes.size())
            continue;
        if (c.node == 0) {
            if (std::none_of(rootTexts.begin(), rootTexts.end(), [&](const std::string *t) { return *t == c.text; }))
                rootTexts.push_back(&c.text);
            continue;
        }
        if (!seen(c.node, c.text))
            extra.emplace_back(c.node, c.text);
    }
    for (const std::string *t : rootTexts) {
        root += ' ';
        root += *t;
    }
    // Two spaces before the sort texts, as the reference engine writes them.
    for (size_t i = 0; i < result.sortValues.size(); ++i) {
        root += i == 0 ? "  " : " ";
        root += sortText(result.sortValues[i], i);
    }
    extra.insert(extra.begin(), {game::NodeId(0), std::move(root)});
    return extra;
}

void writeMatchedGame(std::string &out, const game::Game &game, const cql::GameResult &result,
                      const pgn::WriteOptions &options, size_t gameTextLimit)
{
    pgn::ExtraComments extra = matchComments(game, result);
    pgn::WriteOptions o = options;
    if (gameTextLimit) {
        // The reference drops what a query says at a position when it comes
        // to more than about 4 KB there (seen: 3,160 characters kept, 4,923
        // dropped); so do we in its compatibility mode.
        std::vector<size_t> length(game.nodes.size(), 0);
        for (const auto &[node, text] : extra)
            length[node] += text.size() + 1;
        std::erase_if(extra, [&](const auto &e) { return e.first != 0 && length[e.first] > ReferenceCommentLimit; });
        // The cut falls where the reference engine's would only in its layout.
        o.cqlLayout = true;
        o.textLimit = gameTextLimit;
    }
    if (!result.tagEdits.empty() || !result.removedComments.empty()) {
        // settag and removecomment change what is written, not the game searched.
        game::Game edited = game;
        for (const auto &edit : result.tagEdits) {
            // Not a structured binding: clang before 16 cannot capture one in the lambda.
            const std::string &name = edit.first, &value = edit.second;
            auto it = std::find_if(edited.tags.begin(), edited.tags.end(), [&](const auto &t) { return t.first == name; });
            if (it != edited.tags.end())
                it->second = value;
            else
                edited.tags.emplace_back(name, value);
        }
        for (game::NodeId n : result.removedComments)
            if (n < edited.nodes.size())
                edited.nodes[n].comment = edited.nodes[n].preComment = game::NoText;
        pgn::writeGame(out, edited, o, &extra);
    } else {
        pgn::writeGame(out, game, o, &extra);
    }
    // Games are separated by two blank lines, as the reference engine does.
    out += '\n';
}

} // namespace search
