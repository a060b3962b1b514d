// cqlwb-cli: the command-line search, a drop-in for the cql program.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "check.h"
#include "index.h"
#include "merge.h"
#include "options.h"
#include "phasetimes.h"
#include "problems.h"
#include "shard.h"

#include "chess/position.h"
#include "cql/convert.h"
#include "cql/fenboard.h"
#include "cql/cqls/tocql6.h"
#include "cql/query.h"
#include "database/database.h"
#include "engine/settings.h"
#include "search/output.h"
#include "search/querytext.h"
#include "search/search.h"
#include "store/gamestore.h"

#include <unistd.h>

#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>

namespace {

namespace fs = std::filesystem;

std::atomic<bool> g_interrupted{false};

extern "C" void onSignal(int) { g_interrupted.store(true); }

// Error messages before any match was found: exit status 1.
int fail(const std::string &message, int status = 1)
{
    std::fprintf(stderr, "cqlwb-cli: %s\n", message.c_str());
    return status;
}

bool readFile(const std::string &path, std::string &out, std::string &error)
{
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        std::error_code ec(errno, std::generic_category());
        error = "cannot read " + path + ": " + ec.message();
        return false;
    }
    std::ostringstream s;
    s << in.rdbuf();
    if (in.bad()) {
        error = "cannot read " + path + ": read error";
        return false;
    }
    out = s.str();
    return true;
}

// Prints the diagnostics as FILE:LINE:COLUMN: error: MESSAGE; true if any is an error.
bool report(const std::vector<cql::Diagnostic> &diags, const std::string &name)
{
    bool errors = false;
    for (const cql::Diagnostic &d : diags) {
        bool isError = d.severity == cql::Diagnostic::Error;
        errors |= isError;
        std::fprintf(stderr, "%s:%d:%d: %s: %s\n", name.c_str(), d.line, d.column, isError ? "error" : "warning",
                     d.message.c_str());
    }
    return errors;
}

// -fen compares boards only, but a board no game reaches would match nothing
// without a word: the FEN is read whole to say why. A bare board is taken
// with empty castling and en passant fields, and stands if either side may be
// the one to move. Messages without fromFen's "FEN: ", as -fen names it.
bool readFenOption(const std::string &fen, bool chess960, std::string &error, std::vector<std::string> &warnings)
{
    std::vector<std::string> fields;
    std::istringstream words(fen);
    for (std::string w; words >> w;)
        fields.push_back(w);
    std::vector<std::string> texts;
    if (fields.size() >= 4) {
        texts.push_back(fen);
    } else {
        const std::string castling = fields.size() >= 3 ? fields[2] : "-";
        const std::vector<std::string> sides =
            fields.size() >= 2 ? std::vector<std::string>{fields[1]} : std::vector<std::string>{"w", "b"};
        for (const std::string &side : sides)
            texts.push_back(fields.at(0) + " " + side + " " + castling + " -");
    }
    const auto plain = [](std::string m) { return m.rfind("FEN: ", 0) == 0 ? m.substr(5) : m; };
    for (size_t k = 0; k < texts.size(); ++k) {
        std::string why;
        std::vector<std::string> notes;
        if (chess::Position::fromFen(texts[k], &why, chess960, &notes)) {
            for (std::string &n : notes)
                warnings.push_back(plain(std::move(n)));
            return true;
        }
        if (k == 0) error = plain(std::move(why));
    }
    return false;
}

// What every compile of the run shares: the analysing keywords' engine and
// tables, the player base (the options over the environment).
cql::CompileOptions runOptions(const cli::Options &o)
{
    cql::CompileOptions co;
    engine::Settings es = engine::settingsFromEnvironment();
    if (o.engine) es.enginePath = *o.engine;
    if (!o.engineOptions.empty()) es.engineOptions = o.engineOptions;
    if (!o.tablebases.empty()) es.tablebasePaths = o.tablebases;
    co.engine = es;
    if (o.playerBase) co.playerBase = *o.playerBase;
    return co;
}

