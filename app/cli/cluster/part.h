// A part file: what one shard of a sharded search found (cqlwb-cli -shard K/N
// -o PART), everything a merge needs to write exactly what one run over all
// the files writes. Per matched game its stable id (input file and game
// number), its sort values, its -showmatches line and its output PGN as the
// single run would write it; at the end the shard's counts and the first
// problems it reported.
//
// The file is text with length-prefixed fields (a number and a newline, or a
// length, ':', the bytes and a newline), so PGN of any content passes through
// unchanged; a checksum of it all comes last. It is written through pgn::AtomicFile: a part exists whole or not
// at all, and a killed shard leaves nothing a merge could mistake for its part.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "cql/query.h"
#include "pgn/atomicfile.h"
#include "shardsplit.h"

#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

namespace cluster {

// The problems a run prints in full before it only counts them (cqlwb-cli's
// reporter); a part keeps that many, enough for the merge to print the same.
constexpr size_t ProblemsShown = 20;

struct PartHeader {
    Shard shard;
    std::string run;                  // what all shards of one search share (cqlwb-cli's run signature)
    std::string output;               // the output the single run would write to
    bool showMatches = false;         // -showmatches
    std::vector<std::string> files;   // the input files, in the run's order
    std::vector<cql::SortSpec> sorts; // the keys the matches are sorted by; empty: input order
};

struct PartMatch {
    uint32_t file = 0;       // index into PartHeader::files
    uint64_t gameNumber = 0; // in that file, from 1
    char board = 0;          // Bughouse: 'A' or 'B'
    std::vector<cql::SortValue> sortValues;
    std::string shown; // the -showmatches line (without its newline)
    std::string pgn;   // the game as written to the output
};

struct PartSummary {
    uint64_t matches = 0;
    uint64_t games = 0; // games examined
    uint64_t problemGames = 0;
    uint64_t problems = 0;
    uint64_t evaluationFailures = 0; // games the query's evaluation failed on
    double seconds = 0;
    unsigned threads = 1;
    std::vector<std::string> shownProblems; // the first ProblemsShown problem lines
};

class PartWriter {
public:
    // Creates the part (its temporary file) and writes the header.
    bool open(const std::string &path, const PartHeader &header, std::string *error);
    bool add(const PartMatch &match);
    // Writes the summary and puts the part in place. False with error set.
    bool finish(const PartSummary &summary, std::string *error);
    void abort() { m_file.abort(); }

private:
    pgn::AtomicFile m_file;
    std::string m_buffer;
    uint64_t m_matches = 0;
    uint64_t m_hash = 0; // of what was written after the magic line
};

class PartReader {
public:
    PartReader() = default;
    ~PartReader();
    PartReader(const PartReader &) = delete;
    PartReader &operator=(const PartReader &) = delete;

    // Opens a part and reads its header; false with error() set.
    bool open(const std::string &path);
    const PartHeader &header() const { return m_header; }
    // The next match in the part's order. False at the end of the matches, when
    // summary() is read and checked, or on a damaged part (error() says how).
    bool next(PartMatch &match);
    const PartSummary &summary() const { return m_summary; }
    // Every match and the summary were read and the part ends where it should.
    bool complete() const { return m_atEnd && m_error.empty(); }
    const std::string &error() const { return m_error; }
    const std::string &path() const { return m_path; }

private:
    bool fail(const std::string &what);
    int get(); // the next byte, hashed
    // first: a digit already read, or -1.
    bool number(uint64_t &out, int first = -1);
    bool signedNumber(long long &out);
    bool text(std::string &out);
    bool readSummary();

    std::FILE *m_in = nullptr;
    std::string m_path;
    std::string m_error;
    PartHeader m_header;
    PartSummary m_summary;
    uint64_t m_matches = 0;
    uint64_t m_hash = 0; // of what was read after the magic line
    bool m_atEnd = false;
};

} // namespace cluster
