<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE" sourcelanguage="en">
<context>
    <name>wb</name>
    <message>
        <source>The clipboard holds no text.</source>
        <translation>Die Zwischenablage enthält keinen Text.</translation>
    </message>
    <message>
        <source>Not a valid FEN: %1</source>
        <translation>Keine gültige FEN: %1</translation>
    </message>
    <message>
        <source>The clipboard holds neither a FEN nor PGN games.</source>
        <translation>Die Zwischenablage enthält weder eine FEN noch PGN-Partien.</translation>
    </message>
    <message>
        <source>The clipboard&apos;s PGN cannot be read: %1</source>
        <translation>Das PGN aus der Zwischenablage ist nicht lesbar: %1</translation>
    </message>
    <message>
        <source>Matched positions</source>
        <translation>Gefundene Stellungen</translation>
    </message>
    <message>
        <source>start</source>
        <translation>Anfang</translation>
    </message>
</context>
<context>
    <name>wb::BoardPanel</name>
    <message>
        <source>Any colour</source>
        <translation>Beide Farben</translation>
    </message>
    <message>
        <source>Shift+click or Shift+drag on the board to select squares.</source>
        <translation>Mit Umschalt+Klick oder Umschalt+Ziehen auf dem Brett Felder auswählen.</translation>
    </message>
    <message>
        <source>Write pieces of either colour, e.g. [Pp]e4</source>
        <translation>Figuren beider Farben schreiben, z. B. [Pp]e4</translation>
    </message>
    <message>
        <source>Insert</source>
        <translation>Einfügen</translation>
    </message>
    <message>
        <source>Insert the designator into the query at the cursor</source>
        <translation>Den Designator an der Cursorposition in die Abfrage einfügen</translation>
    </message>
    <message>
        <source>&lt;i&gt;Shift+click squares to build a designator&lt;/i&gt;</source>
        <translation>&lt;i&gt;Umschalt+Klick wählt Felder&lt;/i&gt;</translation>
    </message>
    <message>
        <source>Set Up Position</source>
        <translation>Stellung aufbauen</translation>
    </message>
    <message>
        <source>Set up a position by hand: pick pieces from the palette or drag them</source>
        <translation>Eine Stellung von Hand aufbauen: Figuren aus der Palette wählen oder ziehen</translation>
    </message>
    <message>
        <source>Copy Position as FEN</source>
        <translation>Stellung als FEN kopieren</translation>
    </message>
    <message>
        <source>Copy the shown position as FEN to the clipboard</source>
        <translation>Die gezeigte Stellung als FEN in die Zwischenablage kopieren</translation>
    </message>
    <message>
        <source>Find Position</source>
        <translation>Stellung finden</translation>
    </message>
    <message>
        <source>Write a query for exactly this position (one undo step in the editor)</source>
        <translation>Eine Abfrage für genau diese Stellung schreiben (ein Rückgängig-Schritt im Editor)</translation>
    </message>
    <message>
        <source>Find Pattern</source>
        <translation>Muster finden</translation>
    </message>
    <message>
        <source>Write a query for the pieces on the selected squares (all pieces without a selection), with the colour and transform chosen beside it</source>
        <translation>Eine Abfrage für die Figuren auf den ausgewählten Feldern schreiben (ohne Auswahl alle Figuren), mit der daneben gewählten Farbe und Transformation</translation>
    </message>
    <message>
        <source>Empty squares too</source>
        <translation>Auch leere Felder</translation>
    </message>
    <message>
        <source>The selected empty squares must be empty as well</source>
        <translation>Die ausgewählten leeren Felder müssen ebenfalls leer sein</translation>
    </message>
    <message>
        <source>Search at once</source>
        <translation>Sofort suchen</translation>
    </message>
    <message>
        <source>Search as soon as the query is written</source>
        <translation>Suchen, sobald die Abfrage geschrieben ist</translation>
    </message>
    <message>
        <source>No transform</source>
        <translation>Keine Transformation</translation>
    </message>
    <message>
        <source>Find Pattern finds the pattern under this transform too</source>
        <translation>„Muster finden“ findet das Muster auch unter dieser Transformation</translation>
    </message>
</context>
<context>
    <name>wb::BoardSetup</name>
    <message>
        <source>The text is no FEN.</source>
        <translation>Der Text ist keine FEN.</translation>
    </message>
    <message>
        <source>A FEN board has 8 ranks, this one %1.</source>
        <translation>Ein FEN-Brett hat 8 Reihen, dieses %1.</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is no piece.</source>
        <translation>„%1“ ist keine Figur.</translation>
    </message>
    <message>
        <source>Rank %1 of the FEN does not have 8 squares.</source>
        <translation>Reihe %1 der FEN hat nicht 8 Felder.</translation>
    </message>
    <message>
        <source>The side to move is &apos;w&apos; or &apos;b&apos;, not &apos;%1&apos;.</source>
        <translation>Die Seite am Zug ist „w“ oder „b“, nicht „%1“.</translation>
    </message>
    <message>
        <source>White to move</source>
        <translation>Weiß am Zug</translation>
    </message>
    <message>
        <source>Black to move</source>
        <translation>Schwarz am Zug</translation>
    </message>
    <message>
        <source>Find this pattern</source>
        <translation>Dieses Muster finden</translation>
    </message>
    <message>
        <source>Find this pattern under %1</source>
        <translation>Dieses Muster unter %1 finden</translation>
    </message>
    <message>
        <source>Find this position: %1, no other pieces</source>
        <translation>Diese Stellung finden: %1, keine weiteren Figuren</translation>
    </message>
</context>
<context>
    <name>wb::BoardWidget</name>
    <message>
        <source>Chess board</source>
        <translation>Schachbrett</translation>
    </message>
</context>
<context>
    <name>wb::CommandLine</name>
    <message>
        <source>CQL Workbench: search chess games with the Chess Query Language.</source>
        <translation>CQL Workbench: Schachpartien mit der Chess Query Language durchsuchen.</translation>
    </message>
    <message>
        <source>PGN databases (.pgn, .pgn.gz, .pgn.zst), all opened and searched together, and a query (.cql).</source>
        <translation>PGN-Datenbanken (.pgn, .pgn.gz, .pgn.zst), alle zusammen geöffnet und durchsucht, und eine Abfrage (.cql).</translation>
    </message>
    <message>
        <source>Save a picture of the window to FILE once loading and searching are done, then quit.</source>
        <translation>Nach Laden und Suchen ein Bild des Fensters in DATEI speichern und beenden.</translation>
    </message>
    <message>
        <source>Put TEXT into the query editor.</source>
        <translation>TEXT in den Abfrage-Editor setzen.</translation>
    </message>
    <message>
        <source>Run the query on all the databases once they are loaded.</source>
        <translation>Die Abfrage nach dem Laden auf allen Datenbanken ausführen.</translation>
    </message>
    <message>
        <source>Colour theme: light, dark or system.</source>
        <translation>Farbschema: light (hell), dark (dunkel) oder system.</translation>
    </message>
    <message>
        <source>only one query file can be given (%1 and %2)</source>
        <translation>nur eine Abfragedatei ist möglich (%1 und %2)</translation>
    </message>
    <message>
        <source>give either a query file or --query-text, not both</source>
        <translation>entweder eine Abfragedatei oder --query-text angeben, nicht beides</translation>
    </message>
    <message>
        <source>unknown theme &apos;%1&apos; (light, dark or system)</source>
        <translation>unbekanntes Farbschema &apos;%1&apos; (light, dark oder system)</translation>
    </message>
    <message>
        <source>Set up FEN on the board (set-up mode); without a query, find this position.</source>
        <translation>FEN auf dem Brett aufbauen (Aufbaumodus); ohne Abfrage diese Stellung suchen.</translation>
    </message>
    <message>
        <source>Show the transform explorer with the cursor on the first TEXT in the query.</source>
        <translation>Den Transformations-Explorer zeigen, mit der Schreibmarke auf dem ersten TEXT der Abfrage.</translation>
    </message>
    <message>
        <source>Analyse the shown position in the engine pane.</source>
        <translation>Die gezeigte Stellung im Engine-Fenster analysieren.</translation>
    </message>
    <message>
        <source>Open the help browser at KEYWORD (CQL 6, or CQL-S when the query is CQL-S).</source>
        <translation>Die Hilfe bei SCHLÜSSELWORT öffnen (CQL 6, oder CQL-S, wenn die Abfrage CQL-S ist).</translation>
    </message>
    <message>
        <source>Show the dock NAME (Statistics, Tree, Explorer, Log, ...) in front of the docks it shares its place with.</source>
        <translation>Das Dock NAME (Statistics, Tree, Explorer, Log, ...) vor den Docks zeigen, mit denen es seinen Platz teilt.</translation>
    </message>
    <message>
        <source>Type FIELDS into the game list&apos;s quick filter: key=value pairs separated by &apos;;&apos; (player, event, years, result, elo, eco).</source>
        <translation>FIELDS in den Schnellfilter der Partieliste eintragen: Paare Schlüssel=Wert, getrennt durch &apos;;&apos; (player, event, years, result, elo, eco).</translation>
    </message>
