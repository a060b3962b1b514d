// Diagnostics as rows: severity, file:line:column, message.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "problemsmodel.h"

#include <QApplication>
#include <QStyle>

namespace wb {

ProblemsModel::ProblemsModel(QObject *parent) : QAbstractTableModel(parent) {}

void ProblemsModel::setDiagnostics(const EditorDiagnostics &diagnostics, const QString &fileName)
{
    beginResetModel();
    m_diagnostics = diagnostics;
    m_fileName = fileName;
    endResetModel();
}

int ProblemsModel::errorCount() const
{
    return int(std::count_if(m_diagnostics.begin(), m_diagnostics.end(),
                             [](const EditorDiagnostic &d) { return d.severity == EditorDiagnostic::Error; }));
}

int ProblemsModel::warningCount() const { return int(m_diagnostics.size()) - errorCount(); }

int ProblemsModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_diagnostics.size());
}

int ProblemsModel::columnCount(const QModelIndex &parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant ProblemsModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount() || index.column() >= ColumnCount) return QVariant();
    const EditorDiagnostic &d = m_diagnostics[index.row()];
    const bool error = d.severity == EditorDiagnostic::Error;
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case Severity: return error ? tr("Error") : tr("Warning");
        case Location:
            return m_fileName.isEmpty() ? tr("%1:%2").arg(d.line).arg(d.column)
                                        : tr("%1:%2:%3").arg(m_fileName).arg(d.line).arg(d.column);
        case Message: return d.message;
        }
        break;
    case Qt::DecorationRole:
        if (index.column() == Severity && qApp)
            return qApp->style()->standardIcon(error ? QStyle::SP_MessageBoxCritical : QStyle::SP_MessageBoxWarning);
        break;
    case Qt::ToolTipRole: return d.message;
    default: break;
    }
    return QVariant();
}

QVariant ProblemsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation == Qt::Horizontal && role == Qt::DisplayRole) {
        switch (section) {
        case Severity: return tr("Severity");
        case Location: return tr("Location");
        case Message: return tr("Message");
        }
    }
    return QAbstractTableModel::headerData(section, orientation, role);
}

} // namespace wb
