// Typing waits a moment before filtering: 400k rows are filtered on a worker,
// and a filter typed meanwhile cancels the one running.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "quickfilterbar.h"

#include "gamelistmodel.h"

#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QIntValidator>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QTimer>
#include <QToolButton>

namespace wb {

namespace {
constexpr int PauseMilliseconds = 150; // after the last key
}

QuickFilterBar::QuickFilterBar(GameListModel *model, QWidget *parent)
    : QWidget(parent), m_model(model), m_runner(new QuickFilterRunner(this)), m_pause(new QTimer(this))
{
    setObjectName(QStringLiteral("QuickFilterBar"));
    m_pause->setSingleShot(true);
    m_pause->setInterval(PauseMilliseconds);
    // Wide enough for a typical entry (`sample`) without scrolling.
    auto edit = [this](const char *name, const char *sample) {
        auto *e = new QLineEdit(this);
        e->setObjectName(QLatin1String(name));
        e->setClearButtonEnabled(false);
        e->setMinimumWidth(e->fontMetrics().horizontalAdvance(QLatin1String(sample)) + 8);
        connect(e, &QLineEdit::textChanged, this, &QuickFilterBar::edited);
        return e;
    };
    m_player = edit("FilterPlayer", "Carlsen");
    m_event = edit("FilterEvent", "Event");
    m_years = edit("FilterYears", "1990-1999");
    m_rating = edit("FilterRating", "2700");
    m_rating->setValidator(new QIntValidator(0, 4000, m_rating));
    m_eco = edit("FilterEco", "B20-B99");
    m_result = new QComboBox(this);
    m_result->setObjectName(QStringLiteral("FilterResult"));
    m_result->addItem(QString(), QString());
    for (const char *r : {"1-0", "0-1", "1/2-1/2", "*"})
        m_result->addItem(QLatin1String(r), QLatin1String(r));
    connect(m_result, &QComboBox::currentIndexChanged, this, &QuickFilterBar::edited);
    m_clear = new QToolButton(this);
    m_clear->setObjectName(QStringLiteral("FilterClear"));
    m_clear->setAutoRaise(true);
    connect(m_clear, &QToolButton::clicked, this, &QuickFilterBar::clear);
    m_count = new QLabel(this);
    m_count->setObjectName(QStringLiteral("FilterCount"));

    auto *row = new QHBoxLayout(this);
    row->setContentsMargins(2, 2, 2, 2);
    row->setSpacing(4);
    row->addWidget(m_player, 3);
    row->addWidget(m_event, 3);
    row->addWidget(m_years, 2);
    row->addWidget(m_result, 1);
    row->addWidget(m_rating, 2);
    row->addWidget(m_eco, 2);
    row->addWidget(m_clear);
    row->addWidget(m_count);
    retranslate();

    connect(m_pause, &QTimer::timeout, this, &QuickFilterBar::applyNow);
    connect(m_runner, &QuickFilterRunner::finished, this, [this](const std::vector<bool> &admitted) {
        m_model->setQuickFilter(admitted);
        updateCount();
        emit applied(m_model->rowCount(), m_model->unfilteredRowCount());
    });
    // Another list: its games are filtered anew.
    connect(m_model, &GameListModel::sourceChanged, this, [this] {
        if (m_active) applyNow();
    });
    connect(m_model, &GameListModel::rowsCounted, this, &QuickFilterBar::updateCount);
    connect(m_model, &QAbstractItemModel::modelReset, this, &QuickFilterBar::updateCount);
    updateCount();
}

void QuickFilterBar::retranslate()
{
    m_player->setPlaceholderText(tr("Player"));
    m_player->setToolTip(tr("Part of White's or Black's name"));
    m_event->setPlaceholderText(tr("Event"));
    m_event->setToolTip(tr("Part of the event's name"));
    m_years->setPlaceholderText(tr("Years"));
    m_years->setToolTip(tr("A year or a range: 1990, 1990-1999, -1950, 2000-"));
    m_rating->setPlaceholderText(tr("Elo ≥"));
    m_rating->setToolTip(tr("Both players rated at least this"));
    m_eco->setPlaceholderText(tr("ECO"));
    m_eco->setToolTip(tr("An ECO prefix or range: B, B2, B20-B99"));
    m_result->setItemText(0, tr("Any result"));
    m_result->setToolTip(tr("The game's result"));
    m_clear->setText(tr("Clear"));
    m_clear->setToolTip(tr("Clear the quick filter"));
    updateCount();
}

void QuickFilterBar::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange) retranslate();
    QWidget::changeEvent(event);
}