</context>
<context>
    <name>wb::CqlEditor</name>
    <message>
        <source>Error</source>
        <translation>Fehler</translation>
    </message>
    <message>
        <source>Warning</source>
        <translation>Warnung</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
</context>
<context>
    <name>wb::DatabaseList</name>
    <message>
        <source>Database</source>
        <translation>Datenbank</translation>
    </message>
    <message>
        <source>Games</source>
        <translation>Partien</translation>
    </message>
    <message>
        <source>Matched</source>
        <translation>Treffer</translation>
    </message>
    <message>
        <source>Show Games</source>
        <translation>Partien zeigen</translation>
    </message>
    <message>
        <source>Close Database</source>
        <translation>Datenbank schließen</translation>
    </message>
</context>
<context>
    <name>wb::EngineAnalysis</name>
    <message>
        <source>The engine %1 could not be started: %2</source>
        <translation>Die Engine %1 konnte nicht gestartet werden: %2</translation>
    </message>
    <message>
        <source>The engine crashed.</source>
        <translation>Die Engine ist abgestürzt.</translation>
    </message>
    <message>
        <source>The engine exited with code %1.</source>
        <translation>Die Engine hat sich mit Code %1 beendet.</translation>
    </message>
    <message>
        <source>The engine %1 does not play %2 (it offers no UCI_Variant “%3”). Choose an engine that does, such as Fairy-Stockfish, in the settings.</source>
        <translation>Die Engine %1 spielt kein %2 (sie bietet keine UCI_Variant „%3“ an). Wählen Sie in den Einstellungen eine Engine, die es spielt, etwa Fairy-Stockfish.</translation>
    </message>
</context>
<context>
    <name>wb::EnginePane</name>
    <message>
        <source>depth %1</source>
        <translation>Tiefe %1</translation>
    </message>
    <message>
        <source>Engine off</source>
        <translation>Engine aus</translation>
    </message>
    <message>
        <source>Starting the engine…</source>
        <translation>Engine wird gestartet…</translation>
    </message>
    <message>
        <source>%1: stopped</source>
        <translation>%1: angehalten</translation>
    </message>
    <message>
        <source>%1: analysing</source>
        <translation>%1: analysiert</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>Anhalten</translation>
    </message>
    <message>
        <source>Analyse</source>
        <translation>Analysieren</translation>
    </message>
    <message>
        <source>Stop the engine</source>
        <translation>Die Engine anhalten</translation>
    </message>
    <message>
        <source>Analyse the shown position with the engine</source>
        <translation>Die gezeigte Stellung mit der Engine analysieren</translation>
    </message>
</context>
<context>
    <name>wb::GameListModel</name>
    <message>
        <source>#</source>
        <translation>Nr.</translation>
    </message>
    <message>
        <source>White</source>
        <translation>Weiß</translation>
    </message>
    <message>
        <source>Black</source>
        <translation>Schwarz</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>Ergebnis</translation>
    </message>
    <message>
        <source>Event</source>
        <translation>Turnier</translation>
    </message>
    <message>
        <source>Date</source>
        <translation>Datum</translation>
    </message>
    <message>
        <source>ECO</source>
        <translation>ECO</translation>
    </message>
    <message>
        <source>Elo W</source>
        <translation>Elo W</translation>
    </message>
    <message>
        <source>Elo B</source>
        <translation>Elo S</translation>
    </message>
    <message>
        <source>Plies</source>
        <translation>Halbzüge</translation>
    </message>
    <message>
        <source>Matches</source>
        <translation>Treffer</translation>
    </message>
    <message>
        <source>Sort value</source>
        <translation>Sortierwert</translation>
    </message>
    <message>
        <source>Game number in the file</source>
        <translation>Nummer der Partie in der Datei</translation>
    </message>
    <message>
        <source>White&apos;s rating</source>
        <translation>Wertungszahl von Weiß</translation>
    </message>
    <message>
        <source>Black&apos;s rating</source>
        <translation>Wertungszahl von Schwarz</translation>
    </message>
    <message>
        <source>Half-moves in the mainline</source>
        <translation>Halbzüge der Hauptvariante</translation>
    </message>
    <message>
        <source>Positions matched by the query</source>
        <translation>Von der Abfrage gefundene Stellungen</translation>
    </message>
    <message>
        <source>Value of the query&apos;s sort filter</source>
        <translation>Wert des sort-Filters der Abfrage</translation>
    </message>
    <message>
        <source>Database</source>
        <translation>Datenbank</translation>
    </message>
    <message>
        <source>The file the game is from</source>
        <translation>Die Datei, aus der die Partie stammt</translation>
    </message>
    <message>
        <source>Variant</source>
        <translation>Variante</translation>
    </message>
    <message>
        <source>The rules the game is played under (empty for standard chess)</source>
        <translation>Die Regeln, nach denen die Partie gespielt wird (leer bei normalem Schach)</translation>
    </message>
</context>
<context>
    <name>wb::GameLoader</name>
    <message>
        <source>game %1 cannot be read</source>
        <translation>Partie %1 kann nicht gelesen werden</translation>
    </message>
</context>
<context>
    <name>wb::GameSource</name>
    <message>
        <source>no game %1</source>
        <translation>keine Partie %1</translation>
    </message>
    <message>
        <source>game %1 has no moves or tags</source>
        <translation>Partie %1 hat weder Züge noch Tags</translation>
    </message>
</context>
<context>
    <name>wb::HelpBrowser</name>
    <message>
        <source>Not found</source>
        <translation>Nicht gefunden</translation>
    </message>
    <message>
        <source>CQL Workbench Help</source>
        <translation>CQL Workbench – Hilfe</translation>
    </message>
    <message>
        <source>CQL language</source>
        <translation>Die Sprache CQL</translation>
    </message>
    <message>
        <source>CQL-S</source>
        <translation>CQL-S</translation>
    </message>
    <message>
        <source>The workbench</source>
        <translation>Die Workbench</translation>
    </message>
    <message>
        <source>Find in the page (Ctrl+F)</source>
        <translation>Auf der Seite suchen (Strg+F)</translation>
    </message>
</context>
<context>
    <name>wb::KeywordCompleter</name>
    <message>
        <source> (not implemented yet)</source>
        <translation> (noch nicht implementiert)</translation>
    </message>
