// The transform explorer dock's widget: a gallery of small diagrams, one per
// distinct image of the transform at the editor's cursor (or of a designator or
// the board's selection under a chosen transform), the images the shown
// position matched through framed. Its context menu saves the gallery.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "chess/position.h"

#include <QWidget>

#include <functional>

class QComboBox;
class QLabel;
class QListView;

namespace wb {

class TransformExplorerModel;

class TransformExplorer : public QWidget {
    Q_OBJECT
public:
    explicit TransformExplorer(QWidget *parent = nullptr);
    TransformExplorerModel *model() const { return m_model; }
    QListView *gallery() const { return m_view; }
    QComboBox *transformBox() const { return m_transform; }
    // The transform for a designator or a selection ("flip", ":flipdiagonal" ...).
    QString transform() const;
    void setTransform(const QString &transform);

    // Explores what the cursor (an index into text) is on.
    void followQuery(const QString &text, int cursor, bool cqls);
    // Explores the selected squares of the position.
    void followSelection(const chess::Position &position, chess::SquareSet squares);

    bool saveGallery(const QString &path) const;
    void saveGalleryDialog();
    QString title() const;
    int diagramSize() const { return m_diagram; }

signals:
    // The user chose a diagram: the board can show its squares.
    void imageChosen(int row);

protected:
    void changeEvent(QEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void again();
    void fitDiagrams();
    void updateTitle();

    TransformExplorerModel *m_model;
    QLabel *m_title;
    QComboBox *m_transform;
    QListView *m_view;
    std::function<void()> m_last; // the last exploration, run again when the transform changes
    int m_diagram = 128;          // side of a diagram in the view, fitted to the room
};

} // namespace wb
