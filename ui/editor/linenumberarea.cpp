// Gutter painting is delegated to the editor, which knows the block geometry.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "linenumberarea.h"

#include "cqleditor.h"

#include <QMouseEvent>

namespace wb {

LineNumberArea::LineNumberArea(CqlEditor *editor) : QWidget(editor), m_editor(editor) {}

QSize LineNumberArea::sizeHint() const { return {m_editor->lineNumberAreaWidth(), 0}; }

void LineNumberArea::paintEvent(QPaintEvent *event) { m_editor->paintLineNumberArea(event); }

void LineNumberArea::mousePressEvent(QMouseEvent *event) { m_editor->selectLineAt(event->position().toPoint().y()); }

} // namespace wb
