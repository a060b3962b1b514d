// The search log: timestamped lines about opening files, compiling and searching.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QPlainTextEdit>

namespace wb {

class SearchLog : public QPlainTextEdit {
    Q_OBJECT
public:
    enum Kind { Info, Success, Warning, Error };
    explicit SearchLog(QWidget *parent = nullptr);

public slots:
    void addMessage(const QString &text, wb::SearchLog::Kind kind = Info);
};

} // namespace wb
