// The bar above the game list where the quick filter is typed: each change is
// applied a moment after the last key (a worker filters the list), with a
// Clear button and "N of M games".
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "quickfilter.h"

#include <QWidget>

class QComboBox;
class QLabel;
class QLineEdit;
class QTimer;
class QToolButton;

namespace wb {

class GameListModel;

class QuickFilterBar : public QWidget {
    Q_OBJECT
public:
    explicit QuickFilterBar(GameListModel *model, QWidget *parent = nullptr);

    // The filter as typed (fields that do not read are left out and shown red).
    QuickFilter filter() const;
    void setPlayer(const QString &text);
    void setEvent(const QString &text);
    void setYears(const QString &text);
    void setResult(const QString &result); // "1-0", "0-1", "1/2-1/2", "*", "" any
    void setMinRating(int rating);
    void setEco(const QString &text);
    void clear();
    // "player=Tal;years=1960-;result=1-0;elo=2500;eco=B;event=ch" into the
    // fields; the message names what was not understood ("" when all was).
    QString setFields(const QString &fields);
    // The filter typed is applied (tests: no waiting for the pause after typing).
    void applyNow();
    bool isFiltering() const;
    QString countText() const;

signals:
    void applied(int listed, int unfiltered);

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslate();
    void edited();
    void updateCount();

    GameListModel *m_model;
    QuickFilterRunner *m_runner;
    QTimer *m_pause;
    QLineEdit *m_player, *m_event, *m_years, *m_rating, *m_eco;
    QComboBox *m_result;
    QToolButton *m_clear;
    QLabel *m_count;
    bool m_active = false; // a non-empty filter is applied or on its way
};

} // namespace wb
