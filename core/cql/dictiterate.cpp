// Iteration over the keys of a dictionary.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "dictiterate.h"

#include "dictionary.h"

#include "chess/types.h"

#include <cstdlib>
#include <string>
#include <vector>

namespace cql {

namespace {

// A key is filed as its type's digit followed by its text (dictionary.cpp):
// turn it back into a value of the key variable's type. Position keys of
// another game than ctx's have no value here.
bool decodeKey(const std::string &key, Type type, const Ctx &ctx, Value &out)
{
    if (key.empty() || key[0] != char('0' + int(type))) return false;
    std::string text = key.substr(1);
    out = Value();
    out.type = type;
    out.bound = true;
    switch (type) {
    case Type::String: out.str = text; return true;
    case Type::Numeric: {
        char *end = nullptr;
        out.num = std::strtoll(text.c_str(), &end, 10);
        return end && *end == '\0' && !text.empty();
    }
    case Type::Set: {
        // "e4", a piece's "Ne4", or a list "[a1,b2]".
        size_t i = 0;
        while (i < text.size()) {
            if (i + 1 < text.size() && text[i] >= 'a' && text[i] <= 'h' && text[i + 1] >= '1' && text[i + 1] <= '8') {
                out.set |= chess::SquareSet::of(chess::parseSquare(text.substr(i, 2)));
                i += 2;
            } else {
                ++i;
            }
        }
        return true;
    }
    case Type::Position: {
        uint64_t game = 0;
        if (!parsePositionKeyText(text, game, out.node) || game != ctx.gameSerial || !ctx.game
            || out.node >= ctx.game->nodes.size())
            return false;
        out.game = game;
        return true;
    }
    default: return false;
    }
}

} // namespace

DictIterateFilter::DictIterateFilter(bool all, int keySlot, Type keyType, int dictSlot, FilterPtr body)
    : m_all(all), m_keySlot(keySlot), m_keyType(keyType), m_dictSlot(dictSlot), m_body(std::move(body))
{
    type = Type::Logical;
}

bool DictIterateFilter::match(Ctx &ctx) const
{
    const Value &d = ctx.vars[size_t(m_dictSlot)];
    // The body may change the dictionary: the keys are read first.
    std::vector<std::string> keys;
    if (d.dict)
        for (const auto &entry : *d.dict)
            keys.push_back(entry.first);
    Value saved = ctx.vars[size_t(m_keySlot)];
    bool any = false, all = true;
    for (const std::string &k : keys) {
        Value key;
        if (!decodeKey(k, m_keyType, ctx, key)) continue;
        ctx.vars[size_t(m_keySlot)] = key;
        size_t mark = ctx.comments.size();
        if (m_body->match(ctx)) {
            any = true;
        } else {
            ctx.comments.resize(mark);
            all = false;
            if (m_all) break;
        }
    }
    ctx.vars[size_t(m_keySlot)] = saved;
    return m_all ? all : any;
}

FilterPtr DictIterateFilter::transformed(const Transform &t) const
{
    auto f = std::make_unique<DictIterateFilter>(m_all, m_keySlot, m_keyType, m_dictSlot, m_body->transformed(t));
    f->range = range;
    return f;
}

} // namespace cql
