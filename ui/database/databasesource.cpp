// Adapter from db::Database to the GUI's GameSource.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "databasesource.h"

#include "gamelist/variantlabel.h"

#include <QCoreApplication>
#include <QFileInfo>

namespace wb {

namespace {

struct ParserContext : LoadContext {
    game::GameParser parser;
};

QString text(std::string_view v) { return QString::fromUtf8(v.data(), qsizetype(v.size())); }

} // namespace

DatabaseSource::DatabaseSource(std::shared_ptr<const db::Database> database) : m_db(std::move(database)) {}

void DatabaseSource::setStore(std::shared_ptr<const store::GameStore> store) const
{
    std::lock_guard lock(m_storeMutex);
    m_store = std::move(store);
}

std::shared_ptr<const store::GameStore> DatabaseSource::store() const
{
    std::lock_guard lock(m_storeMutex);
    return m_store;
}

QString DatabaseSource::name() const { return QFileInfo(path()).fileName(); }

QString DatabaseSource::path() const { return QString::fromStdString(m_db->path()); }

int DatabaseSource::gameCount() const { return int(m_db->size()); }

GameInfo DatabaseSource::info(int index) const
{
    GameInfo info;
    if (index < 0 || size_t(index) >= m_db->size()) return info;
    const size_t i = size_t(index);
    info.number = m_db->number(i);
    info.white = text(m_db->field(i, db::Field::White));
    info.black = text(m_db->field(i, db::Field::Black));
    info.result = text(m_db->field(i, db::Field::Result));
    info.event = text(m_db->field(i, db::Field::Event));
    info.date = text(m_db->field(i, db::Field::Date));
    info.eco = text(m_db->field(i, db::Field::ECO));
    const std::string_view we = m_db->field(i, db::Field::WhiteElo);
    const std::string_view be = m_db->field(i, db::Field::BlackElo);
    info.whiteElo = text(we).toInt();
    info.blackElo = text(be).toInt();
    info.plies = int(m_db->entry(i).plies);
    info.variant = variantLabel(m_db->field(i, db::Field::Variant));
    return info;
}

bool DatabaseSource::rawFields(int index, RawGameFields &out) const
{
    if (index < 0 || size_t(index) >= m_db->size()) return false;
    const size_t i = size_t(index);
    out.white = m_db->field(i, db::Field::White);
    out.black = m_db->field(i, db::Field::Black);
    out.event = m_db->field(i, db::Field::Event);
    out.date = m_db->field(i, db::Field::Date);
    out.result = m_db->field(i, db::Field::Result);
    out.eco = m_db->field(i, db::Field::ECO);
    out.whiteElo = m_db->field(i, db::Field::WhiteElo);
    out.blackElo = m_db->field(i, db::Field::BlackElo);
    return true;
}

QString DatabaseSource::variant(int index) const
{
    if (index < 0 || size_t(index) >= m_db->size()) return QString();
    return variantLabel(m_db->field(size_t(index), db::Field::Variant));
}

std::unique_ptr<LoadContext> DatabaseSource::makeLoadContext() const { return std::make_unique<ParserContext>(); }

bool DatabaseSource::loadGame(int index, game::Game &out, QString *error, LoadContext *context) const
{
    if (index < 0 || size_t(index) >= m_db->size()) {
        if (error) *error = QCoreApplication::translate("wb::GameSource", "no game %1").arg(index + 1);
        return false;
    }
    bool ok;
    if (auto *pc = dynamic_cast<ParserContext *>(context))
        ok = m_db->loadGame(size_t(index), out, pc->parser);
    else
        ok = m_db->loadGame(size_t(index), out);
    if (!ok && error)
        *error = QCoreApplication::translate("wb::GameSource", "game %1 has no moves or tags").arg(index + 1);
    return ok;
}

std::string_view DatabaseSource::gameText(int index) const
{
    if (index < 0 || size_t(index) >= m_db->size()) return {};
    return m_db->gameText(size_t(index));
}

} // namespace wb
