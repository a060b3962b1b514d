// The board as a query builder: the set-up mode's switch and tools, and the
// queries written from what the board shows.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "boardpanel.h"

#include "boardwidget.h"
#include "querybuilder.h"
#include "setupbar.h"

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QHBoxLayout>
#include <QLayout>
#include <QToolButton>

namespace wb {

void BoardPanel::createQueryTools()
{
    m_setupAction = new QAction(tr("Set Up Position"), this);
    m_setupAction->setCheckable(true);
    m_setupAction->setToolTip(tr("Set up a position by hand: pick pieces from the palette or drag them"));
    m_copyFen = new QAction(tr("Copy Position as FEN"), this);
    m_copyFen->setToolTip(tr("Copy the shown position as FEN to the clipboard"));
    m_findPosition = new QAction(tr("Find Position"), this);
    m_findPosition->setToolTip(tr("Write a query for exactly this position (one undo step in the editor)"));
    m_findPattern = new QAction(tr("Find Pattern"), this);
    m_findPattern->setToolTip(tr("Write a query for the pieces on the selected squares (all pieces without "
                                 "a selection), with the colour and transform chosen beside it"));
    m_emptySquares = new QCheckBox(tr("Empty squares too"), this);
    m_emptySquares->setToolTip(tr("The selected empty squares must be empty as well"));
    m_runAtOnce = new QCheckBox(tr("Search at once"), this);
    m_runAtOnce->setChecked(true);
    m_runAtOnce->setToolTip(tr("Search as soon as the query is written"));
    m_setupBar = new SetupBar(m_board, this);
    m_setupBar->hide();

    auto *row = new QHBoxLayout;
    row->setSpacing(4);
    for (QAction *a : {m_setupAction, m_findPosition, m_findPattern, m_copyFen}) {
        auto *b = new QToolButton(this);
        b->setDefaultAction(a);
        b->setAutoRaise(true);
        row->addWidget(b);
    }
    row->addWidget(m_emptySquares);
    row->addWidget(m_runAtOnce);
    row->addStretch(1);
    static_cast<QBoxLayout *>(layout())->addLayout(row);

    // The board offers the same in its context menu.
    for (QAction *a : {m_setupAction, m_findPosition, m_findPattern, m_copyFen})
        m_board->addAction(a);
    m_board->setContextMenuPolicy(Qt::ActionsContextMenu);

    connect(m_setupAction, &QAction::toggled, this, &BoardPanel::setSetupMode);
    connect(m_copyFen, &QAction::triggered, this,
            [this] { QApplication::clipboard()->setText(m_board->shownSetup().fen()); });
    connect(m_findPosition, &QAction::triggered, this,
            [this] { emit queryRequested(positionQueryText(), m_runAtOnce->isChecked()); });
    connect(m_findPattern, &QAction::triggered, this, [this] {
        const QString text = patternQueryText();
        if (!text.isEmpty()) emit queryRequested(text, m_runAtOnce->isChecked());
    });
    connect(m_board, &BoardWidget::setupChanged, this, &BoardPanel::updateDesignator);
}

void BoardPanel::setSetupMode(bool on)
{
    m_board->setSetupMode(on);
    m_setupBar->setVisible(on);
    // A right click takes a piece off the set-up board instead of opening the menu.
    m_board->setContextMenuPolicy(on ? Qt::PreventContextMenu : Qt::ActionsContextMenu);
    if (m_setupAction->isChecked() != on) m_setupAction->setChecked(on);
    updateDesignator();
}

bool BoardPanel::isSetupMode() const { return m_board->isSetupMode(); }

QString BoardPanel::positionQueryText() const { return positionQuery(m_board->shownSetup()); }

QString BoardPanel::patternQueryText() const
{
    PatternOptions options;
    options.anyColour = m_anyColour->isChecked();
    options.transform = m_transform->currentData().toString();
    options.emptySquares = m_emptySquares->isChecked();
    return patternQuery(m_board->shownSetup(), m_board->selectedSquares(), options);
}

} // namespace wb
