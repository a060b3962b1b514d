// Variant tag values to the names the workbench shows.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "variantlabel.h"

#include "chess/variant.h"
#include "game/bughouse.h"
#include "game/builder.h"
#include "game/ficsstart.h"

namespace wb {

QString variantLabel(std::string_view tag)
{
    while (!tag.empty() && (tag.front() == ' ' || tag.front() == '\t'))
        tag.remove_prefix(1);
    while (!tag.empty() && (tag.back() == ' ' || tag.back() == '\t'))
        tag.remove_suffix(1);
    if (tag.empty() || game::ficsStartNamed(tag)) return QString();
    bool chess960 = false;
    const std::string_view name = game::classifyVariant(tag, chess960);
    if (chess960) return QStringLiteral("Chess960");
    if (name.empty()) return QString();
    if (game::isBughouseName(name)) return QStringLiteral("Bughouse");
    if (const auto v = chess::parseVariantName(name)) {
        const std::string_view own = chess::variantName(*v);
        return QString::fromLatin1(own.data(), qsizetype(own.size()));
    }
    return QString::fromUtf8(name.data(), qsizetype(name.size()));
}

} // namespace wb
