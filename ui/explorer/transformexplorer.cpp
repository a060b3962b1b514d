// The gallery is a QListView in icon mode; a delegate paints each diagram.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "transformexplorer.h"

#include "board/pictureexport.h"
#include "diagrampainter.h"
#include "gallerypainter.h"
#include "transformexplorermodel.h"

#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QListView>
#include <QMenu>
#include <QMessageBox>
#include <QPainter>
#include <QStyledItemDelegate>
#include <QToolButton>
#include <QVBoxLayout>

namespace wb {

namespace {

constexpr int SmallestDiagram = 96, LargestDiagram = 240;
constexpr int Spacing = 4;

QSize cellSize(int diagram, const QFontMetrics &fm) { return QSize(diagram + 8, diagram + fm.height() + 10); }

class DiagramDelegate : public QStyledItemDelegate {
public:
    DiagramDelegate(const TransformExplorerModel *model, const int *diagram, QObject *parent)
        : QStyledItemDelegate(parent), m_model(model), m_diagram(diagram)
    {
    }

    QSize sizeHint(const QStyleOptionViewItem &option, const QModelIndex &) const override
    {
        return cellSize(*m_diagram, option.fontMetrics);
    }

    void paint(QPainter *p, const QStyleOptionViewItem &option, const QModelIndex &index) const override
    {
        const QRect cell = option.rect;
        if (option.state & QStyle::State_Selected) p->fillRect(cell, option.palette.highlight());
        const int diagram = *m_diagram;
        const QRectF board(cell.left() + 4, cell.top() + 4, diagram, diagram);
        const BoardTheme theme = BoardTheme::forPalette(option.palette);
        paintDiagram(*p, board, m_model->image(index.row()), theme,
                     index.data(TransformExplorerModel::MatchedRole).toBool());
        p->setPen(
            option.palette.color(option.state & QStyle::State_Selected ? QPalette::HighlightedText : QPalette::Text));
        const QRect caption(cell.left(), cell.top() + diagram + 6, cell.width(), option.fontMetrics.height());
        p->drawText(caption, Qt::AlignHCenter,
                    option.fontMetrics.elidedText(index.data().toString(), Qt::ElideRight, cell.width()));
    }

private:
    const TransformExplorerModel *m_model;
    const int *m_diagram;
};

} // namespace

TransformExplorer::TransformExplorer(QWidget *parent)
    : QWidget(parent), m_model(new TransformExplorerModel(this)), m_title(new QLabel(this)),
      m_transform(new QComboBox(this)), m_view(new QListView(this))
{
    setObjectName(QStringLiteral("TransformExplorer"));
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->setSpacing(4);
    m_title->setObjectName(QStringLiteral("ExplorerTitle"));
    m_title->setWordWrap(true);
    m_title->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_title);

    auto *row = new QHBoxLayout;
    auto *label = new QLabel(tr("Transform:"), this);
    m_transform->setEditable(true);
    m_transform->addItems(TransformExplorerModel::transformChoices());
    m_transform->setToolTip(tr("The transform shown for a designator under the cursor or for the squares selected "
                               "on the board (Shift+click). CQL-S transforms start with a colon. Nested transforms "
                               "can be typed: flipcolor rotate90."));
    label->setBuddy(m_transform);
    auto *save = new QToolButton(this);
    save->setText(tr("Save…"));
    save->setToolTip(tr("Save the gallery as a PNG or SVG picture"));
    connect(save, &QToolButton::clicked, this, &TransformExplorer::saveGalleryDialog);
    row->addWidget(label);
    row->addWidget(m_transform, 1);
    row->addWidget(save);
    layout->addLayout(row);

    m_view->setObjectName(QStringLiteral("ExplorerGallery"));
    m_view->setModel(m_model);
    m_view->setItemDelegate(new DiagramDelegate(m_model, &m_diagram, m_view));
    m_view->setViewMode(QListView::IconMode);
    m_view->setResizeMode(QListView::Adjust);
    m_view->setMovement(QListView::Static);
    m_view->setUniformItemSizes(true);
    m_view->setSpacing(Spacing);
    m_view->viewport()->installEventFilter(this);
    m_view->setWrapping(true);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->setContextMenuPolicy(Qt::CustomContextMenu);
    layout->addWidget(m_view, 1);

