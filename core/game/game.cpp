// The game tree: clearing for reuse, tags, comment and NAG pools, mainline walks.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "game.h"

namespace game {

void Game::clear()
{
    // Keep the strings' buffers for the next game (the search refills one
    // Game hundreds of thousands of times).
    for (auto &t : tags)
        m_spareTags.push_back(std::move(t));
    tags.clear();
    nodes.clear();
    for (auto &t : texts)
        m_spareTexts.push_back(std::move(t));
    texts.clear();
    nags.clear();
    result.clear();
    errors.clear();
    number = 0;
    fileOffset = 0;
    firstLine = 0;
    firstColumn = 1;
    chess960 = false;
    unsupported = false;
    readAsStandard = false;
    board = 0;
    otherBoard.clear();
}

void Game::addTag(std::string_view name, std::string_view value)
{
    if (m_spareTags.empty()) {
        tags.emplace_back(std::string(name), std::string(value));
        return;
    }
    tags.push_back(std::move(m_spareTags.back()));
    m_spareTags.pop_back();
    tags.back().first.assign(name);
    tags.back().second.assign(value);
}

uint32_t Game::addText(std::string_view text)
{
    if (m_spareTexts.empty()) {
        texts.emplace_back(text);
    } else {
        texts.push_back(std::move(m_spareTexts.back()));
        m_spareTexts.pop_back();
        texts.back().assign(text);
    }
    return uint32_t(texts.size() - 1);
}

void Game::appendComment(uint32_t &slot, std::string_view text)
{
    if (slot == NoText) {
        slot = addText(text);
        return;
    }
    std::string &s = texts[slot];
    if (!s.empty() && !text.empty()) s += ' ';
    s.append(text);
}

void Game::addNag(NodeId node, uint8_t nag)
{
    Node &n = nodes[node];
    if (n.nagCount == 0) {
        n.nagBegin = uint32_t(nags.size());
    } else if (n.nagBegin + n.nagCount != nags.size()) {
        // Not at the end of the pool (a variation came between): move them there.
        uint32_t begin = uint32_t(nags.size());
        for (uint32_t i = 0; i < n.nagCount; ++i)
            nags.push_back(nags[n.nagBegin + i]);
        n.nagBegin = begin;
    }
    nags.push_back(nag);
    ++n.nagCount;
}

std::string_view Game::tagOrDefault(std::string_view name, std::string_view fallback) const
{
    for (const auto &[k, v] : tags)
        if (k == name) return v;
    return fallback;
}

std::string_view Game::tag(std::string_view name) const
{
    for (const auto &[k, v] : tags)
        if (k == name) return v;
    return {};
}

NodeId Game::mainlineEnd() const
{
    // Nodes are added in file order only (GameBuilder), and the mainline is exactly
    // the nodes of depth 0, so its end is the last of them: found from the back in a
    // step or two instead of a walk over the whole game.
    for (size_t i = nodes.size(); i-- > 0;)
        if (nodes[i].variationDepth == 0) return NodeId(i);
    return NoNode;
}

int Game::mainlinePlies() const
{
    NodeId e = mainlineEnd();
    return e == NoNode ? 0 : nodes[e].ply - nodes[0].ply;
}

} // namespace game
