// Tests for PGN export: tag order and escapes, move numbers, comments, NAGs and
// variations (round trips through the reader), extra comments from a search,
// mainline-only output, line length, the atomic output file (also when its
// process is killed) and telling one file under two names.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "pgn/atomicfile.h"
#include "pgn/writer.h"
#include "pgntestutil.h"

#include <QtTest>

#include <csignal>
#include <cstring>
#include <filesystem>
#include <fstream>

#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

using namespace pgntest;

namespace {

// The whole tree as text: every line with its comments and NAGs, to compare games.
void describe(const game::Game &g, game::NodeId n, std::string &out)
{
    const game::Node &node = g.nodes[n];
    if (n != 0) {
        out += "[" + std::string(g.text(node.preComment)) + "]";
        out += g.nodes[node.parent].position.san(node.move);
    }
    for (uint32_t i = 0; i < node.nagCount; ++i)
        out += "$" + std::to_string(g.nags[node.nagBegin + i]);
    out += "{" + std::string(g.text(node.comment)) + "}";
    if (n == 0) out += "<" + std::string(g.text(node.preComment)) + ">";
    game::NodeId c = node.firstChild;
    if (c == game::NoNode) return;
    for (game::NodeId s = g.nodes[c].nextSibling; s != game::NoNode; s = g.nodes[s].nextSibling) {
        out += " (";
        describe(g, s, out);
        out += ")";
    }
    out += " ";
    describe(g, c, out);
}

// Line breaks and runs of spaces inside comments are layout, not content.
std::string describe(const game::Game &g)
{
    std::string s;
    if (!g.nodes.empty()) describe(g, 0, s);
    std::string out;
    for (char c : s) {
        if (c == '\n' || c == '\t') c = ' ';
        if (c == ' ' && !out.empty() && out.back() == ' ') continue;
        out += c;
    }
    return out + " " + g.result;
}

// Where two texts part, with some context, for failure messages.
std::string difference(const std::string &a, const std::string &b)
{
    size_t i = 0;
    while (i < a.size() && i < b.size() && a[i] == b[i])
        ++i;
    size_t from = i > 60 ? i - 60 : 0;
    return "at " + std::to_string(i) + ":\n  " + a.substr(from, 120) + "\n  " + b.substr(from, 120);
}

// The names in dir, hidden ones too, sorted.
QStringList entries(const QTemporaryDir &dir)
{
    return QDir(dir.path()).entryList(QDir::Files | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot, QDir::Name);
}

unsigned modeOf(const std::string &path)
{
    struct stat st;
    return ::stat(path.c_str(), &st) == 0 ? unsigned(st.st_mode & 07777) : 0u;
}

// Named temporary files for the life of one test.
struct ForceNamed {
    explicit ForceNamed(bool force = true) { pgn::AtomicFile::setForceNamedTemporary(force); }
    ~ForceNamed() { pgn::AtomicFile::setForceNamedTemporary(false); }
};

// A child process that opens path for atomic writing, writes to it and is
// killed with SIGKILL before it commits. Its pid once it is gone, else -1.
pid_t killedWriter(const std::string &path)
{
    int ready[2];
    if (::pipe(ready) != 0) return -1;
    const pid_t child = ::fork();
    if (child == 0) {
        ::close(ready[0]);
        pgn::AtomicFile f;
        char ok = f.open(path) && f.write(std::string(3 << 20, 'x')) ? 'y' : 'n';
        (void)!::write(ready[1], &ok, 1);
        for (;;)
            ::pause();
    }
    ::close(ready[1]);
    char ok = 'n';
    const bool told = child > 0 && ::read(ready[0], &ok, 1) == 1;
    ::close(ready[0]);
    if (child > 0) {
        ::kill(child, SIGKILL);
        ::waitpid(child, nullptr, 0);
    }
    return told && ok == 'y' ? child : -1;
}

int longestLine(const std::string &text)
{
    int longest = 0, current = 0;
    for (char c : text) {
        if (c == '\n') {
            longest = std::max(longest, current);
            current = 0;
        } else {
            ++current;
        }
    }
    return std::max(longest, current);
}

} // namespace

