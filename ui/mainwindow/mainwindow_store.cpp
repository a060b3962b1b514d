// The game stores of the open databases: queued when a database opens, loaded
// from the cache or built on the store loader's thread, then searched from.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "mainwindow.h"

#include "database/databaseopener.h"
#include "database/databasesource.h"
#include "database/storeloader.h"
#include "search/searchlog.h"

#include <QDir>
#include <QFileInfo>
#include <QLocale>
#include <QProgressBar>
#include <QStatusBar>

namespace wb {

void MainWindow::connectStoreLoader()
{
    connect(m_stores, &StoreLoader::progress, this, [this](const QString &path, double f) {
        if (m_storeProgress->isHidden()) {
            m_log->addMessage(tr("Building the game store of %1 in the background…").arg(QFileInfo(path).fileName()));
            m_storeProgress->setToolTip(tr("Building the game store of %1: later searches of it replay the store "
                                           "instead of the PGN text")
                                            .arg(QDir::toNativeSeparators(path)));
            m_storeProgress->show();
        }
        m_storeProgress->setValue(int(f * 1000));
    });
    connect(m_stores, &StoreLoader::ready, this, [this](const QString &path, bool built, double seconds) {
        m_storeProgress->hide();
        const QLocale locale;
        const QString name = QFileInfo(path).fileName();
        m_log->addMessage(built ? tr("Built the game store of %1 in %2 s: searches replay it from now on")
                                      .arg(name, locale.toString(seconds, 'f', 2))
                                : tr("Loaded the game store of %1 in %2 s").arg(name, locale.toString(seconds, 'f', 2)),
                          SearchLog::Success);
    });
    connect(m_stores, &StoreLoader::failed, this, [this](const QString &path, const QString &message) {
        m_storeProgress->hide();
        m_log->addMessage(
            tr("No game store for %1 (%2): it is searched from the PGN text").arg(QFileInfo(path).fileName(), message),
            SearchLog::Warning);
    });
    connect(m_stores, &StoreLoader::cancelled, this, [this](const QString &) { m_storeProgress->hide(); });
}

void MainWindow::queueStores()
{
    if (!m_useStore || m_opener->pending() > 0) return;
    for (const GameSourcePtr &source : m_session->databases())
        if (auto file = std::dynamic_pointer_cast<const DatabaseSource>(source)) m_stores->load(file);
}

} // namespace wb
