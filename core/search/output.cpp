// Matched games as PGN with CQL's comments.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "output.h"

#include <algorithm>
#include <cstdint>
#include <iterator>
#include <numeric>
#include <span>

namespace search {

std::string sortText(const cql::SortValue &value, size_t index)
{
    std::string s = value.title.empty() ? "<sort-id-" + std::to_string(index + 1) + ">" : value.title;
    s += ": ";
    s += !value.bound ? "none" : value.isText ? value.text : std::to_string(value.value);
    return s;
}

pgn::ExtraComments matchComments(const game::Game &game, const cql::GameResult &result, std::string_view numberText)
{
    pgn::ExtraComments extra;
    extra.reserve(result.comments.size() + 2);
    // A bughouse board is searched as a game: its letter says which.
    extra.emplace_back(game::NodeId(0),
                       "Game number " + (numberText.empty() ? std::to_string(game.number) : std::string(numberText))
                           + (game.board ? std::string(" board ") + game.board : std::string()));
    // A node's texts so far, to drop repeats; comments of one node are usually
    // adjacent but need not be (a `find` may comment an earlier position).
    // Each node's texts are chained, so a game commented at every position
    // is not searched once per comment.
    constexpr uint32_t None = UINT32_MAX;
    pgn::ExtraComments later;
    later.reserve(result.comments.size());
    std::vector<uint32_t> lastAt(game.nodes.size(), None); // per node, its last text in `later`
    std::vector<uint32_t> previous;                        // per text of `later`, the one before at its node
    previous.reserve(result.comments.size());
    auto seen = [&](game::NodeId node, const std::string &text) {
        if (node == 0) return std::any_of(extra.begin(), extra.end(), [&](const auto &e) { return e.second == text; });
        for (uint32_t k = lastAt[node]; k != None; k = previous[k])
            if (later[k].second == text) return true;
        return false;
    };
    for (const cql::NodeComment &c : result.comments) {
        if (c.text.empty() || c.node >= game.nodes.size() || seen(c.node, c.text)) continue;
        if (c.node == 0) {
            extra.emplace_back(c.node, c.text); // the root's texts stay together, first
        } else {
            previous.push_back(lastAt[c.node]);
            lastAt[c.node] = uint32_t(later.size());
            later.emplace_back(c.node, c.text);
        }
    }
    // Two spaces before the sort texts, as the reference engine writes them.
    std::string sorts;
    for (size_t i = 0; i < result.sortValues.size(); ++i) {
        if (result.sortValues[i].quiet) continue; // sort quiet: sorts, but is not written
        sorts += ' ';
        sorts += sortText(result.sortValues[i], i);
    }
    if (!sorts.empty()) extra.emplace_back(game::NodeId(0), std::move(sorts));
    extra.insert(extra.end(), std::make_move_iterator(later.begin()), std::make_move_iterator(later.end()));
    return extra;
}

void limitCommentsLikeReference(const game::Game &game, const cql::GameResult &result, pgn::ExtraComments &extra)
{
    static constexpr std::string_view Mark = "[cql truncate]...";
    // The texts' indices by node, each node's in their order (one allocation
    // a game, not one per commented node).
    std::vector<size_t> order(extra.size());
    std::iota(order.begin(), order.end(), size_t(0));
    std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return extra[a].first < extra[b].first; });
    std::vector<bool> drop(extra.size(), false);
    for (size_t from = 0, to = 0; from < order.size(); from = to) {
        const game::NodeId n = extra[order[from]].first;
        while (to < order.size() && extra[order[to]].first == n)
            ++to;
        const std::span<const size_t> texts(order.data() + from, to - from);
        const game::Node &node = game.nodes[n];
        size_t original = game.text(node.comment).size() + (n == 0 ? game.text(node.preComment).size() : 0);
        // The texts' own lengths count towards the limits, not their separators.
        size_t total = original, written = 0, kept = 0;
        bool cut = false;
        for (size_t i : texts) {
            size_t size = extra[i].second.size();
            if (total + size > ReferenceCommentHardLimit) break;
            if (total + size > ReferenceCommentLimit) {
                cut = true;
                written += Mark.size();
                break;
            }
            written += (total > 0 ? 1 : 0) + size;
            total += size;
            ++kept;
        }
        bool removed =
            std::find(result.removedComments.begin(), result.removedComments.end(), n) != result.removedComments.end();
        // The comment as written, spaces included, is checked once more: past
        // the limit, none of it is written ("Game number N" at the start neither).
        if ((removed ? 0 : original) + written > ReferenceCommentLimit) kept = 0, cut = false;
        for (size_t k = kept; k < texts.size(); ++k)
            drop[texts[k]] = true;
        if (cut && kept > 0)
            extra[texts[kept - 1]].second += Mark;
        else if (cut)
            drop[texts[0]] = false, extra[texts[0]].second = std::string(Mark);
    }
    size_t next = 0;
    for (size_t i = 0; i < extra.size(); ++i) {
        if (drop[i]) continue;
        if (next != i) extra[next] = std::move(extra[i]);
        ++next;
    }
    extra.resize(next);
}

void writeMatchedGame(std::string &out, const game::Game &game, const cql::GameResult &result,
                      const pgn::WriteOptions &options, size_t gameTextLimit, std::string_view numberText)
{
    pgn::ExtraComments extra = matchComments(game, result, numberText);
    pgn::WriteOptions o = options;
    if (gameTextLimit) {
        limitCommentsLikeReference(game, result, extra);
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
            auto it =
                std::find_if(edited.tags.begin(), edited.tags.end(), [&](const auto &t) { return t.first == name; });
            if (it != edited.tags.end())
                it->second = value;
            else
                edited.tags.emplace_back(name, value);
        }
        for (game::NodeId n : result.removedComments)
            if (n < edited.nodes.size()) edited.nodes[n].comment = edited.nodes[n].preComment = game::NoText;
        pgn::writeGame(out, edited, o, &extra);
    } else {
        pgn::writeGame(out, game, o, &extra);
    }
    // Games are separated by two blank lines, as the reference engine does.
    out += '\n';
}

} // namespace search
