// The engine pool and the evaluation cache behind engine::evaluate().
// SPDX-License-Identifier: GPL-3.0-or-later
#include "engine/analysis.h"

#include "engine/settings.h"

#include <map>
#include <memory>
#include <mutex>
#include <unordered_map>
#include <vector>

namespace engine {

namespace {

struct Key {
    uint64_t position;
    bool chess960;
    chess::Variant variant;
    Limit limit;
    bool operator==(const Key &) const = default;
};
struct KeyHash {
    size_t operator()(const Key &k) const
    {
        return size_t(k.position ^ (uint64_t(k.limit.value) * 0x9E3779B97F4A7C15ULL) ^ (uint64_t(k.limit.kind) << 1)
                      ^ uint64_t(k.chess960) ^ (uint64_t(k.variant) << 2));
    }
};

// Enough for every position of a large search; past it the cache starts over.
constexpr size_t MaxCached = 1 << 20;

// The engines and scores of one set of settings.
struct Pool {
    std::mutex mutex;
    std::vector<std::unique_ptr<UciEngine>> idle;
    std::unordered_map<Key, Score, KeyHash> cache;
    std::string startError; // a failed start: later analyses fail at once instead of retrying
    AnalysisStats stats;
};

// The pools by their settings, written out as text.
struct Pools {
    std::mutex mutex;
    std::map<std::string, std::shared_ptr<Pool>> bySettings;
};

Pools &pools()
{
    static Pools p;
    return p;
}

std::string settingsKey(const Settings &s)
{
    std::string key = s.enginePath;
    key += '\0';
    for (const auto &[name, value] : s.engineOptions)
        key += name + '\1' + value + '\0';
    key += std::to_string(s.startTimeoutMs) + '\0' + std::to_string(s.depthTimeoutMs);
    return key;
}

std::shared_ptr<Pool> poolFor(const Settings &s)
{
    Pools &all = pools();
    std::lock_guard lock(all.mutex);
    std::shared_ptr<Pool> &p = all.bySettings[settingsKey(s)];
    if (!p) p = std::make_shared<Pool>();
    return p;
}

UciEngine::Options engineOptions(const Settings &s)
{
    std::string error;
    UciEngine::Options o;
    o.path = resolveEnginePath(s.enginePath, &error);
    if (o.path.empty()) throw EngineError(error);
    o.setOptions = s.engineOptions;
    o.startTimeoutMs = s.startTimeoutMs;
    o.depthTimeoutMs = s.depthTimeoutMs;
    return o;
}

} // namespace

Score evaluate(const Settings &settings, const chess::Position &pos, Limit limit)
{
    if (pos.variantEnd() != chess::VariantEnd::None) {
        // Over by the variant's own rule: three checks given or a king on the
        // hill lose for the side to move as a mate does; Antichess's side to
        // move without pieces or moves has won, as far above any score as a mate.
        Score s;
        if (pos.variantWinner() == pos.sideToMove())
            s.value = int(MateCentipawns);
        else
            s.mate = true;
        return s;
    }
    if (!pos.hasLegalMove()) {
        Score s;
        s.mate = pos.inCheck();
        return s; // mate 0, or a stalemate's 0 centipawns
    }
    const std::shared_ptr<Pool> pool = poolFor(settings);
    Pool &p = *pool;
    Key key{pos.key(), pos.chess960(), pos.variant(), limit};
    std::unique_ptr<UciEngine> eng;
    {
        std::lock_guard lock(p.mutex);
        auto it = p.cache.find(key);
        if (it != p.cache.end()) {
            ++p.stats.cacheHits;
            return it->second;
        }
        if (!p.startError.empty()) throw EngineError(p.startError);
        if (!p.idle.empty()) {
            eng = std::move(p.idle.back());
            p.idle.pop_back();
        }
    }
    if (!eng) {
        try {
            eng = std::make_unique<UciEngine>(engineOptions(settings));
            eng->start();
        } catch (const EngineError &e) {
            std::lock_guard lock(p.mutex);
            p.startError = e.what();
            throw;
        }
    }
    // A failed analysis destroys the engine with eng; the next one starts afresh.
    Score s = eng->analyse(pos.fen(), limit, pos.chess960(), pos.variant());
    std::lock_guard lock(p.mutex);
    ++p.stats.searches;
    if (p.cache.size() >= MaxCached) p.cache.clear();
    p.cache.emplace(key, s);
    p.idle.push_back(std::move(eng));
    return s;
}

std::string engineProblem(const Settings &settings)
{
    std::string error;
    resolveEnginePath(settings.enginePath, &error);
    return error;
}

AnalysisStats analysisStats()
{
    Pools &all = pools();
    std::lock_guard lock(all.mutex);
    AnalysisStats sum;
    for (const auto &[key, p] : all.bySettings) {
        std::lock_guard poolLock(p->mutex);
        sum.searches += p->stats.searches;
        sum.cacheHits += p->stats.cacheHits;
    }
    return sum;
}

void resetAnalysis()
{
    // An analysis under way keeps its pool (shared) until it ends.
    Pools &all = pools();
    std::lock_guard lock(all.mutex);
    all.bySettings.clear();
}

} // namespace engine
