// Runs db::Database::open on the global thread pool.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "databaseopener.h"

#include "databasesource.h"
#include "postedprogress.h"

#include "store/textcache.h"

#include <QElapsedTimer>
#include <QFutureWatcher>
#include <QPointer>
#include <QtConcurrent>

namespace wb {

namespace {
struct OpenResult {
    GameSourcePtr source;
    QString error;
    double seconds = 0;
};
} // namespace

DatabaseOpener::DatabaseOpener(QObject *parent) : QObject(parent), m_cancel(std::make_shared<std::atomic<bool>>(false))
{
    qRegisterMetaType<wb::GameSourcePtr>();
}

DatabaseOpener::~DatabaseOpener() { cancelAll(); }

GameSourcePtr DatabaseOpener::openNow(const QString &path, QString *error, const std::function<void(double)> &progress,
                                      const std::atomic<bool> *cancel)
{
    auto database = std::make_shared<db::Database>();
    db::OpenOptions options;
    options.cancel = cancel;
    if (progress)
        options.progress = [&progress](const db::Progress &p) {
            // Loading is the first half of the bar, indexing the second.
            const double part = p.total ? double(p.done) / double(p.total) : 0.0;
            progress(p.stage == db::Progress::Loading ? part * 0.5 : 0.5 + part * 0.5);
        };
    std::string message;
    // A compressed file's text is mapped from its text cache (decompressed
    // there once), so a huge database does not sit in the workbench's memory.
    store::TextCacheResult cache;
    if (!store::openDatabase(path.toStdString(), *database, options, std::string(), cache, &message)) {
        if (error) *error = QString::fromStdString(message);
        return nullptr;
    }
    return std::make_shared<DatabaseSource>(std::move(database));
}

void DatabaseOpener::open(const QString &path)
{
    ++m_pending;
    auto cancel = m_cancel;
    QPointer<DatabaseOpener> self(this);
    auto *watcher = new QFutureWatcher<OpenResult>(this);
    connect(watcher, &QFutureWatcher<OpenResult>::finished, this, [this, watcher, path] {
        const OpenResult r = watcher->result();
        watcher->deleteLater();
        --m_pending;
        if (r.source)
            emit opened(path, r.source, r.seconds);
        else
            emit failed(path, r.error);
    });
    watcher->setFuture(QtConcurrent::run([path, cancel, self] {
        OpenResult r;
        QElapsedTimer timer;
        timer.start();
        r.source = openNow(path, &r.error, postedProgress(self, path, 100), cancel.get());
        r.seconds = timer.nsecsElapsed() / 1e9;
        return r;
    }));
}

void DatabaseOpener::cancelAll()
{
    m_cancel->store(true);
    // Later opens get a fresh flag; the cancelled ones keep theirs.
    m_cancel = std::make_shared<std::atomic<bool>>(false);
}

} // namespace wb
