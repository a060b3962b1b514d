// Tests for the PGN tokenizer and game boundaries: encodings, line ends, NUL
// bytes, glued and truncated games, comments, NAGs, numbering, limits, and
// reading that does not depend on where the input is cut into chunks.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "pgn/reader.h"
#include "pgntestutil.h"

#include <QtTest>

using namespace pgntest;

namespace {
QString join(const std::vector<std::string> &lines)
{
    QString s;
    for (const auto &l : lines)
        s += QString::fromStdString(l) + "|";
    return s;
}
} // namespace

namespace {

// What a header-only pass must see exactly as a full read does: where games
// start and end, their tags and results, and the text between games.
class BoundaryLog : public pgn::Visitor {
public:
    explicit BoundaryLog(bool moves) : m_moves(moves) {}
    std::vector<std::string> log;
    pgn::Reader *reader = nullptr;

    void beginGame(const pgn::GameStart &g) override
    {
        log.push_back("game " + std::to_string(g.number) + " @" + std::to_string(g.where.line) + ":"
                      + std::to_string(g.where.column) + " +" + std::to_string(g.where.offset));
    }
    void tag(std::string_view n, std::string_view v) override
    {
        log.push_back("tag " + std::string(n) + "=" + std::string(v));
    }
    bool beginMovetext() override { return m_moves; }
    void result(std::string_view r) override { log.push_back("result " + std::string(r)); }
    bool endGame() override
    {
        log.push_back("end +" + std::to_string(reader->lastGameEnd()));
        return true;
    }
    void strayError(const pgn::Location &l, std::string_view m) override
    {
        log.push_back("stray " + std::to_string(l.line) + ":" + std::to_string(l.column) + " " + std::string(m));
    }

private:
    bool m_moves;
};

std::vector<std::string> boundaries(std::string_view text, bool moves, size_t drip)
{
    BoundaryLog v(moves);
    pgn::Reader r;
    v.reader = &r;
    DripSource source(text, drip ? drip : 1);
    if (drip)
        r.reset(&source);
    else
        r.resetText(text);
    r.readAll(v);
    return v.log;
}

} // namespace

class TestPgnReader : public QObject {
    Q_OBJECT

private slots:
    // Plain text is recognised eight bytes at a time; a CR, NUL or Latin-1 byte at
    // any offset of a tag value or comment must still be cleaned.
    void oddByteAtEveryOffset_data()
    {
        QTest::addColumn<QByteArray>("odd");
        QTest::addColumn<QByteArray>("clean");
        QTest::addColumn<bool>("inTag"); // a CR ends a tag's line
        QTest::newRow("CR") << QByteArray("\r") << QByteArray("\n") << false;
        QTest::newRow("NUL") << QByteArray("\0", 1) << QByteArray() << true;
        QTest::newRow("Latin-1") << QByteArray("\xE9") << QByteArray("\xC3\xA9") << true;
    }
    void oddByteAtEveryOffset()
    {
        QFETCH(QByteArray, odd);
        QFETCH(QByteArray, clean);
        QFETCH(bool, inTag);
        const std::string base = "abcdefghijklmnopqrs";
        for (size_t k = 1; k < base.size(); ++k) {
            const std::string text = base.substr(0, k) + odd.toStdString() + base.substr(k);
            const std::string want = base.substr(0, k) + clean.toStdString() + base.substr(k);
            LogVisitor v = readLog("[Event \"" + (inTag ? text : base) + "\"]\n\n{" + text + "} 1. e4 *\n");
            QVERIFY2(v.has("tag Event=" + (inTag ? want : base)), (std::to_string(k) + ": " + text).c_str());
            QVERIFY2(v.has("comment " + want), (std::to_string(k) + ": " + text).c_str());
        }
    }