</context>
<context>
    <name>wb::MainWindow</name>
    <message>
        <source>Cannot open %1: %2</source>
        <translation>%1 kann nicht geöffnet werden: %2</translation>
    </message>
    <message>
        <source>Cannot open %1</source>
        <translation>%1 kann nicht geöffnet werden</translation>
    </message>
    <message>
        <source>Opening %p%</source>
        <translation>Öffnen %p%</translation>
    </message>
    <message>
        <source>Opening %1…</source>
        <translation>%1 wird geöffnet…</translation>
    </message>
    <message>
        <source>Write a CQL query here, e.g.  cql() mate  — then press F5 to search.</source>
        <translation>Hier eine CQL-Abfrage schreiben, z. B.  cql() mate  — dann mit F5 suchen.</translation>
    </message>
    <message>
        <source>Board</source>
        <translation>Brett</translation>
    </message>
    <message>
        <source>Notation</source>
        <translation>Notation</translation>
    </message>
    <message>
        <source>Games</source>
        <translation>Partien</translation>
    </message>
    <message>
        <source>Problems</source>
        <translation>Probleme</translation>
    </message>
    <message>
        <source>Search Log</source>
        <translation>Suchprotokoll</translation>
    </message>
    <message>
        <source>&amp;New Query</source>
        <translation>&amp;Neue Abfrage</translation>
    </message>
    <message>
        <source>Start an empty query</source>
        <translation>Eine leere Abfrage beginnen</translation>
    </message>
    <message>
        <source>Open &amp;Database…</source>
        <translation>&amp;Datenbank öffnen…</translation>
    </message>
    <message>
        <source>Open a PGN file (.pgn, .pgn.gz, .pgn.zst)</source>
        <translation>Eine PGN-Datei öffnen (.pgn, .pgn.gz, .pgn.zst)</translation>
    </message>
    <message>
        <source>Open &amp;Query…</source>
        <translation>&amp;Abfrage öffnen…</translation>
    </message>
    <message>
        <source>Open a CQL query file</source>
        <translation>Eine CQL-Abfragedatei öffnen</translation>
    </message>
    <message>
        <source>&amp;Save Query</source>
        <translation>Abfrage &amp;speichern</translation>
    </message>
    <message>
        <source>Save the query</source>
        <translation>Die Abfrage speichern</translation>
    </message>
    <message>
        <source>Save Query &amp;As…</source>
        <translation>Abfrage speichern &amp;unter…</translation>
    </message>
    <message>
        <source>Save the query under a new name</source>
        <translation>Die Abfrage unter einem neuen Namen speichern</translation>
    </message>
    <message>
        <source>Save &amp;Matching Games As…</source>
        <translation>&amp;Gefundene Partien speichern unter…</translation>
    </message>
    <message>
        <source>Write the games the last search matched to a PGN file</source>
        <translation>Die von der letzten Suche gefundenen Partien in eine PGN-Datei schreiben</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>&amp;Rückgängig</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>&amp;Wiederholen</translation>
    </message>
    <message>
        <source>Cu&amp;t</source>
        <translation>&amp;Ausschneiden</translation>
    </message>
    <message>
        <source>&amp;Copy</source>
        <translation>&amp;Kopieren</translation>
    </message>
    <message>
        <source>&amp;Paste</source>
        <translation>&amp;Einfügen</translation>
    </message>
    <message>
        <source>Select &amp;All</source>
        <translation>Alles &amp;markieren</translation>
    </message>
    <message>
        <source>Toggle &amp;Comment</source>
        <translation>K&amp;ommentar umschalten</translation>
    </message>
    <message>
        <source>Comment or uncomment the selected lines with //</source>
        <translation>Die ausgewählten Zeilen mit // aus- oder einkommentieren</translation>
    </message>
    <message>
        <source>&amp;Go to Line…</source>
        <translation>&amp;Gehe zu Zeile…</translation>
    </message>
    <message>
        <source>Go to Line</source>
        <translation>Gehe zu Zeile</translation>
    </message>
    <message>
        <source>Line:</source>
        <translation>Zeile:</translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation>&amp;Ausführen</translation>
    </message>
    <message>
        <source>&amp;Cancel</source>
        <translation>Abbre&amp;chen</translation>
    </message>
    <message>
        <source>Stop the running search</source>
        <translation>Die laufende Suche anhalten</translation>
    </message>
    <message>
        <source>Check &amp;Syntax</source>
        <translation>&amp;Syntax prüfen</translation>
    </message>
    <message>
        <source>Compile the query and list its problems</source>
        <translation>Die Abfrage übersetzen und ihre Probleme auflisten</translation>
    </message>
    <message>
        <source>&amp;Close Database</source>
        <translation>Datenbank &amp;schließen</translation>
    </message>
    <message>
        <source>&amp;Flip Board</source>
        <translation>Brett &amp;drehen</translation>
    </message>
    <message>
        <source>View the board from the other side</source>
        <translation>Das Brett von der anderen Seite zeigen</translation>
    </message>
    <message>
        <source>Show &amp;Coordinates</source>
        <translation>&amp;Koordinaten anzeigen</translation>
    </message>
    <message>
        <source>&amp;Matching Games Only</source>
        <translation>Nur &amp;gefundene Partien</translation>
    </message>
    <message>
        <source>List only the games the last search matched</source>
        <translation>Nur die von der letzten Suche gefundenen Partien auflisten</translation>
    </message>
    <message>
        <source>&amp;First Position</source>
        <translation>&amp;Anfangsstellung</translation>
    </message>
    <message>
        <source>&amp;Previous Move</source>
        <translation>&amp;Vorheriger Zug</translation>
    </message>
    <message>
        <source>&amp;Next Move</source>
        <translation>&amp;Nächster Zug</translation>
    </message>
    <message>
        <source>&amp;Last Position</source>
        <translation>&amp;Letzte Stellung</translation>
    </message>
    <message>
        <source>P&amp;revious Matched Position</source>
        <translation>V&amp;orherige gefundene Stellung</translation>
    </message>
    <message>
        <source>Ne&amp;xt Matched Position</source>
        <translation>Nä&amp;chste gefundene Stellung</translation>
    </message>
    <message>
        <source>&amp;About CQL Workbench</source>
        <translation>&amp;Über CQL Workbench</translation>
    </message>
    <message>
        <source>About &amp;Qt</source>
        <translation>Über &amp;Qt</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <source>Recent &amp;Databases</source>
        <translation>&amp;Zuletzt geöffnete Datenbanken</translation>
    </message>
    <message>
        <source>Recent Q&amp;ueries</source>
        <translation>Zuletzt geöffnete A&amp;bfragen</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>&amp;Bearbeiten</translation>
    </message>
    <message>
        <source>&amp;Query</source>
        <translation>&amp;Abfrage</translation>
    </message>
    <message>
        <source>&amp;Examples</source>
        <translation>&amp;Beispiele</translation>
    </message>
    <message>
        <source>&amp;Database</source>
        <translation>Date&amp;nbank</translation>
    </message>
    <message>
        <source>&amp;Game</source>
        <translation>&amp;Partie</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>An&amp;sicht</translation>
    </message>
    <message>
        <source>&amp;Theme</source>
        <translation>&amp;Farbschema</translation>
    </message>
    <message>
        <source>&amp;System</source>
        <translation>&amp;System</translation>
    </message>
    <message>
        <source>&amp;Light</source>
        <translation>&amp;Hell</translation>
    </message>
    <message>
        <source>&amp;Dark</source>
        <translation>&amp;Dunkel</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>&amp;Sprache</translation>
    </message>
    <message>
        <source>System Default</source>
        <translation>Systemvorgabe</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>Sprache</translation>
    </message>
    <message>
        <source>The language changes when CQL Workbench is started again.</source>
        <translation>Die Sprache wechselt beim nächsten Start von CQL Workbench.</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <source>Main Toolbar</source>
        <translation>Hauptwerkzeugleiste</translation>
    </message>
    <message>
        <source>Ln %1, Col %2</source>
        <translation>Z. %1, Sp. %2</translation>
    </message>
    <message>
        <source>No database</source>
        <translation>Keine Datenbank</translation>
    </message>
    <message>
        <source>No open databases</source>
        <translation>Keine geöffneten Datenbanken</translation>
    </message>
    <message>
        <source>About CQL Workbench</source>
        <translation>Über CQL Workbench</translation>
    </message>
    <message>
        <source>&lt;h3&gt;CQL Workbench %1&lt;/h3&gt;&lt;p&gt;A workbench for the Chess Query Language: write queries, search PGN databases and study the positions they match.&lt;/p&gt;&lt;p&gt;This program is free software: you can redistribute it and/or modify it under the terms of the GNU General Public License as published by the Free Software Foundation, either version 3 of the License, or (at your option) any later version (GPL-3.0-or-later).&lt;/p&gt;&lt;p&gt;It is distributed in the hope that it will be useful, but WITHOUT ANY WARRANTY; without even the implied warranty of MERCHANTABILITY or FITNESS FOR A PARTICULAR PURPOSE.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;CQL Workbench %1&lt;/h3&gt;&lt;p&gt;Eine Werkbank für die Chess Query Language: Abfragen schreiben, PGN-Datenbanken durchsuchen und die gefundenen Stellungen studieren.&lt;/p&gt;&lt;p&gt;Dieses Programm ist freie Software: Sie können es unter den Bedingungen der GNU General Public License, wie von der Free Software Foundation veröffentlicht, weitergeben und/oder verändern, entweder gemäß Version 3 der Lizenz oder (nach Ihrer Wahl) jeder späteren Version (GPL-3.0-or-later).&lt;/p&gt;&lt;p&gt;Es wird in der Hoffnung verbreitet, dass es nützlich ist, aber OHNE JEDE GEWÄHRLEISTUNG; sogar ohne die implizite Gewährleistung der MARKTFÄHIGKEIT oder EIGNUNG FÜR EINEN BESTIMMTEN ZWECK.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Untitled query</source>
        <translation>Unbenannte Abfrage</translation>
    </message>
    <message>
        <source>%1[*] — CQL Workbench</source>
        <translation>%1[*] — CQL Workbench</translation>
    </message>
    <message>
        <source>CQL-S</source>
        <translation>CQL-S</translation>
    </message>
    <message>
        <source>CQL 6</source>
        <translation>CQL 6</translation>
    </message>
    <message>
        <source>Open Query</source>
        <translation>Abfrage öffnen</translation>
    </message>
    <message>
        <source>Cannot read %1: %2</source>
        <translation>%1 kann nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>Opened query %1</source>
        <translation>Abfrage %1 geöffnet</translation>
    </message>
    <message>
        <source>CQL queries (*.cql *.cqls);;All files (*)</source>
        <translation>CQL-Abfragen (*.cql *.cqls);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Save Query</source>
        <translation>Abfrage speichern</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>%1 kann nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>%1 gespeichert</translation>
    </message>
    <message>
        <source>Save Query As</source>
        <translation>Abfrage speichern unter</translation>
    </message>
    <message>
        <source>CQL queries (*.cql);;CQL-S queries (*.cqls)</source>
        <translation>CQL-Abfragen (*.cql);;CQL-S-Abfragen (*.cqls)</translation>
    </message>
    <message>
        <source>Unsaved Query</source>
        <translation>Ungespeicherte Abfrage</translation>
    </message>
    <message>
        <source>The query has been modified. Save the changes?</source>
        <translation>Die Abfrage wurde geändert. Änderungen speichern?</translation>
    </message>
    <message>
        <source>Open Database</source>
        <translation>Datenbank öffnen</translation>
    </message>
    <message>
        <source>PGN databases (*.pgn *.pgn.gz *.pgn.zst *.gz *.zst);;All files (*)</source>
        <translation>PGN-Datenbanken (*.pgn *.pgn.gz *.pgn.zst *.gz *.zst);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Opened %1: %2 games in %3 s</source>
        <translation>%1 geöffnet: %2 Partien in %3 s</translation>
    </message>
    <message>
        <source>Opened %1</source>
        <translation>%1 geöffnet</translation>
    </message>
    <message>
        <source>Save Matching Games As</source>
        <translation>Gefundene Partien speichern unter</translation>
    </message>
    <message>
        <source>PGN files (*.pgn)</source>
        <translation>PGN-Dateien (*.pgn)</translation>
    </message>
    <message>
        <source>Save Matching Games</source>
        <translation>Gefundene Partien speichern</translation>
    </message>
    <message>
        <source>Problems (%1)</source>
        <translation>Probleme (%1)</translation>
    </message>
    <message numerus="yes">
        <source>The query has %n error(s).</source>
        <translation>
            <numerusform>Die Abfrage hat %n Fehler.</numerusform>
            <numerusform>Die Abfrage hat %n Fehler.</numerusform>
        </translation>
    </message>
    <message>
        <source>The query is correct (compiled in %1 ms).</source>
        <translation>Die Abfrage ist korrekt (übersetzt in %1 ms).</translation>
    </message>
    <message numerus="yes">
        <source>The query has %n error(s); nothing was searched.</source>
        <translation>
            <numerusform>Die Abfrage hat %n Fehler; es wurde nichts gesucht.</numerusform>
            <numerusform>Die Abfrage hat %n Fehler; es wurde nichts gesucht.</numerusform>
        </translation>
    </message>
    <message>
        <source>Open a database to search it.</source>
        <translation>Eine Datenbank öffnen, um sie zu durchsuchen.</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>Wird abgebrochen…</translation>
    </message>
    <message>
        <source>Searching %1 games of %2…</source>
        <translation>%1 Partien von %2 werden durchsucht…</translation>
    </message>
    <message>
        <source>%p%</source>
        <translation>%p %</translation>
    </message>
    <message numerus="yes">
        <source>%1 of %2 games matched (%3 positions) in %4 s using %n thread(s)</source>
        <translation>
            <numerusform>%1 von %2 Partien gefunden (%3 Stellungen) in %4 s mit %n Thread</numerusform>
            <numerusform>%1 von %2 Partien gefunden (%3 Stellungen) in %4 s mit %n Threads</numerusform>
        </translation>
    </message>
    <message>
        <source>Search cancelled: %1</source>
        <translation>Suche abgebrochen: %1</translation>
    </message>
    <message numerus="yes">
        <source>%1 — %Ln game(s)</source>
        <translation>
            <numerusform>%1 — %Ln Partie</numerusform>
            <numerusform>%1 — %Ln Partien</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 · %Ln game(s)</source>
        <translation>
            <numerusform>%1 · %Ln Partie</numerusform>
            <numerusform>%1 · %Ln Partien</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln game(s) could not be searched completely.</source>
        <translation>
            <numerusform>%Ln Partie konnte nicht vollständig durchsucht werden.</numerusform>
            <numerusform>%Ln Partien konnten nicht vollständig durchsucht werden.</numerusform>
        </translation>
    </message>
    <message>
        <source>Saving %p%</source>
        <translation>Speichern %p%</translation>
    </message>
    <message>
        <source>Saving matching games… %1 of %2</source>
        <translation>Gefundene Partien werden gespeichert… %1 von %2</translation>
    </message>
    <message>
        <source>Sorting…</source>
        <translation>Sortieren…</translation>
    </message>
    <message>
        <source>Databases</source>
        <translation>Datenbanken</translation>
    </message>
    <message>
        <source>Convert to &amp;Unicode</source>
        <translation>In &amp;Unicode umwandeln</translation>
    </message>
    <message>
        <source>Write the query with Unicode symbols (♔ → ∩ …)</source>
        <translation>Die Abfrage mit Unicode-Symbolen schreiben (♔ → ∩ …)</translation>
    </message>
    <message>
        <source>Convert to &amp;ASCII</source>
        <translation>In &amp;ASCII umwandeln</translation>
    </message>
    <message>
        <source>Write the query with ASCII symbols only</source>
        <translation>Die Abfrage nur mit ASCII-Zeichen schreiben</translation>
    </message>
    <message>
        <source>Search all open databases with the query</source>
        <translation>Alle geöffneten Datenbanken mit der Abfrage durchsuchen</translation>
    </message>
    <message>
        <source>Close the database of the selected game</source>
        <translation>Die Datenbank der ausgewählten Partie schließen</translation>
    </message>
    <message>
        <source>Close &amp;All Databases</source>
        <translation>&amp;Alle Datenbanken schließen</translation>
    </message>
    <message>
        <source>Previous Match</source>
        <translation>Voriger Treffer</translation>
    </message>
    <message>
        <source>Next Match</source>
        <translation>Nächster Treffer</translation>
    </message>
    <message numerus="yes">
        <source>%n databases</source>
        <translation>
            <numerusform>%n Datenbank</numerusform>
            <numerusform>%n Datenbanken</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln game(s)</source>
        <translation>
            <numerusform>%Ln Partie</numerusform>
            <numerusform>%Ln Partien</numerusform>
        </translation>
    </message>
    <message>
        <source>Databases (%1)</source>
        <translation>Datenbanken (%1)</translation>
    </message>
    <message>
        <source>No game of %1 is listed.</source>
        <translation>Keine Partie aus %1 ist in der Liste.</translation>
    </message>
    <message>
        <source>Saving matching games to %1…</source>
        <translation>Gefundene Partien werden in %1 gespeichert…</translation>
    </message>
    <message>
        <source>Saving matching games failed: %1</source>
        <translation>Speichern der gefundenen Partien fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>Saving matching games failed</source>
        <translation>Speichern der gefundenen Partien fehlgeschlagen</translation>
    </message>
    <message>
        <source>Saving to %1 was cancelled; the file was not written.</source>
        <translation>Speichern in %1 abgebrochen; die Datei wurde nicht geschrieben.</translation>
    </message>
    <message numerus="yes">
        <source>Wrote %Ln game(s) to %1 in %2 s</source>
        <translation>
            <numerusform>%Ln Partie in %2 s nach %1 geschrieben</numerusform>
            <numerusform>%Ln Partien in %2 s nach %1 geschrieben</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Searching %1 games in %n database(s)…</source>
        <translation>
            <numerusform>Durchsuche %1 Partien in %n Datenbank…</numerusform>
            <numerusform>Durchsuche %1 Partien in %n Datenbanken…</numerusform>
        </translation>
    </message>
    <message>
        <source>, about %1 min %2 s left</source>
        <translation>, noch etwa %1 min %2 s</translation>
    </message>
    <message>
        <source>, about %1 s left</source>
        <translation>, noch etwa %1 s</translation>
    </message>
    <message>
        <source>Searching… %1 of %2 games, %3 matched, %4 games/s%5</source>
        <translation>Suche… %1 von %2 Partien, %3 Treffer, %4 Partien/s%5</translation>
    </message>
    <message>
        <source>  %1: %2 of %3 games matched</source>
        <translation>  %1: %2 von %3 Partien gefunden</translation>
    </message>
    <message>
        <source>Matched positions in this game: %1</source>
        <translation>Gefundene Stellungen in dieser Partie: %1</translation>
    </message>
    <message>
        <source>Match %1 of %2</source>
        <translation>Treffer %1 von %2</translation>
    </message>
    <message>
        <source>Matched through the transform image(s): %1</source>
        <translation>Gefunden über das Transformationsbild: %1</translation>
    </message>
    <message>
        <source>Convert to CQL &amp;6</source>
        <translation>In CQL &amp;6 umwandeln</translation>
    </message>
    <message>
        <source>Write the CQL-S query in CQL 6 and list the keywords CQL 6 has no equivalent for</source>
        <translation>Die CQL-S-Abfrage in CQL 6 schreiben und die Schlüsselwörter ohne CQL-6-Entsprechung auflisten</translation>
    </message>
    <message>
        <source>The query is not CQL-S: there is nothing to convert.</source>
        <translation>Die Abfrage ist kein CQL-S: Es gibt nichts umzuwandeln.</translation>
    </message>
    <message>
        <source>The CQL-S query cannot be read, so it cannot be converted to CQL 6.</source>
        <translation>Die CQL-S-Abfrage kann nicht gelesen und daher nicht in CQL 6 umgewandelt werden.</translation>
    </message>
    <message>
        <source>Converted the query to CQL 6.</source>
        <translation>Die Abfrage wurde in CQL 6 umgewandelt.</translation>
    </message>
    <message>
        <source>no CQL 6 equivalent</source>
        <translation>keine Entsprechung in CQL 6</translation>
    </message>
    <message>
        <source>not converted</source>
        <translation>nicht umgewandelt</translation>
    </message>
    <message>
        <source>line %1, column %2: %3 — %4</source>
        <translation>Zeile %1, Spalte %2: %3 — %4</translation>
    </message>
    <message numerus="yes">
        <source>Converted the query to CQL 6. %n keyword(s) of the CQL-S query could not be converted; a comment in the CQL 6 text marks where each stood:</source>
        <translation>
            <numerusform>Die Abfrage wurde in CQL 6 umgewandelt. %n Schlüsselwort der CQL-S-Abfrage konnte nicht umgewandelt werden; ein Kommentar im CQL-6-Text markiert, wo es stand:</numerusform>
            <numerusform>Die Abfrage wurde in CQL 6 umgewandelt. %n Schlüsselwörter der CQL-S-Abfrage konnten nicht umgewandelt werden; ein Kommentar im CQL-6-Text markiert, wo sie standen:</numerusform>
        </translation>
    </message>
    <message>
        <source>Convert to CQL 6</source>
        <translation>In CQL 6 umwandeln</translation>
    </message>
    <message>
        <source>never true in a standard game</source>
        <translation>in einer normalen Partie nie wahr</translation>
    </message>
    <message>
        <source>CQL-S shifts keep the squares on the trailing edge</source>
        <translation>CQL-S-Verschiebungen behalten die Felder am hinteren Rand</translation>
    </message>
    <message>
        <source>promoted-piece marks &apos;~&apos;</source>
        <translation>Markierungen &apos;~&apos; für umgewandelte Figuren</translation>
    </message>
    <message>
        <source>counts the checks of three-check chess</source>
        <translation>zählt die Schachgebote im Drei-Schach</translation>
    </message>
    <message>
        <source>with these arguments</source>
        <translation>mit diesen Argumenten</translation>
    </message>
    <message>
        <source>CQL 6 compares dates as text</source>
        <translation>CQL 6 vergleicht Daten als Text</translation>
    </message>
    <message>
        <source>unknown keyword</source>
        <translation>unbekanntes Schlüsselwort</translation>
    </message>
    <message>
        <source>not a position list</source>
        <translation>keine Positionsliste</translation>
    </message>
    <message>
        <source>not a match list keyword</source>
        <translation>kein Schlüsselwort der Match-Liste</translation>
    </message>
    <message>
        <source>a list without a keyword</source>
        <translation>eine Liste ohne Schlüsselwort</translation>
    </message>
    <message>
        <source>not a designator</source>
        <translation>kein Designator</translation>
    </message>
    <message>
        <source>Player &amp;Base…</source>
        <translation>&amp;Spielerdatenbank…</translation>
    </message>
    <message>
        <source>Choose the spelling file (.ssp) CQL-S :birthyear and :deathyear read the players&apos; years from</source>
        <translation>Die Schreibweisen-Datei (.ssp) wählen, aus der CQL-S :birthyear und :deathyear die Lebensdaten der Spieler lesen</translation>
    </message>
    <message>
        <source>Player Base</source>
        <translation>Spielerdatenbank</translation>
    </message>
    <message>
        <source>Spelling files (*.ssp *.ssp.gz *.ssp.zst);;All files (*)</source>
        <translation>Schreibweisen-Dateien (*.ssp *.ssp.gz *.ssp.zst);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>&amp;No Player Base</source>
        <translation>&amp;Keine Spielerdatenbank</translation>
    </message>
    <message>
        <source>Search without a player base: :birthyear and :deathyear then report that they need one</source>
        <translation>Ohne Spielerdatenbank suchen: :birthyear und :deathyear melden dann, dass sie eine brauchen</translation>
    </message>
    <message>
        <source>No player base</source>
        <translation>Keine Spielerdatenbank</translation>
    </message>
    <message>
        <source>Player base %1: %2 players</source>
        <translation>Spielerdatenbank %1: %2 Spieler</translation>
    </message>
    <message>
        <source>Cannot use the player base: %1</source>
        <translation>Die Spielerdatenbank ist nicht verwendbar: %1</translation>
    </message>
    <message>
        <source>--setup: %1</source>
        <translation>--setup: %1</translation>
    </message>
    <message>
        <source>Transforms</source>
        <translation>Transformationen</translation>
    </message>
    <message>
        <source>Save Board as PNG or SVG…</source>
        <translation>Brett als PNG oder SVG speichern …</translation>
    </message>
    <message>
        <source>Save Board</source>
        <translation>Brett speichern</translation>
    </message>
    <message>
        <source>Cannot write %1.</source>
        <translation>%1 kann nicht geschrieben werden.</translation>
    </message>
    <message>
        <source>Copy Game as &amp;PGN</source>
        <translation>Partie als &amp;PGN kopieren</translation>
    </message>
    <message>
        <source>Copy the shown game to the clipboard as PGN, with the search&apos;s comments</source>
        <translation>Die gezeigte Partie als PGN mit den Kommentaren der Suche in die Zwischenablage kopieren</translation>
    </message>
    <message>
        <source>Copy &amp;Board as Image</source>
        <translation>&amp;Brett als Bild kopieren</translation>
    </message>
    <message>
        <source>Copy the board with its marks to the clipboard as a picture</source>
        <translation>Das Brett mit seinen Markierungen als Bild in die Zwischenablage kopieren</translation>
    </message>
    <message>
        <source>Paste &amp;Game or Position</source>
        <translation>Partie oder Stellung &amp;einfügen</translation>
    </message>
    <message>
        <source>Open the PGN games on the clipboard as a database, or set up its FEN on the board</source>
        <translation>Die PGN-Partien der Zwischenablage als Datenbank öffnen oder ihre FEN auf dem Brett aufbauen</translation>
    </message>
    <message>
        <source>Export Matches as &amp;HTML Report…</source>
        <translation>Treffer als &amp;HTML-Bericht exportieren …</translation>
    </message>
    <message>
        <source>Write the matched games with a diagram of each matched position to an HTML file</source>
        <translation>Die gefundenen Partien mit einem Diagramm jeder gefundenen Stellung in eine HTML-Datei schreiben</translation>
    </message>
    <message>
        <source>The game is on the clipboard as PGN.</source>
        <translation>Die Partie ist als PGN in der Zwischenablage.</translation>
    </message>
    <message>
        <source>The board is on the clipboard as a picture.</source>
        <translation>Das Brett ist als Bild in der Zwischenablage.</translation>
    </message>
    <message>
        <source>Clipboard</source>
        <translation>Zwischenablage</translation>
    </message>
    <message numerus="yes">
        <source>%n game(s) from the clipboard opened.</source>
        <translation>
            <numerusform>%n Partie aus der Zwischenablage geöffnet.</numerusform>
            <numerusform>%n Partien aus der Zwischenablage geöffnet.</numerusform>
        </translation>
    </message>
    <message>
        <source>Paste: %1</source>
        <translation>Einfügen: %1</translation>
    </message>
    <message>
        <source>Export Matches as HTML Report</source>
        <translation>Treffer als HTML-Bericht exportieren</translation>
    </message>
    <message>
        <source>HTML files (*.html)</source>
        <translation>HTML-Dateien (*.html)</translation>
    </message>
    <message>
        <source>Report %p%</source>
        <translation>Bericht %p%</translation>
    </message>
    <message>
        <source>Writing the report to %1…</source>
        <translation>Der Bericht wird nach %1 geschrieben …</translation>
    </message>
    <message>
        <source>Writing the report failed: %1</source>
        <translation>Der Bericht konnte nicht geschrieben werden: %1</translation>
    </message>
    <message numerus="yes">
        <source>%n game(s) written to %1</source>
        <translation>
            <numerusform>%n Partie nach %1 geschrieben</numerusform>
            <numerusform>%n Partien nach %1 geschrieben</numerusform>
        </translation>
    </message>
    <message>
        <source>Statistics</source>
        <translation>Statistik</translation>
    </message>
    <message>
        <source>Engine</source>
        <translation>Engine</translation>
    </message>
    <message>
        <source>&amp;Settings…</source>
        <translation>&amp;Einstellungen…</translation>
    </message>
    <message>
        <source>The engine, tablebases, player base, search threads, theme and language</source>
        <translation>Engine, Endspieldatenbanken, Spielerdatenbank, Such-Threads, Farbschema und Sprache</translation>
    </message>
    <message>
        <source>&amp;Language Reference</source>
        <translation>&amp;Sprachreferenz</translation>
    </message>
    <message>
        <source>The manual, at the keyword under the cursor</source>
        <translation>Das Handbuch, beim Schlüsselwort unter der Schreibmarke</translation>
    </message>
    <message>
        <source>&amp;Workbench Manual</source>
        <translation>&amp;Handbuch der Workbench</translation>
    </message>
    <message>
        <source>Tree</source>
        <translation>Baum</translation>
    </message>
    <message>
        <source>Search &amp;Within Matches</source>
        <translation>In den Treffern &amp;suchen</translation>
    </message>
    <message>
        <source>The next Run reads only the games of the shown result</source>
        <translation>Die nächste Suche liest nur die Partien des angezeigten Ergebnisses</translation>
    </message>
    <message>
        <source>How the result of the next Run is combined with the shown result</source>
        <translation>Wie das Ergebnis der nächsten Suche mit dem angezeigten Ergebnis verknüpft wird</translation>
    </message>
    <message>
        <source>New result</source>
        <translation>Neues Ergebnis</translation>
    </message>
    <message>
        <source>And previous</source>
        <translation>Und vorheriges</translation>
    </message>
    <message>
        <source>Or previous</source>
        <translation>Oder vorheriges</translation>
    </message>
    <message>
        <source>Previous and not</source>
        <translation>Vorheriges und nicht</translation>
    </message>
    <message>
        <source>&amp;Previous Result</source>
        <translation>&amp;Vorheriges Ergebnis</translation>
    </message>
    <message>
        <source>&amp;Next Result</source>
        <translation>&amp;Nächstes Ergebnis</translation>
    </message>
    <message>
        <source>Earlier results: choose one to show it</source>
        <translation>Frühere Ergebnisse: eines wählen, um es anzuzeigen</translation>
    </message>
    <message>
        <source>&amp;Combine Next Result</source>
        <translation>Nächstes Ergebnis &amp;verknüpfen</translation>
    </message>
    <message>
        <source>Combine with &amp;Previous Result</source>
        <translation>Mit vorherigem Ergebnis ver&amp;knüpfen</translation>
    </message>
    <message>
        <source>Result &amp;History</source>
        <translation>Ergebnis&amp;verlauf</translation>
    </message>
    <message>
        <source>Refine Toolbar</source>
        <translation>Werkzeugleiste Verfeinern</translation>
    </message>
    <message>
        <source>Result %1 of %2: %3</source>
        <translation>Ergebnis %1 von %2: %3</translation>
    </message>
    <message>
        <source>--filter: %1</source>
        <translation>--filter: %1</translation>
    </message>
    <message>
        <source>the pieces of a drop</source>
        <translation>die Figur eines Einsetzzugs</translation>
    </message>
    <message>
        <source>%1 %2 (%3 matched)</source>
        <translation>%1 %2 (%3 Treffer)</translation>
    </message>
    <message>
        <source>Standard</source>
        <translation>Normalschach</translation>
    </message>
    <message>
        <source>Games by variant: %1</source>
        <translation>Partien nach Variante: %1</translation>
    </message>
    <message>
        <source>Game store %p%</source>
        <translation>Partienspeicher %p%</translation>
    </message>
    <message>
        <source>  %1 games replayed from the game store, %2 ruled out by its signatures</source>
        <translation>  %1 Partien aus dem Partienspeicher nachgespielt, %2 durch seine Signaturen ausgeschlossen</translation>
    </message>
    <message>
        <source>Building the game store of %1 in the background…</source>
        <translation>Der Partienspeicher von %1 wird im Hintergrund angelegt…</translation>
    </message>
    <message>
        <source>Building the game store of %1: later searches of it replay the store instead of the PGN text</source>
        <translation>Der Partienspeicher von %1 wird angelegt: spätere Suchen spielen ihn nach statt des PGN-Textes</translation>
    </message>
    <message>
        <source>Built the game store of %1 in %2 s: searches replay it from now on</source>
        <translation>Partienspeicher von %1 in %2 s angelegt: Suchen spielen ihn von nun an nach</translation>
    </message>
    <message>
        <source>Loaded the game store of %1 in %2 s</source>
        <translation>Partienspeicher von %1 in %2 s geladen</translation>
    </message>
    <message>
        <source>No game store for %1 (%2): it is searched from the PGN text</source>
        <translation>Kein Partienspeicher für %1 (%2): die Suche liest den PGN-Text</translation>
    </message>
