// Opens and indexes a PGN file on a worker thread with progress and cancel.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "gamelist/gamesource.h"

#include <QObject>
#include <QString>
#include <atomic>
#include <memory>

namespace wb {

class DatabaseOpener : public QObject {
    Q_OBJECT
public:
    explicit DatabaseOpener(QObject *parent = nullptr);
    ~DatabaseOpener() override;

    void open(const QString &path);
    void cancelAll();
    int pending() const { return m_pending; }

    // Synchronous (tests, and the work done on the thread).
    static GameSourcePtr openNow(const QString &path, QString *error, const std::function<void(double)> &progress = {},
                                 const std::atomic<bool> *cancel = nullptr);

signals:
    void progress(const QString &path, double fraction); // 0..1 over loading and indexing
    void opened(const QString &path, wb::GameSourcePtr source, double seconds);
    void failed(const QString &path, const QString &message);

private:
    int m_pending = 0;
    std::shared_ptr<std::atomic<bool>> m_cancel;
};

} // namespace wb