class TestPgnWriter : public QObject {
    Q_OBJECT

private slots:
    void exactText()
    {
        game::Game g = readOne("[Event \"E\"]\n[White \"W \\\"q\\\" \\\\\"]\n[Custom \"x\"]\n[Result \"1-0\"]\n\n"
                               "{start} 1. e4 $1 {good} (1. d4 d5 (1... Nf6)) 1... e5 2. Nf3 *");
        QVERIFY2(g.errors.empty(), errorsOf(g).c_str());
        const std::string expected = "[Event \"E\"]\n"
                                     "[Site \"?\"]\n"
                                     "[Date \"????.??.??\"]\n"
                                     "[Round \"?\"]\n"
                                     "[White \"W \\\"q\\\" \\\\\"]\n"
                                     "[Black \"?\"]\n"
                                     "[Result \"*\"]\n"
                                     "[Custom \"x\"]\n"
                                     "\n"
                                     "{start} 1. e4 $1 {good} (1. d4 d5 (1... Nf6)) 1... e5 2. Nf3 *\n"
                                     "\n";
        QCOMPARE(QString::fromStdString(pgn::gameToPgn(g)), QString::fromStdString(expected));
    }

    void sanAsThePositionSpellsIt_data()
    {
        QTest::addColumn<QString>("pgn");
        // Checks answered by a move and checks that mate, on the main line
        // and at a variation's end; two knights that reach one square.
        QTest::newRow("checks and mates")
            << "1. f3 e5 2. g4 (2. e4 Qh4+ 3. g3 Qxg3+ 4. hxg3) (2. Kf2 Qh4+ 3. Ke3) 2... Qh4# 0-1";
        QTest::newRow("same square") << "1. Nf3 d5 2. d4 Nf6 3. Nbd2 (3. Nfd2 e6) 3... e6 4. e4 dxe4 *";
        QTest::newRow("promotion with check") << "[FEN \"7k/5P2/8/8/8/8/8/K7 w - - 0 1\"]\n[SetUp \"1\"]\n\n1. f8=Q+ "
                                                 "(1. f8=R+ Kg7) 1... Kh7 2. Qf5+ Kg8 *";
    }

    // The writer spells each move itself (from the tree, with check and mate
    // read in the position after it): every move must read as
    // Position::san gives it.
    void sanAsThePositionSpellsIt()
    {
        QFETCH(QString, pgn);
        game::Game g = readOne(pgn.toStdString());
        QVERIFY2(g.errors.empty(), errorsOf(g).c_str());
        const std::string text = " " + pgn::gameToPgn(g) + " ";
        for (game::NodeId n = 1; n < g.nodes.size(); ++n) {
            const std::string san = g.nodes[g.nodes[n].parent].position.san(g.nodes[n].move);
            // A word of its own: after a blank, a move number's dot or '(', before a blank or ')'.
            bool found = false;
            for (size_t at = text.find(san); at != std::string::npos && !found; at = text.find(san, at + 1))
                found = std::strchr(" \n.(", text[at - 1]) && std::strchr(" \n)", text[at + san.size()]);
            QVERIFY2(found, (san + " in " + text).c_str());
        }
    }

