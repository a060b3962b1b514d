// A problem to show in the editor and the problems pane.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "cql/query.h"

#include <QList>
#include <QMetaType>
#include <QString>

namespace wb {

struct EditorDiagnostic {
    enum Severity { Error, Warning };
    int line = 1;   // 1-based
    int column = 1; // 1-based, in code points (as the core counts)
    int length = 1; // code points to underline
    QString message;
    Severity severity = Error;

    bool operator==(const EditorDiagnostic &) const = default;

    static EditorDiagnostic fromCore(const cql::Diagnostic &d)
    {
        return {d.line, d.column, d.length, QString::fromStdString(d.message),
                d.severity == cql::Diagnostic::Warning ? Warning : Error};
    }
};
using EditorDiagnostics = QList<EditorDiagnostic>;

} // namespace wb

Q_DECLARE_METATYPE(wb::EditorDiagnostic)