</context>
<context>
    <name>wb::MatchStatistics</name>
    <message>
        <source>unknown</source>
        <translation>unbekannt</translation>
    </message>
</context>
<context>
    <name>wb::MatchWriter</name>
    <message>
        <source>game %1 cannot be read: %2</source>
        <translation>Partie %1 kann nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>Saving the matching games to %1 would replace the open database %2. Choose another file.</source>
        <translation>Die gefundenen Partien in %1 zu speichern würde die geöffnete Datenbank %2 ersetzen. Wählen Sie eine andere Datei.</translation>
    </message>
</context>
<context>
    <name>wb::MatchedImage</name>
    <message>
        <source>%1 image %2 of %3</source>
        <translation>%1 Bild %2 von %3</translation>
    </message>
    <message numerus="yes">
        <source>, %n images match</source>
        <translation>
            <numerusform>, %n Bild passt</numerusform>
            <numerusform>, %n Bilder passen</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>wb::NextTreeModel</name>
    <message>
        <source>Matched positions followed by this line: %1. Click to show the first.</source>
        <translation>Gefundene Stellungen, auf die diese Zugfolge folgte: %1. Ein Klick zeigt die erste.</translation>
    </message>
    <message>
        <source>Matched positions followed by this line</source>
        <translation>Gefundene Stellungen, auf die diese Zugfolge folgte</translation>
    </message>
    <message>
        <source>White&apos;s points in percent of the games with a result</source>
        <translation>Punkte von Weiß in Prozent der Partien mit Ergebnis</translation>
    </message>
    <message>
        <source>Average rating of the player who made the move</source>
        <translation>Durchschnittliche Elo des Spielers, der den Zug machte</translation>
    </message>
    <message>
        <source>Move</source>
        <translation>Zug</translation>
    </message>
    <message>
        <source>Positions</source>
        <translation>Stellungen</translation>
    </message>
    <message>
        <source>White</source>
        <translation>Weiß</translation>
    </message>
    <message>
        <source>Rating</source>
        <translation>Elo</translation>
    </message>
