// The Tree dock: above, the opening tree of the position on the board (a
// click plays the move); below, the "what came next" tree of the matched
// positions (a click shows the first game with that line, a button lists
// all of them).
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "matchtree.h"

#include <QWidget>

class QLabel;
class QPushButton;
class QTableView;
class QTreeView;

namespace wb {

class NextTreeModel;
class OpeningTreeModel;
class TreeBuilder;

class TreePane : public QWidget {
    Q_OBJECT
public:
    explicit TreePane(TreeBuilder *builder, QWidget *parent = nullptr);

    OpeningTreeModel *openingModel() const { return m_openingModel; }
    NextTreeModel *nextModel() const { return m_nextModel; }
    QTableView *openingView() const { return m_openingView; }
    QTreeView *nextView() const { return m_nextView; }
    QString openingSummary() const;
    QString nextSummary() const;
    // The search is running: the trees wait for its end.
    void setSearching(bool searching);
    // The game list shows the `games` games after the line `label` ("" = all games again).
    void showFilter(const QString &label, int games);

signals:
    // A row of the opening tree was clicked.
    void openingMoveChosen(const wb::OpeningMove &move);
    // A row of the "what came next" tree: its first match and the plies after it.
    void nextLineChosen(int game, int match, int plies);
    // List the games with a match followed by this line.
    void nextGamesWanted(const std::vector<wb::NextKey> &path, const QString &label);
    void showAllRequested();

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslate();
    void refreshOpening();
    void refreshNextSummary();
    QString lineText(const QModelIndex &index) const;

    TreeBuilder *m_builder;
    OpeningTreeModel *m_openingModel;
    NextTreeModel *m_nextModel;
    QLabel *m_openingTitle;
    QLabel *m_openingSummary;
    QTableView *m_openingView;
    QLabel *m_nextTitle;
    QLabel *m_nextSummary;
    QTreeView *m_nextView;
    QPushButton *m_listGames;
    QLabel *m_filter;
    QPushButton *m_showAll;
    QString m_filterLabel;
    int m_filterGames = 0;
    bool m_searching = false;
};

} // namespace wb