    // A visitor that does not want comments gets none, and everything else as before.
    void commentsNotWanted()
    {
        struct NoComments : LogVisitor {
            bool wantsComments() const override { return false; }
        };
        const std::string text =
            "[Event \"E\"]\n\n1. e4 {open} e5 ; rest of line\n2. Nf3 {long\ncomment} Nc6 {unclosed";
        NoComments v;
        pgn::Reader r;
        r.resetText(text);
        r.readAll(v);
        LogVisitor all = readLog(text);
        QVERIFY(all.has("comment open"));
        QVERIFY(!v.joined().contains("comment "));
        std::vector<std::string> withoutComments;
        for (const std::string &line : all.log)
            if (line.rfind("comment ", 0) != 0) withoutComments.push_back(line);
        QCOMPARE(v.log, withoutComments);
        QVERIFY(v.hasError("unterminated comment"));
    }

    void bom()
    {
        LogVisitor v = readLog(readFile(dataPath("bom.pgn")));
        QCOMPARE(v.games, 1);
        QVERIFY2(v.has("tag Event=Fixture"), qPrintable(v.joined()));
        QVERIFY(v.errors.empty() && v.stray.empty());
        QVERIFY(v.has("game 1 @1:1 +3")); // the game starts after the three BOM bytes
    }

    void latin1()
    {
        LogVisitor v = readLog(readFile(dataPath("latin1.pgn")));
        QCOMPARE(v.games, 2);
        QVERIFY2(v.has("tag White=M\xc3\xbcller, J\xc3\xbcrgen"), qPrintable(v.joined()));
        QVERIFY(v.has("tag Event=Schach\xc3\xbc"
                      "bung"));
        QVERIFY(v.has("tag Black=Gro\xc3\x9fmann"));
        QVERIFY(v.has("comment Stra\xc3\x9f"
                      "e f\xc3\xbcr Wei\xc3\x9f"));
        // Valid UTF-8 stays as it is.
        QVERIFY(v.has("tag White=M\xc3\xbcller"));
        QVERIFY(v.has("tag Black=\xc3\x85"
                      "berg"));
        QVERIFY(v.has("comment caf\xc3\xa9"));
    }

    void lineEnds_data()
    {
        QTest::addColumn<QString>("file");
        QTest::newRow("CRLF") << "crlf.pgn";
        QTest::newRow("CR") << "cr.pgn";
    }
    void lineEnds()
    {
        QFETCH(QString, file);
        LogVisitor v = readLog(readFile(dataPath(file.toUtf8().constData())));
        QCOMPARE(v.games, 2);
        QVERIFY(v.errors.empty() && v.stray.empty());
        QVERIFY2(v.has("tag Event=Fixture"), qPrintable(v.joined()));
        QVERIFY(v.has("move e4 @9:4"));
        QVERIFY(v.has("move a6 @9:28"));
        QVERIFY(v.has("game 2 @11:1 +" + std::to_string(file == "crlf.pgn" ? 156 : 146)));
        QVERIFY(v.has("move d4 @14:4"));
        QVERIFY(v.has("move Nc3 @" + std::string(file == "crlf.pgn" ? "17:4" : "16:4")));
        if (file == "crlf.pgn") QVERIFY(v.has("comment multi\nline"));
    }

    void nulBytes()
    {
        LogVisitor v = readLog(readFile(dataPath("nul.pgn")));
        QCOMPARE(v.games, 2);
        QVERIFY2(v.hasError("4:6 NUL byte"), qPrintable(v.joined()));
        QCOMPARE(v.errors.size(), size_t(1)); // once per game
        QVERIFY(v.hasStray("NUL byte"));
        QVERIFY(v.has("tag Event=NUL")); // dropped from the value
        QVERIFY(v.has("move e5 @4:8"));
        QVERIFY(v.has("move Nc6 @4:21"));
        QVERIFY(v.has("tag Event=After"));
    }

    void gluedTag()
    {
        LogVisitor v = readLog(readFile(dataPath("glued.pgn")));
        QCOMPARE(v.games, 3);
        QVERIFY2(v.has("result 1/2-1/2"), qPrintable(v.joined()));
        QVERIFY(v.has("game 2 @4:17 +50"));
        QVERIFY(v.has("tag Event=Two"));
        QVERIFY(v.has("game 3 @7:13 +92"));
        QVERIFY(v.has("tag Event=Three"));
        QVERIFY(v.has("move c4 @9:4"));
        QVERIFY(v.errors.empty());
    }

