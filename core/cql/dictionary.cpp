// Dictionaries.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "dictionary.h"

#include "logic.h"
#include "vars.h"

#include <cstdio>

namespace cql {

std::string positionKeyText(uint64_t gameSerial, game::NodeId node)
{
    // Fixed widths so that the keys of a game sort in node order.
    char buf[48];
    std::snprintf(buf, sizeof buf, "%016llx:%010u", static_cast<unsigned long long>(gameSerial), unsigned(node));
    return buf;
}

bool parsePositionKeyText(const std::string &text, uint64_t &gameSerial, game::NodeId &node)
{
    unsigned long long g = 0;
    unsigned n = 0;
    int used = 0;
    if (std::sscanf(text.c_str(), "%16llx:%10u%n", &g, &n, &used) != 2 || size_t(used) != text.size()) return false;
    gameSerial = g;
    node = game::NodeId(n);
    return true;
}

bool dictionaryKey(const Filter &key, Ctx &ctx, std::string &out)
{
    if (key.type == Type::Position) {
        game::NodeId n;
        if (!key.position(ctx, n)) return false;
        out = std::string(1, char('0' + int(key.type))) + positionKeyText(ctx.gameSerial, n);
        return true;
    }
    bool ok;
    std::string text = valueText(key, ctx, ok);
    if (!ok) return false;
    out = std::string(1, char('0' + int(key.type))) + text;
    return true;
}

bool DictionarySizeFilter::number(Ctx &ctx, long long &out) const
{
    const Value &d = ctx.vars[size_t(m_slot)];
    out = d.dict ? static_cast<long long>(d.dict->size()) : 0;
    return true;
}

const Value *DictionaryGetFilter::entry(Ctx &ctx) const
{
    const Value &d = ctx.vars[size_t(m_slot)];
    std::string k;
    if (!d.dict || !dictionaryKey(*m_key, ctx, k)) return nullptr;
    auto it = d.dict->find(k);
    return it == d.dict->end() ? nullptr : &it->second;
}

bool DictionaryGetFilter::match(Ctx &ctx) const
{
    const Value *v = entry(ctx);
    if (!v) return false;
    if (v->type == Type::Position) return v->game == ctx.gameSerial;
    return v->type != Type::Set || v->set.any();
}

chess::SquareSet DictionaryGetFilter::set(Ctx &ctx) const
{
    const Value *v = entry(ctx);
    return v && v->type == Type::Set ? v->set : chess::SquareSet();
}

bool DictionaryGetFilter::number(Ctx &ctx, long long &out) const
{
    const Value *v = entry(ctx);
    if (!v || v->type != Type::Numeric) return false;
    out = v->num;
    return true;
}

bool DictionaryGetFilter::position(Ctx &ctx, game::NodeId &out) const
{
    const Value *v = entry(ctx);
    // A position kept from an earlier game is no position of this one.
    if (!v || v->type != Type::Position || v->game != ctx.gameSerial) return false;
    out = v->node;
    return true;
}

bool DictionaryGetFilter::string(Ctx &ctx, std::string &out) const
{
    const Value *v = entry(ctx);
    if (!v || v->type != Type::String) return false;
    out = v->str;
    return true;
}

FilterPtr DictionaryGetFilter::transformed(const Transform &t) const
{
    return std::make_unique<DictionaryGetFilter>(m_slot, m_key->transformed(t), type);
}

bool DictionarySetFilter::match(Ctx &ctx) const
{
    std::string k;
    if (!dictionaryKey(*m_key, ctx, k)) return false;
    Value v;
    v.type = m_value->type;
    v.bound = true;
    switch (v.type) {
    case Type::Set: v.set = m_value->set(ctx); break;
    case Type::Numeric:
        if (!numericValue(*m_value, ctx, v.num)) return false;
        break;
    case Type::Position:
        if (!m_value->position(ctx, v.node)) return false;
        v.game = ctx.gameSerial;
        break;
    case Type::String:
        if (!m_value->string(ctx, v.str)) return false;
        break;
    default: return false;
    }
    Value &d = ctx.vars[size_t(m_slot)];
    if (!d.dict) d.dict = std::make_shared<std::map<std::string, Value>>();
    d.bound = true;
    (*d.dict)[k] = std::move(v);
    return true;
}

FilterPtr DictionarySetFilter::transformed(const Transform &t) const
{
    return std::make_unique<DictionarySetFilter>(m_slot, m_key->transformed(t), m_value->transformed(t));
}

} // namespace cql
