// A progress callback for a worker thread: each new step of a fraction is
// posted to the owner's progress(path, fraction) signal on the owner's thread.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QMetaObject>
#include <QPointer>
#include <QString>
#include <functional>
#include <memory>

namespace wb {

template <typename Owner>
std::function<void(double)> postedProgress(QPointer<Owner> owner, const QString &path, int steps)
{
    auto last = std::make_shared<int>(-1);
    return [owner, path, steps, last](double f) {
        const int step = int(f * steps);
        if (step == *last) return; // at most `steps` events over a whole job
        *last = step;
        QMetaObject::invokeMethod(
            owner,
            [owner, path, f] {
                if (owner) emit owner->progress(path, f);
            },
            Qt::QueuedConnection);
    };
}

} // namespace wb
