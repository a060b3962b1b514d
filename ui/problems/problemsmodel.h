// The problems pane: the query's diagnostics as a table.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "editor/editordiagnostic.h"

#include <QAbstractTableModel>

namespace wb {

class ProblemsModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Severity, Location, Message, ColumnCount };
    explicit ProblemsModel(QObject *parent = nullptr);

    void setDiagnostics(const EditorDiagnostics &diagnostics, const QString &fileName = QString());
    const EditorDiagnostics &diagnostics() const { return m_diagnostics; }
    EditorDiagnostic diagnostic(int row) const { return m_diagnostics.value(row); }
    int errorCount() const;
    int warningCount() const;

    int rowCount(const QModelIndex &parent = QModelIndex()) const override;
    int columnCount(const QModelIndex &parent = QModelIndex()) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    EditorDiagnostics m_diagnostics;
    QString m_fileName;
};

} // namespace wb
