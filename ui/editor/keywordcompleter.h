// Keyword completion for the query editor: the core's keyword table (the one
// the parser reads) in a popup that shows each keyword's help line beside it.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QCompleter>

class QStandardItemModel;

namespace wb {

class KeywordCompleter : public QCompleter {
    Q_OBJECT
public:
    enum Column { Keyword, Help };
    enum Role { ImplementedRole = Qt::UserRole + 1 };

    explicit KeywordCompleter(QObject *parent = nullptr);

    // Every keyword of cql::keywords(), sorted, with its help and category.
    static QStandardItemModel *createModel(QObject *parent);
    // Every CQL-S keyword of the core's CQL-S table, without its ':', with its help line.
    static QStandardItemModel *createCqlsModel(QObject *parent);
    // Offers the CQL-S keywords instead of CQL 6's.
    void setCqls(bool cqls);
    // The keyword a completion row stands for, and its help line.
    QString keywordAt(int row) const;
    QString helpAt(int row) const;

private:
    // Parent of both models: QCompleter::setModel deletes a replaced model that is its own child.
    QObject *m_models = nullptr;
    QStandardItemModel *m_cql6 = nullptr;
    QStandardItemModel *m_cqls = nullptr;
};

} // namespace wb