    void moveNumbers_data()
    {
        QTest::addColumn<QString>("in");
        QTest::addColumn<QString>("out");
        QTest::newRow("plain") << "1. e4 e5 2. Nf3 *"
                               << "1. e4 e5 2. Nf3 *";
        QTest::newRow("after comment") << "1. e4 {c} e5 *"
                                       << "1. e4 {c} 1... e5 *";
        QTest::newRow("black variation") << "1. e4 e5 (1... c5 2. Nf3) 2. Nf3 *"
                                         << "1. e4 e5 (1... c5 2. Nf3) 2. Nf3 *";
        QTest::newRow("nags") << "1. e4! e5?? 2. Nf3 $146 *"
                              << "1. e4 $1 e5 $4 2. Nf3 $146 *";
        QTest::newRow("null move") << "1. e4 -- 2. d4 *"
                                   << "1. e4 -- 2. d4 *";
        QTest::newRow("castling and checks") << "1. e4 e5 2. Nf3 Nc6 3. Bc4 Nf6 4. O-O Nxe4 5. Bxf7+ Kxf7 *"
                                             << "1. e4 e5 2. Nf3 Nc6 3. Bc4 Nf6 4. O-O Nxe4 5. Bxf7+ Kxf7 *";
        QTest::newRow("variation pre-comment") << "1. e4 ({alt} 1. d4) e5 *"
                                               << "1. e4 ({alt} 1. d4) 1... e5 *";
        QTest::newRow("no moves") << "[Event \"x\"]\n{only a comment} 1-0"
                                  << "{only a comment} 1-0";
    }
    void moveNumbers()
    {
        QFETCH(QString, in);
        QFETCH(QString, out);
        game::Game g = readOne(in.toStdString());
        const std::string text = pgn::gameToPgn(g);
        const size_t movetext = text.find("\n\n") + 2;
        QCOMPARE(QString::fromStdString(text.substr(movetext)), out + "\n\n");
    }

    void fenGame()
    {
        const std::string fen = "rnbq1rk1/pp3ppp/4pb2/2pp4/P4P2/1PP1PN2/3P2PP/RN1QKB1R b KQ - 0 8";
        game::Game g = readOne("[FEN \"" + fen + "\"]\n\n8... Nc6 9. Be2 *");
        std::string text = pgn::gameToPgn(g);
        QVERIFY2(text.find("[FEN \"" + fen + "\"]\n") != std::string::npos, text.c_str());
        QVERIFY(text.find("\n8... Nc6 9. Be2 *\n") != std::string::npos);
        // A tree made without tags gets SetUp and FEN.
        game::Game h = g;
        h.tags.clear();
        text = pgn::gameToPgn(h);
        QVERIFY2(text.find("[SetUp \"1\"]\n[FEN \"" + fen + "\"]\n") != std::string::npos, text.c_str());
        // And reads back to the same game.
        game::Game back = readOne(text);
        QCOMPARE(describe(back), describe(g));
        QCOMPARE(back.nodes[0].position.fen(), fen);
    }

    void roundTrip_data()
    {
        QTest::addColumn<QString>("file");
        QTest::newRow("kasparov") << dataPath("kasparov-deep-blue-1997.pgn").c_str();
        QTest::newRow("fischerrandom") << dataPath("cutechess-fischerrandom.pgn").c_str();
        QTest::newRow("twic") << dataPath("twic9nn-error.pgn").c_str();
        const std::string studies = std::string(CQLWB_SHARED_DIR) + "/data/studies.pgn";
        if (std::filesystem::exists(studies)) QTest::newRow("studies") << studies.c_str();
        QTest::newRow("inline") << "";
    }
    void roundTrip()
    {
        QFETCH(QString, file);
        std::string text = file.isEmpty()
            ? std::string(
                "[Event \"I\"]\n\n{a} 1. e4 $1 $14 {b} ({c} 1. d4 $2 d5 (1... Nf6 {d} 2. c4 (2. Nf3) 2... e6) "
                "2. c4 {e}) (1. c4) 1... e5 2. Nf3 {a comment long enough to be wrapped over more than one "
                "line of the output} Nc6 0-1")
            : readFile(file.toStdString());
        auto games = readGames(text);
        QVERIFY(!games.empty());
        std::string out;
        for (const auto &g : games)
            pgn::writeGame(out, g);
        QVERIFY(longestLine(out) <= 79);
        auto again = readGames(out);
        QCOMPARE(again.size(), games.size());
        for (size_t i = 0; i < games.size(); ++i) {
            const std::string a = describe(again[i]), b = describe(games[i]);
            QVERIFY2(a == b, difference(a, b).c_str());
            QCOMPARE(again[i].chess960, games[i].chess960);
        }
        // Writing what was read back gives the same text.
        std::string out2;
        for (const auto &g : again)
            pgn::writeGame(out2, g);
        QCOMPARE(QString::fromStdString(out2), QString::fromStdString(out));
    }

