// The board with its tool strip: the designator of the Shift+selected squares
// (with an Insert button) and a choice of transform whose images are shown.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "chess/squareset.h"

#include <QWidget>

class QCheckBox;
class QComboBox;
class QLabel;
class QToolButton;

namespace wb {

class BoardWidget;

class BoardPanel : public QWidget {
    Q_OBJECT
public:
    explicit BoardPanel(QWidget *parent = nullptr);
    BoardWidget *board() const { return m_board; }
    QString designator() const { return m_designatorText; }

signals:
    void insertRequested(const QString &text);

private:
    void updateDesignator();
    void updateImages();

    BoardWidget *m_board;
    QLabel *m_designator;
    QCheckBox *m_anyColour;
    QComboBox *m_transform;
    QToolButton *m_insert;
    QString m_designatorText;
};

} // namespace wb
