// Log lines as HTML so that problems stand out by colour.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "searchlog.h"

#include <QFontDatabase>
#include <QTime>

namespace wb {

SearchLog::SearchLog(QWidget *parent) : QPlainTextEdit(parent)
{
    setReadOnly(true);
    setMaximumBlockCount(5000);
    setLineWrapMode(QPlainTextEdit::WidgetWidth);
    setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    setPlaceholderText(tr("Messages about opened files and searches appear here."));
}

void SearchLog::addMessage(const QString &text, Kind kind)
{
    const bool dark = palette().color(QPalette::Base).lightness() < 128;
    QString colour;
    switch (kind) {
    case Success: colour = dark ? QStringLiteral("#8fd694") : QStringLiteral("#23702f"); break;
    case Warning: colour = dark ? QStringLiteral("#f0c36b") : QStringLiteral("#8a5a00"); break;
    case Error: colour = dark ? QStringLiteral("#ff8080") : QStringLiteral("#b02020"); break;
    case Info: break;
    }
    const QString time = QTime::currentTime().toString(QStringLiteral("HH:mm:ss"));
    QString body = text.toHtmlEscaped();
    if (!colour.isEmpty()) body = QStringLiteral("<span style=\"color:%1\">%2</span>").arg(colour, body);
    appendHtml(QStringLiteral("<span style=\"color:gray\">%1</span>&nbsp;&nbsp;%2").arg(time, body));
}

} // namespace wb
