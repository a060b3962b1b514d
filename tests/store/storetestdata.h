// Shared by the store tests: a test database (the repository's PGN samples
// and generated games covering what the store keeps apart: variations,
// comments, a FEN start, an illegal move, mates, promotions, castling), and a
// search run three ways (from the PGN, from the store, from the store with
// prefilters) whose results are compared in full.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "cql/query.h"
#include "database/database.h"
#include "search/search.h"
#include "store/checkednote.h"
#include "store/gamestore.h"

#include <QtTest>

#include <chrono>
#include <fcntl.h>
#include <filesystem>
#include <sys/stat.h>
#include <thread>
#include <functional>
#include <memory>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace storetest {

inline std::string readText(const std::filesystem::path &p)
{
    std::ifstream in(p, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

inline std::string generatedGames()
{
    static const char *const Movetexts[] = {
        "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0",
        "1. f3 e5 2. g4 Qh4# 0-1",
        "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O 1/2-1/2",
        "{Opening} 1. e4 (1. d4 d5 2. Qd3 {line} 2... e5) 1... e5 {good} 2. Qh5 $1 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0",
        "1. e4 d5 2. exd5 c6 3. dxc6 Nf6 4. cxb7 Nbd7 5. bxa8=Q Nb6 6. Qxa7 e5 *",
        "1. e4 e5 2. Nf3 Qxe1 3. d4 *", // an illegal move: read from the PGN
        "1. d4 d5 2. c4 e6 3. Nc3 Nf6 4. Bg5 Be7 5. e3 O-O 6. Nf3 h6 7. Bh4 b6 8. cxd5 Nxd5 0-1",
        "1. e4 e5 2. Bc4 Bc5 3. Bxf7+ Kxf7 4. Qh5+ Kf8 5. Qf7+ Kxf7 *",
    };
    std::string text;
    int n = 0;
    for (int round = 0; round < 5; ++round)
        for (const char *mt : Movetexts) {
            std::string_view m = mt;
            std::string result(m.substr(m.rfind(' ') + 1));
            ++n;
            text += "[Event \"Gen " + std::to_string(n) + "\"]\n[White \"W" + std::to_string(n % 5) + "\"]\n[Black \"B"
                + std::to_string(n % 3) + "\"]\n[Result \"" + result + "\"]\n\n" + mt + "\n\n";
        }
    // A FEN start with a stalemate at the end: read from the PGN.
    text += "[Event \"FEN\"]\n[FEN \"7k/5Q2/6K1/8/8/8/8/8 w - - 0 1\"]\n[Result \"1/2-1/2\"]\n\n1. Qf6 Kg8 2. Qe7 "
            "Kh8 3. Qf7 1/2-1/2\n\n";
    text += "[Event \"Stalemate\"]\n[Result \"1/2-1/2\"]\n\n1. e3 a5 2. Qh5 Ra6 3. Qxa5 h5 4. h4 Rah6 5. Qxc7 f6 "
            "6. Qxd7+ Kf7 7. Qxb7 Qd3 8. Qxb8 Qh7 9. Qxc8 Kg6 10. Qe6 1/2-1/2\n\n";
    return text;
}

// The test database's text: the repository's plain PGN samples, then the generated games.
inline std::string databaseText()
{
    std::string text;
    std::vector<std::filesystem::path> files;
    for (const auto &e : std::filesystem::directory_iterator(CQLWB_TEST_DATA "/pgn"))
        if (e.path().extension() == ".pgn") files.push_back(e.path());
    std::sort(files.begin(), files.end());
    for (const auto &f : files) {
        std::string t = readText(f);
        if (t.find('\0') != std::string::npos) continue; // the NUL sample is not a database
        text += t;
        if (!text.empty() && text.back() != '\n') text += '\n';
        text += '\n';
    }
    return text + generatedGames();
}

// A query as -cql gives it (a header only when the text starts with one); the compiler's messages as warnings.
inline std::unique_ptr<cql::Query> compileQuery(const std::string &text, cql::Dialect dialect = cql::Dialect::Cql6)
{
    std::vector<cql::Diagnostic> diags;
    cql::CompileOptions o;
    o.dialect = dialect;
    o.requireHeader = text.rfind("cql(", 0) == 0;
    auto q = cql::compile(text, o, diags);
    if (!q)
        for (const auto &d : diags)
            qWarning("%s: %d:%d: %s", text.c_str(), d.line, d.column, d.message.c_str());
    return q;
}

// Flips one byte of a file in place and puts its modification time back, as
// a change that size and modification time alone would not tell.
inline void flipByteKeepingTimes(const std::string &path, uint64_t at)
{
    struct stat st;
    QVERIFY(::stat(path.c_str(), &st) == 0);
    std::fstream f(path, std::ios::in | std::ios::out | std::ios::binary);
    f.seekg(std::streamoff(at));
    char c = 0;
    f.get(c);
    f.seekp(std::streamoff(at));
    f.put(char(c ^ 0x20));
    f.close();
    const struct timespec times[2] = {st.st_atim, st.st_mtim};
    QVERIFY(::utimensat(AT_FDCWD, path.c_str(), times, 0) == 0);
}

// Long enough that a file written now may be noted as checked (store/checkednote.h).
inline void waitOutNoteMargin()
{
    std::this_thread::sleep_for(std::chrono::nanoseconds(store::NoteMarginNs) + std::chrono::milliseconds(100));
}

inline void writeFile(const std::string &path, const std::string &text)
{
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out << text;
}

// All a search hands on, in order, as text: the matches, and the problems
// apart (how the two interleave depends on the thread count).
struct Run {
    std::string all;
    std::string problems;
    uint64_t matches = 0, examined = 0, problemGames = 0, fromStore = 0, prefiltered = 0;
};

inline Run runSearch(const cql::Query &q, const db::Database &d, const store::GameStore *st, bool prefilter,
                     bool formatPgn, unsigned threads = 1)
{
    search::SearchOptions o;
    o.threads = threads;
    o.formatPgn = formatPgn;
    o.writeOptions.cqlLayout = true;
    o.prefilter = prefilter;
    o.batchBytes = 2048; // several batches even for a small database
    search::Search s(q, o);
    s.addDatabase(d);
    s.setStore(st);
    Run r;
    search::Callbacks cb;
    cb.onMatch = [&](search::Match &&m) {
        r.all += "game " + std::to_string(m.gameNumber) + "\n" + m.pgn + "\nnodes";
        for (const auto &p : m.result.matches)
            r.all += " " + std::to_string(p.node);
        r.all += "\ncomments";
        for (const auto &c : m.result.comments)
            r.all += " " + std::to_string(c.node) + ":" + c.text;
        r.all += "\nsorts";
        for (const auto &v : m.result.sortValues)
            r.all += " " + v.title + "=" + (v.isText ? v.text : std::to_string(v.value));
        r.all += "\nedits";
        for (const auto &[k, v] : m.result.tagEdits)
            r.all += " " + k + "=" + v;
        r.all += "\n";
    };
    cb.onProblem = [&](const search::GameProblem &p) {
        r.problems += "problem " + std::to_string(p.gameNumber) + " " + std::to_string(p.line) + ":"
            + std::to_string(p.column) + " " + p.message + "\n";
    };
    search::Summary sum = s.run(cb);
    r.matches = sum.matches;
    r.examined = sum.gamesExamined;
    r.problemGames = sum.problemGames;
    r.fromStore = sum.fromStore;
    r.prefiltered = sum.prefiltered;
    return r;
}

// Runs the query from the PGN and from the store (with and without
// prefilters, one and two threads, with and without output PGN) and checks
// every run hands on the same. Returns the store run with prefilters. Each
// run gets a freshly compiled query: persistent variables and dictionaries
// keep their values from run to run of one.
inline Run compareWays(const std::function<std::unique_ptr<cql::Query>()> &compile, const db::Database &d,
                       const store::GameStore &st, const QString &name)
{
    Run last;
    for (bool formatPgn : {true, false}) {
        const Run base = runSearch(*compile(), d, nullptr, false, formatPgn);
        const Run fromStore = runSearch(*compile(), d, &st, false, formatPgn);
        const Run filtered = runSearch(*compile(), d, &st, true, formatPgn);
        const Run twoThreads = runSearch(*compile(), d, &st, true, formatPgn, 2);
        auto same = [&](const Run &r, const char *way) {
            if (r.all == base.all && r.problems == base.problems && r.examined == base.examined
                && r.problemGames == base.problemGames)
                return true;

            qWarning("%s: %s differs from the PGN path (%llu vs %llu matches)", qPrintable(name), way,
                     (unsigned long long)r.matches, (unsigned long long)base.matches);
            return false;
        };
        if (!same(fromStore, "the store") || !same(filtered, "the store with prefilters")
            || !same(twoThreads, "two threads from the store"))
            return Run{"DIFFERENT", {}, 0, 0, 0, 0, 0};
        last = filtered;
    }
    return last;
}

// Writes `text` to the file `pgn` and opens it with its store, built in
// `cacheDir`; the outcome and any error are the caller's to check.
inline bool openWithNewStore(const std::string &pgn, const std::string &text, const std::string &cacheDir,
                             db::Database &d, store::GameStore &st, store::OpenResult &r, std::string &error)
{
    writeFile(pgn, text);
    store::StoreOptions so;
    so.cacheDir = cacheDir;
    return store::openWithStore(pgn, d, st, {}, so, r, &error);
}

} // namespace storetest
