// Matching header fields and the worker that filters a whole list.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "quickfilter.h"

#include <QRegularExpression>
#include <QThread>
#include <QtConcurrent>
#include <algorithm>
#include <charconv>
#include <thread>

namespace wb {

namespace {

// "B2" from "b2 ", "" when it is no ECO prefix (a letter A-E and up to two digits).
QString ecoCode(const QString &text)
{
    const QString t = text.trimmed().toUpper();
    static const QRegularExpression re(QStringLiteral("^[A-E][0-9]{0,2}$"));
    return re.match(t).hasMatch() ? t : QString();
}

bool isAscii(std::string_view s)
{
    return std::all_of(s.begin(), s.end(), [](char c) { return (unsigned char)c < 0x80; });
}

char lowerAscii(char c) { return c >= 'A' && c <= 'Z' ? char(c - 'A' + 'a') : c; }

// `needle` (`utf8` its UTF-8, ascii whether it is all ASCII) in `text` in
// any case: byte by byte while both are ASCII (almost every name), through
// QString otherwise.
bool containsAnyCase(std::string_view text, const QString &needle, const std::string &utf8, bool ascii)
{
    if (utf8.empty()) return true;
    if (ascii && isAscii(text)) {
        auto it = std::search(text.begin(), text.end(), utf8.begin(), utf8.end(),
                              [](char a, char b) { return lowerAscii(a) == lowerAscii(b); });
        return it != text.end();
    }
    return QString::fromUtf8(text.data(), qsizetype(text.size())).contains(needle, Qt::CaseInsensitive);
}

int number(std::string_view s)
{
    while (!s.empty() && s.front() == ' ')
        s.remove_prefix(1);
    while (!s.empty() && s.back() == ' ')
        s.remove_suffix(1);
    int v = 0;
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    return ec == std::errc() && end == s.data() + s.size() ? v : 0;
}

// "1985.10.15" -> 1985; 0 when the year is unknown ("????", "19??").
int yearOf(std::string_view date) { return date.size() >= 4 ? number(date.substr(0, 4)) : 0; }

} // namespace

bool QuickFilter::isEmpty() const
{
    return player.isEmpty() && event.isEmpty() && !yearFrom && !yearTo && result.isEmpty() && minRating <= 0
        && ecoFrom.isEmpty() && ecoTo.isEmpty();
}

bool QuickFilter::setYears(const QString &text)
{
    const QString t = text.trimmed();
    if (t.isEmpty()) {
        yearFrom = yearTo = 0;
        return true;
    }
    static const QRegularExpression re(QStringLiteral("^(\\d{1,4})?\\s*(-)?\\s*(\\d{1,4})?$"));
    const QRegularExpressionMatch m = re.match(t);
    if (!m.hasMatch() || (m.captured(1).isEmpty() && m.captured(3).isEmpty())) return false;
    const int from = m.captured(1).toInt(), to = m.captured(3).toInt();
    if (m.captured(2).isEmpty()) { // one year
        yearFrom = yearTo = from;
    } else {
        yearFrom = from;
        yearTo = to;
    }
    if (yearFrom && yearTo && yearFrom > yearTo) std::swap(yearFrom, yearTo);
    return true;
}

bool QuickFilter::setEco(const QString &text)
{
    const QString t = text.trimmed();
    if (t.isEmpty()) {
        ecoFrom.clear();
        ecoTo.clear();
        return true;
    }
    const int dash = t.indexOf(QLatin1Char('-'));
    const QString from = ecoCode(dash < 0 ? t : t.left(dash));
    const QString to = ecoCode(dash < 0 ? t : t.mid(dash + 1));
    if (from.isEmpty() || to.isEmpty()) return false;
    ecoFrom = from;
    ecoTo = to;
    if (ecoFrom.leftJustified(3, QLatin1Char('0')) > ecoTo.leftJustified(3, QLatin1Char('9')))
        std::swap(ecoFrom, ecoTo);
    return true;
}

bool QuickFilter::admits(const GameInfo &info) const
{
    // Sources without an index in memory (games held by hand) are small: copies do.
    const QByteArray white = info.white.toUtf8(), black = info.black.toUtf8(), event = info.event.toUtf8(),
                     date = info.date.toUtf8(), result = info.result.toUtf8(), eco = info.eco.toUtf8(),
                     whiteElo = QByteArray::number(info.whiteElo), blackElo = QByteArray::number(info.blackElo);
    auto view = [](const QByteArray &a) { return std::string_view(a.constData(), size_t(a.size())); };
    return admits(RawGameFields{view(white), view(black), view(event), view(date), view(result), view(eco),
                                view(whiteElo), view(blackElo)});
}

bool QuickFilter::admits(const RawGameFields &fields) const { return QuickFilterMatcher(*this).admits(fields); }

QuickFilterMatcher::QuickFilterMatcher(const QuickFilter &f)
    : m_filter(f), m_player(f.player.toStdString()), m_event(f.event.toStdString()), m_result(f.result.toStdString()),
      m_ecoLow(f.ecoFrom.leftJustified(3, QLatin1Char('0')).toStdString()),
      m_ecoHigh(f.ecoTo.leftJustified(3, QLatin1Char('9')).toStdString()), m_playerAscii(isAscii(m_player)),
      m_eventAscii(isAscii(m_event))
{
}

bool QuickFilterMatcher::admits(const RawGameFields &g) const
{
    const QuickFilter &f = m_filter;
    if (!m_result.empty() && g.result != m_result) return false;
    if (f.minRating > 0 && (number(g.whiteElo) < f.minRating || number(g.blackElo) < f.minRating)) return false;
    if (f.yearFrom || f.yearTo) {
        const int y = yearOf(g.date);
        if (!y || (f.yearFrom && y < f.yearFrom) || (f.yearTo && y > f.yearTo)) return false;
    }
    if (!f.ecoFrom.isEmpty()) {
        // A prefix range: "B2".."B2" is B20-B29, "A00".."B99" everything from A00 to B99.
        char eco[4] = {};
        const size_t n = std::min<size_t>(3, g.eco.size());
        for (size_t i = 0; i < n; ++i)
            eco[i] = g.eco[i] >= 'a' && g.eco[i] <= 'z' ? char(g.eco[i] - 'a' + 'A') : g.eco[i];
        const std::string_view code(eco, n);
        if (code.empty() || code < m_ecoLow || code > m_ecoHigh) return false;
    }
    if (!containsAnyCase(g.event, f.event, m_event, m_eventAscii)) return false;
    if (!m_player.empty() && !containsAnyCase(g.white, f.player, m_player, m_playerAscii)
        && !containsAnyCase(g.black, f.player, m_player, m_playerAscii))
        return false;
    return true;
}

std::vector<bool> filterGames(const GameSource &source, const QuickFilter &filter, const std::atomic<bool> *cancel)
{
    const int n = source.gameCount();
    const QuickFilterMatcher matcher(filter);
    // One byte per game: threads write next to each other (bits would share words).
    std::vector<char> verdict(size_t(n), 0);
    std::atomic<bool> stopped{false};
    auto slice = [&](int from, int to) {
        RawGameFields fields;
        for (int g = from; g < to; ++g) {
            if ((g & 1023) == 0 && cancel && cancel->load(std::memory_order_relaxed)) {
                stopped = true;
                return;
            }
            verdict[size_t(g)] = source.rawFields(g, fields) ? matcher.admits(fields) : filter.admits(source.info(g));
        }
    };
    // A few threads of their own: the global pool may be busy with this very job.
    const int threads = n < 20000 ? 1 : std::clamp(QThread::idealThreadCount(), 1, 4);
    std::vector<std::thread> workers;
    for (int t = 1; t < threads; ++t)
        workers.emplace_back(slice, int(qint64(n) * t / threads), int(qint64(n) * (t + 1) / threads));
    slice(0, int(qint64(n) / threads));
    for (std::thread &w : workers)
        w.join();
    if (stopped) return {};
    return std::vector<bool>(verdict.begin(), verdict.end());
}

QuickFilterRunner::QuickFilterRunner(QObject *parent) : QObject(parent) {}

QuickFilterRunner::~QuickFilterRunner() { cancel(); }

void QuickFilterRunner::start(GameSourcePtr source, const QuickFilter &filter)
{
    cancel();
    if (!source) return;
    const quint64 id = ++m_job;
    auto flag = m_cancel = std::make_shared<std::atomic<bool>>(false);
    // Each job its own watcher: a superseded one finishes quietly and goes away.
    auto *watcher = new QFutureWatcher<std::vector<bool>>(this);
    connect(watcher, &QFutureWatcher<std::vector<bool>>::finished, this, [this, watcher, id] {
        watcher->deleteLater();
        if (id != m_job) return;
        m_running = false;
        emit finished(watcher->result());
    });
    m_running = true;
    watcher->setFuture(QtConcurrent::run([source, filter, flag] { return filterGames(*source, filter, flag.get()); }));
}

void QuickFilterRunner::cancel()
{
    if (m_cancel) m_cancel->store(true);
    ++m_job;
    m_running = false;
}

} // namespace wb
