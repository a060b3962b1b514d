// The Gaviota probing wrapper. The library keeps one global set of tables,
// so this keeps one too, behind a mutex for (re)opening; probing itself is
// thread-safe in the library.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "engine/tablebase.h"

#include "engine/settings.h"

#include <filesystem>
#include <mutex>

#ifdef CQLWB_HAVE_GAVIOTA
#include <gtb-probe.h>
#endif

namespace engine::gaviota {

namespace {

namespace fs = std::filesystem;

struct State {
    std::mutex mutex;
    bool opened = false;
    std::vector<std::string> dirs; // as asked for
    unsigned availability = 0;
    const char **paths = nullptr; // the library reads them until it is closed
};

State &state()
{
    static State s;
    return s;
}

#ifdef CQLWB_HAVE_GAVIOTA
// Which compression schemes (0 = uncompressed .gtb, 1..4 = .gtb.cpN) a directory holds files of.
unsigned schemesIn(const fs::path &dir)
{
    unsigned mask = 0;
    std::error_code ec;
    for (const auto &e : fs::directory_iterator(dir, ec)) {
        std::string n = e.path().filename().string();
        if (n.size() > 4 && n.compare(n.size() - 4, 4, ".gtb") == 0) mask |= 1u;
        for (int k = 1; k <= 4; ++k) {
            std::string ext = ".gtb.cp" + std::to_string(k);
            if (n.size() > ext.size() && n.compare(n.size() - ext.size(), ext.size(), ext) == 0) mask |= 1u << k;
        }
    }
    return mask;
}
#endif

} // namespace

bool compiledIn()
{
#ifdef CQLWB_HAVE_GAVIOTA
    return true;
#else
    return false;
#endif
}

std::string missingLibraryMessage(const std::string &keyword)
{
    return "'" + keyword + "' needs the Gaviota tablebase library (libgaviotatb-dev), which this build lacks";
}

bool open(const std::vector<std::string> &dirs, std::string &error)
{
#ifndef CQLWB_HAVE_GAVIOTA
    (void)dirs;
    error = missingLibraryMessage(":endgameevaluation");
    return false;
#else
    State &s = state();
    std::lock_guard lock(s.mutex);
    if (s.opened && s.dirs == dirs) return true;
    // Every candidate directory: the given ones and their subdirectories.
    std::vector<std::pair<fs::path, unsigned>> found;
    unsigned all = 0;
    for (const std::string &d : dirs) {
        std::error_code ec;
        if (!fs::is_directory(d, ec)) continue;
        std::vector<fs::path> candidates{fs::path(d)};
        for (const auto &e : fs::directory_iterator(d, ec))
            if (e.is_directory(ec)) candidates.push_back(e.path());
        for (const fs::path &c : candidates) {
            unsigned m = schemesIn(c);
            if (m) {
                found.emplace_back(c, m);
                all |= m;
            }
        }
    }
    std::string where;
    for (const std::string &d : dirs)
        where += (where.empty() ? "" : ", ") + d;
    if (!all) {
        error = "no Gaviota tablebase files (*.gtb.cp4 ...) in "
            + (where.empty() ? std::string("(no directory)") : where)
            + " (install the gaviotatb package, or name a directory with --tablebases DIR or CQLWB_TABLEBASES)";
        return false;
    }
    // The library reads one compression scheme; cp4 is its default, then the others.
    int scheme = 0;
    for (int k : {4, 3, 2, 1, 0})
        if (all & (1u << k)) {
            scheme = k;
            break;
        }
    const char **paths = tbpaths_init();
    for (const auto &[dir, mask] : found)
        if (mask & (1u << scheme)) paths = tbpaths_add(paths, dir.c_str());
    if (s.opened)
        tb_restart(0, scheme, paths);
    else
        tb_init(0, scheme, paths);
    if (!tbcache_is_on()) tbcache_init(16 * 1024 * 1024, 50);
    if (s.paths) tbpaths_done(s.paths);
    s.paths = paths;
    s.opened = true;
    s.dirs = dirs;
    s.availability = tb_availability();
    if (!s.availability) {
        error = "the Gaviota tablebases in " + where + " could not be read";
        return false;
    }
    return true;
#endif
}

int completePieces()
{
    State &s = state();
    std::lock_guard lock(s.mutex);
    int n = 0;
    for (int k = 0; k < 4; ++k)
        if (s.availability & (1u << (2 * k + 1))) n = k + 3;
    return n;
}

std::optional<TablebaseResult> probe(const chess::Position &pos, bool wdlOnly)
{
    if (pos.occupied().count() == 2) {
        TablebaseResult r; // bare kings
        r.hasPlies = true;
        return r;
    }
#ifndef CQLWB_HAVE_GAVIOTA
    (void)wdlOnly;
    return std::nullopt;
#else
    {
        State &s = state();
        std::lock_guard lock(s.mutex);
        if (!s.opened || !s.availability) return std::nullopt;
    }
    if (pos.castlingRooks().any() || pos.occupied().count() > 5) return std::nullopt;
    unsigned ws[17], bs[17];
    unsigned char wp[17], bp[17];
    int nw = 0, nb = 0;
    for (chess::Square sq : pos.occupied()) {
        chess::Piece p = pos.pieceAt(sq);
        // Our squares (a1 = 0 ... h8 = 63) and piece types (pawn = 1 ... king = 6) are the library's.
        if (chess::colorOf(p) == chess::White) {
            ws[nw] = unsigned(sq);
            wp[nw++] = static_cast<unsigned char>(chess::typeOf(p));
        } else {
            bs[nb] = unsigned(sq);
            bp[nb++] = static_cast<unsigned char>(chess::typeOf(p));
        }
    }
    ws[nw] = bs[nb] = tb_NOSQUARE;
    wp[nw] = bp[nb] = tb_NOPIECE;
    unsigned stm = pos.sideToMove() == chess::White ? tb_WHITE_TO_MOVE : tb_BLACK_TO_MOVE;
    unsigned ep = pos.epSquare() == chess::NoSquare ? unsigned(tb_NOSQUARE) : unsigned(pos.epSquare());
    unsigned info = tb_UNKNOWN, plies = 0;
    int ok = wdlOnly ? tb_probe_WDL_hard(stm, ep, tb_NOCASTLE, ws, bs, wp, bp, &info)
                     : tb_probe_hard(stm, ep, tb_NOCASTLE, ws, bs, wp, bp, &info, &plies);
    if (!ok) return std::nullopt;
    TablebaseResult r;
    switch (info) {
    case tb_DRAW: r.outcome = TablebaseResult::Draw; break;
    case tb_WMATE: r.outcome = TablebaseResult::WhiteWins; break;
    case tb_BMATE: r.outcome = TablebaseResult::BlackWins; break;
    default: return std::nullopt; // forbidden (illegal) or unknown
    }
    r.hasPlies = !wdlOnly;
    r.plies = r.outcome == TablebaseResult::Draw ? 0 : int(plies);
    return r;
#endif
}

} // namespace engine::gaviota
