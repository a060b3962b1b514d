// Calls cql::compile for the editor; a query without the cql( ) header is accepted.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "querycompiler.h"

#include <QElapsedTimer>

namespace wb {

CompiledQuery compileQuery(const QString &text, const QString &fileName, const QString &playerBase,
                           const std::optional<engine::Settings> &engine)
{
    CompiledQuery out;
    QElapsedTimer timer;
    timer.start();
    cql::CompileOptions options;
    options.fileName = fileName.toStdString();
    // The editor often holds a bare list of filters; a header is used when present.
    options.requireHeader = false;
    options.playerBase = playerBase.toStdString();
    options.engine = engine;
    std::vector<cql::Diagnostic> diagnostics;
    const QByteArray utf8 = text.toUtf8();
    options.dialect = cql::detectDialect(std::string_view(utf8.constData(), size_t(utf8.size())), options.fileName);
    std::unique_ptr<cql::Query> q =
        cql::compile(std::string_view(utf8.constData(), size_t(utf8.size())), options, diagnostics);
    out.query = QueryPtr(std::move(q));
    for (const auto &d : diagnostics)
        out.diagnostics.append(EditorDiagnostic::fromCore(d));
    out.milliseconds = timer.nsecsElapsed() / 1e6;
    return out;
}

} // namespace wb