</context>
<context>
    <name>wb::NotationView</name>
    <message>
        <source>Select a game to see its moves.</source>
        <translation>Eine Partie auswählen, um ihre Züge zu sehen.</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>Anfang</translation>
    </message>
    <message>
        <source>Line %1:%2: %3</source>
        <translation>Zeile %1:%2: %3</translation>
    </message>
</context>
<context>
    <name>wb::OpeningTreeModel</name>
    <message>
        <source>Click to play %1 on the board</source>
        <translation>Klicken, um %1 auf dem Brett zu spielen</translation>
    </message>
    <message>
        <source>Share of the matched games that reach this position</source>
        <translation>Anteil an den gefundenen Partien, die diese Stellung erreichen</translation>
    </message>
    <message>
        <source>White&apos;s points in percent of the games with a result</source>
        <translation>Punkte von Weiß in Prozent der Partien mit Ergebnis</translation>
    </message>
    <message>
        <source>Draws in percent of the games with a result</source>
        <translation>Remisen in Prozent der Partien mit Ergebnis</translation>
    </message>
    <message>
        <source>Average rating of the player who made the move</source>
        <translation>Durchschnittliche Elo des Spielers, der den Zug machte</translation>
    </message>
    <message>
        <source>Move</source>
        <translation>Zug</translation>
    </message>
    <message>
        <source>Games</source>
        <translation>Partien</translation>
    </message>
    <message>
        <source>Share</source>
        <translation>Anteil</translation>
    </message>
    <message>
        <source>White</source>
        <translation>Weiß</translation>
    </message>
    <message>
        <source>Draws</source>
        <translation>Remis</translation>
    </message>
    <message>
        <source>Rating</source>
        <translation>Elo</translation>
    </message>
