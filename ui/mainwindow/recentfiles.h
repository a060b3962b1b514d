// A most-recently-used file list kept in QSettings, shown as a menu.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QObject>
#include <QStringList>

class QMenu;

namespace wb {

class RecentFiles : public QObject {
    Q_OBJECT
public:
    RecentFiles(const QString &settingsKey, QMenu *menu, QObject *parent = nullptr);

    void add(const QString &path);
    void remove(const QString &path);
    QStringList files() const;
    static constexpr int MaxFiles = 10;

signals:
    void fileChosen(const QString &path);

private:
    void rebuildMenu();
    QString m_key;
    QMenu *m_menu;
};

} // namespace wb
