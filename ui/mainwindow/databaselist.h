// The open databases, each with its game count and, after a search, how many
// of its games matched; activating one shows its games in the list.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "gamelist/gamesource.h"

#include <QTreeWidget>
#include <vector>

namespace wb {

class DatabaseList : public QTreeWidget {
    Q_OBJECT
public:
    enum Column { Name, Games, Matched, ColumnCount };

    explicit DatabaseList(QWidget *parent = nullptr);

    void setDatabases(const QList<GameSourcePtr> &databases);
    // Matched games per database, in the same order; empty clears the column.
    void setMatchedCounts(const std::vector<int> &matched);

signals:
    void databaseActivated(int index);
    void closeRequested(int index);

private:
    void showContextMenu(const QPoint &pos);
};

} // namespace wb
