// A flat QTreeWidget: a handful of rows, rebuilt whenever a file opens or closes.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "databaselist.h"

#include <QDir>
#include <QHeaderView>
#include <QLocale>
#include <QMenu>

namespace wb {

DatabaseList::DatabaseList(QWidget *parent) : QTreeWidget(parent)
{
    setObjectName(QStringLiteral("Databases"));
    setColumnCount(ColumnCount);
    setHeaderLabels({tr("Database"), tr("Games"), tr("Matched")});
    setRootIsDecorated(false);
    setUniformRowHeights(true);
    setAlternatingRowColors(true);
    header()->setStretchLastSection(false);
    header()->setSectionResizeMode(Name, QHeaderView::Stretch);
    header()->setSectionResizeMode(Games, QHeaderView::ResizeToContents);
    header()->setSectionResizeMode(Matched, QHeaderView::ResizeToContents);
    setContextMenuPolicy(Qt::CustomContextMenu);
    connect(this, &QTreeWidget::customContextMenuRequested, this, &DatabaseList::showContextMenu);
    connect(this, &QTreeWidget::itemActivated, this,
            [this](QTreeWidgetItem *item) { emit databaseActivated(indexOfTopLevelItem(item)); });
}

void DatabaseList::setDatabases(const QList<GameSourcePtr> &databases)
{
    clear();
    const QLocale locale;
    for (const GameSourcePtr &d : databases) {
        auto *item = new QTreeWidgetItem(this);
        item->setText(Name, d->name());
        item->setToolTip(Name, QDir::toNativeSeparators(d->path()));
        item->setText(Games, locale.toString(d->gameCount()));
        item->setTextAlignment(Games, Qt::AlignRight | Qt::AlignVCenter);
        item->setTextAlignment(Matched, Qt::AlignRight | Qt::AlignVCenter);
    }
}

void DatabaseList::setMatchedCounts(const std::vector<int> &matched)
{
    const QLocale locale;
    for (int i = 0; i < topLevelItemCount(); ++i)
        topLevelItem(i)->setText(Matched, size_t(i) < matched.size() ? locale.toString(matched[size_t(i)]) : QString());
}

void DatabaseList::showContextMenu(const QPoint &pos)
{
    QTreeWidgetItem *item = itemAt(pos);
    if (!item) return;
    const int index = indexOfTopLevelItem(item);
    QMenu menu(this);
    menu.addAction(tr("Show Games"), this, [this, index] { emit databaseActivated(index); });
    menu.addAction(tr("Close Database"), this, [this, index] { emit closeRequested(index); });
    menu.exec(viewport()->mapToGlobal(pos));
}

} // namespace wb
