// The engine pool and the evaluation cache behind engine::evaluate().
// SPDX-License-Identifier: GPL-3.0-or-later
#include "engine/analysis.h"

#include "engine/settings.h"

#include <memory>
#include <mutex>
#include <unordered_map>
#include <vector>

namespace engine {

namespace {

struct Key {
    uint64_t position;
    bool chess960;
    Limit limit;
    bool operator==(const Key &) const = default;
};
struct KeyHash {
    size_t operator()(const Key &k) const
    {
        return size_t(k.position ^ (uint64_t(k.limit.value) * 0x9E3779B97F4A7C15ULL) ^ (uint64_t(k.limit.kind) << 1)
                      ^ uint64_t(k.chess960));
    }
};

// Enough for every position of a large search; past it the cache starts over.
constexpr size_t MaxCached = 1 << 20;

struct Pool {
    std::mutex mutex;
    unsigned long long generation = 0;
    std::vector<std::unique_ptr<UciEngine>> idle;
    std::unordered_map<Key, Score, KeyHash> cache;
    std::string startError; // a failed start: later analyses fail at once instead of retrying
    AnalysisStats stats;

    // Under the lock: drop what belongs to older settings.
    void sync()
    {
        unsigned long long g = settingsGeneration();
        if (g != generation) {
            generation = g;
            idle.clear();
            cache.clear();
            startError.clear();
        }
    }
};

Pool &pool()
{
    static Pool p;
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

Score evaluate(const chess::Position &pos, Limit limit)
{
    if (!pos.hasLegalMove()) {
        Score s;
        s.mate = pos.inCheck();
        return s; // mate 0, or a stalemate's 0 centipawns
    }
    Pool &p = pool();
    Key key{pos.key(), pos.chess960(), limit};
    std::unique_ptr<UciEngine> eng;
    unsigned long long generation;
    {
        std::lock_guard lock(p.mutex);
        p.sync();
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
        generation = p.generation;
    }
    if (!eng) {
        try {
            eng = std::make_unique<UciEngine>(engineOptions(currentSettings()));
            eng->start();
        } catch (const EngineError &e) {
            std::lock_guard lock(p.mutex);
            if (p.generation == generation) p.startError = e.what();
            throw;
        }
    }
    // A failed analysis destroys the engine with eng; the next one starts afresh.
    Score s = eng->analyse(pos.fen(), limit, pos.chess960());
    std::lock_guard lock(p.mutex);
    ++p.stats.searches;
    if (p.generation == generation) {
        if (p.cache.size() >= MaxCached) p.cache.clear();
        p.cache.emplace(key, s);
        p.idle.push_back(std::move(eng));
    }
    return s;
}

std::string engineProblem()
{
    std::string error;
    resolveEnginePath(currentSettings().enginePath, &error);
    return error;
}

AnalysisStats analysisStats()
{
    std::lock_guard lock(pool().mutex);
    return pool().stats;
}

void resetAnalysis()
{
    Pool &p = pool();
    std::lock_guard lock(p.mutex);
    p.idle.clear();
    p.cache.clear();
    p.startError.clear();
    p.stats = {};
}

} // namespace engine
