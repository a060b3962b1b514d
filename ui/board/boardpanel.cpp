// Board panel wiring: selection -> designator text.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "boardpanel.h"

#include "boardwidget.h"
#include "designator.h"
#include "querybuilder.h"
#include "setupbar.h"

#include <QCheckBox>
#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QToolButton>
#include <QVBoxLayout>

namespace wb {

BoardPanel::BoardPanel(QWidget *parent)
    : QWidget(parent), m_board(new BoardWidget(this)), m_designator(new QLabel(this)),
      m_anyColour(new QCheckBox(tr("Any colour"), this)), m_transform(new QComboBox(this)),
      m_insert(new QToolButton(this)), m_first(new QToolButton(this)), m_previous(new QToolButton(this)),
      m_next(new QToolButton(this)), m_last(new QToolButton(this)), m_previousMatch(new QToolButton(this)),
      m_nextMatch(new QToolButton(this)), m_matchInfo(new QLabel(this))
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->setSpacing(4);
    layout->addWidget(m_board, 1);

    // Moving through the game right under the board, where the eyes are.
    auto *nav = new QHBoxLayout;
    nav->setSpacing(2);
    for (QToolButton *b : {m_first, m_previous, m_next, m_last})
        nav->addWidget(b);
    nav->addSpacing(10);
    for (QToolButton *b : {m_previousMatch, m_nextMatch}) {
        b->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
        nav->addWidget(b);
    }
    for (QToolButton *b : {m_first, m_previous, m_next, m_last, m_previousMatch, m_nextMatch}) {
        b->setAutoRaise(true);
        b->setEnabled(false); // until the window gives them their actions
    }
    m_previousMatch->setObjectName(QStringLiteral("PreviousMatchButton"));
    m_nextMatch->setObjectName(QStringLiteral("NextMatchButton"));
    m_matchInfo->setObjectName(QStringLiteral("MatchInfo"));
    m_matchInfo->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_matchInfo->setWordWrap(true);
    m_matchInfo->hide();
    nav->addStretch(1);
    layout->addLayout(nav);
    // On a line of its own: the transform explanation can be long.
    layout->addWidget(m_matchInfo);

    auto *strip = new QHBoxLayout;
    strip->setSpacing(6);
    m_designator->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_designator->setMinimumWidth(80);
    m_designator->setToolTip(tr("Shift+click or Shift+drag on the board to select squares."));
    m_anyColour->setToolTip(tr("Write pieces of either colour, e.g. [Pp]e4"));
    m_insert->setText(tr("Insert"));
    m_insert->setToolTip(tr("Insert the designator into the query at the cursor"));
    m_insert->setEnabled(false);
    strip->addWidget(m_designator, 1);
    m_transform->addItem(tr("No transform"), QString());
    for (const char *t : {"flip", "flipvertical", "fliphorizontal", "flipcolor", "reversecolor", "rotate90", "rotate45",
                          "shift", "shifthorizontal", "shiftvertical"})
        m_transform->addItem(QString::fromLatin1(t), QString::fromLatin1(t));
    m_transform->setToolTip(tr("Find Pattern finds the pattern under this transform too"));
    strip->addWidget(m_anyColour);
    strip->addWidget(m_transform);
    strip->addWidget(m_insert);
    layout->addLayout(strip);
    createQueryTools();
    layout->addWidget(m_setupBar);

    // The images of the selection under a transform are the transform explorer's.
    connect(m_board, &BoardWidget::squaresSelected, this, &BoardPanel::updateDesignator);
    connect(m_anyColour, &QCheckBox::toggled, this, &BoardPanel::updateDesignator);
    connect(m_insert, &QToolButton::clicked, this, [this] {
        if (!m_designatorText.isEmpty()) emit insertRequested(m_designatorText);
    });
    updateDesignator();
}

void BoardPanel::setNavigationActions(QAction *first, QAction *previous, QAction *next, QAction *last,
                                      QAction *previousMatch, QAction *nextMatch)
{
    const QList<QPair<QToolButton *, QAction *>> pairs = {
        {m_first, first}, {m_previous, previous},           {m_next, next},
        {m_last, last},   {m_previousMatch, previousMatch}, {m_nextMatch, nextMatch}};
    for (const auto &[button, action] : pairs)
        if (action) button->setDefaultAction(action);
}

void BoardPanel::setMatchInfo(const QString &text, const QString &toolTip)
{
    m_matchInfo->setText(text);
    m_matchInfo->setToolTip(toolTip.isEmpty() ? text : toolTip);
    m_matchInfo->setVisible(!text.isEmpty());
}

QString BoardPanel::matchInfo() const { return m_matchInfo->text(); }

void BoardPanel::updateDesignator()
{
    DesignatorOptions options;
    options.ignoreColor = m_anyColour->isChecked();
    m_designatorText = pieceDesignator(m_board->shownSetup(), m_board->selectedSquares(), options);
    if (m_designatorText.isEmpty()) {
        m_designator->setText(tr("<i>Shift+click squares to build a designator</i>"));
    } else {
        m_designator->setText(QStringLiteral("<code><b>%1</b></code>").arg(m_designatorText.toHtmlEscaped()));
    }
    m_insert->setEnabled(!m_designatorText.isEmpty());
}

} // namespace wb