    void braceInComment()
    {
        game::Game g = readOne("1. e4 {x} *");
        g.texts[g.nodes[1].comment] = "a } b\nc";
        std::string text = pgn::gameToPgn(g);
        QVERIFY2(text.find("1. e4 {a ) b c} *") != std::string::npos, text.c_str());
    }

    void noLineStartsLikeATag()
    {
        // A wrapped comment must not put '[' or '%' at the start of a line.
        for (int pad = 0; pad < 30; ++pad) {
            game::Game g = readOne("1. e4 {" + std::string(size_t(pad), 'x')
                                   + " a b c d e f g h i j k l m n o p q r s t u v "
                                     "[Event \"x\"] %y w} *");
            const std::string text = pgn::gameToPgn(g);
            QVERIFY2(text.find("\n[Event \"x") == std::string::npos, text.c_str());
            QVERIFY2(text.find("\n%") == std::string::npos, text.c_str());
            QVERIFY(longestLine(text.substr(text.find("\n\n"))) <= 79);
            QCOMPARE(readGames(text).size(), size_t(1));
        }
    }

    void lineLength()
    {
        auto games = readGames(readFile(dataPath("kasparov-deep-blue-1997.pgn")));
        for (int limit : {79, 40, 20}) {
            pgn::WriteOptions o;
            o.lineLength = limit;
            std::string out = pgn::gameToPgn(games[0], o);
            // Tag lines are never wrapped; the movetext is.
            const std::string movetext = out.substr(out.find("\n\n") + 2);
            QVERIFY2(longestLine(movetext) <= limit, movetext.c_str());
            QVERIFY(longestLine(movetext) >= limit - 12);
        }
    }

    void extraComments()
    {
        game::Game g = readOne("{intro} 1. e4 {own} e5 2. Nf3 *");
        const game::NodeId e4 = 1, e5 = 2, nf3 = 3;
        pgn::ExtraComments extra = {{nf3, "CQL"}, {e4, "match"}, {0, "root"}, {e4, "again"}, {99, "ignored"}};
        std::string text = pgn::gameToPgn(g, {}, &extra, "lead");
        QCOMPARE(QString::fromStdString(text.substr(text.find("\n\n") + 2)),
                 QString("{lead intro root} 1. e4 {own match again} 1... e5 2. Nf3 {CQL} *\n\n"));
        (void)e5;
        // The game itself is unchanged.
        QCOMPARE(g.text(g.nodes[e4].comment), std::string_view("own"));
    }

