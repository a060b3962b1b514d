// Index arithmetic over the parts; a load context per part, made on first use.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "combinedsource.h"

#include <QCoreApplication>
#include <algorithm>

namespace wb {

namespace {

// Each part may keep its own per-thread state (a parser): one slot per part.
class CombinedContext : public LoadContext {
public:
    std::vector<std::unique_ptr<LoadContext>> parts;
    std::vector<bool> made;
};

} // namespace

CombinedGameSource::CombinedGameSource(QList<GameSourcePtr> parts) : m_parts(std::move(parts))
{
    m_parts.removeAll(nullptr);
    m_offsets.reserve(size_t(m_parts.size()) + 1);
    for (const GameSourcePtr &p : std::as_const(m_parts)) {
        m_offsets.push_back(m_total);
        m_total += p->gameCount();
    }
    m_offsets.push_back(m_total);
}

QString CombinedGameSource::name() const
{
    QStringList names;
    for (const GameSourcePtr &p : m_parts)
        names << p->name();
    return names.join(QStringLiteral(", "));
}

int CombinedGameSource::partOf(int index) const
{
    if (index < 0 || index >= m_total) return -1;
    // The last offset not above index; empty parts share their offset with the next.
    auto it = std::upper_bound(m_offsets.begin(), m_offsets.end() - 1, index);
    return int(it - m_offsets.begin()) - 1;
}

GameInfo CombinedGameSource::info(int index) const
{
    const int p = partOf(index);
    if (p < 0) return {};
    GameInfo i = m_parts[p]->info(index - offset(p));
    // The number shown is the game's number in its own file, as CQL counts it.
    if (!i.number) i.number = quint64(index - offset(p)) + 1;
    return i;
}

bool CombinedGameSource::rawFields(int index, RawGameFields &out) const
{
    const int p = partOf(index);
    return p >= 0 && m_parts[p]->rawFields(index - offset(p), out);
}

QString CombinedGameSource::databaseName(int index) const
{
    const int p = partOf(index);
    return p < 0 ? QString() : m_parts[p]->databaseName(index - offset(p));
}

std::unique_ptr<LoadContext> CombinedGameSource::makeLoadContext() const
{
    auto c = std::make_unique<CombinedContext>();
    c->parts.resize(size_t(m_parts.size()));
    c->made.assign(size_t(m_parts.size()), false);
    return c;
}

bool CombinedGameSource::loadGame(int index, game::Game &out, QString *error, LoadContext *context) const
{
    const int p = partOf(index);
    if (p < 0) {
        if (error) *error = QCoreApplication::translate("wb::GameSource", "no game %1").arg(index + 1);
        return false;
    }
    LoadContext *partContext = nullptr;
    if (auto *c = dynamic_cast<CombinedContext *>(context)) {
        if (!c->made[size_t(p)]) {
            c->parts[size_t(p)] = m_parts[p]->makeLoadContext();
            c->made[size_t(p)] = true;
        }
        partContext = c->parts[size_t(p)].get();
    }
    return m_parts[p]->loadGame(index - offset(p), out, error, partContext);
}

bool CombinedGameSource::hasGameText() const
{
    return std::all_of(m_parts.begin(), m_parts.end(), [](const GameSourcePtr &p) { return p->hasGameText(); });
}

std::string_view CombinedGameSource::gameText(int index) const
{
    const int p = partOf(index);
    return p < 0 ? std::string_view() : m_parts[p]->gameText(index - offset(p));
}

} // namespace wb
