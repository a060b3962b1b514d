// Each job runs store::GameStore::load, and build when that refuses the file,
// on the loader's own single-thread pool (the build itself uses every core).
// SPDX-License-Identifier: GPL-3.0-or-later
#include "storeloader.h"

#include "databasesource.h"
#include "postedprogress.h"

#include "database/database.h"
#include "store/gamestore.h"

#include <QElapsedTimer>
#include <QFutureWatcher>
#include <QPointer>
#include <QtConcurrent>

namespace wb {

StoreLoader::StoreLoader(QObject *parent) : QObject(parent), m_cancel(std::make_shared<std::atomic<bool>>(false))
{
    // One store at a time: two builds would only share the same cores.
    m_pool.setMaxThreadCount(1);
}

StoreLoader::~StoreLoader()
{
    cancelAll();
    wait();
}

StoreLoader::Outcome StoreLoader::loadNow(const db::Database &database, const std::string &cacheDir,
                                          const std::function<void(double)> &progress, const std::atomic<bool> *cancel)
{
    QElapsedTimer timer;
    timer.start();
    Outcome out;
    store::FileIdentity id;
    std::string why;
    const std::string storePath = store::storePathFor(database.path(), cacheDir);
    if (storePath.empty()) {
        out.note = tr("no cache folder (set XDG_CACHE_HOME or HOME)");
        return out;
    }
    if (!store::fileIdentity(database.path(), id, &why)) {
        out.note = QString::fromStdString(why);
        return out;
    }
    auto st = std::make_shared<store::GameStore>();
    // A store that loads but was made for other text is rebuilt like a stale one.
    const auto fits = [&] { return st->size() == database.size() && st->textSize() == database.text().size(); };
    if (st->load(storePath, id, &why) && fits()) {
        out.store = std::move(st);
        out.seconds = timer.nsecsElapsed() / 1e9;
        return out;
    }
    out.note = QString::fromStdString(why);
    if (cancel && cancel->load()) {
        out.cancelled = true;
        return out;
    }
    std::function<void(const store::BuildProgress &)> onBuild;
    if (progress)
        onBuild = [&progress](const store::BuildProgress &p) {
            progress(p.total ? double(p.done) / double(p.total) : 0.0);
        };
    std::string error;
    if (!store::GameStore::build(database, id, storePath, &error, onBuild, cancel)) {
        out.cancelled = cancel && cancel->load();
        out.note = QString::fromStdString(error);
        return out;
    }
    if (!st->load(storePath, id, &error) || !fits()) {
        out.note = QString::fromStdString(error);
        return out;
    }
    out.store = std::move(st);
    out.built = true;
    out.seconds = timer.nsecsElapsed() / 1e9;
    return out;
}

void StoreLoader::load(const std::shared_ptr<const DatabaseSource> &source)
{
    if (!source || source->store() || !source->database()) return;
    if (m_queued.value(source.get(), ~quint64(0)) == m_generation) return; // queued already
    m_queued.insert(source.get(), m_generation);
    const quint64 generation = m_generation;
    ++m_pending;
    const QString path = source->path();
    const std::string cacheDir = m_cacheDir.toStdString();
    auto cancel = m_cancel;
    QPointer<StoreLoader> self(this);
    auto *watcher = new QFutureWatcher<Outcome>(this);
    connect(watcher, &QFutureWatcher<Outcome>::finished, this, [this, watcher, path, source, generation] {
        const Outcome r = watcher->result();
        watcher->deleteLater();
        --m_pending;
        if (m_queued.value(source.get(), ~quint64(0)) == generation) m_queued.remove(source.get());
        if (r.store) {
            source->setStore(r.store);
            emit ready(path, r.built, r.seconds);
        } else if (r.cancelled) {
            emit cancelled(path);
        } else {
            emit failed(path, r.note);
        }
    });
    watcher->setFuture(QtConcurrent::run(&m_pool, [source, path, cacheDir, cancel, self] {
        if (cancel->load()) {
            Outcome r;
            r.cancelled = true;
            return r;
        }
        return loadNow(*source->database(), cacheDir, postedProgress(self, path, 1000), cancel.get());
    }));
}

void StoreLoader::cancelAll()
{
    m_cancel->store(true);
    ++m_generation;
    // Later jobs get a fresh flag; the cancelled ones keep theirs.
    m_cancel = std::make_shared<std::atomic<bool>>(false);
}

void StoreLoader::wait() { m_pool.waitForDone(); }

} // namespace wb