</context>
<context>
    <name>wb::PictureExport</name>
    <message>
        <source>PNG image (*.png)</source>
        <translation>PNG-Bild (*.png)</translation>
    </message>
    <message>
        <source>SVG drawing (*.svg)</source>
        <translation>SVG-Zeichnung (*.svg)</translation>
    </message>
</context>
<context>
    <name>wb::ProblemsModel</name>
    <message>
        <source>Error</source>
        <translation>Fehler</translation>
    </message>
    <message>
        <source>Warning</source>
        <translation>Warnung</translation>
    </message>
    <message>
        <source>%1:%2</source>
        <translation>%1:%2</translation>
    </message>
    <message>
        <source>%1:%2:%3</source>
        <translation>%1:%2:%3</translation>
    </message>
    <message>
        <source>Severity</source>
        <translation>Schwere</translation>
    </message>
    <message>
        <source>Location</source>
        <translation>Ort</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>Meldung</translation>
    </message>
</context>
<context>
    <name>wb::QuickFilterBar</name>
    <message>
        <source>Player</source>
        <translation>Spieler</translation>
    </message>
    <message>
        <source>Part of White&apos;s or Black&apos;s name</source>
        <translation>Teil des Namens von Weiß oder Schwarz</translation>
    </message>
    <message>
        <source>Event</source>
        <translation>Turnier</translation>
    </message>
    <message>
        <source>Part of the event&apos;s name</source>
        <translation>Teil des Turniernamens</translation>
    </message>
    <message>
        <source>Years</source>
        <translation>Jahre</translation>
    </message>
    <message>
        <source>A year or a range: 1990, 1990-1999, -1950, 2000-</source>
        <translation>Ein Jahr oder ein Bereich: 1990, 1990-1999, -1950, 2000-</translation>
    </message>
    <message>
        <source>Elo ≥</source>
        <translation>Elo ≥</translation>
    </message>
    <message>
        <source>Both players rated at least this</source>
        <translation>Beide Spieler mit mindestens dieser Wertung</translation>
    </message>
    <message>
        <source>ECO</source>
        <translation>ECO</translation>
    </message>
    <message>
        <source>An ECO prefix or range: B, B2, B20-B99</source>
        <translation>Ein ECO-Präfix oder -Bereich: B, B2, B20-B99</translation>
    </message>
    <message>
        <source>Any result</source>
        <translation>Jedes Ergebnis</translation>
    </message>
    <message>
        <source>The game&apos;s result</source>
        <translation>Das Ergebnis der Partie</translation>
    </message>
    <message>
        <source>Clear</source>
        <translation>Leeren</translation>
    </message>
    <message>
        <source>Clear the quick filter</source>
        <translation>Den Schnellfilter leeren</translation>
    </message>
    <message>
        <source>not understood: %1</source>
        <translation>nicht verstanden: %1</translation>
    </message>
    <message>
        <source>Filtering…</source>
        <translation>Filtere…</translation>
    </message>
    <message>
        <source>%1 of %2 games</source>
        <translation>%1 von %2 Partien</translation>
    </message>
    <message>
        <source>%1 games</source>
        <translation>%1 Partien</translation>
    </message>
