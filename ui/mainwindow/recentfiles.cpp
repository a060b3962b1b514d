// Recent files: newest first, no duplicates, missing files dropped from the menu.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "recentfiles.h"

#include <QDir>
#include <QFileInfo>
#include <QMenu>
#include <QSettings>

namespace wb {

RecentFiles::RecentFiles(const QString &settingsKey, QMenu *menu, QObject *parent)
    : QObject(parent), m_key(settingsKey), m_menu(menu)
{
    rebuildMenu();
}

QStringList RecentFiles::files() const { return QSettings().value(m_key).toStringList(); }

void RecentFiles::add(const QString &path)
{
    const QString abs = QFileInfo(path).absoluteFilePath();
    QStringList list = files();
    list.removeAll(abs);
    list.prepend(abs);
    while (list.size() > MaxFiles)
        list.removeLast();
    QSettings().setValue(m_key, list);
    rebuildMenu();
}

void RecentFiles::remove(const QString &path)
{
    QStringList list = files();
    list.removeAll(QFileInfo(path).absoluteFilePath());
    QSettings().setValue(m_key, list);
    rebuildMenu();
}

void RecentFiles::rebuildMenu()
{
    m_menu->clear();
    int n = 0;
    for (const QString &f : files()) {
        if (!QFileInfo::exists(f)) continue;
        ++n;
        const QString label = QStringLiteral("&%1  %2").arg(n % 10).arg(QDir::toNativeSeparators(f));
        QAction *a = m_menu->addAction(label);
        connect(a, &QAction::triggered, this, [this, f] { emit fileChosen(f); });
    }
    if (n == 0) {
        QAction *none = m_menu->addAction(tr("No recent files"));
        none->setEnabled(false);
    } else {
        m_menu->addSeparator();
        connect(m_menu->addAction(tr("Clear List")), &QAction::triggered, this, [this] {
            QSettings().remove(m_key);
            rebuildMenu();
        });
    }
}

} // namespace wb
