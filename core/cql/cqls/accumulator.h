// :accumulate and :sumrange: lists count their images into accumulators that
// other lists read.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "cql/cqls/designatorfilters.h"
#include "cql/filter.h"
#include "cql/sets.h"
#include "cql/cqls/designators.h"
#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace cql::cqls {

// Accumulators (:accumulate, :accumulate*, :sumrange): at a position, an
// accumulator holds how many transform images of the lists that accumulate
// into it match there; with accumulate* the images with swapped colours are
// counted apart.
struct AccumulatorSource {
    std::vector<FilterPtr> images;
    std::vector<bool> swapped;
    // :reset: the transform of each image and its reset group (the element of
    // the list's last transform keyword it uses); counts start again per group.
    std::vector<Transform> transforms;
    std::vector<int> group;
};

struct Accumulator {
    std::vector<std::shared_ptr<AccumulatorSource>> sources;
    bool byColour = false;
    bool reset = false;
};

class SumRangeFilter : public Filter {
public:
    SumRangeFilter(std::shared_ptr<const Accumulator> acc, Range r, const Transform *image = nullptr)
        : m_acc(std::move(acc)), m_range(r), m_hasImage(image != nullptr)
    {
        if (image) m_image = *image;
    }
    bool match(Ctx &ctx) const override;
    FilterPtr transformed(const Transform &t) const override
    {
        return std::make_unique<SumRangeFilter>(m_acc, m_range, &t);
    }
    bool transformSensitive() const override { return false; }

private:
    std::shared_ptr<const Accumulator> m_acc;
    Range m_range;
    bool m_hasImage;
    Transform m_image = Transform::identity(); // the list image this :sumrange is part of (for :reset)
};

} // namespace cql::cqls
