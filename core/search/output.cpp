// Matched games as PGN with CQL's comments, and the atomically written output file.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "output.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <random>
#include <system_error>

namespace search {

std::string sortText(const cql::SortValue &value, size_t index)
{
    std::string s = value.title.empty() ? "<sort-id-" + std::to_string(index + 1) + ">" : value.title;
    s += ": ";
    s += std::to_string(value.value);
    return s;
}

pgn::ExtraComments matchComments(const game::Game &game, const cql::GameResult &result)
{
    pgn::ExtraComments extra;
    extra.reserve(result.comments.size() + 1);
    std::string root = "Game number " + std::to_string(game.number);
    // A node's texts so far, to drop repeats; comments of one node are usually
    // adjacent but need not be (a `find` may comment an earlier position).
    auto seen = [&](game::NodeId node, const std::string &text) {
        for (const auto &[n, t] : extra)
            if (n == node && t == text)
                return true;
        return false;
    };
    std::vector<const std::string *> rootTexts;
    for (const cql::NodeComment &c : result.comments) {
        if (c.text.empty() || c.node >= game.nodes.size())
            continue;
        if (c.node == 0) {
            if (std::none_of(rootTexts.begin(), rootTexts.end(), [&](const std::string *t) { return *t == c.text; }))
                rootTexts.push_back(&c.text);
            continue;
        }
        if (!seen(c.node, c.text))
            extra.emplace_back(c.node, c.text);
    }
    for (const std::string *t : rootTexts) {
        root += ' ';
        root += *t;
    }
    // Two spaces before the sort texts, as the reference engine writes them.
    for (size_t i = 0; i < result.sortValues.size(); ++i) {
        root += i == 0 ? "  " : " ";
        root += sortText(result.sortValues[i], i);
    }
    extra.insert(extra.begin(), {game::NodeId(0), std::move(root)});
    return extra;
}

void writeMatchedGame(std::string &out, const game::Game &game, const cql::GameResult &result,
                      const pgn::WriteOptions &options, size_t gameTextLimit)
{
    pgn::ExtraComments extra = matchComments(game, result);
    pgn::WriteOptions o = options;
    if (gameTextLimit) {
        // The reference drops what a query says at a position when it comes
        // to more than about 4 KB there (seen: 3,160 characters kept, 4,923
        // dropped); so do we in its compatibility mode.
        std::vector<size_t> length(game.nodes.size(), 0);
        for (const auto &[node, text] : extra)
            length[node] += text.size() + 1;
        std::erase_if(extra, [&](const auto &e) { return e.first != 0 && length[e.first] > ReferenceCommentLimit; });
        // The cut falls where the reference engine's would only in its layout.
        o.cqlLayout = true;
        o.textLimit = gameTextLimit;
    }
    if (!result.tagEdits.empty() || !result.removedComments.empty()) {
        // settag and removecomment change what is written, not the game searched.
        game::Game edited = game;
        for (const auto &[name, value] : result.tagEdits) {
            auto it = std::find_if(edited.tags.begin(), edited.tags.end(), [&](const auto &t) { return t.first == name; });
            if (it != edited.tags.end())
                it->second = value;
            else
                edited.tags.emplace_back(name, value);
        }
        for (game::NodeId n : result.removedComments)
            if (n < edited.nodes.size())
                edited.nodes[n].comment = edited.nodes[n].preComment = game::NoText;
        pgn::writeGame(out, edited, o, &extra);
    } else {
        pgn::writeGame(out, game, o, &extra);
    }
    // Games are separated by two blank lines, as the reference engine does.
    out += '\n';
}

// --- OutputFile ---------------------------------------------------------------

OutputFile::~OutputFile()
{
    abort();
}

static std::string describe(int err)
{
    return err ? std::string(std::strerror(err)) : std::string("write error");
}

bool OutputFile::open(const std::string &path, std::string *error)
{
    abort();
    m_path = path;
    m_failed = false;
    m_errno = 0;
    namespace fs = std::filesystem;
    std::error_code ec;
    fs::file_status st = fs::status(path, ec);
    bool direct = !ec && fs::exists(st) && !fs::is_regular_file(st);
    if (!ec && fs::is_directory(st)) {
        if (error)
            *error = "cannot write " + path + ": it is a directory";
        return false;
    }
    if (direct) {
        m_file = std::fopen(path.c_str(), "wb");
        if (!m_file) {
            if (error)
                *error = "cannot write " + path + ": " + describe(errno);
            return false;
        }
        return true;
    }
    // A fresh name beside the target, so the final rename stays on one file system.
    std::random_device rd;
    std::mt19937_64 rng((uint64_t(rd()) << 32) ^ rd());
    int err = 0;
    for (int attempt = 0; attempt < 16; ++attempt) {
        char suffix[32];
        std::snprintf(suffix, sizeof suffix, ".part%08x", unsigned(rng()));
        std::string temp = path + suffix;
        // "x": fail if it exists, so two runs never share a temporary file.
        m_file = std::fopen(temp.c_str(), "wbx");
        if (m_file) {
            m_tempPath = temp;
            return true;
        }
        err = errno;
        if (err != EEXIST)
            break;
    }
    if (error)
        *error = "cannot write " + path + ": " + describe(err);
    return false;
}

bool OutputFile::write(std::string_view text)
{
    if (!m_file || m_failed)
        return false;
    if (!text.empty() && std::fwrite(text.data(), 1, text.size(), m_file) != text.size()) {
        m_failed = true;
        m_errno = errno;
        return false;
    }
    return true;
}

bool OutputFile::commit(std::string *error)
{
    if (!m_file) {
        if (error)
            *error = "cannot write " + m_path + ": not open";
        return false;
    }
    if (std::fflush(m_file) != 0 && !m_failed) {
        m_failed = true;
        m_errno = errno;
    }
    if (std::fclose(m_file) != 0 && !m_failed) {
        m_failed = true;
        m_errno = errno;
    }
    m_file = nullptr;
    if (m_failed) {
        if (error)
            *error = "cannot write " + m_path + ": " + describe(m_errno);
        abort();
        return false;
    }
    if (!m_tempPath.empty()) {
        std::error_code ec;
        std::filesystem::rename(m_tempPath, m_path, ec);
        if (ec) {
            if (error)
                *error = "cannot write " + m_path + ": " + ec.message();
            abort();
            return false;
        }
        m_tempPath.clear();
    }
    return true;
}

void OutputFile::abort()
{
    if (m_file) {
        std::fclose(m_file);
        m_file = nullptr;
    }
    if (!m_tempPath.empty()) {
        std::error_code ec;
        std::filesystem::remove(m_tempPath, ec);
        m_tempPath.clear();
    }
}

} // namespace search