    connect(m_view, &QListView::customContextMenuRequested, this, [this](const QPoint &at) {
        QMenu menu(this);
        QAction *save = menu.addAction(tr("Save Gallery as PNG or SVG…"), this, &TransformExplorer::saveGalleryDialog);
        save->setEnabled(!m_model->isEmpty());
        menu.exec(m_view->viewport()->mapToGlobal(at));
    });
    connect(m_view, &QListView::clicked, this, [this](const QModelIndex &index) { emit imageChosen(index.row()); });
    connect(m_transform, &QComboBox::currentTextChanged, this, &TransformExplorer::again);
    connect(m_model, &TransformExplorerModel::explored, this, &TransformExplorer::updateTitle);
    connect(m_model, &TransformExplorerModel::explored, this, &TransformExplorer::fitDiagrams);
    connect(m_model, &TransformExplorerModel::dataChanged, this, &TransformExplorer::updateTitle);
    updateTitle();
}

QString TransformExplorer::transform() const { return m_transform->currentText().trimmed(); }

void TransformExplorer::setTransform(const QString &transform) { m_transform->setCurrentText(transform); }

void TransformExplorer::followQuery(const QString &text, int cursor, bool cqls)
{
    m_last = [this, text, cursor, cqls] { m_model->exploreQuery(text, cursor, cqls, transform()); };
    m_last();
}

void TransformExplorer::followSelection(const chess::Position &position, chess::SquareSet squares)
{
    m_last = [this, position, squares] { m_model->exploreSelection(position, squares, transform()); };
    m_last();
}

void TransformExplorer::again()
{
    if (m_last) m_last();
}

QString TransformExplorer::title() const { return m_title->text(); }

void TransformExplorer::updateTitle()
{
    if (!m_model->isEmpty()) {
        QString text = galleryTitle(*m_model);
        const int matched = int(m_model->matchedRows().size());
        if (matched > 0)
            text += QStringLiteral(" · ") + tr("the shown position matched through %n of them", nullptr, matched);
        m_title->setText(text);
    } else if (!m_model->error().isEmpty()) {
        m_title->setText(tr("%1: %2").arg(m_model->subject(), m_model->error()));
    } else {
        m_title->setText(tr("Put the cursor on a transform filter (flip, rotate90, shift …) or a piece designator, "
                            "or Shift+select squares on the board."));
    }
}

bool TransformExplorer::saveGallery(const QString &path) const
{
    if (m_model->isEmpty()) return false;
    const GalleryLayout layout = galleryLayout(*m_model, font());
    const BoardTheme theme = BoardTheme::forPalette(palette());
    const QColor text = palette().color(QPalette::WindowText);
    const QColor background = palette().color(QPalette::Window);
    return savePicture(path, layout.size, galleryTitle(*m_model), [&](QPainter &p) {
        p.fillRect(QRect(QPoint(0, 0), layout.size), background);
        paintGallery(p, *m_model, layout, theme, font(), text);
    });
}

void TransformExplorer::saveGalleryDialog()
{
    if (m_model->isEmpty()) return;
    const QString path = askPictureFile(this, tr("Save Gallery"), QStringLiteral("transforms"));
    if (path.isEmpty()) return;
    if (!saveGallery(path)) QMessageBox::warning(this, tr("Save Gallery"), tr("Cannot write %1.").arg(path));
}

bool TransformExplorer::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_view->viewport() && event->type() == QEvent::Resize) fitDiagrams();
    return QWidget::eventFilter(watched, event);
}

void TransformExplorer::fitDiagrams()
{
    // The largest diagrams with which the whole gallery fits the view; a
    // large one (a shift's dozens of images) scrolls at the smallest size.
    const QSize room = m_view->viewport()->size();
    const int n = std::max(1, m_model->rowCount());
    int best = SmallestDiagram;
    for (int side = LargestDiagram; side > SmallestDiagram; side -= 8) {
        const QSize cell = cellSize(side, m_view->fontMetrics()) + QSize(2 * Spacing, 2 * Spacing);
        const int columns = std::max(1, room.width() / cell.width());
        const int rows = (n + columns - 1) / columns;
        if (rows * cell.height() <= room.height()) {
            best = side;
            break;
        }
    }
    if (best == m_diagram) return;
    m_diagram = best;
    m_view->doItemsLayout();
}

void TransformExplorer::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::LanguageChange) updateTitle();
}

} // namespace wb
