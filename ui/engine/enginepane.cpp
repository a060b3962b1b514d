// The engine pane's widgets; the engine itself runs in EngineAnalysis.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "enginepane.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QTextBrowser>
#include <QToolButton>
#include <QVBoxLayout>

namespace wb {

EnginePane::EnginePane(QWidget *parent)
    : QWidget(parent), m_analysis(new EngineAnalysis(this)), m_button(new QToolButton), m_score(new QLabel),
      m_depth(new QLabel), m_status(new QLabel), m_line(new QTextBrowser)
{
    setObjectName(QStringLiteral("EnginePane"));
    m_button->setObjectName(QStringLiteral("EngineStartButton"));
    m_button->setCheckable(true);
    m_button->setToolButtonStyle(Qt::ToolButtonTextOnly);
    QFont big = m_score->font();
    big.setPointSizeF(big.pointSizeF() * 1.4);
    big.setBold(true);
    m_score->setFont(big);
    m_score->setObjectName(QStringLiteral("EngineScore"));
    m_score->setMinimumWidth(m_score->fontMetrics().horizontalAdvance(QStringLiteral("-#00 ")));
    m_depth->setObjectName(QStringLiteral("EngineDepth"));
    m_status->setObjectName(QStringLiteral("EngineStatus"));
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_status->setWordWrap(true); // an engine that cannot play a variant says why in a sentence
    m_line->setObjectName(QStringLiteral("EngineLine"));
    m_line->setFrameShape(QFrame::NoFrame);
    m_line->setMinimumHeight(m_line->fontMetrics().lineSpacing() * 3);

    auto *top = new QHBoxLayout;
    top->addWidget(m_button);
    top->addWidget(m_score);
    top->addWidget(m_depth);
    top->addStretch(1);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(top);
    layout->addWidget(m_status);
    layout->addWidget(m_line, 1);

    connect(m_button, &QToolButton::toggled, this, &EnginePane::setOn);
    connect(m_analysis, &EngineAnalysis::info, this, &EnginePane::showInfo);
    connect(m_analysis, &EngineAnalysis::stateChanged, this, &EnginePane::showState);
    connect(m_analysis, &EngineAnalysis::error, this, [this](const QString &message) {
        m_status->setText(message);
        setOn(false);
    });
    connect(m_analysis, &EngineAnalysis::cannotAnalyse, this, [this](const QString &message) {
        m_refused = true;
        m_status->setText(message);
    });
    retranslate();
}

void EnginePane::setPosition(const chess::Position &position)
{
    if (position.fen() == m_position.fen() && m_analysis->isAnalysing()) return;
    m_position = position;
    m_depthValue = 0;
    m_refused = false;
    m_score->clear();
    m_depth->clear();
    m_line->clear();
    if (m_on) m_analysis->analyse(position);
}

void EnginePane::setOn(bool on)
{
    if (on == m_on) return;
    m_on = on;
    m_button->setChecked(on);
    if (on)
        m_analysis->analyse(m_position);
    else
        m_analysis->stop();
    retranslate();
    emit onChanged(on);
}

void EnginePane::showInfo(const UciInfo &info)
{
    const chess::Position &p = m_analysis->position();
    m_score->setText(wb::scoreText(info.score, p.sideToMove()));
    m_depthValue = info.depth;
    m_depth->setText(tr("depth %1").arg(info.depth));
    m_line->setPlainText(numberedLine(info.sanLine, p));
}

void EnginePane::showState()
{
    switch (m_analysis->state()) {
    case EngineAnalysis::State::Off:
        if (m_status->text().isEmpty() || !m_on) m_status->setText(tr("Engine off"));
        break;
    case EngineAnalysis::State::Starting: m_status->setText(tr("Starting the engine…")); break;
    case EngineAnalysis::State::Idle: m_status->setText(tr("%1: stopped").arg(m_analysis->engineName())); break;
    case EngineAnalysis::State::Preparing:
    case EngineAnalysis::State::Analysing: m_status->setText(tr("%1: analysing").arg(m_analysis->engineName())); break;
    case EngineAnalysis::State::Stopping: break;
    }
}

void EnginePane::retranslate()
{
    m_button->setText(m_on ? tr("Stop") : tr("Analyse"));
    m_button->setToolTip(m_on ? tr("Stop the engine") : tr("Analyse the shown position with the engine"));
    if (m_analysis->state() == EngineAnalysis::State::Off && m_status->text().isEmpty())
        m_status->setText(tr("Engine off"));
}

void EnginePane::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange) retranslate();
    QWidget::changeEvent(event);
}

QString EnginePane::scoreText() const { return m_score->text(); }
QString EnginePane::depthText() const { return m_depth->text(); }
QString EnginePane::lineText() const { return m_line->toPlainText(); }
QString EnginePane::statusText() const { return m_status->text(); }

} // namespace wb
