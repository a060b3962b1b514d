// NAG symbols as used in printed chess notation.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "nagtext.h"

namespace wb {

QString nagText(int nag)
{
    switch (nag) {
    case 1: return QStringLiteral("!");
    case 2: return QStringLiteral("?");
    case 3: return QStringLiteral("!!");
    case 4: return QStringLiteral("??");
    case 5: return QStringLiteral("!?");
    case 6: return QStringLiteral("?!");
    case 7: return QStringLiteral("□");
    case 10: return QStringLiteral("=");
    case 13: return QStringLiteral("∞");
    case 14: return QStringLiteral("⩲");
    case 15: return QStringLiteral("⩱");
    case 16: return QStringLiteral("±");
    case 17: return QStringLiteral("∓");
    case 18: return QStringLiteral("+−");
    case 19: return QStringLiteral("−+");
    case 22:
    case 23: return QStringLiteral("⨀");
    case 32:
    case 33: return QStringLiteral("⟳");
    case 36:
    case 37: return QStringLiteral("→");
    case 40:
    case 41: return QStringLiteral("↑");
    case 132:
    case 133: return QStringLiteral("⇆");
    case 140: return QStringLiteral("∆");
    case 146: return QStringLiteral("N");
    default: return QStringLiteral("$%1").arg(nag);
    }
}

} // namespace wb
