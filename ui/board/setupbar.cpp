// Palette buttons start a drag carrying the piece's FEN letter; the board
// accepts it in set-up mode.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "setupbar.h"

#include "boardwidget.h"
#include "pieceset.h"

#include <QApplication>
#include <QButtonGroup>
#include <QClipboard>
#include <QComboBox>
#include <QDrag>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QMimeData>
#include <QMouseEvent>
#include <QToolButton>
#include <QVBoxLayout>

namespace wb {

using namespace chess;

namespace {

class PaletteButton : public QToolButton {
public:
    PaletteButton(Piece piece, QWidget *parent) : QToolButton(parent), m_piece(piece) {}

protected:
    void mousePressEvent(QMouseEvent *event) override
    {
        m_pressAt = event->position().toPoint();
        QToolButton::mousePressEvent(event);
    }
    void mouseMoveEvent(QMouseEvent *event) override
    {
        if (m_piece == NoPiece || !(event->buttons() & Qt::LeftButton)
            || (event->position().toPoint() - m_pressAt).manhattanLength() < QApplication::startDragDistance()) {
            QToolButton::mouseMoveEvent(event);
            return;
        }
        setDown(false);
        auto *mime = new QMimeData;
        mime->setData(BoardWidget::pieceMimeType(), QByteArray(1, pieceChar(m_piece)));
        auto *drag = new QDrag(this);
        drag->setMimeData(mime);
        drag->setPixmap(icon().pixmap(iconSize() * 2));
        drag->setHotSpot(QPoint(iconSize().width(), iconSize().height()));
        drag->exec(Qt::CopyAction);
    }

private:
    Piece m_piece;
    QPoint m_pressAt;
};

} // namespace

SetupBar::SetupBar(BoardWidget *board, QWidget *parent)
    : QWidget(parent), m_board(board), m_palette(new QButtonGroup(this)), m_side(new QComboBox(this)),
      m_message(new QLabel(this))
{
    setObjectName(QStringLiteral("SetupBar"));
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);

    auto *pieces = new QHBoxLayout;
    pieces->setSpacing(1);
    const int icon = fontMetrics().height() + 8;
    const qreal dpr = devicePixelRatioF();
    auto addPiece = [&](Piece piece, const QString &tip) {
        auto *b = new PaletteButton(piece, this);
        b->setCheckable(true);
        b->setAutoRaise(true);
        b->setIconSize(QSize(icon, icon));
        b->setToolTip(tip);
        if (piece != NoPiece) {
            QPixmap pm = PieceSet::shared().pixmap(piece, icon, dpr);
            b->setIcon(QIcon(pm));
            b->setObjectName(QStringLiteral("Palette_%1").arg(QChar(pieceChar(piece))));
        } else {
            b->setText(tr("Eraser"));
            b->setObjectName(QStringLiteral("Palette_eraser"));
        }
        m_palette->addButton(b, int(piece));
        pieces->addWidget(b);
    };
    // Whole names: "White queen" and "White king" may differ in more than the noun.
    const QString names[2][7] = {{QString(), tr("White pawn"), tr("White knight"), tr("White bishop"), tr("White rook"),
                                  tr("White queen"), tr("White king")},
                                 {QString(), tr("Black pawn"), tr("Black knight"), tr("Black bishop"), tr("Black rook"),
                                  tr("Black queen"), tr("Black king")}};
    for (Color c : {White, Black})
        for (PieceType t : {King, Queen, Rook, Bishop, Knight, Pawn})
            addPiece(makePiece(c, t),
                     names[c][t] + QLatin1Char('\n') + tr("Click squares to put it there, or drag it onto the board."));
    addPiece(NoPiece, tr("Click pieces to take them off the board (a right click does it too)."));
    pieces->addStretch(1);
    layout->addLayout(pieces);

    auto *tools = new QHBoxLayout;
    tools->setSpacing(4);
    auto addTool = [&](const QString &text, const QString &tip, auto &&action) {
        auto *b = new QToolButton(this);
        b->setText(text);
        b->setToolTip(tip);
        b->setAutoRaise(true);
        connect(b, &QToolButton::clicked, this, action);
        tools->addWidget(b);
        return b;
    };
    addTool(tr("Clear"), tr("Take every piece off the board"), [this] {
        BoardSetup s = BoardSetup::empty();
        s.sideToMove = m_board->setup().sideToMove;
        m_board->setSetup(s);
    });
    addTool(tr("Start Position"), tr("The pieces as a game starts"),
            [this] { m_board->setSetup(BoardSetup::fromPosition(Position())); });
    m_side->addItem(tr("White to move"));
    m_side->addItem(tr("Black to move"));
    m_side->setObjectName(QStringLiteral("SideToMove"));
    tools->addWidget(m_side);
    addTool(tr("Copy FEN"), tr("Copy the position as FEN to the clipboard"), [this] { copyFen(); });
    addTool(tr("Paste FEN"), tr("Set up the FEN on the clipboard"), [this] { pasteFen(); });
    tools->addStretch(1);
    layout->addLayout(tools);
    m_message->setWordWrap(true);
    m_message->hide();
    layout->addWidget(m_message);

    connect(m_palette, &QButtonGroup::idClicked, this, [this](int id) { m_board->setPalettePiece(Piece(id)); });
    connect(m_side, &QComboBox::activated, this, [this](int index) {
        BoardSetup s = m_board->setup();
        s.sideToMove = index == 0 ? White : Black;
        m_board->setSetup(s);
    });
    connect(m_board, &BoardWidget::setupChanged, this, &SetupBar::syncFromBoard);
    m_palette->button(int(WPawn))->setChecked(true);
    m_board->setPalettePiece(WPawn);
    syncFromBoard();
}

QToolButton *SetupBar::paletteButton(int piece) const { return qobject_cast<QToolButton *>(m_palette->button(piece)); }

QString SetupBar::message() const { return m_message->text(); }

void SetupBar::setMessage(const QString &text)
{
    m_message->setText(text);
    m_message->setVisible(!text.isEmpty());
}

void SetupBar::syncFromBoard()
{
    m_side->setCurrentIndex(m_board->setup().sideToMove == White ? 0 : 1);
    setMessage(QString());
}

void SetupBar::copyFen() { QApplication::clipboard()->setText(m_board->shownSetup().fen()); }

bool SetupBar::pasteFen()
{
    QString error;
    const auto s = BoardSetup::fromFen(QApplication::clipboard()->text(), &error);
    if (!s) {
        setMessage(tr("The clipboard holds no FEN: %1").arg(error));
        return false;
    }
    m_board->setSetup(*s);
    return true;
}

} // namespace wb