</context>
<context>
    <name>wb::RecentFiles</name>
    <message>
        <source>No recent files</source>
        <translation>Keine zuletzt geöffneten Dateien</translation>
    </message>
    <message>
        <source>Clear List</source>
        <translation>Liste leeren</translation>
    </message>
</context>
<context>
    <name>wb::ResultHistory</name>
    <message numerus="yes">
        <source>%1 — %Ln game(s)</source>
        <translation>
            <numerusform>%1 — %Ln Partie</numerusform>
            <numerusform>%1 — %Ln Partien</numerusform>
        </translation>
    </message>
    <message>
        <source>And</source>
        <translation>Und</translation>
    </message>
    <message>
        <source>Or</source>
        <translation>Oder</translation>
    </message>
    <message>
        <source>And Not</source>
        <translation>Und nicht</translation>
    </message>
    <message>
        <source>New</source>
        <translation>Neu</translation>
    </message>
</context>
<context>
    <name>wb::SearchController</name>
    <message>
        <source>line %1:%2: </source>
        <translation>Zeile %1:%2: </translation>
    </message>
    <message>
        <source>game %1: %2%3</source>
        <translation>Partie %1: %2%3</translation>
    </message>
    <message>
        <source>The search stopped: %1</source>
        <translation>Die Suche wurde abgebrochen: %1</translation>
    </message>
</context>
<context>
    <name>wb::SearchLog</name>
    <message>
        <source>Messages about opened files and searches appear here.</source>
        <translation>Hier erscheinen Meldungen zu geöffneten Dateien und Suchen.</translation>
    </message>
</context>
<context>
    <name>wb::SearchSession</name>
    <message>
        <source>Game %1: %2</source>
        <translation>Partie %1: %2</translation>
    </message>
    <message numerus="yes">
        <source>%1, within %Ln game(s)</source>
        <translation>
            <numerusform>%1, in %Ln Partie</numerusform>
            <numerusform>%1, in %Ln Partien</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>wb::SettingsDialog</name>
    <message>
        <source>Settings</source>
        <translation>Einstellungen</translation>
    </message>
    <message>
        <source>stockfish (from PATH or /usr/games)</source>
        <translation>stockfish (aus PATH oder /usr/games)</translation>
    </message>
    <message>
        <source> MB</source>
        <translation> MB</translation>
    </message>
    <message>
        <source>Engine (engine pane and CQL-S :evaluation)</source>
        <translation>Engine (Engine-Fenster und CQL-S :evaluation)</translation>
    </message>
    <message>
        <source>UCI &amp;engine:</source>
        <translation>UCI-&amp;Engine:</translation>
    </message>
    <message>
        <source>UCI Engine</source>
        <translation>UCI-Engine</translation>
    </message>
    <message>
        <source>Engine &amp;threads:</source>
        <translation>Engine-&amp;Threads:</translation>
    </message>
    <message>
        <source>&amp;Hash:</source>
        <translation>&amp;Hash:</translation>
    </message>
    <message>
        <source>&amp;Gaviota tablebases:</source>
        <translation>&amp;Gaviota-Endspieldatenbanken:</translation>
    </message>
    <message>
        <source>Gaviota Tablebases</source>
        <translation>Gaviota-Endspieldatenbanken</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <source>one per core</source>
        <translation>einer je Kern</translation>
    </message>
    <message>
        <source>Search</source>
        <translation>Suche</translation>
    </message>
    <message>
        <source>&amp;Player base:</source>
        <translation>&amp;Spielerdatenbank:</translation>
    </message>
    <message>
        <source>Player Base</source>
        <translation>Spielerdatenbank</translation>
    </message>
    <message>
        <source>Spelling files (*.ssp *.ssp.gz *.ssp.zst);;All files (*)</source>
        <translation>Schreibweisen-Dateien (*.ssp *.ssp.gz *.ssp.zst);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Search t&amp;hreads:</source>
        <translation>S&amp;uch-Threads:</translation>
    </message>
    <message>
        <source>System</source>
        <translation>System</translation>
    </message>
    <message>
        <source>Light</source>
        <translation>Hell</translation>
    </message>
    <message>
        <source>Dark</source>
        <translation>Dunkel</translation>
    </message>
    <message>
        <source>System Default</source>
        <translation>Systemvorgabe</translation>
    </message>
    <message>
        <source>Appearance</source>
        <translation>Darstellung</translation>
    </message>
    <message>
        <source>&amp;Theme:</source>
        <translation>&amp;Farbschema:</translation>
    </message>
    <message>
        <source>&amp;Language:</source>
        <translation>S&amp;prache:</translation>
    </message>
    <message>
        <source>The language changes when CQL Workbench is started again.</source>
        <translation>Die Sprache wechselt beim nächsten Start von CQL Workbench.</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>Durchsuchen…</translation>
    </message>
    <message>
        <source>Keep a game store of each database in the cache folder</source>
        <translation>Für jede Datenbank einen Partienspeicher im Cache-Ordner anlegen</translation>
    </message>
    <message>
        <source>A compact copy of the games, built in the background when a database opens: searches replay it instead of the PGN text and skip games that cannot match. The results are the same either way.</source>
        <translation>Eine kompakte Kopie der Partien, im Hintergrund angelegt, wenn eine Datenbank geöffnet wird: Suchen spielen sie nach statt des PGN-Textes und überspringen Partien, die nicht passen können. Die Ergebnisse sind in beiden Fällen dieselben.</translation>
    </message>
</context>
<context>
    <name>wb::SetupBar</name>
    <message>
        <source>Eraser</source>
        <translation>Radierer</translation>
    </message>
    <message>
        <source>White pawn</source>
        <translation>Weißer Bauer</translation>
    </message>
    <message>
        <source>White knight</source>
        <translation>Weißer Springer</translation>
    </message>
    <message>
        <source>White bishop</source>
        <translation>Weißer Läufer</translation>
    </message>
    <message>
        <source>White rook</source>
        <translation>Weißer Turm</translation>
    </message>
    <message>
        <source>White queen</source>
        <translation>Weiße Dame</translation>
    </message>
    <message>
        <source>White king</source>
        <translation>Weißer König</translation>
    </message>
    <message>
        <source>Black pawn</source>
        <translation>Schwarzer Bauer</translation>
    </message>
    <message>
        <source>Black knight</source>
        <translation>Schwarzer Springer</translation>
    </message>
    <message>
        <source>Black bishop</source>
        <translation>Schwarzer Läufer</translation>
    </message>
    <message>
        <source>Black rook</source>
        <translation>Schwarzer Turm</translation>
    </message>
    <message>
        <source>Black queen</source>
        <translation>Schwarze Dame</translation>
    </message>
    <message>
        <source>Black king</source>
        <translation>Schwarzer König</translation>
    </message>
    <message>
        <source>Click squares to put it there, or drag it onto the board.</source>
        <translation>Felder anklicken, um sie dorthin zu stellen, oder sie auf das Brett ziehen.</translation>
    </message>
    <message>
        <source>Click pieces to take them off the board (a right click does it too).</source>
        <translation>Figuren anklicken, um sie vom Brett zu nehmen (ein Rechtsklick tut es auch).</translation>
    </message>
    <message>
        <source>Clear</source>
        <translation>Leeren</translation>
    </message>
    <message>
        <source>Take every piece off the board</source>
        <translation>Alle Figuren vom Brett nehmen</translation>
    </message>
    <message>
        <source>Start Position</source>
        <translation>Grundstellung</translation>
    </message>
    <message>
        <source>The pieces as a game starts</source>
        <translation>Die Figuren wie zu Beginn einer Partie</translation>
    </message>
    <message>
        <source>White to move</source>
        <translation>Weiß am Zug</translation>
    </message>
    <message>
        <source>Black to move</source>
        <translation>Schwarz am Zug</translation>
    </message>
    <message>
        <source>Copy FEN</source>
        <translation>FEN kopieren</translation>
    </message>
    <message>
        <source>Copy the position as FEN to the clipboard</source>
        <translation>Die Stellung als FEN in die Zwischenablage kopieren</translation>
    </message>
    <message>
        <source>Paste FEN</source>
        <translation>FEN einfügen</translation>
    </message>
    <message>
        <source>Set up the FEN on the clipboard</source>
        <translation>Die FEN aus der Zwischenablage aufbauen</translation>
    </message>
    <message>
        <source>The clipboard holds no FEN: %1</source>
        <translation>Die Zwischenablage enthält keine FEN: %1</translation>
    </message>