    void truncated_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("games");
        QTest::addColumn<QString>("error");
        QTest::newRow("in a comment in a variation") << "truncated.pgn" << 1 << "4:29 unterminated comment";
        QTest::newRow("in a tag") << "truncated-tag.pgn" << 2 << "12:1 unexpected text '[Whi'";
    }
    void truncated()
    {
        QFETCH(QString, file);
        QFETCH(int, games);
        QFETCH(QString, error);
        LogVisitor v = readLog(readFile(dataPath(file.toUtf8().constData())));
        QCOMPARE(v.games, games);
        QVERIFY2(v.hasError(error.toStdString()), qPrintable(v.joined()));
        QCOMPARE(v.log.back(), std::string("end"));
    }

    void truncatedVariation()
    {
        LogVisitor v = readLog("1. e4 (1. d4 d5 (1... Nf6");
        QCOMPARE(v.games, 1);
        QVERIFY2(v.hasError("unterminated variation"), qPrintable(v.joined()));
        QVERIFY(v.has("move Nf6 @1:23"));
    }

    void unterminatedCommentStopsAtTag()
    {
        LogVisitor v = readLog(readFile(dataPath("unterminated-comment.pgn")));
        QCOMPARE(v.games, 2);
        QVERIFY2(v.hasError("4:7 unterminated comment"), qPrintable(v.joined()));
        QVERIFY(v.has("comment this comment never ends\n2. Nf3"));
        QVERIFY(v.has("tag Event=Next"));
        QVERIFY(v.has("result 1-0"));
    }

    void tags_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("value");
        QTest::newRow("plain") << "[Event \"Open\"]"
                               << "Event"
                               << "Open";
        QTest::newRow("escaped quote") << "[Event \"A \\\"B\\\" C\"]"
                                       << "Event"
                                       << "A \"B\" C";
        QTest::newRow("escaped backslash") << "[Site \"C:\\\\x\"]"
                                           << "Site"
                                           << "C:\\x";
        QTest::newRow("unescaped quotes") << "[White \"Smith, John \"The King\"\"]"
                                          << "White"
                                          << "Smith, John \"The King\"";
        QTest::newRow("backslash at end") << "[Event \"Tournament \\\"]"
                                          << "Event"
                                          << "Tournament \\";
        QTest::newRow("brackets in value") << "[C \"A]][\"]"
                                           << "C"
                                           << "A]][";
        QTest::newRow("spaces") << "[ Round   \"3\"  ]"
                                << "Round"
                                << "3";
        QTest::newRow("empty") << "[WhiteElo \"\"]"
                               << "WhiteElo"
                               << "";
        QTest::newRow("space before bracket") << "[Event \"Open\" ]"
                                              << "Event"
                                              << "Open";
        QTest::newRow("two spaces") << "[Event  \"Open\"]"
                                    << "Event"
                                    << "Open";
        QTest::newRow("text after bracket") << "[Event \"Open\"]   "
                                            << "Event"
                                            << "Open";
        QTest::newRow("tab") << "[Event\t\"Open\"]"
                             << "Event"
                             << "Open";
        QTest::newRow("utf-8") << "[White \"M\xc3\xbcller\"]"
                               << "White"
                               << "M\u00fcller";
    }
    void tags()
    {
        QFETCH(QString, text);
        QFETCH(QString, name);
        QFETCH(QString, value);
        LogVisitor v = readLog(text.toStdString() + "\n\n1. e4 *\n");
        QCOMPARE(v.games, 1);
        QVERIFY2(v.has("tag " + name.toStdString() + "=" + value.toStdString()), qPrintable(v.joined()));
        QVERIFY2(v.errors.empty(), qPrintable(v.joined()));
    }

    void movetextTokens()
    {
        LogVisitor v = readLog("1.e4 e5 2. Nf3 $1 Nc6! 3.Bb5?! a6?? 4...Ba4!! 12... Nf6!? 5. O-O? Be7 6.Re1 +- "
                               "b5 -+ 7.Bb3 = d6 8. c3 N 9. exd6e.p. -- 10. Z0 *");
        QCOMPARE(v.games, 1);
        QVERIFY2(v.errors.empty(), qPrintable(v.joined()));
        const std::vector<std::string> expected = {
            "move e4 @1:3",   "move e5 @1:6",  "move Nf3 @1:12",   "nag 1",          "move Nc6 @1:19", "nag 1",
            "move Bb5 @1:26", "nag 6",         "move a6 @1:32",    "nag 4",          "move Ba4 @1:41", "nag 3",
            "move Nf6 @1:53", "nag 5",         "move O-O @1:62",   "nag 2",          "move Be7 @1:67", "move Re1 @1:73",
            "nag 18",         "move b5 @1:80", "nag 19",           "move Bb3 @1:88", "nag 10",         "move d6 @1:94",
            "move c3 @1:100", "nag 146",       "move exd6 @1:108", "move -- @1:117", "move Z0 @1:124", "result *"};
        std::vector<std::string> got;
        for (const auto &l : v.log)
            if (l.rfind("move ", 0) == 0 || l.rfind("nag", 0) == 0 || l.rfind("result", 0) == 0) got.push_back(l);
        QCOMPARE(join(got), join(expected));
    }

    void commentsAndEscapes()
    {
        LogVisitor v = readLog("[Event \"c\"]\n\n{before} 1. e4 {after e4} ; line comment\n"
                               "%escaped line 1. d4\n e5 { multi\n line } (1... c5 {in var}) *");
        QVERIFY2(v.errors.empty(), qPrintable(v.joined()));
        const std::vector<std::string> expected = {"movetext",
                                                   "comment before",
                                                   "move e4 @3:13",
                                                   "comment after e4",
                                                   "comment line comment",
                                                   "move e5 @5:2",
                                                   "comment multi\n line",
                                                   "(",
                                                   "move c5 @6:15",
                                                   "comment in var",
                                                   ")",
                                                   "result *"};
        std::vector<std::string> got(v.log.begin() + 2, v.log.end() - 1);
        QCOMPARE(join(got), join(expected));
    }

    void nestedVariations()
    {
        LogVisitor v = readLog("1. e4 (1. d4 d5 (1... Nf6 2. c4 (2. Nf3)) 2. c4) (1. c4) e5 *");
        std::string s;
        for (const auto &l : v.log)
            if (l == "(" || l == ")" || l.rfind("move ", 0) == 0) s += l.substr(0, l.find(" @")) + ",";
        QCOMPARE(QString::fromStdString(s),
                 QString("move e4,(,move d4,move d5,(,move Nf6,move c4,(,move Nf3,),),move c4,),(,move c4,),"
                         "move e5,"));
    }

    void numbering()
    {
        // Every game counts, also one without moves, one with only a comment and
        // a result, and one with tags only at the end of the file.
        const char *text = "[Event \"1\"]\n\n1. e4 *\n\n"
                           "[Event \"2\"]\n[Result \"*\"]\n\n*\n\n"
                           "[Event \"3\"]\n\n{just a comment} 0-1\n\n"
                           "1. d4 d5 1-0\n\n" // 4: no tags
                           "1. c4 c5 *\n"     // 5: right after the previous one
                           "[Event \"6\"]\n[Site \"?\"]\n\n"
                           "[Event \"7\"]\n[Site \"?\"]\n";
        LogVisitor v = readLog(text);
        QCOMPARE(v.games, 7);
        for (int i = 1; i <= 7; ++i) {
            bool found = false;
            for (const auto &l : v.log)
                found |= l.rfind("game " + std::to_string(i) + " ", 0) == 0;
            QVERIFY2(found, qPrintable(v.joined()));
        }
        QVERIFY(v.has("comment just a comment"));
        QVERIFY(v.stray.empty());
    }

    void strayText()
    {
        LogVisitor v = readLog("junk before\n[Event \"a\"]\n\n1. e4 1-0 1-0\n</p> [Event \"b\"]\n1. d4 *");
        QCOMPARE(v.games, 2);
        QVERIFY2(v.hasStray("1:1 unexpected text 'junk' between games"), qPrintable(v.joined()));
        QVERIFY(v.hasStray("4:11 result 1-0 outside a game"));
        QVERIFY(v.hasStray("5:1 unexpected text '</p>' between games"));
    }

    void garbageInMovetext()
    {
        LogVisitor v = readLog("1. e4 \x01\x02 e5 ] 2. Nf3 [%clk 0:01] Nc6 ) *");
        QCOMPARE(v.games, 1);
        QVERIFY2(v.hasError("1:7 unexpected text '\\x01\\x02'"), qPrintable(v.joined()));
        QVERIFY(v.hasError("1:13 unexpected text ']'"));
        QVERIFY(v.hasError("unexpected text '[%clk 0:01]'"));
        QVERIFY(v.hasError("unmatched ')'"));
        QVERIFY(v.has("move Nc6 @1:34"));
        QVERIFY(v.has("result *"));
    }

    void limits()
    {
        {
            pgn::Reader r;
            r.limits().maxVariationDepth = 2;
            r.resetText("1. e4 e5 (1... c5 (1... e6 (1... d5) ) ) 2. Nf3 *");
            LogVisitor v;
            QCOMPARE(r.readAll(v), uint64_t(1));
            QVERIFY2(v.hasError("1:28 variations nested too deeply (limit 2)"), qPrintable(v.joined()));
            QVERIFY(v.has("move e6 @1:25"));
            QVERIFY(!v.has("move d5 @1:34"));
            QVERIFY(v.has("move Nf3 @1:45"));
            QCOMPARE(std::count(v.log.begin(), v.log.end(), "("), 2);
            QCOMPARE(std::count(v.log.begin(), v.log.end(), ")"), 2);
        }
        {
            pgn::Reader r;
            r.limits().maxMovesPerGame = 3;
            r.resetText("1. e4 e5 2. Nf3 Nc6 3. Bb5 *\n[Event \"next\"]\n1. d4 d5 *");
            LogVisitor v;
            QCOMPARE(r.readAll(v), uint64_t(2));
            QVERIFY2(v.hasError("1:17 too many moves in one game (limit 3); the rest is skipped"),
                     qPrintable(v.joined()));
            QVERIFY(!v.has("move Bb5 @1:24"));
            QVERIFY(v.has("move d5 @3:7"));
        }
        {
            pgn::Reader r;
            r.limits().maxCommentLength = 8;
            r.limits().maxTokenLength = 10;
            r.resetText("1. e4 {a long comment here} abcdefghijklmnopqrstuvwxyz e5 axbxcxdxexfxgxh Nf3 *");
            LogVisitor v;
            r.readAll(v);
            QVERIFY2(v.hasError("1:7 comment too long; cut"), qPrintable(v.joined()));
            QVERIFY(v.has("comment a long c"));
            QVERIFY(v.hasError("1:29 token too long"));
            QVERIFY(v.has("move e5 @1:56"));
            // Made of move characters only, and still too long.
            QVERIFY2(v.hasError("1:59 token too long"), qPrintable(v.joined()));
            QVERIFY(v.has("move Nf3 @1:75"));
        }
        {
            pgn::Reader r;
            r.limits().maxTagLength = 5;
            r.resetText("[Event \"abcde\"]\n[Site \"abcdef\"]\n[Round \"ab\\\"cdef\"]\n\n1. e4 *");
            LogVisitor v;
            r.readAll(v);
            QVERIFY2(v.has("tag Event=abcde"), qPrintable(v.joined()));
            QVERIFY(v.has("tag Site=abcde"));
            QVERIFY2(v.hasError("2:1 tag 'Site' is longer than 5 bytes"), qPrintable(v.joined()));
            // Too long to find its closing quote: cut, backslashes as they stand.
            QVERIFY2(v.has("tag Round=ab\\\"c"), qPrintable(v.joined()));
            QVERIFY(v.hasError("3:1 tag 'Round' is longer than 5 bytes"));
            QVERIFY(!v.hasError("1:1"));
        }
    }

    void hugeCommentDoesNotHang()
    {
        std::string text = "1. e4 {";
        text.append(3u << 20, 'x');
        text += "} e5 *";
        LogVisitor v = readLog(text);
        QCOMPARE(v.games, 1);
        QVERIFY(v.hasError("comment too long"));
        QVERIFY(v.has("move e5 @1:" + std::to_string(10 + (3 << 20))));
    }

    // Regression (hostile input): tag values of megabytes, quoted or not, once
    // crashed the reader when a word cut at the length limit was read again
    // from a buffer that no longer held its start.
    void hugeTagValue_data()
    {
        QTest::addColumn<QString>("open");
        QTest::addColumn<QString>("close");
        QTest::addColumn<int>("size");
        for (int size : {70000, 2100000, 2400000, 5000000}) {
            QTest::addRow("quoted %d", size) << "[Event \""
                                             << "\"]" << size;
            QTest::addRow("bare %d", size) << "[Event "
                                           << "]" << size;
        }
    }
    void hugeTagValue()
    {
        QFETCH(QString, open);
        QFETCH(QString, close);
        QFETCH(int, size);
        std::string text = open.toStdString() + std::string(size_t(size), 'x') + close.toStdString()
            + "\n[White \"a\"]\n\n1. e4 e5 *\n\n[Event \"next\"]\n\n1. d4 *\n";
        for (int drip : {0, 1}) {
            LogVisitor v;
            pgn::Reader r;
            DripSource src(text, 1 << 16);
            if (drip)
                r.reset(&src);
            else
                r.resetText(text);
            r.readAll(v);
            QCOMPARE(v.games, 2);
            QVERIFY2(v.hasError("1:1 tag 'Event' is longer than 65536 bytes"), qPrintable(v.joined().left(2000)));
            QCOMPARE(v.errors.size(), size_t(1)); // one message, no cascade of pieces
            QVERIFY(v.has("tag White=a"));
            QVERIFY(v.has("move e5 @4:7"));
            QVERIFY(v.has("tag Event=next"));
            QVERIFY(v.has("move d4 @8:4"));
        }
    }

    // A word longer than the buffer in a header (no tag around it) is reported
    // once, cut, and never taken for the start of the movetext.
    void hugeWordInHeader()
    {
        std::string text = "[Event \"e\"]\n" + std::string(3u << 20, 'y') + "\n[White \"w\"]\n\n1. e4 *\n";
        LogVisitor v = readLog(text);
        QCOMPARE(v.games, 1);
        QVERIFY2(v.hasError("2:1 unexpected text 'yyyy"), qPrintable(v.joined().left(2000)));
        QVERIFY(v.has("tag White=w"));
        QVERIFY(v.has("move e4 @5:4"));
    }

    // A game past the size limit is reported once and skipped up to the next
    // tag line; the next game is read as usual, at its own line.
    void overlongGame()
    {
        std::string text = "[Event \"long\"]\n\n";
        for (int i = 0; i < 2000; ++i)
            text += "1. e4 e5 {c} (1... d5) 2. Nf3\n";
        const int nextLine = 2 + 2000 + 2;
        text += "\n[Event \"after\"]\n\n1. d4 *\n";
        pgn::Reader r;
        r.limits().maxGameBytes = 10000;
        r.resetText(text);
        LogVisitor v;
        r.readAll(v);
        QCOMPARE(v.games, 2);
        QCOMPARE(std::count_if(v.errors.begin(), v.errors.end(),
                               [](const std::string &e) { return e.find("longer than") != std::string::npos; }),
                 1L);
        QVERIFY(v.has("tag Event=after"));
        QVERIFY2(v.has("move d4 @" + std::to_string(nextLine + 2) + ":4"), qPrintable(v.joined().left(3000)));
        // An endless header is cut the same way.
        std::string header;
        for (int i = 0; i < 2000; ++i)
            header += "[Event \"x\"]\n";
        pgn::Reader h;
        h.limits().maxGameBytes = 10000;
        h.resetText(header);
        LogVisitor hv;
        h.readAll(hv);
        QVERIFY(hv.hasError("header is longer than"));
    }

    // A loader that left out part of an over-long game says how many lines it
    // dropped; the reader counts them, so later games keep their line numbers.
    void skipMarkerCountsLines()
    {
        const std::string text = "[Event \"a\"]\n\n1. e4\n\n" + std::string(pgn::SkipMarker)
            + "1000\n\n"
              "[Event \"b\"]\n\n1. d4 *\n";
        LogVisitor v = readLog(text);
        QCOMPARE(v.games, 2);
        // Without the marker d4 would stand at line 9; the marker's 4 breaks stand for 1000.
        QVERIFY2(v.has("move d4 @1005:4"), qPrintable(v.joined()));
    }

    void skipping()
    {
        // A visitor that skips movetext and variations still sees every game and result.
        struct Skipper : LogVisitor {
            bool beginMovetext() override
            {
                log.push_back("movetext");
                return games != 1;
            }
            bool beginVariation() override { return false; }
            pgn::MoveAction move(std::string_view san, const pgn::Place &l) override
            {
                LogVisitor::move(san, l);
                return san == "Nf3" ? pgn::MoveAction::SkipMovetext : pgn::MoveAction::Continue;
            }
        } v;
        pgn::Reader r;
        r.resetText("1. e4 (1. d4) e5 1-0\n1. e4 (1. d4 {c} d5) e5 2. Nf3 Nc6 0-1\n1. c4 *");
        QCOMPARE(r.readAll(v), uint64_t(3));
        QVERIFY(v.has("result 1-0"));
        QVERIFY(!v.has("move e4 @1:4"));
        QVERIFY(v.has("move e4 @2:4"));
        QVERIFY(!v.has("move d4 @2:11"));
        QVERIFY(!v.has("comment c"));
        QVERIFY(v.has("move Nf3 @2:28"));
        QVERIFY(!v.has("move Nc6 @2:32"));
        QVERIFY(v.has("result 0-1"));
        QVERIFY(v.has("move c4 @3:4"));
    }

    void chunkBoundaries_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("chunk");
        for (const char *f : {"kasparov-deep-blue-1997.pgn", "crlf.pgn", "cr.pgn", "nul.pgn", "latin1.pgn", "bom.pgn",
                              "glued.pgn", "unterminated-comment.pgn", "pathological-headers.pgn",
                              "unescaped-quote-header.pgn", "twic9nn-error.pgn", "truncated.pgn"})
            for (int chunk : {1, 3, 17})
                QTest::newRow((std::string(f) + "/" + std::to_string(chunk)).c_str()) << f << chunk;
    }
    void chunkBoundaries()
    {
        QFETCH(QString, file);
        QFETCH(int, chunk);
        const std::string text = readFile(dataPath(file.toUtf8().constData()));
        LogVisitor whole = readLog(text);
        DripSource drip(text, size_t(chunk));
        pgn::Reader r;
        r.reset(&drip);
        LogVisitor pieces;
        r.readAll(pieces);
        QCOMPARE(pieces.joined(), whole.joined());
    }

    void slicesReadLikeTheWhole()
    {
        // A game cut out at [start, lastGameEnd) and read on its own gives the same callbacks.
        const std::string text = readFile(dataPath("glued.pgn")) + readFile(dataPath("nul.pgn"))
            + readFile(dataPath("unterminated-comment.pgn")) + readFile(dataPath("crlf.pgn"));
        pgn::Reader r;
        r.resetText(text);
        for (uint64_t n = 1;; ++n) {
            LogVisitor v;
            if (!r.readGame(v)) break;
            std::string first;
            for (const auto &l : v.log)
                if (l.rfind("game ", 0) == 0 && first.empty()) first = l;
            uint64_t start = std::stoull(first.substr(first.find('+') + 1));
            int line = std::stoi(first.substr(first.find('@') + 1));
            int column = std::stoi(first.substr(first.find(':') + 1));
            pgn::Reader one;
            one.resetText(std::string_view(text).substr(start, r.lastGameEnd() - start), n,
                          pgn::Location{line, column, start});
            LogVisitor w;
            QVERIFY(one.readGame(w));
            std::vector<std::string> a, b;
            for (const auto &l : v.log)
                if (l.rfind("stray", 0) != 0) a.push_back(l);
            for (const auto &l : w.log)
                if (l.rfind("stray", 0) != 0) b.push_back(l);
            QCOMPARE(join(b), join(a));
            LogVisitor rest;
            QVERIFY(!one.readGame(rest));
        }
    }

    void looksLikeMove_data()
    {
        QTest::addColumn<QString>("word");
        QTest::addColumn<bool>("move");
        for (const char *m :
             {"e4", "Nf3", "exd5", "Qxe1", "R1a3", "Nbd7", "O-O", "O-O-O", "0-0", "--", "Z0", "e8=Q", "e2e4", "Kxh8"})
            QTest::newRow(m) << m << true;
        for (const char *m : {"xyz", "Result", "<br>", "N", "abc", "i9", "", "1-0"})
            QTest::newRow(*m ? m : "empty") << m << false;
    }
    void looksLikeMove()
    {
        QFETCH(QString, word);
        QFETCH(bool, move);
        QCOMPARE(pgn::looksLikeMove(word.toStdString()), move);
    }

    // A pass that skips the movetext only skims it (index for a search): it
    // must find the same games, tags, results and ends as a full read.
    void skimFindsTheSameGames_data()
    {
        QTest::addColumn<QByteArray>("text");
        for (const char *f : {"kasparov-deep-blue-1997.pgn", "glued.pgn", "nul.pgn", "crlf.pgn", "cr.pgn", "latin1.pgn",
                              "unterminated-comment.pgn", "twic9nn-error.pgn", "headers-and-moves-on-the-same-line.pgn",
                              "no-moves-comment-result.pgn", "bom.pgn", "truncated.pgn", "pathological-headers.pgn"})
            QTest::newRow(f) << QByteArray::fromStdString(readFile(dataPath(f)));
        // Results glued to other tokens, hidden in comments, after NAGs and move numbers.
        const char *edge[] = {
            "1. e4 e5 1-0 2. d4 0-1",
            "1.e4 1.1/2-1/2 1. d4 *",
            "1. e4 $1-0 2. d4 1-0",
            "1. e4 {1-0} e5 ; 0-1\n2. Nf3 1/2-1/2",
            "1. e4\n%1-0 escaped\ne5 0-1",
            "12...1-0 [Event \"x\"] 1. d4 *",
            "1. O-O-O 0-0 e2-e4 21-0 1-01 0-1",
            "1. e4 (1. d4 1-0) e5 *",
            "1. e4\r1-0\r\r[Event \"y\"]\r1. d4 0-1",
            "1. e4 \xEF\xBB\xBF"
            "1-0 \xEF\xBB\xBF"
            "[Event \"z\"] *",
            "1. e4 e5 2.Nf3*3. Nc3 1/2-1/2",
            "1. e4 [%clk 1-0] e5 0-1",
            "1. e4 e5 2. f4 1/2",
            "1. e4 e5 1-0-1 0-1",
        };
        for (const char *e : edge)
            QTest::newRow(e) << QByteArray(e);
        static const char nul[] = "1. e4 1-\0"
                                  "0 e5 1-0\n[Event \"n\"] *";
        QTest::newRow("nul in movetext") << QByteArray(nul, sizeof nul - 1);
    }
    void skimFindsTheSameGames()
    {
        QFETCH(QByteArray, text);
        const std::string_view t(text.constData(), size_t(text.size()));
        const auto full = boundaries(t, true, 0);
        QVERIFY(!full.empty());
        QCOMPARE(boundaries(t, false, 0), full);
        // Every token somewhere crosses the end of the reader's buffer.
        for (size_t drip : {1, 2, 3, 5, 7})
            QCOMPARE(boundaries(t, false, drip), full);
    }
};

QTEST_GUILESS_MAIN(TestPgnReader)
#include "tst_pgnreader.moc"
