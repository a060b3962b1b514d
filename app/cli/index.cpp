// Building game stores from the command line, one line of figures per file.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "index.h"

#include "store/gamestore.h"

#include <unistd.h>

#include <cstdio>
#include <string>

namespace cli {

int runIndex(const Options &o)
{
    bool ok = true;
    const bool tty = isatty(STDERR_FILENO);
    for (const std::string &path : o.index) {
        db::Database database;
        store::GameStore gameStore;
        store::StoreOptions so;
        so.cacheDir = o.storeDir;
        if (tty)
            so.progress = [&](const store::BuildProgress &p) {
                if (p.total)
                    std::fprintf(stderr, "\rbuilding the game store of %s: %3d%%", path.c_str(),
                                 int(100.0 * double(p.done) / double(p.total)));
            };
        db::OpenOptions open;
        open.threads = o.threads;
        store::OpenResult r;
        std::string error;
        const bool opened = store::openWithStore(path, database, gameStore, open, so, r, &error);
        if (tty) std::fputs("\r\033[K", stderr);
        if (!opened) {
            std::fprintf(stderr, "cqlwb-cli: %s\n", error.c_str());
            ok = false;
            continue;
        }
        const std::string where = store::storePathFor(path, o.storeDir);
        if (!r.used) {
            std::fprintf(stderr, "cqlwb-cli: %s: no game store: %s\n", path.c_str(), r.note.c_str());
            ok = false;
            continue;
        }
        // Why an existing store was replaced ("stale: the file changed", "damaged: ...").
        const bool replaced = r.built && !r.note.empty() && r.note != "no store yet";
        // A compressed file's text cache (written now, or read), or why there is none.
        std::string text;
        if (database.compression() != pgn::Compression::None)
            text = r.text.cached ? (r.text.built ? "; text cache written" : "; text cache read")
                                 : "; no text cache: " + r.text.note;
        std::printf("%s: %zu games, game store %s (%.1f MB) %s in %.2f s%s%s%s\n", path.c_str(), database.size(),
                    where.c_str(), double(gameStore.bytes()) / 1e6, r.built ? "built" : "up to date, read", r.seconds,
                    replaced ? "; the old one was " : "", replaced ? r.note.c_str() : "", text.c_str());
    }
    return ok ? 0 : 1;
}

} // namespace cli
