// The transform explorer dock: it follows the editor's cursor and the board's
// selection, marks the images the shown position matched through (read from
// the search's record), and shows a chosen or matched image's squares on the
// board. Also the board's picture export.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "mainwindow.h"

#include "board/boardlayer.h"
#include "board/boardpanel.h"
#include "board/boardwidget.h"
#include "board/pictureexport.h"
#include "editor/cqleditor.h"
#include "explorer/transformexplorer.h"
#include "explorer/transformexplorermodel.h"

#include <QDockWidget>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QTimer>

namespace wb {

void MainWindow::createExplorerDock()
{
    m_explorer = new TransformExplorer(this);
    m_explorerDock = addNotationTab(m_explorer, tr("Transforms"), QStringLiteral("ExplorerDock"));

    // Typing moves the cursor at every key: explore once it rests.
    m_exploreTimer = new QTimer(this);
    m_exploreTimer->setSingleShot(true);
    m_exploreTimer->setInterval(250);
    connect(m_exploreTimer, &QTimer::timeout, this, &MainWindow::exploreAtCursor);
    connect(m_editor, &QPlainTextEdit::cursorPositionChanged, m_exploreTimer, qOverload<>(&QTimer::start));
    connect(m_explorerDock, &QDockWidget::visibilityChanged, this, [this](bool visible) {
        if (visible) m_exploreTimer->start();
    });
    connect(board(), &BoardWidget::squaresSelected, this, [this](chess::SquareSet squares) {
        if (squares.any()) m_explorer->followSelection(board()->position(), squares);
    });
    connect(m_explorer, &TransformExplorer::imageChosen, this, [this](int row) { showExplorerImages({row}); });
    connect(m_explorer->model(), &TransformExplorerModel::explored, this,
            [this] { showExplorerImages(m_explorer->model()->matchedRows()); });

    board()->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(board(), &QWidget::customContextMenuRequested, this, [this](const QPoint &at) {
        QMenu menu(this);
        menu.addAction(tr("Save Board as PNG or SVG…"), this, &MainWindow::saveBoardPicture);
        menu.exec(board()->mapToGlobal(at));
    });
}

void MainWindow::exploreAtCursor()
{
    if (!m_explorerDock->isVisible()) return;
    m_explorer->followQuery(m_editor->toPlainText(), m_editor->textCursor().position(), m_editor->isCqls());
}

void MainWindow::exploreText(const QString &text)
{
    m_explorerDock->show();
    m_explorerDock->raise();
    // Room for the gallery: about half the window's height, under the board.
    resizeDocks({m_explorerDock}, {height() / 2}, Qt::Vertical);
    const int at = m_editor->toPlainText().indexOf(text);
    if (at < 0) return;
    QTextCursor c = m_editor->textCursor();
    c.setPosition(at);
    m_editor->setTextCursor(c);
    m_explorer->followQuery(m_editor->toPlainText(), at, m_editor->isCqls());
}

void MainWindow::showMatchedImages(int matchNumber)
{
    std::vector<cql::ImageMark> marks;
    if (matchNumber > 0 && size_t(matchNumber) <= m_session->marks().size())
        marks = m_session->marks()[size_t(matchNumber - 1)].images;
    TransformExplorerModel *model = m_explorer->model();
    // The filter the position matched through, when the explorer shows another.
    if (!marks.empty() && !model->explains(marks)) {
        const QString text = m_editor->toPlainText();
        const int at = int(QString::fromUtf8(text.toUtf8().left(marks.front().offset)).size());
        m_explorer->followQuery(text, at, m_editor->isCqls());
    }
    model->setMatchMarks(marks);
    showExplorerImages(model->matchedRows());
}

void MainWindow::showExplorerImages(const QList<int> &rows)
{
    BoardLayers layers;
    const QList<QColor> colours = layerPalette(int(rows.size()));
    for (int i = 0; i < rows.size(); ++i)
        layers.append(
            {m_explorer->model()->image(rows[i]).squares(), colours[i], m_explorer->model()->caption(rows[i])});
    board()->setLayers(layers);
}

void MainWindow::saveBoardPicture()
{
    const QString path = askPictureFile(this, tr("Save Board"), QStringLiteral("board"));
    if (path.isEmpty()) return;
    if (!saveWidgetPicture(board(), path, tr("Board")))
        QMessageBox::warning(this, tr("Save Board"), tr("Cannot write %1.").arg(path));
}

} // namespace wb