// The query from the file and the options; nullptr after printing why not.
std::unique_ptr<cql::Query> buildQuery(const cli::Options &o, const std::string &text)
{
    std::vector<cql::Diagnostic> diags;
    cql::CompileOptions co = runOptions(o);
    co.fileName = o.queryFile;
    co.variations = o.variations.value_or(false);
    bool haveFile = !o.queryFile.empty();
    std::unique_ptr<cql::Query> query;
    if (haveFile) {
        co.requireHeader = !o.noHeader;
        query = cql::compile(text, co, diags);
        if (report(diags, o.queryFile) || !query) return nullptr;
    }
    // Each -cql text alone first, so its errors point into it.
    for (size_t k = 0; k < o.cqlFilters.size(); ++k) {
        diags.clear();
        cql::CompileOptions fo = runOptions(o);
        fo.fileName = "-cql";
        fo.requireHeader = false;
        fo.variations = co.variations;
        auto part = cql::compile(o.cqlFilters[k], fo, diags);
        std::string name = o.cqlFilters.size() > 1 ? "-cql #" + std::to_string(k + 1) : "-cql";
        if (report(diags, name) || !part) return nullptr;
    }
    search::QueryEdits edits = o.edits;
    edits.innerFilters = o.cqlFilters;
    if (o.fen) {
        std::string filter, error;
        std::vector<std::string> warnings;
        if (!cql::fenBoardFilter(*o.fen, filter, error) || !readFenOption(*o.fen, o.chess960, error, warnings)) {
            fail("-fen: " + error + ": " + *o.fen);
            return nullptr;
        }
        for (const std::string &w : warnings)
            std::fprintf(stderr, "cqlwb-cli: warning: -fen: %s\n", w.c_str());
        edits.innerFilters.push_back(filter);
    }
    if (haveFile && edits.empty()) return query;
    if (haveFile && cql::detectDialect(text, o.queryFile) == cql::Dialect::CqlS) {
        fail(o.queryFile + ": a CQL-S query cannot be combined with command-line filters or transforms yet");
        return nullptr;
    }
    size_t end = 0;
    if (haveFile) {
        std::optional<size_t> e = search::headerEnd(text);
        if (!e) {
            fail(o.queryFile + ": the cql header is not closed");
            return nullptr;
        }
        end = *e;
    }
    std::string combined = search::editQuery(haveFile ? std::string_view(text) : std::string_view(), end, edits);
    diags.clear();
    co.requireHeader = true;
    query = cql::compile(combined, co, diags);
    if (report(diags, haveFile ? o.queryFile + " (with the command-line filters)" : std::string("-cql")) || !query) {
        std::fprintf(stderr, "cqlwb-cli: the query with the command-line options was:\n%s", combined.c_str());
        return nullptr;
    }
    return query;
}

// A header's input path: as given, else beside the query file.
std::string resolveInput(const std::string &path, const std::string &queryFile)
{
    std::error_code ec;
    if (path.empty() || fs::exists(path, ec) || fs::path(path).is_absolute() || queryFile.empty()) return path;
    fs::path beside = fs::path(queryFile).parent_path() / path;
    return fs::exists(beside, ec) ? beside.string() : path;
}

// An output that is one of the files the run reads would replace it (the
// database by its matches, a query by its conversion) once the run is done:
// refused before the database is read. True after saying so.
bool refuseOverwrite(const std::string &output, const std::vector<std::string> &inputs)
{
    const std::string *same = search::overwrittenInput(output, inputs);
    if (!same) return false;
    fail("refusing to write the output to " + output + ": it is "
         + (*same == output ? std::string("also an input of this run") : "the same file as the input " + *same)
         + "; choose another output file");
    return true;
}

std::string defaultOutput(const std::string &queryFile)
{
    if (queryFile.empty()) return "cql-out.pgn";
    std::string stem = fs::path(queryFile).filename().string();
    if (stem.size() > 4 && stem.compare(stem.size() - 4, 4, ".cql") == 0) stem.resize(stem.size() - 4);
    return stem + "-out.pgn";
}

// The -showmatches line of a match.
std::string showMatchLine(const search::Match &m, const db::Database &database)
{
    std::string line = "match: game " + std::to_string(m.gameNumber);
    if (m.board) return line + " board " + m.board;
    // A name is printed up to a NUL in it, as printf("%s") always did.
    auto name = [&](db::Field f) {
        std::string_view v = database.field(m.gameIndex, f);
        return std::string(v.substr(0, v.find('\0')));
    };
    return line + " " + name(db::Field::White) + " - " + name(db::Field::Black);
}

} // namespace

