// Query > Player Base: the spelling file CQL-S :birthyear and :deathyear read
// the players' years from. Kept in the settings; read on a worker thread, so
// neither choosing it nor the first query that needs it stalls the window.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "mainwindow.h"

#include "search/searchlog.h"

#include "database/playerbase.h"

#include <QAction>
#include <QFileDialog>
#include <QFileInfo>
#include <QFutureWatcher>
#include <QLocale>
#include <QMessageBox>
#include <QSettings>
#include <QStatusBar>
#include <QtConcurrent>

namespace wb {

namespace {
const char *const PlayerBaseKey = "query/playerBase";

struct PlayerBaseLoad {
    QString path;
    qsizetype players = 0;
    QString error;
};
} // namespace

void MainWindow::createPlayerBaseActions()
{
    m_act.playerBase = new QAction(tr("Player &Base…"), this);
    m_act.playerBase->setObjectName(QStringLiteral("PlayerBaseAction"));
    m_act.playerBase->setStatusTip(
        tr("Choose the spelling file (.ssp) CQL-S :birthyear and :deathyear read the players' years from"));
    connect(m_act.playerBase, &QAction::triggered, this, [this] {
        const QString start = m_playerBasePath;
        const QString path = QFileDialog::getOpenFileName(
            this, tr("Player Base"), start, tr("Spelling files (*.ssp *.ssp.gz *.ssp.zst);;All files (*)"));
        if (!path.isEmpty()) setPlayerBase(path, true);
    });
    m_act.noPlayerBase = new QAction(tr("&No Player Base"), this);
    m_act.noPlayerBase->setObjectName(QStringLiteral("NoPlayerBaseAction"));
    m_act.noPlayerBase->setStatusTip(
        tr("Search without a player base: :birthyear and :deathyear then report that they need one"));
    connect(m_act.noPlayerBase, &QAction::triggered, this, [this] { setPlayerBase(QString(), true); });
    // A path chosen before wins over CQLWB_PLAYERBASE, as -playerbase does on the command line.
    const QSettings s;
    if (s.contains(QLatin1String(PlayerBaseKey)))
        setPlayerBase(s.value(QLatin1String(PlayerBaseKey)).toString(), false);
    else if (!database::defaultPlayerBasePath().empty())
        setPlayerBase(QString::fromStdString(database::defaultPlayerBasePath()), false);
    m_act.noPlayerBase->setEnabled(!m_playerBasePath.isEmpty());
}

void MainWindow::setPlayerBase(const QString &path, bool chosen)
{
    m_playerBasePath = path;
    m_session->setPlayerBase(path);
    if (chosen) QSettings().setValue(QLatin1String(PlayerBaseKey), path);
    m_act.noPlayerBase->setEnabled(!path.isEmpty());
    if (path.isEmpty()) {
        if (chosen) statusBar()->showMessage(tr("No player base"), 5000);
        return;
    }
    auto *watcher = new QFutureWatcher<PlayerBaseLoad>(this);
    connect(watcher, &QFutureWatcher<PlayerBaseLoad>::finished, this, [this, watcher, chosen] {
        const PlayerBaseLoad r = watcher->result();
        watcher->deleteLater();
        if (m_playerBasePath != r.path) return; // another file was chosen meanwhile
        if (r.error.isEmpty()) {
            statusBar()->showMessage(
                tr("Player base %1: %2 players").arg(QFileInfo(r.path).fileName(), QLocale().toString(r.players)),
                8000);
            return;
        }
        const QString message = tr("Cannot use the player base: %1").arg(r.error);
        m_log->addMessage(message, SearchLog::Warning);
        if (chosen)
            QMessageBox::warning(this, tr("Player Base"), message);
        else
            statusBar()->showMessage(message, 8000);
    });
    watcher->setFuture(QtConcurrent::run([path] {
        PlayerBaseLoad r;
        r.path = path;
        std::string error;
        auto base = database::loadPlayerBase(path.toStdString(), &error);
        if (base)
            r.players = qsizetype(base->size());
        else
            r.error = QString::fromStdString(error);
        return r;
    }));
}

} // namespace wb
