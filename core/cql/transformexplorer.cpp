// The explorer listens to the compiler (explorerhooks.h): each transform filter
// is read as soon as it is built, since its argument as written does not
// outlive the parse.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "transformexplorer.h"

#include "logic.h"
#include "transformfilter.h"

#include <algorithm>
#include <unordered_map>

namespace cql {

DesignatorWatch *&currentDesignatorWatch()
{
    thread_local DesignatorWatch *watch = nullptr;
    return watch;
}

TransformSink *&currentTransformSink()
{
    thread_local TransformSink *sink = nullptr;
    return sink;
}

chess::SquareSet ExplorerImage::squares() const
{
    chess::SquareSet s;
    for (const DesignatorImage &d : designators)
        s |= d.squares;
    return s;
}

namespace {

// Beyond this many images (a shift inside a shift ...) a gallery is no help.
constexpr size_t MaxLeaves = 20000;

struct Leaf {
    std::string fingerprint; // the engine's, designators sorted: equal fingerprints are equal images
    std::vector<DesignatorImage> designators;
    std::vector<std::string> names; // of the transforms giving it
    int weight = 1;
    std::vector<int> path;
};

// {rotate90 X} is rotate90 X (the evaluator's flattening reads it so too).
const Filter &unwrap(const Filter &f)
{
    const Filter *at = &f;
    while (auto *c = dynamic_cast<const CompoundFilter *>(at)) {
        if (c->parts().size() != 1) break;
        at = c->parts().front().get();
    }
    return *at;
}

// What an image holds, told by copying it unchanged: every designator in it
// reports itself, and the copy's fingerprint is the one the engine compares.
Leaf leafOf(const Filter &image, std::vector<std::string> names, int weight, const std::vector<int> &path)
{
    Leaf leaf;
    leaf.names = std::move(names);
    leaf.weight = weight;
    leaf.path = path;
    ImageRecord record;
    DesignatorWatch watch;
    struct Restore {
        ImageRecord *record = currentImageRecord();
        DesignatorWatch *watch = currentDesignatorWatch();
        long budget = transformImageBudget();
        ~Restore()
        {
            currentImageRecord() = record;
            currentDesignatorWatch() = watch;
            transformImageBudget() = budget;
        }
    } restore;
    currentImageRecord() = &record;
    watch.record = &record;
    currentDesignatorWatch() = &watch;
    try {
        image.transformed(Transform::identity());
    } catch (const TransformUndefined &) {
        // Only a rotate45 inside the image could throw, and the image exists: keep what was seen.
    }
    // The same picture whatever order the designators come in ({Kh1 ka8} and
    // {ka8 Kh1}): their notes are cut out and added back sorted.
    std::string rest;
    size_t from = 0;
    for (size_t end : watch.ends) {
        if (end < from + DesignatorNoteSize) continue;
        rest.append(record.fingerprint, from, end - DesignatorNoteSize - from);
        from = end;
    }
    rest.append(record.fingerprint, from);
    leaf.designators = std::move(watch.designators);
    std::vector<std::pair<uint64_t, PieceMask>> sorted;
    for (const DesignatorImage &d : leaf.designators)
        sorted.emplace_back(d.squares.bits(), d.pieces);
    std::sort(sorted.begin(), sorted.end());
    for (const auto &[bits, pieces] : sorted) {
        rest.append(reinterpret_cast<const char *>(&bits), sizeof bits);
        rest.append(reinterpret_cast<const char *>(&pieces), sizeof pieces);
    }
    leaf.fingerprint = std::move(rest);
    return leaf;
}

void collect(const TransformFilter &t, int weight, std::vector<int> &path, std::vector<std::string> &keywords,
             std::vector<Leaf> &out)
{
    if (keywords.size() <= path.size()) keywords.emplace_back(transformKindName(t.kind()));
    for (size_t i = 0; i < t.images().size() && out.size() < MaxLeaves; ++i) {
        path.push_back(int(i + 1));
        const Filter &image = unwrap(*t.images()[i]);
        const int w = weight * int(t.givenBy()[i].size());
        if (auto *inner = dynamic_cast<const TransformFilter *>(&image)) {
            collect(*inner, w, path, keywords, out);
        } else {
            std::vector<std::string> names;
            for (const Transform &given : t.givenBy()[i])
                names.push_back(given.name());
            out.push_back(leafOf(image, std::move(names), w, path));
        }
        path.pop_back();
    }
}

std::vector<ExplorerImage> merge(std::vector<Leaf> &leaves, int &total)
{
    std::vector<ExplorerImage> images;
    std::unordered_map<std::string, size_t> at;
    total = 0;
    for (Leaf &leaf : leaves) {
        total += leaf.weight;
        auto [it, added] = at.try_emplace(leaf.fingerprint, images.size());
        if (added) {
            ExplorerImage image;
            image.designators = std::move(leaf.designators);
            images.push_back(std::move(image));
        }
        ExplorerImage &image = images[it->second];
        for (std::string &name : leaf.names)
            if (std::find(image.transforms.begin(), image.transforms.end(), name) == image.transforms.end())
                image.transforms.push_back(std::move(name));
        image.count += leaf.weight;
        image.paths.push_back(std::move(leaf.path));
    }
    return images;
}

class Collector : public TransformSink {
public:
    std::vector<TransformExploration> found;

