// :sumrange (accumulator.h).
// SPDX-License-Identifier: GPL-3.0-or-later
#include "cql/cqls/accumulator.h"

namespace cql::cqls {

using chess::Square;
using chess::SquareSet;

bool SumRangeFilter::match(Ctx &ctx) const
{
    long long same = 0, swapped = 0;
    // With :reset only the images of this image's group count.
    const AccumulatorSource *only = nullptr;
    int group = -1;
    if (m_acc->reset && m_hasImage)
        for (const auto &src : m_acc->sources)
            for (size_t i = 0; i < src->transforms.size() && !only; ++i)
                if (src->transforms[i] == m_image) {
                    only = src.get();
                    group = src->group[i];
                }
    for (const auto &src : m_acc->sources) {
        if (only && src.get() != only) continue;
        for (size_t i = 0; i < src->images.size(); ++i)
            if ((!only || src->group[i] == group) && src->images[i]->match(ctx)) ++(src->swapped[i] ? swapped : same);
    }
    if (m_acc->byColour) return m_range.contains(same) || m_range.contains(swapped);
    return m_range.contains(same + swapped);
}

} // namespace cql::cqls