int main(int argc, char **argv)
{
    const auto start = std::chrono::steady_clock::now();
    cli::PhaseTimes times;
    cli::Options o;
    std::string error;
    if (!cli::parseOptions(argc, argv, o, error)) return fail(error, 2);
    if (o.help) {
        std::fputs(cli::helpText(), stdout);
        return 0;
    }
    if (o.version) {
        std::printf("cqlwb-cli %s (CQL Workbench), CQL 6.2 language\n", CQLWB_VERSION);
        return 0;
    }
    const bool otherMode =
        !o.check.empty() || !o.index.empty() || !o.convertToCql6.empty() || !o.toAscii.empty() || !o.toUnicode.empty();
    if ((o.shard || !o.merge.empty()) && otherMode)
        return fail(std::string(o.shard ? "-shard" : "-merge")
                        + " goes with a search only, not with -check, -index, -a, -u or --convert-to-cql6",
                    2);
    if (!o.check.empty()) return cli::runCheck(o);
    if (!o.index.empty()) return cli::runIndex(o);
    if (!o.merge.empty()) return cli::runMerge(o);
    if (!o.convertToCql6.empty()) {
        // --convert-to-cql6: the CQL 6 text to -o FILE or standard output, the
        // keywords left out on standard error (status 1 when there are any).
        std::string source;
        if (!readFile(o.convertToCql6, source, error)) return fail(error);
        cql::cqls::Cql6Conversion c = cql::cqls::convertToCql6(source);
        if (!c.ok) {
            for (const cql::Diagnostic &d : c.diagnostics)
                std::fprintf(stderr, "%s:%d:%d: error: %s\n", o.convertToCql6.c_str(), d.line, d.column,
                             d.message.c_str());
            return 1;
        }
        if (o.output.empty()) {
            std::fwrite(c.text.data(), 1, c.text.size(), stdout);
        } else {
            if (refuseOverwrite(o.output, {o.convertToCql6})) return 1;
            search::OutputFile out;
            if (!out.open(o.output, &error) || !out.write(c.text) || !out.commit(&error))
                return fail(error.empty() ? "cannot write " + o.output : error);
        }
        for (const cql::cqls::Untranslated &u : c.untranslated)
            std::fprintf(stderr, "%s:%d:%d: %s: %s%s%s\n", o.convertToCql6.c_str(), u.line, u.column, u.keyword.c_str(),
                         u.noEquivalent ? "no CQL 6 equivalent" : "not converted", u.reason.empty() ? "" : " - ",
                         u.reason.c_str());
        return c.untranslated.empty() ? 0 : 1;
    }
    if (!o.toAscii.empty() || !o.toUnicode.empty()) {
        // -a / -u: the query re-spelled, to -o FILE or standard output.
        const std::string &path = o.toAscii.empty() ? o.toUnicode : o.toAscii;
        std::string source;
        if (!readFile(path, source, error)) return fail(error);
        std::string converted = o.toAscii.empty() ? cql::toUnicode(source) : cql::toAscii(source);
        if (o.output.empty()) {
            std::fwrite(converted.data(), 1, converted.size(), stdout);
            return 0;
        }
        if (refuseOverwrite(o.output, {path})) return 1;
        search::OutputFile out;
        if (!out.open(o.output, &error) || !out.write(converted) || !out.commit(&error))
            return fail(error.empty() ? "cannot write " + o.output : error);
        return 0;
    }
    if (o.queryFile.empty() && o.cqlFilters.empty() && !o.fen && o.edits.innerFilters.empty()
        && o.edits.outerFilters.empty())
        return fail("no query: give a .cql file, -cql FILTERS or -fen FEN (see -help)", 2);

    std::string text;
    if (!o.queryFile.empty() && !readFile(o.queryFile, text, error)) return fail(error);
    std::unique_ptr<cql::Query> query = buildQuery(o, text);
    if (!query) return 1;

    // Options override the header.
    cql::QueryHeader &h = query->header();
    if (o.gameNumber) h.gameNumber = o.gameNumber;
    if (o.matchCount) h.matchCount = o.matchCount;
    if (o.variations) h.variations = *o.variations;
    if (o.matchString) h.matchString = *o.matchString;
    if (o.silent) h.silent = true;
    if (o.quiet) h.quiet = true;
    if (!o.result.empty()) h.result = o.result;
    // -i FILE... else the header's input; several files are searched one after the other.
    std::vector<std::string> inputs = o.inputs;
    if (inputs.empty() && !h.input.empty()) inputs.push_back(resolveInput(h.input, o.queryFile));
    if (inputs.empty()) return fail("no input file: give -i FILE.pgn or `input FILE.pgn` in the cql header");
    // A shard writes its part to -o; the merge writes where this run would have.
    std::string output = !h.output.empty() ? h.output : defaultOutput(o.queryFile);
    const std::string part = o.shard ? o.output : std::string();
    if (!o.output.empty() && !o.shard) output = o.output;
    std::vector<std::string> reads = inputs;
    reads.push_back(o.queryFile);
    reads.push_back(o.playerBase.value_or(std::string()));
    if (refuseOverwrite(o.shard ? part : output, reads)) return 1;
    std::optional<cli::ShardRun> shard;
    if (o.shard && !shard.emplace().prepare(o, *query, inputs, text, argc, argv, error)) return fail(error);

    const bool tty = isatty(STDERR_FILENO);
    db::OpenOptions open;
    open.cancel = &g_interrupted;
    open.countPlies = false; // the search replays each game itself
    // Without a store the index keeps only the fields read here, a few bytes a game.
    open.fields = db::fieldBit(db::Field::Result);
    if (o.showMatches) open.fields |= db::fieldBit(db::Field::White) | db::fieldBit(db::Field::Black);
    open.threads = o.threads;
    {
        // The search indexes the text as it reads it (one pass, not two), on
        // several threads too unless the query needs game numbers up front.
        unsigned threads = o.threads ? o.threads : std::max(1u, std::thread::hardware_concurrency());
        if (query->needsSingleThread()) threads = 1;
        // lastgamenumber needs the games counted before the first is searched,
        // and a shard where they start.
        open.index = (threads > 1 && !search::parallelWithoutIndex(*query)) || query->needsGameCount() || shard;
    }
    std::string input; // the one being opened, for the progress line
    if (tty)
        open.progress = [&](const db::Progress &p) {
            if (p.total)
                std::fprintf(stderr, "\r%s %s: %3d%%", p.stage == db::Progress::Loading ? "reading" : "indexing",
                             input.c_str(), int(100.0 * double(p.done) / double(p.total)));
        };
    std::signal(SIGINT, onSignal);
    std::signal(SIGTERM, onSignal);
    times.phase("query");
    // Per input; null for the files a shard does not read.
    std::vector<std::unique_ptr<db::Database>> databases(inputs.size());
    std::vector<std::unique_ptr<store::GameStore>> gameStores(inputs.size());
    for (size_t j = 0; j < inputs.size(); ++j) {
        if (shard && !shard->reads(j)) continue;
        input = inputs[j];
        db::Database &database = *(databases[j] = std::make_unique<db::Database>());
        store::GameStore &gameStore = *(gameStores[j] = std::make_unique<store::GameStore>());
        // The game store stands in for the text's index and moves; the first
        // search of a file builds it (which indexes the text first).
        bool opened;
        if (o.noStore) {
            // No game store, but the text still comes mapped from its text cache.
            store::TextCacheResult tr;
            opened = store::openDatabase(input, database, open, o.storeDir, tr, &error);
        } else {
            store::StoreOptions so;
            so.cacheDir = o.storeDir;
            if (tty)
                so.progress = [&](const store::BuildProgress &p) {
                    if (p.total)
                        std::fprintf(stderr, "\rbuilding the game store of %s: %3d%%", input.c_str(),
                                     int(100.0 * double(p.done) / double(p.total)));
                };
            store::OpenResult sr;
            opened = store::openWithStore(input, database, gameStore, open, so, sr, &error);
        }
        if (tty) std::fputs("\r\033[K", stderr);
        if (g_interrupted) return fail("interrupted", 130);
        if (!opened) return fail(error);
    }

    times.phase("open");
    for (const auto &d : databases)
        if (d && d->indexed() && !d->empty()) times.note("index", d->stats().indexSeconds, d->stats().indexPieces);
    // The output, or for a shard its part.
    search::OutputFile file;
    cluster::PartWriter partFile;
    if (shard ? !partFile.open(part, shard->header(*query, inputs, output, o.showMatches), &error)
              : !file.open(output, &error))
        return fail(error);

    search::SearchOptions so;
    so.threads = o.threads;
    so.chess960 = o.chess960;
    so.gameTextLimit = o.noTruncate ? 0 : search::ReferenceGameTextLimit;
    so.writeOptions.cqlLayout = true; // a drop-in writes what cql writes
    so.formatPgn = true;
    std::vector<size_t> fileOf; // per database searched: its input
    for (size_t j = 0; j < inputs.size(); ++j)
        if (databases[j]) fileOf.push_back(j);
    if (shard) {
        so.only.emplace();
        for (size_t j : fileOf)
            so.only->push_back(shard->games(j, *databases[j]));
    }
    search::Search s(*query, so);
    for (size_t j : fileOf) {
        s.addDatabase(*databases[j]);
        if (gameStores[j]->loaded()) s.setStore(gameStores[j].get());
    }
    s.setCancelFlag(&g_interrupted);

    cli::ProblemReporter problems;
    uint64_t evaluationFailures = 0;
    bool writeFailed = false;
    uint64_t nextLine = o.lineIncrement > 0 ? uint64_t(o.lineIncrement) : 0;
    search::Callbacks cb;
    cb.onMatch = [&](search::Match &&m) {
        const size_t j = fileOf[m.input];
        std::string shown = showMatchLine(m, *databases[j]);
        bool written;
        if (shard) {
            written = partFile.add({uint32_t(j), m.gameNumber, m.board, std::move(m.result.sortValues),
                                    std::move(shown), std::move(m.pgn)});
        } else {
            written = file.write(m.pgn);
            if (o.showMatches) std::printf("%s\n", shown.c_str());
        }
        if (!writeFailed && !written) {
            writeFailed = true;
            s.cancel();
        }
    };
    cb.onProblem = [&](const search::GameProblem &p) {
        if (tty) std::fputs("\r\033[K", stderr);
        evaluationFailures += p.evaluation;
        problems.add(p);
    };
    cb.onProgress = [&](const search::Progress &p) {
        if (nextLine) {
            while (p.gamesDone >= nextLine && (nextLine <= p.gamesTotal || !p.totalKnown)) {
                std::fprintf(stderr, "%llu games, %llu matches, %.1f s\n", (unsigned long long)nextLine,
                             (unsigned long long)p.matches, p.elapsed);
                nextLine += uint64_t(o.lineIncrement);
            }
        } else if (tty && !p.totalKnown) {
            std::fprintf(stderr, "\r%llu games (%d%%), %llu matches", (unsigned long long)p.gamesDone,
                         int(100.0 * p.fraction), (unsigned long long)p.matches);
        } else if (tty) {
            std::fprintf(stderr, "\r%llu/%llu games (%d%%), %llu matches", (unsigned long long)p.gamesDone,
                         (unsigned long long)p.gamesTotal,
                         p.gamesTotal ? int(100.0 * double(p.gamesDone) / double(p.gamesTotal)) : 100,
                         (unsigned long long)p.matches);
        }
    };
    search::Summary sum = s.run(cb);
    times.phase("search");
    times.note("setup", sum.setupSeconds);
    times.note("tail", sum.tailSeconds);
    if (tty && !nextLine) std::fputs("\r\033[K", stderr);
    problems.finish(sum.problemGames);
    if (g_interrupted) {
        file.abort();
        partFile.abort();
        return fail("interrupted: no output written", 130);
    }
    double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (shard) {
        cluster::PartSummary ps;
        ps.games = sum.gamesExamined;
        ps.problemGames = sum.problemGames;
        ps.problems = problems.count();
        ps.evaluationFailures = evaluationFailures;
        ps.shownProblems = problems.shown();
        ps.seconds = seconds;
        ps.threads = sum.threads;
        if (writeFailed || !partFile.finish(ps, &error)) {
            partFile.abort();
            return fail(writeFailed ? "cannot write " + part : error);
        }
        std::printf("shard %u/%u: %llu matches of %llu games in %.3f seconds using %u threads to %s\n",
                    shard->shard().index, shard->shard().count, (unsigned long long)sum.matches,
                    (unsigned long long)sum.gamesExamined, seconds, sum.threads, part.c_str());
        // The part is whole: the merge reports the failures it records, and
        // exits as one run would (drivers take a shard's non-zero status for a refusal).
        return 0;
    }
    if (writeFailed || !file.commit(&error)) {
        file.abort();
        return fail(writeFailed ? "cannot write " + output : error);
    }
    times.phase("output");
    for (const std::string &line : query->persistentReport())
        std::printf("%s\n", line.c_str());
    std::printf("%llu matches of %llu games in %.3f seconds using %u threads to %s\n", (unsigned long long)sum.matches,
                (unsigned long long)sum.gamesExamined, seconds, sum.threads, output.c_str());
    return cli::ProblemReporter::evaluationStatus(evaluationFailures);
}