    void transformFilter(const TransformFilter &filter) override
    {
        std::vector<Leaf> leaves;
        std::vector<int> path;
        std::vector<std::string> keywords;
        collect(filter, 1, path, keywords, leaves);
        TransformExploration e;
        for (const std::string &k : keywords)
            e.keywords += (e.keywords.empty() ? "" : " ") + k;
        e.range = filter.range;
        e.images = merge(leaves, e.transforms);
        found.push_back(std::move(e));
    }

    void transformedList(std::string_view keywords, const SourceRange &range, const std::vector<Transform> &transforms,
                         const std::vector<FilterPtr> &images) override
    {
        std::vector<Leaf> leaves;
        for (size_t i = 0; i < images.size() && i < transforms.size() && leaves.size() < MaxLeaves; ++i)
            leaves.push_back(leafOf(*images[i], {transforms[i].name()}, 1, {int(i + 1)}));
        TransformExploration e;
        e.keywords = keywords;
        e.range = range;
        e.images = merge(leaves, e.transforms);
        found.push_back(std::move(e));
    }
};

std::vector<TransformExploration> compileAndCollect(std::string_view text, const CompileOptions &options,
                                                    std::string *error)
{
    Collector collector;
    struct Restore {
        TransformSink *saved = currentTransformSink();
        ~Restore() { currentTransformSink() = saved; }
    } restore;
    currentTransformSink() = &collector;
    std::vector<Diagnostic> diagnostics;
    compile(text, options, diagnostics);
    if (error)
        for (const Diagnostic &d : diagnostics)
            if (d.severity == Diagnostic::Error) {
                *error = d.message;
                break;
            }
    return std::move(collector.found);
}

int extent(const SourceRange &r) { return r.end.offset - r.begin.offset; }

} // namespace

std::optional<TransformExploration> exploreAt(std::string_view text, int cursor, const CompileOptions &options)
{
    std::vector<TransformExploration> found = compileAndCollect(text, options, nullptr);
    TransformExploration *best = nullptr;
    for (TransformExploration &e : found)
        if (e.range.begin.offset <= cursor && cursor <= e.range.end.offset
            && (!best || extent(e.range) > extent(best->range)))
            best = &e;
    if (!best) return std::nullopt;
    return std::move(*best);
}

std::optional<TransformExploration> exploreText(std::string_view text, const CompileOptions &options,
                                                std::string *error)
{
    std::string why;
    std::vector<TransformExploration> found = compileAndCollect(text, options, &why);
    if (!why.empty() || found.empty()) {
        if (error) *error = why.empty() ? "no transform" : why;
        return std::nullopt;
    }
    // Inner transforms are built first; the outermost spans them all.
    TransformExploration *best = &found.front();
    for (TransformExploration &e : found)
        if (extent(e.range) > extent(best->range)) best = &e;
    return std::move(*best);
}

std::vector<size_t> matchedImages(const TransformExploration &e, const std::vector<ImageMark> &marks)
{
    // A mark's path is the indices of the marks above it, one per depth.
    std::vector<size_t> out;
    std::vector<int> path;
    bool ours = false;
    for (const ImageMark &m : marks) {
        if (m.depth == 0) ours = m.offset == e.range.begin.offset;
        if (!ours || m.depth > int(path.size())) continue;
        path.resize(size_t(m.depth));
        path.push_back(m.index);
        for (size_t i = 0; i < e.images.size(); ++i)
            for (const std::vector<int> &p : e.images[i].paths)
                if (p == path && std::find(out.begin(), out.end(), i) == out.end()) out.push_back(i);
    }
    std::sort(out.begin(), out.end());
    return out;
}

} // namespace cql
