// How long the GUI thread kept an event waiting: a timer asks for it every
// 5 ms, and the longest gap between its ticks is the longest wait.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QElapsedTimer>
#include <QTimer>
#include <algorithm>

namespace eventlatency {

class Probe {
public:
    Probe()
    {
        m_timer.setInterval(5);
        QObject::connect(&m_timer, &QTimer::timeout, [this] {
            m_longest = std::max(m_longest, m_sinceTick.restart());
            ++m_ticks;
        });
        m_sinceTick.start();
        m_timer.start();
    }
    void stop() { m_timer.stop(); }
    qint64 longestGap() const { return m_longest; }
    int ticks() const { return m_ticks; }

private:
    QTimer m_timer;
    QElapsedTimer m_sinceTick;
    qint64 m_longest = 0;
    int m_ticks = 0;
};

} // namespace eventlatency
