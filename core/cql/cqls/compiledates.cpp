// The CQL-S compiler's dates and date ranges (:date, :eventdate):
// days of the proleptic Gregorian calendar (compiler.h).
// SPDX-License-Identifier: GPL-3.0-or-later
#include "cql/cqls/compiler.h"

#include <chrono>

namespace cql::cqls {

FilterPtr Compiler::dateKeyword(const Call &c)
{
    [[maybe_unused]] const auto &[node, n, at, items, i, param] = c;
    auto word = [&items = c.items](size_t k) -> std::string_view {
        return k < items.size() && items[k].kind == Item::Word && !keywordOf(items[k]).isKeyword
            ? std::string_view(items[k].text)
            : std::string_view();
    };
    std::string_view w = word(i);
    Range r;
    if (w == "*" || w == "\xE2\x80\x93" || w == "-") {
        // Dated at all (a year is known), or blank dated.
        ++i;
        r.empty = w != "*";
        return std::make_unique<DateFilter>(r);
    }
    int op = 0;
    for (auto [prefix, code] : {std::pair<std::string_view, int>{">=", 2}, {"<=", 4}, {">", 1}, {"<", 3}})
        if (w.substr(0, prefix.size()) == prefix) {
            op = code;
            w.remove_prefix(prefix.size());
            break;
        }
    long long v;
    std::string why;
    if (!parseDate(w, v, why)) {
        error(i < items.size() ? items[i] : at,
              why.empty() ? "':date' expects a date as 2010-10-27 (or 2010-10-27+1m, *, \xE2\x80\x93)" : why);
        if (!word(i).empty()) ++i; // no further errors about it
        return nullptr;
    }
    ++i;
    switch (op) {
    case 1: r.lo.value = v + 1; break;
    case 2: r.lo.value = v; break;
    case 3: r.hi.value = v - 1; break;
    case 4: r.hi.value = v; break;
    default: {
        r.lo.value = r.hi.value = v;
        long long v2;
        if (word(i) == "..") {
            // The former date included, the latter excluded, in either order.
            if (!parseDate(word(i + 1), v2, why)) {
                error(i + 1 < items.size() ? items[i + 1] : items[i],
                      why.empty() ? "'..' expects a date after it" : why);
                i += word(i + 1).empty() ? 1 : 2;
                return nullptr;
            }
            if (v2 == v) {
                error(items[i + 1],
                      "the date range '" + std::string(word(i - 1)) + " .. " + std::string(word(i + 1)) + "' is empty");
                i += 2;
                return nullptr;
            }
            if (v2 > v)
                r.hi.value = v2 - 1;
            else
                r.lo.value = v2 + 1, r.hi.value = v;
            i += 2;
        } else if (!word(i).empty() && parseDate(word(i), v2, why)) {
            r.lo.value = std::min(v, v2);
            r.hi.value = std::max(v, v2);
            ++i;
        }
    }
    }
    return std::make_unique<DateFilter>(r);
}

bool Compiler::parseDate(std::string_view t, long long &out, std::string &why)
{
    using namespace std::chrono;
    why.clear();
    long long y, m, d;
    if (t.size() < 10 || !digitsAt(t, 0, 4, y) || t[4] != '-' || !digitsAt(t, 5, 2, m) || t[7] != '-'
        || !digitsAt(t, 8, 2, d))
        return false;
    year_month_day date{year(int(y)), month(unsigned(m)), day(unsigned(d))};
    if (!date.ok()) {
        why = "'" + std::string(t.substr(0, 10)) + "' is not a day of the calendar";
        return false;
    }
    std::string_view rest = t.substr(10);
    int order = 0; // steps come as y, m, d
    while (!rest.empty()) {
        const char sign = rest[0];
        size_t k = 1;
        long long n = 0;
        while (k < rest.size() && rest[k] >= '0' && rest[k] <= '9' && n < 100000)
            n = n * 10 + (rest[k++] - '0');
        const char unit = k < rest.size() ? rest[k] : 0;
        const int unitOrder = unit == 'y' ? 1 : unit == 'm' ? 2 : unit == 'd' ? 3 : 0;
        if ((sign != '+' && sign != '-') || k == 1 || !unitOrder || unitOrder <= order) {
            why = "'" + std::string(t) + "': a date step is +N or -N with y, m or d, in that order (2010-10-01+1m)";
            return false;
        }
        order = unitOrder;
        const long long step = sign == '-' ? -n : n;
        long long months = int(date.year()) * 12LL + unsigned(date.month()) - 1;
        if (unit == 'd') {
            date = year_month_day{sys_days{date} + days{step}};
        } else if ((months += unit == 'y' ? 12 * step : step) >= 0 && months < 120000) {
            const year_month ym{year(int(months / 12)), month(unsigned(months % 12) + 1)};
            date = ym / std::min(date.day(), (ym / last).day()); // Jan 31 + 1m is Feb 28 (or 29)
        }
        if (months < 0 || months >= 120000 || int(date.year()) < 0 || int(date.year()) > 9999) {
            why = "'" + std::string(t) + "' leaves the years 0 to 9999";
            return false;
        }
        rest.remove_prefix(k + 1);
    }
    out = int(date.year()) * 10000LL + unsigned(date.month()) * 100 + unsigned(date.day());
    return true;
}

} // namespace cql::cqls