    // The cql program's layout, which cqlwb-cli writes (checked byte for
    // byte against the reference's outputs in the conformance data).
    void cqlLayout()
    {
        game::Game g = readOne("{start} 1. e4 $1 {good} (1. d4 d5 (1... Nf6)) 1... e5 2. Nf3 {a\n b  c} *");
        pgn::WriteOptions o;
        o.cqlLayout = true;
        pgn::ExtraComments extra = {{g.nodes[1].firstChild, "CQL  checks: 3"}};
        std::string text = pgn::gameToPgn(g, o, &extra);
        QCOMPARE(
            QString::fromStdString(text.substr(text.find("\n\n") + 2)),
            QString("{start}\n1.e4 $1 {good} ( 1.d4 d5 ( 1...Nf6 ) ) 1...e5 {CQL  checks: 3} 2.Nf3 {a b  c} *\n\n"));
    }
    // cql writes the roster tags from Scid's game fields (checked against
    // CQL 6.2's output of the same game); other writes keep them as read.
    void cqlLayoutTags()
    {
        game::Game g =
            readOne("[Event \"e\"]\n[Date \"1999.13.05\"]\n[White \"MacFarlane,D.\"]\n[Black \"van der Berg, J\"]\n"
                    "[Result \"*\"]\n[WhiteElo \"\"]\n[BlackElo \"2230x\"]\n[ECO \"\"]\n"
                    "[EventDate \"?\"]\n[Annotator \"\"]\n\n1. e4 *");
        pgn::WriteOptions o;
        o.cqlLayout = true;
        std::string text = pgn::gameToPgn(g, o);
        QCOMPARE(QString::fromStdString(text.substr(0, text.find("\n\n"))),
                 QString("[Event \"e\"]\n[Site \"?\"]\n[Date \"1999.??.??\"]\n[Round \"?\"]\n"
                         "[White \"MacFarlane, D\"]\n[Black \"Van der Berg, J\"]\n[Result \"*\"]\n"
                         "[BlackElo \"2230\"]\n[Annotator \"\"]"));
        o.cqlLayout = false;
        text = pgn::gameToPgn(g, o);
        QVERIFY(text.find("[WhiteElo \"\"]") != std::string::npos);
        QVERIFY(text.find("[White \"MacFarlane,D.\"]") != std::string::npos);
    }
    void cqlLayoutBreaks()
    {
        // Items are "12.", "Qd7+", "{", words, "}": a line may end after any of
        // them, keeps its trailing space unless that would pass column 79, and
        // only the closing brace of the opening comment may take column 80.
        std::string moves;
        for (int i = 1; i <= 60; ++i)
            moves += std::to_string(i) + (i % 2 ? ". Nf3 Nf6 " : ". Ng1 {c} Ng8 ");
        game::Game g = readOne("{" + std::string(70, 'a') + " bbbbbbb} " + moves + "*");
        QVERIFY2(g.errors.empty(), errorsOf(g).c_str());
        pgn::WriteOptions o;
        o.cqlLayout = true;
        std::string text = pgn::gameToPgn(g, o);
        std::vector<std::string> lines;
        for (size_t b = text.find("\n\n") + 2, e; (e = text.find('\n', b)) != std::string::npos; b = e + 1)
            lines.push_back(text.substr(b, e - b));
        QCOMPARE(QString::fromStdString(lines[0]), QString::fromStdString("{" + std::string(70, 'a') + " bbbbbbb}"));
        QCOMPARE(lines[0].size(), size_t(80));
        for (size_t i = 1; i < lines.size(); ++i)
            QVERIFY2(lines[i].size() <= 79, text.c_str());
        // A trailing space is kept where it fits.
        bool trailing = false;
        for (const auto &l : lines)
            trailing |= !l.empty() && l.back() == ' ';
        QVERIFY2(trailing, text.c_str());
    }
    void cqlLayoutFillsAfterTheCut()
    {
        // cql's text buffer refuses an item that does not fit and takes the
        // next ones that do: the long word is left out (with the rest of its
        // comment); the closing brace and the next move number follow, the
        // move itself no longer fits.
        game::Game g = readOne("1. Nf3 {" + std::string(40, 'a') + " b} Nf6 *");
        QVERIFY2(g.errors.empty(), errorsOf(g).c_str());
        pgn::WriteOptions o;
        o.cqlLayout = true;
        const std::string full = pgn::gameToPgn(g, o);
        const size_t word = full.find("aaaa");
        o.textLimit = word + 8;
        std::string cut;
        QVERIFY(!pgn::writeGame(cut, g, o));
        QCOMPARE(QString::fromStdString(cut.substr(word - 7)),
                 QStringLiteral("1.Nf3 {} 1...  game truncated by CQL } * \n\n\n"));
    }
    void cqlLayoutLimit()
    {
        std::string moves;
        for (int i = 1; i <= 40; ++i)
            moves += std::to_string(i) + (i % 2 ? ". Nf3 Nf6 " : ". Ng1 {CQL one two three} Ng8 ");
        game::Game g = readOne(moves + "*");
        QVERIFY2(g.errors.empty(), errorsOf(g).c_str());
        pgn::WriteOptions o;
        o.cqlLayout = true;
        std::string full = pgn::gameToPgn(g, o);
        for (size_t limit : {600, 601, 602, 603, 604, 605, 640, 700}) {
            o.textLimit = limit;
            std::string cut;
            QVERIFY(!pgn::writeGame(cut, g, o));
            // The note ends the text: closing the comment the cut fell in, or
            // as a comment of its own after a cut between moves.
            const std::string inComment = " game truncated by CQL } * \n\n\n", outside = " {game truncated} * \n\n\n";
            const bool closes = cut.ends_with(inComment);
            QVERIFY2(closes || cut.ends_with(outside), cut.c_str());
            const std::string text = cut.substr(0, cut.size() - (closes ? inComment : outside).size());
            // cql's buffer keeps its last byte for the NUL.
            QVERIFY2(text.size() <= limit - 1, text.c_str());
            // Up to the first item left out, the text is the full text's
            // beginning; that item would have reached the limit.
            size_t same = 0;
            while (same < text.size() && text[same] == full[same])
                ++same;
            const size_t itemEnd = full.find_first_of(" \n", same + 1);
            QVERIFY2(itemEnd >= limit - 1, cut.c_str());
        }
        o.textLimit = full.size() + 10;
        std::string whole;
        QVERIFY(pgn::writeGame(whole, g, o));
        QCOMPARE(whole, full);
    }
    // Cut inside a comment: the rest of its text is dropped, but its closing
    // brace is written when that one character still fits (as cql does: game
    // 243 of studies.pgn under "find all check >= 30" ends "Found 2 } game
    // truncated by CQL } *").
    void cqlLayoutLimitClosesComment_data()
    {
        QTest::addColumn<int>("extra");    // limit = (characters before "two") + extra
        QTest::addColumn<QString>("tail"); // the text from "one" to the note
        // The note starts at the limit; the places before it are spaces.
        QTest::newRow("no room for the brace") << 1 << "one  game truncated by CQL } * \n\n\n";
        QTest::newRow("brace fits") << 2 << "one } game truncated by CQL } * \n\n\n";
        QTest::newRow("brace fits, word does not") << 3 << "one }  game truncated by CQL } * \n\n\n";
        QTest::newRow("word fits") << 4 << "one two game truncated by CQL } * \n\n\n";
    }
    void cqlLayoutLimitClosesComment()
    {
        QFETCH(int, extra);
        QFETCH(QString, tail);
        std::string moves;
        for (int i = 1; i <= 20; ++i)
            moves += std::to_string(i) + ". Nf3 Nf6 " + std::to_string(i + 1) + ". Ng1 {CQL one two three} Ng8 ";
        game::Game g = readOne(moves + "*");
        QVERIFY2(g.errors.empty(), errorsOf(g).c_str());
        pgn::WriteOptions o;
        o.cqlLayout = true;
        const std::string full = pgn::gameToPgn(g, o);
        const size_t two = full.find("one two", 400) + 4; // a comment well inside the game
        o.textLimit = two + size_t(extra);
        std::string cut;
        QVERIFY(!pgn::writeGame(cut, g, o));
        QCOMPARE(cut.substr(0, two - 4), full.substr(0, two - 4));
        QCOMPARE(QString::fromStdString(cut.substr(two - 4)), tail);
        QCOMPARE(cut.find("game truncated"), o.textLimit);
    }

