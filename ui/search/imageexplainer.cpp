// Walks the compiled filter tree with a Ctx of its own (the core's evaluator
// keeps its state private) and tests each transform image separately.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "imageexplainer.h"

#include "cql/filter.h"
#include "cql/logic.h"
#include "cql/program.h"
#include "cql/transformfilter.h"

#include <QCoreApplication>
#include <cctype>
#include <climits>
#include <exception>

namespace wb {

namespace {

// The transform keyword a filter was compiled from, read back from the query text.
QString keywordAt(const QByteArray &text, const cql::Filter &f)
{
    int i = f.range.begin.offset;
    if (i < 0 || i >= text.size()) return QStringLiteral("transform");
    int j = i;
    while (j < text.size() && (std::isalnum(static_cast<unsigned char>(text[j])) || text[j] == '_'))
        ++j;
    return j > i ? QString::fromLatin1(text.mid(i, j - i)) : QStringLiteral("transform");
}

int imageCount(const cql::TransformFilter &t)
{
    // Nested transform filters multiply: each image is itself a transform filter then.
    int n = 0;
    for (const cql::FilterPtr &img : t.images()) {
        const auto *inner = dynamic_cast<const cql::TransformFilter *>(img.get());
        n += inner ? qMax(1, imageCount(*inner)) : 1;
    }
    return n;
}

struct Walk {
    const QByteArray &text;
    cql::Ctx &ctx;
    QList<MatchedImage> found;

    // First matching image of t: its number among all (nested) images, the keywords on the way.
    bool firstImage(const cql::TransformFilter &t, MatchedImage &out, int before)
    {
        int base = before;
        for (size_t i = 0; i < t.images().size(); ++i) {
            const cql::Filter &img = *t.images()[i];
            const auto *inner = dynamic_cast<const cql::TransformFilter *>(&img);
            const int width = inner ? qMax(1, imageCount(*inner)) : 1;
            if (img.match(ctx)) {
                if (inner && !inner->images().empty()) {
                    // A count or range transform "matches" with no image matching: look on.
                    MatchedImage deeper = out;
                    deeper.keywords += QLatin1Char(' ') + keywordAt(text, *inner);
                    if (firstImage(*inner, deeper, base)) {
                        out = deeper;
                        return true;
                    }
                    base += width;
                    continue;
                }
                out.image = base + 1;
                out.map = t.imageTransforms()[i];
                out.transform = QString::fromStdString(out.map.name());
                return true;
            }
            base += width;
        }
        return false;
    }

    int countMatching(const cql::TransformFilter &t)
    {
        int n = 0;
        for (const cql::FilterPtr &img : t.images()) {
            const auto *inner = dynamic_cast<const cql::TransformFilter *>(img.get());
            if (inner && !inner->images().empty())
                n += countMatching(*inner);
            else if (img->match(ctx))
                ++n;
        }
        return n;
    }

    void visit(const cql::Filter &f)
    {
        if (const auto *t = dynamic_cast<const cql::TransformFilter *>(&f)) {
            MatchedImage m;
            m.keywords = keywordAt(text, *t);
            m.images = imageCount(*t);
            if (firstImage(*t, m, 0)) {
                m.matchingImages = countMatching(*t);
                found.append(m);
            }
        } else if (const auto *c = dynamic_cast<const cql::CompoundFilter *>(&f)) {
            for (const cql::FilterPtr &p : c->parts()) {
                visit(*p);
                if (!p->match(ctx)) // sets the variables later parts read
                    return;
            }
        }
    }
};

} // namespace

QString MatchedImage::text() const
{
    QString s =
        QCoreApplication::translate("wb::MatchedImage", "%1 image %2 of %3").arg(keywords).arg(image).arg(images);
    if (!transform.isEmpty()) s += QStringLiteral(" (%1)").arg(transform);
    if (matchingImages > 1)
        s += QCoreApplication::translate("wb::MatchedImage", ", %n images match", nullptr, matchingImages);
    return s;
}

QList<MatchedImage> explainMatchedImages(const cql::Query &query, const QString &queryText, const game::Game &game,
                                         game::NodeId node)
{
    if (node >= game.nodes.size()) return {};
    const cql::Program &prog = query.program();
    cql::Ctx ctx;
    ctx.game = &game;
    ctx.searchVariations = query.header().variations;
    ctx.vars.assign(prog.slotTypes.size(), cql::Value());
    for (size_t i = 0; i < prog.slotTypes.size(); ++i)
        ctx.vars[i].type = prog.slotTypes[i];
    std::vector<cql::SortValue> sorts(prog.sorts.size());
    for (size_t i = 0; i < prog.sorts.size(); ++i)
        sorts[i].value = prog.sorts[i].minimize ? LLONG_MAX : LLONG_MIN;
    ctx.sortValues = &sorts;
    ctx.sortComments.assign(prog.sorts.size(), {});
    ctx.moveTo(node);
    const QByteArray text = queryText.toUtf8();
    Walk walk{text, ctx, {}};
    try {
        for (const cql::FilterPtr &f : prog.body) {
            walk.visit(*f);
            if (!f->match(ctx)) break;
        }
    } catch (const std::exception &) {
        // An evaluation error (assert and the like) leaves what was found so far.
    }
    return walk.found;
}

} // namespace wb