</context>
<context>
    <name>wb::StatisticsChart</name>
    <message>
        <source>%1: %2 games, 1–0 %3, ½–½ %4, 0–1 %5; click to list them</source>
        <translation>%1: %2 Partien, 1–0 %3, ½–½ %4, 0–1 %5; klicken, um sie aufzulisten</translation>
    </message>
</context>
<context>
    <name>wb::StatisticsPane</name>
    <message>
        <source>%1 games, %2 positions matched; 1–0 %3, ½–½ %4, 0–1 %5; White scored %6</source>
        <translation>%1 Partien, %2 Stellungen gefunden; 1–0 %3, ½–½ %4, 0–1 %5; Weiß erzielte %6</translation>
    </message>
    <message>
        <source>By %1</source>
        <translation>Nach %1</translation>
    </message>
    <message>
        <source>List All Games</source>
        <translation>Alle Partien auflisten</translation>
    </message>
    <message>
        <source>Listing the %1 games of %2</source>
        <translation>Aufgelistet: die %1 Partien von %2</translation>
    </message>
</context>
<context>
    <name>wb::StatisticsTableModel</name>
    <message>
        <source>Year</source>
        <translation>Jahr</translation>
    </message>
    <message>
        <source>Rating</source>
        <translation>Elo</translation>
    </message>
    <message>
        <source>ECO</source>
        <translation>ECO</translation>
    </message>
    <message>
        <source>Player</source>
        <translation>Spieler</translation>
    </message>
    <message>
        <source>Database</source>
        <translation>Datenbank</translation>
    </message>
    <message>
        <source>The player&apos;s score in the games with a result</source>
        <translation>Ergebnis des Spielers in den Partien mit Resultat</translation>
    </message>
    <message>
        <source>White&apos;s score in the games with a result</source>
        <translation>Ergebnis von Weiß in den Partien mit Resultat</translation>
    </message>
    <message>
        <source>Games</source>
        <translation>Partien</translation>
    </message>
    <message>
        <source>Positions</source>
        <translation>Stellungen</translation>
    </message>
    <message>
        <source>Score</source>
        <translation>Ergebnis</translation>
    </message>
</context>
<context>
    <name>wb::StoreLoader</name>
    <message>
        <source>no cache folder (set XDG_CACHE_HOME or HOME)</source>
        <translation>kein Cache-Ordner (XDG_CACHE_HOME oder HOME setzen)</translation>
    </message>
</context>
<context>
    <name>wb::TransformExplorer</name>
    <message numerus="yes">
        <source>%1 · %n image(s)</source>
        <translation>
            <numerusform>%1 · %n Bild</numerusform>
            <numerusform>%1 · %n Bilder</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> of %n transform(s)</source>
        <translation>
            <numerusform> aus %n Transformation</numerusform>
            <numerusform> aus %n Transformationen</numerusform>
        </translation>
    </message>
    <message>
        <source>Transform:</source>
        <translation>Transformation:</translation>
    </message>
    <message>
        <source>The transform shown for a designator under the cursor or for the squares selected on the board (Shift+click). CQL-S transforms start with a colon. Nested transforms can be typed: flipcolor rotate90.</source>
        <translation>Die Transformation für einen Bezeichner unter der Schreibmarke oder für die auf dem Brett ausgewählten Felder (Umschalt+Klick). CQL-S-Transformationen beginnen mit einem Doppelpunkt. Verschachtelte Transformationen können eingetippt werden: flipcolor rotate90.</translation>
    </message>
    <message>
        <source>Save…</source>
        <translation>Speichern …</translation>
    </message>
    <message>
        <source>Save the gallery as a PNG or SVG picture</source>
        <translation>Die Galerie als PNG- oder SVG-Bild speichern</translation>
    </message>
    <message>
        <source>Save Gallery as PNG or SVG…</source>
        <translation>Galerie als PNG oder SVG speichern …</translation>
    </message>
    <message numerus="yes">
        <source>the shown position matched through %n of them</source>
        <translation>
            <numerusform>die gezeigte Stellung passte über eines davon</numerusform>
            <numerusform>die gezeigte Stellung passte über %n davon</numerusform>
        </translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>Put the cursor on a transform filter (flip, rotate90, shift …) or a piece designator, or Shift+select squares on the board.</source>
        <translation>Setzen Sie die Schreibmarke auf einen Transformationsfilter (flip, rotate90, shift …) oder einen Figurenbezeichner, oder wählen Sie mit Umschalt+Klick Felder auf dem Brett.</translation>
    </message>
    <message>
        <source>Save Gallery</source>
        <translation>Galerie speichern</translation>
    </message>
    <message>
        <source>Cannot write %1.</source>
        <translation>%1 kann nicht geschrieben werden.</translation>
    </message>
</context>
<context>
    <name>wb::TransformExplorerModel</name>
    <message>
        <source>no piece designator to draw</source>
        <translation>kein Figurenbezeichner zum Zeichnen</translation>
    </message>
    <message numerus="yes">
        <source>Given by %n transform(s): %1</source>
        <translation>
            <numerusform>Entsteht durch %n Transformation: %1</numerusform>
            <numerusform>Entsteht durch %n Transformationen: %1</numerusform>
        </translation>
    </message>
    <message>
        <source>The shown position matched through this image.</source>
        <translation>Die gezeigte Stellung passte über dieses Bild.</translation>
    </message>
</context>
<context>
    <name>wb::TreePane</name>
    <message>
        <source>Built when the search ends.</source>
        <translation>Wird erstellt, wenn die Suche endet.</translation>
    </message>
    <message>
        <source>Search to see the moves the matched games played here.</source>
        <translation>Nach einer Suche stehen hier die Züge, die die gefundenen Partien hier spielten.</translation>
    </message>
    <message>
        <source>Counting…</source>
        <translation>Wird gezählt…</translation>
    </message>
    <message>
        <source>No matched game reaches the position on the board.</source>
        <translation>Keine gefundene Partie erreicht die Stellung auf dem Brett.</translation>
    </message>
    <message>
        <source>One matched game reaches the position on the board</source>
        <translation>Eine gefundene Partie erreicht die Stellung auf dem Brett</translation>
    </message>
    <message>
        <source>%1 matched games reach the position on the board</source>
        <translation>%1 gefundene Partien erreichen die Stellung auf dem Brett</translation>
    </message>
    <message>
        <source>; %1 of them end there</source>
        <translation>; %1 davon enden dort</translation>
    </message>
    <message>
        <source>The moves played right after the matched positions.</source>
        <translation>Die Züge, die direkt nach den gefundenen Stellungen gespielt wurden.</translation>
    </message>
    <message>
        <source>One matched position</source>
        <translation>Eine gefundene Stellung</translation>
    </message>
    <message>
        <source>%1 matched positions</source>
        <translation>%1 gefundene Stellungen</translation>
    </message>
    <message>
        <source>; %1 with no move after them</source>
        <translation>; %1 ohne Zug danach</translation>
    </message>
    <message>
        <source>Opening tree of the matched games</source>
        <translation>Eröffnungsbaum der gefundenen Partien</translation>
    </message>
    <message>
        <source>Positions are recognised by their Zobrist key, so a position reached by another move order counts its games too.</source>
        <translation>Stellungen werden an ihrem Zobrist-Schlüssel erkannt: Eine über eine andere Zugfolge erreichte Stellung zählt deren Partien mit.</translation>
    </message>
    <message>
        <source>What came next</source>
        <translation>Was folgte</translation>
    </message>
    <message>
        <source>The moves played right after each matched position, a level per ply</source>
        <translation>Die Züge direkt nach jeder gefundenen Stellung, eine Ebene je Halbzug</translation>
    </message>
    <message>
        <source>List these games</source>
        <translation>Diese Partien auflisten</translation>
    </message>
    <message>
        <source>Show in the game list the games with a match followed by the chosen line</source>
        <translation>Zeigt in der Partieliste die Partien mit einem Fund, auf den die gewählte Zugfolge folgte</translation>
    </message>
    <message>
        <source>Show all games</source>
        <translation>Alle Partien zeigen</translation>
    </message>
    <message>
        <source>Listing the %1 games after %2</source>
        <translation>Aufgelistet: die %1 Partien nach %2</translation>
    </message>
</context>
</TS>