QuickFilter QuickFilterBar::filter() const
{
    QuickFilter f;
    f.player = m_player->text().trimmed();
    f.event = m_event->text().trimmed();
    f.setYears(m_years->text());
    f.result = m_result->currentData().toString();
    f.minRating = m_rating->text().toInt();
    f.setEco(m_eco->text());
    return f;
}

void QuickFilterBar::edited()
{
    // A field that does not read is shown so, and left out of the filter.
    QuickFilter probe;
    auto mark = [](QLineEdit *e, bool ok) {
        e->setStyleSheet(ok ? QString() : QStringLiteral("QLineEdit { color: #c62828; }"));
    };
    mark(m_years, probe.setYears(m_years->text()));
    mark(m_eco, probe.setEco(m_eco->text()));
    m_pause->start();
}

void QuickFilterBar::applyNow()
{
    m_pause->stop();
    const QuickFilter f = filter();
    m_active = !f.isEmpty();
    if (!m_active) {
        m_runner->cancel();
        m_model->clearQuickFilter();
        updateCount();
        emit applied(m_model->rowCount(), m_model->unfilteredRowCount());
        return;
    }
    m_runner->start(m_model->source(), f);
    updateCount();
}

void QuickFilterBar::clear()
{
    const QSignalBlocker b1(m_player), b2(m_event), b3(m_years), b4(m_rating), b5(m_eco), b6(m_result);
    m_player->clear();
    m_event->clear();
    m_years->clear();
    m_rating->clear();
    m_eco->clear();
    m_result->setCurrentIndex(0);
    edited();
    applyNow();
}

QString QuickFilterBar::setFields(const QString &fields)
{
    QStringList unknown;
    for (const QString &pair : fields.split(QLatin1Char(';'), Qt::SkipEmptyParts)) {
        const int eq = pair.indexOf(QLatin1Char('='));
        const QString key = pair.left(eq).trimmed().toLower(), value = eq < 0 ? QString() : pair.mid(eq + 1).trimmed();
        if (key == QLatin1String("player"))
            setPlayer(value);
        else if (key == QLatin1String("event"))
            setEvent(value);
        else if (key == QLatin1String("years"))
            setYears(value);
        else if (key == QLatin1String("elo"))
            setMinRating(value.toInt());
        else if (key == QLatin1String("eco"))
            setEco(value);
        else if (key == QLatin1String("result") && (value.isEmpty() || m_result->findData(value) >= 0))
            setResult(value);
        else
            unknown << pair.trimmed();
    }
    return unknown.isEmpty() ? QString() : tr("not understood: %1").arg(unknown.join(QStringLiteral("; ")));
}

void QuickFilterBar::setPlayer(const QString &text) { m_player->setText(text); }
void QuickFilterBar::setEvent(const QString &text) { m_event->setText(text); }
void QuickFilterBar::setYears(const QString &text) { m_years->setText(text); }
void QuickFilterBar::setEco(const QString &text) { m_eco->setText(text); }
void QuickFilterBar::setMinRating(int rating) { m_rating->setText(rating > 0 ? QString::number(rating) : QString()); }

void QuickFilterBar::setResult(const QString &result)
{
    const int i = m_result->findData(result);
    m_result->setCurrentIndex(qMax(0, i));
}

bool QuickFilterBar::isFiltering() const { return m_pause->isActive() || m_runner->isRunning(); }

QString QuickFilterBar::countText() const { return m_count->text(); }

void QuickFilterBar::updateCount()
{
    const QLocale locale;
    const int listed = m_model->rowCount(), all = m_model->unfilteredRowCount();
    m_clear->setEnabled(m_active || m_model->hasQuickFilter());
    if (m_runner->isRunning())
        m_count->setText(tr("Filtering…"));
    else if (m_model->hasQuickFilter())
        m_count->setText(tr("%1 of %2 games").arg(locale.toString(listed), locale.toString(all)));
    else
        m_count->setText(tr("%1 games").arg(locale.toString(all)));
}

} // namespace wb
