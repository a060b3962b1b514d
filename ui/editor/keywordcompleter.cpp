// The completion model and its two-column popup.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "keywordcompleter.h"

#include "cql/cqls/keywordtable.h"
#include "cql/keywords.h"

#include <QCoreApplication>
#include <QHeaderView>
#include <QStandardItemModel>
#include <QTreeView>

namespace wb {

namespace {

QString fromView(std::string_view s) { return QString::fromUtf8(s.data(), qsizetype(s.size())); }

} // namespace

QStandardItemModel *KeywordCompleter::createModel(QObject *parent)
{
    auto *model = new QStandardItemModel(parent);
    model->setColumnCount(2);
    for (const cql::Keyword &k : cql::keywords()) {
        auto *name = new QStandardItem(fromView(k.name));
        QString help = fromView(k.help);
        if (!k.implemented) help += QCoreApplication::translate("wb::KeywordCompleter", " (not implemented yet)");
        auto *line = new QStandardItem(help);
        const QString tip = QStringLiteral("<b>%1</b> — %2<br><i>%3</i>")
                                .arg(name->text().toHtmlEscaped(), help.toHtmlEscaped(),
                                     fromView(cql::categoryName(k.category)).toHtmlEscaped());
        for (QStandardItem *i : {name, line}) {
            i->setEditable(false);
            i->setToolTip(tip);
            i->setData(k.implemented, ImplementedRole);
            // What is not implemented yet stays listed (the parser names it), dimmed.
            if (!k.implemented) i->setForeground(QColor(128, 128, 128));
        }
        model->appendRow({name, line});
    }
    model->sort(Keyword);
    return model;
}

QStandardItemModel *KeywordCompleter::createCqlsModel(QObject *parent)
{
    auto *model = new QStandardItemModel(parent);
    model->setColumnCount(2);
    for (const cql::cqls::KeywordSignature &k : cql::cqls::keywordTable()) {
        auto *name = new QStandardItem(fromView(k.name));
        auto *line = new QStandardItem(QString::fromStdString(cql::cqls::helpLine(k)));
        for (QStandardItem *i : {name, line}) {
            i->setEditable(false);
            i->setToolTip(line->text().toHtmlEscaped());
            i->setData(true, ImplementedRole);
        }
        model->appendRow({name, line});
    }
    model->sort(Keyword);
    return model;
}

void KeywordCompleter::setCqls(bool cqls)
{
    QStandardItemModel *m = cqls ? m_cqls : m_cql6;
    if (model() != m) setModel(m);
}

KeywordCompleter::KeywordCompleter(QObject *parent) : QCompleter(parent), m_models(new QObject(this))
{
    m_cql6 = createModel(m_models);
    m_cqls = createCqlsModel(m_models);
    setModel(m_cql6);
    setCompletionColumn(Keyword);
    setCaseSensitivity(Qt::CaseInsensitive);
    setModelSorting(QCompleter::CaseInsensitivelySortedModel);
    setCompletionMode(QCompleter::PopupCompletion);
    setWrapAround(false);
    setMaxVisibleItems(12);

    auto *popup = new QTreeView;
    popup->setRootIsDecorated(false);
    popup->setUniformRowHeights(true);
    popup->setHeaderHidden(true);
    popup->setAlternatingRowColors(true);
    popup->setSelectionBehavior(QAbstractItemView::SelectRows);
    popup->setTextElideMode(Qt::ElideRight);
    popup->header()->setStretchLastSection(true);
    setPopup(popup); // the completer owns it from here
    popup->setMinimumWidth(520);
    popup->setColumnWidth(Keyword, 160);
}

QString KeywordCompleter::keywordAt(int row) const { return completionModel()->index(row, Keyword).data().toString(); }

QString KeywordCompleter::helpAt(int row) const { return completionModel()->index(row, Help).data().toString(); }

} // namespace wb
