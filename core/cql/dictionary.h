// Dictionaries (CQL 6.2): `dictionary D` declares one, `D[key] = value` sets an
// entry, `D[key]` reads it (no match when absent). A dictionary keeps its
// entries from game to game unless declared `local dictionary D`.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "filter.h"

namespace cql {

// The text an entry is filed under: the key's value, tagged with its type so
// that 1 and "1" are different keys.
bool dictionaryKey(const Filter &key, Ctx &ctx, std::string &out);

// A position key names the game (Ctx::gameSerial) and the node, not what the
// position looks like: two positions of a game are different keys even when
// they have the same move number, and a position of an earlier game (kept in
// a dictionary that is not local) never equals one of the current game.
std::string positionKeyText(uint64_t gameSerial, game::NodeId node);
bool parsePositionKeyText(const std::string &text, uint64_t &gameSerial, game::NodeId &node);

class DictionaryGetFilter : public Filter {
public:
    DictionaryGetFilter(int slot, FilterPtr key, Type valueType) : m_slot(slot), m_key(std::move(key))
    {
        type = valueType;
    }
    CQL_EVERY_VALUE_FUNCTION

private:
    const Value *entry(Ctx &ctx) const;
    int m_slot;
    FilterPtr m_key;
};

class DictionarySetFilter : public Filter {
public:
    DictionarySetFilter(int slot, FilterPtr key, FilterPtr value)
        : m_slot(slot), m_key(std::move(key)), m_value(std::move(value))
    {
    }
    bool match(Ctx &ctx) const override;
    FilterPtr transformed(const Transform &t) const override;

private:
    int m_slot;
    FilterPtr m_key, m_value;
};

// #D: how many entries the dictionary holds.
class DictionarySizeFilter : public NumericFilter {
public:
    explicit DictionarySizeFilter(int slot) : m_slot(slot) {}
    bool number(Ctx &ctx, long long &out) const override;
    FilterPtr transformed(const Transform &) const override { return std::make_unique<DictionarySizeFilter>(m_slot); }

private:
    int m_slot;
};

} // namespace cql
