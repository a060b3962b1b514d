// Loads, or builds when it is missing or stale, the compact game store of each
// opened database on a thread of its own, one database at a time, with
// progress; the GUI thread never waits for it. Opening another database
// cancels the build under way (the caller queues it again afterwards).
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QHash>
#include <QObject>
#include <QString>
#include <QThreadPool>
#include <atomic>
#include <functional>
#include <memory>
#include <string>

namespace db {
class Database;
}
namespace store {
class GameStore;
}

namespace wb {

class DatabaseSource;

class StoreLoader : public QObject {
    Q_OBJECT
public:
    explicit StoreLoader(QObject *parent = nullptr);
    ~StoreLoader() override;

    // Where stores are kept ("": $XDG_CACHE_HOME/cqlwb, else ~/.cache/cqlwb).
    void setCacheDir(const QString &dir) { m_cacheDir = dir; }
    // Queues the store of `source`; nothing happens when it has one already.
    // On success the source gets it (DatabaseSource::setStore) before ready().
    void load(const std::shared_ptr<const DatabaseSource> &source);
    // Stops the build under way and drops the queued ones (each reports cancelled()).
    void cancelAll();
    // Blocks until the queue is empty (shutdown, tests).
    void wait();
    int pending() const { return m_pending; }
    // The loader's one thread (tests hold it to cancel a job before it starts).
    QThreadPool *pool() { return &m_pool; }

    struct Outcome {
        std::shared_ptr<const store::GameStore> store; // nullptr: none
        bool built = false;
        bool cancelled = false;
        QString note; // why there is none, or why it was rebuilt
        double seconds = 0;
    };
    // The work of one job, on the calling thread. progress: 0..1 of a build.
    static Outcome loadNow(const db::Database &database, const std::string &cacheDir,
                           const std::function<void(double)> &progress = {}, const std::atomic<bool> *cancel = nullptr);

signals:
    void progress(const QString &path, double fraction);
    void ready(const QString &path, bool built, double seconds);
    void failed(const QString &path, const QString &message);
    void cancelled(const QString &path);

private:
    QThreadPool m_pool;
    QString m_cacheDir;
    int m_pending = 0;
    quint64 m_generation = 0;                        // bumped by cancelAll()
    QHash<const DatabaseSource *, quint64> m_queued; // jobs of this generation not finished
    std::shared_ptr<std::atomic<bool>> m_cancel;
};

} // namespace wb
