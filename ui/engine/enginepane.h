// The engine pane: evaluation, depth and best line of the shown position from
// a UCI engine, with a start/stop button. While on, it follows the board.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "engineanalysis.h"

#include <QWidget>

class QLabel;
class QTextBrowser;
class QToolButton;

namespace wb {

class EnginePane : public QWidget {
    Q_OBJECT
public:
    explicit EnginePane(QWidget *parent = nullptr);

    EngineAnalysis *analysis() const { return m_analysis; }
    // The position to analyse; analysed at once while the pane is on.
    void setPosition(const chess::Position &position);
    bool isOn() const { return m_on; }
    void setOn(bool on);

    // What is shown, for tests and the screenshot.
    QString scoreText() const;
    QString depthText() const;
    QString lineText() const;
    QString statusText() const;
    int depth() const { return m_depthValue; } // of the last line shown, 0 before the first
    // The engine cannot analyse the shown position (a variant it does not play).
    bool refused() const { return m_refused; }
    QToolButton *startButton() const { return m_button; }

signals:
    void onChanged(bool on);

protected:
    void changeEvent(QEvent *event) override;

private:
    void showInfo(const UciInfo &info);
    void showState();
    void retranslate();

    EngineAnalysis *m_analysis;
    chess::Position m_position;
    bool m_on = false;
    int m_depthValue = 0;
    QToolButton *m_button;
    QLabel *m_score;
    QLabel *m_depth;
    QLabel *m_status;
    bool m_refused = false;
    QTextBrowser *m_line;
};

} // namespace wb
