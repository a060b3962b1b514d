// Compiling the editor's text with the core, turning core diagnostics into the
// editor's.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "editor/editordiagnostic.h"

#include "cql/query.h"
#include "engine/settings.h"

#include <QString>
#include <memory>
#include <optional>

namespace wb {

using QueryPtr = std::shared_ptr<const cql::Query>;

struct CompiledQuery {
    QueryPtr query; // nullptr when there were errors
    EditorDiagnostics diagnostics;
    double milliseconds = 0;
};

// playerBase: the spelling file :birthyear and :deathyear read ("" = none);
// engine: what :evaluation and :endgameevaluation use (unset: the environment's).
CompiledQuery compileQuery(const QString &text, const QString &fileName, const QString &playerBase = QString(),
                           const std::optional<engine::Settings> &engine = std::nullopt);

} // namespace wb