    void mainlineOnly()
    {
        game::Game g = readOne("1. e4 (1. d4 d5) e5 {x} (1... c5) 2. Nf3 $1 *");
        pgn::WriteOptions o;
        o.mainlineOnly = true;
        std::string text = pgn::gameToPgn(g, o);
        QCOMPARE(QString::fromStdString(text.substr(text.find("\n\n") + 2)), QString("1. e4 e5 {x} 2. Nf3 $1 *\n\n"));
        o.comments = false;
        o.nags = false;
        text = pgn::gameToPgn(g, o);
        QCOMPARE(QString::fromStdString(text.substr(text.find("\n\n") + 2)), QString("1. e4 e5 2. Nf3 *\n\n"));
    }

    void blankLineBetweenGames()
    {
        auto games = readGames("1. e4 *\n1. d4 *");
        std::string out;
        for (const auto &g : games)
            pgn::writeGame(out, g);
        QVERIFY2(out.find("1. e4 *\n\n[Event \"?\"]") != std::string::npos, out.c_str());
        QVERIFY(out.size() >= 2 && out.substr(out.size() - 2) == "\n\n");
    }

    void atomicFile()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const std::string path = dir.filePath("out.pgn").toStdString();
        {
            std::ofstream old(path);
            old << "old";
        }
        {
            pgn::AtomicFile f;
            QVERIFY(f.open(path));
            // Unnamed until commit: nothing in the directory but the target.
            QCOMPARE(f.tempPath(), std::string());
            QCOMPARE(entries(dir), QStringList{"out.pgn"});
            QVERIFY(f.write("new "));
            QVERIFY(f.write("text"));
            QCOMPARE(readFile(path), std::string("old")); // not replaced yet
            std::string error;
            QVERIFY2(f.commit(&error), error.c_str());
        }
        QCOMPARE(readFile(path), std::string("new text"));
        QCOMPARE(entries(dir), QStringList{"out.pgn"});
        {
            pgn::AtomicFile f;
            QVERIFY(f.open(path));
            QVERIFY(f.write("discarded"));
        } // destroyed without commit
        QCOMPARE(readFile(path), std::string("new text"));
        QCOMPARE(entries(dir), QStringList{"out.pgn"});
        pgn::AtomicFile bad;
        const std::string badPath = dir.filePath("no/such/dir/out.pgn").toStdString();
        std::string error;
        QVERIFY(!bad.open(badPath, &error));
        QCOMPARE(error, "cannot write " + badPath + ": No such file or directory");
        QVERIFY(!bad.commit(&error));
        QVERIFY(!bad.open(dir.path().toStdString(), &error));
        QVERIFY2(QString::fromStdString(error).endsWith("it is a directory"), error.c_str());
        // Devices are written in place: no temporary file beside /dev/null.
        pgn::AtomicFile null;
        QVERIFY(null.open("/dev/null"));
        QVERIFY(null.write("x"));
        QVERIFY(null.commit());
    }

    void atomicFileNamedTemporary()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const std::string path = dir.filePath("out.pgn").toStdString();
        ForceNamed named;
        pgn::AtomicFile f;
        QVERIFY(f.open(path));
        const std::string prefix = dir.filePath(".out.pgn.cqlwb-tmp-").toStdString();
        QVERIFY2(f.tempPath().rfind(prefix, 0) == 0, f.tempPath().c_str());
        // ...-PID-RANDOM: the process it belongs to can be read from the name.
        QVERIFY2(f.tempPath().find("-" + std::to_string(::getpid()) + "-") != std::string::npos, f.tempPath().c_str());
        QVERIFY(std::filesystem::exists(f.tempPath()));
        QVERIFY(f.write("named"));
        std::string error;
        QVERIFY2(f.commit(&error), error.c_str());
        QCOMPARE(readFile(path), std::string("named"));
        QCOMPARE(entries(dir), QStringList{"out.pgn"});
        {
            pgn::AtomicFile g;
            QVERIFY(g.open(path));
            QVERIFY(g.write("dropped"));
        }
        QCOMPARE(readFile(path), std::string("named"));
        QCOMPARE(entries(dir), QStringList{"out.pgn"});
    }

    void atomicFilePermissions()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const std::string path = dir.filePath("out.pgn").toStdString();
        const mode_t mask = ::umask(022);
        ::umask(mask);
        for (bool forceNamed : {false, true}) {
            ForceNamed named(forceNamed);
            std::filesystem::remove(path);
            pgn::AtomicFile f;
            QVERIFY(f.open(path));
            QVERIFY(f.commit());
            // A new file as a plain create makes it.
            QCOMPARE(modeOf(path), unsigned(0666 & ~mask));
            // A replaced one keeps its permissions.
            QCOMPARE(::chmod(path.c_str(), 0640), 0);
            QVERIFY(f.open(path));
            QVERIFY(f.commit());
            QCOMPARE(modeOf(path), 0640u);
        }
    }

    void atomicFileSymlinkIsWrittenThrough()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const std::string target = dir.filePath("real.pgn").toStdString();
        const std::string link = dir.filePath("link.pgn").toStdString();
        std::ofstream(target) << "old";
        std::filesystem::create_symlink("real.pgn", link);
        pgn::AtomicFile f;
        QVERIFY(f.open(link));
        QVERIFY(f.write("new"));
        QVERIFY(f.commit());
        QVERIFY(std::filesystem::is_symlink(link));
        QCOMPARE(readFile(target), std::string("new"));
    }

    void atomicFileKilledLeavesNothing()
    {
        // SIGKILL gives no chance to clean up: an unnamed temporary file
        // vanishes with the process, the old output stays.
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const std::string path = dir.filePath("out.pgn").toStdString();
        std::ofstream(path) << "old";
        const pid_t child = killedWriter(path);
        QVERIFY(child > 0);
        QCOMPARE(entries(dir), QStringList{"out.pgn"});
        QCOMPARE(readFile(path), std::string("old"));
    }

    void atomicFileRemovesStaleTemporaries()
    {
        // Where unnamed files are not available a killed process leaves its
        // named temporary file; the next run on the same target removes it,
        // and only it: files of running processes and of other hosts stay.
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const std::string path = dir.filePath("out.pgn").toStdString();
        std::ofstream(path) << "old";
        ForceNamed named;
        const pid_t child = killedWriter(path);
        QVERIFY(child > 0);
        QCOMPARE(readFile(path), std::string("old"));
        const QStringList left = entries(dir).filter(".out.pgn.cqlwb-tmp-");
        QCOMPARE(left.size(), 1);
        QVERIFY2(left[0].contains(QString("-%1-").arg(child)), qPrintable(left[0]));
        const QString host = left[0].mid(int(std::strlen(".out.pgn.cqlwb-tmp-"))).section('-', 0, -3);
        const QStringList kept = {
            QString(".out.pgn.cqlwb-tmp-%1-1-0123abcd").arg(host),                  // pid 1 is alive
            QString(".out.pgn.cqlwb-tmp-%1-%2-0123abcd").arg(host).arg(::getpid()), // this process
            QString(".out.pgn.cqlwb-tmp-other%1-%2-0123abcd").arg(host).arg(child), // another host
            QString(".other.pgn.cqlwb-tmp-%1-%2-0123abcd").arg(host).arg(child),    // another target
        };
        for (const QString &k : kept)
            std::ofstream(dir.filePath(k).toStdString()) << "x";
        pgn::AtomicFile f;
        QVERIFY(f.open(path));
        QVERIFY(f.write("new"));
        QVERIFY(f.commit());
        QCOMPARE(readFile(path), std::string("new"));
        QStringList expected = kept;
        expected << "out.pgn";
        expected.sort();
        QCOMPARE(entries(dir), expected);
        QCOMPARE(pgn::AtomicFile::removeStaleTemporaries(path), 0);
    }

    void sameFile()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QVERIFY(QDir(dir.path()).mkdir("sub"));
        const std::string db = dir.filePath("sub/games.pgn").toStdString();
        const std::string other = dir.filePath("other.pgn").toStdString();
        std::ofstream(db) << "games";
        std::ofstream(other) << "games";
        const std::string spelled = dir.filePath("sub/../sub/./games.pgn").toStdString();
        const std::string hard = dir.filePath("hard.pgn").toStdString();
        const std::string soft = dir.filePath("soft.pgn").toStdString();
        std::filesystem::create_hard_link(db, hard);
        std::filesystem::create_symlink("sub/games.pgn", soft);
        const std::string missing = dir.filePath("missing.pgn").toStdString();
        for (const std::string &same : {db, spelled, hard, soft})
            QVERIFY2(pgn::sameFile(same, db), same.c_str());
        QVERIFY(!pgn::sameFile(other, db)); // equal contents are not the same file
        QVERIFY(!pgn::sameFile(missing, missing));
        const std::vector<std::string> inputs = {other, db};
        QCOMPARE(pgn::overwrittenInput(soft, inputs), &inputs[1]);
        QCOMPARE(pgn::overwrittenInput(spelled, inputs), &inputs[1]);
        QVERIFY(!pgn::overwrittenInput(missing, inputs));
        QVERIFY(!pgn::overwrittenInput("/dev/null", {"/dev/null"}));
    }
};

QTEST_GUILESS_MAIN(TestPgnWriter)
#include "tst_pgnwriter.moc"
