// Exploring asks the core's compiler: the same transforms the evaluator uses.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "transformexplorermodel.h"

#include <QCoreApplication>

namespace wb {

namespace {

cql::CompileOptions optionsFor(bool cqls)
{
    cql::CompileOptions options;
    options.requireHeader = false;
    options.dialect = cqls ? cql::Dialect::CqlS : cql::Dialect::Cql6;
    return options;
}

// Characters of a designator in either dialect ([Aa][a-h1-2,f6], _d5, U?8, [Q~q~]...).
bool designatorChar(QChar c)
{
    static const QString punctuation = QStringLiteral("[]-,_?.~");
    return c.isLetterOrNumber() || punctuation.contains(c) || c.category() == QChar::Symbol_Other;
}

QStringList namesOf(const cql::ExplorerImage &image)
{
    QStringList names;
    for (const std::string &n : image.transforms)
        names << QString::fromStdString(n);
    return names;
}

QString oneLine(QString text)
{
    text = text.simplified();
    if (text.size() > 60) text = text.left(59) + QChar(0x2026);
    return text;
}

} // namespace

TransformExplorerModel::TransformExplorerModel(QObject *parent) : QAbstractListModel(parent) {}

QStringList TransformExplorerModel::transformChoices()
{
    // Keywords, not translated.
    return {QStringLiteral("flip"),
            QStringLiteral("flipvertical"),
            QStringLiteral("fliphorizontal"),
            QStringLiteral("flipcolor"),
            QStringLiteral("reversecolor"),
            QStringLiteral("rotate90"),
            QStringLiteral("rotate45"),
            QStringLiteral("shift"),
            QStringLiteral("shifthorizontal"),
            QStringLiteral("shiftvertical"),
            QStringLiteral("flipcolor rotate90"),
            QStringLiteral(":flip"),
            QStringLiteral(":flipdiagonal"),
            QStringLiteral(":flipvertical"),
            QStringLiteral(":fliphorizontal"),
            QStringLiteral(":flipcolor"),
            QStringLiteral(":shift"),
            QStringLiteral(":shifthorizontal"),
            QStringLiteral(":shiftvertical"),
            QStringLiteral(":shiftmaindiagonal"),
            QStringLiteral(":shiftoffdiagonal"),
            QStringLiteral(":shiftdiagonal")};
}

bool TransformExplorerModel::exploreQuery(const QString &text, int cursor, bool cqls, const QString &transform)
{
    const QByteArray utf8 = text.toUtf8();
    const int at = int(text.left(cursor).toUtf8().size());
    std::optional<cql::TransformExploration> e =
        cql::exploreAt(std::string_view(utf8.constData(), size_t(utf8.size())), at, optionsFor(cqls));
    if (e) {
        const int begin = e->range.begin.offset, end = e->range.end.offset;
        const QString written = QString::fromUtf8(utf8.mid(begin, std::max(0, end - begin)));
        take(std::move(e), oneLine(written), QString());
        return true;
    }
    // No transform around the cursor: the word under it, as a designator.
    int from = std::clamp(cursor, 0, int(text.size())), to = from;
    while (from > 0 && designatorChar(text[from - 1]))
        --from;
    while (to < text.size() && designatorChar(text[to]))
        ++to;
    const QString word = text.mid(from, to - from);
    if (word.isEmpty() || transform.isEmpty()) {
        take(std::nullopt, QString(), QString());
        return false;
    }
    // A CQL-S designator is read in a position list: the CQL 6 keyword as its CQL-S keyword.
    QString t = transform;
    if (cqls && !isCqlsTransform(t)) t = QLatin1Char(':') + t.split(QLatin1Char(' ')).join(QStringLiteral(" :"));
    return exploreDesignator(word, t);
}

bool TransformExplorerModel::exploreDesignator(const QString &designator, const QString &transform)
{
    const bool cqls = isCqlsTransform(transform);
    const QString text = cqls ? QStringLiteral("(match (position %1 %2))").arg(designator, transform)
                              : QStringLiteral("%1 %2").arg(transform, designator);
    return explore(text.toStdString(), cqls, QStringLiteral("%1 %2").arg(transform, designator));
}

bool TransformExplorerModel::exploreSelection(const chess::Position &position, chess::SquareSet squares,
                                              const QString &transform)
{
    if (squares.empty()) {
        take(std::nullopt, QString(), QString());
        return false;
    }
    // One designator per square: the picture is exactly what stands there.
    const bool cqls = isCqlsTransform(transform);
    QStringList parts;
    for (chess::Square s : squares) {
        const chess::Piece p = position.pieceAt(s);
        const QChar piece =
            p == chess::NoPiece ? QLatin1Char(cqls ? '.' : '_') : QChar::fromLatin1(chess::pieceChar(p));
        parts << piece + QString::fromStdString(chess::squareName(s));
    }
    const QString designators = parts.join(QLatin1Char(' '));
    return exploreDesignator(cqls || parts.size() == 1 ? designators : QStringLiteral("{%1}").arg(designators),
                             transform);
}

bool TransformExplorerModel::explore(const std::string &text, bool cqls, const QString &subject)
{
    std::string why;
    std::optional<cql::TransformExploration> e = cql::exploreText(text, optionsFor(cqls), &why);
    const bool drawn = e && std::any_of(e->images.begin(), e->images.end(), [](const cql::ExplorerImage &i) {
                           return !i.designators.empty();
                       });
    if (e && !drawn)
        why = QCoreApplication::translate("wb::TransformExplorerModel", "no piece designator to draw").toStdString();
    take(drawn ? std::move(e) : std::nullopt, subject, QString::fromStdString(why));
    return drawn;
}

void TransformExplorerModel::take(std::optional<cql::TransformExploration> exploration, const QString &subject,
                                  const QString &error)
{
    beginResetModel();
    m_exploration = std::move(exploration);
    m_subject = subject;
    m_error = error;
    applyMarks();
    endResetModel();
    emit explored();
}

void TransformExplorerModel::clear() { take(std::nullopt, QString(), QString()); }

void TransformExplorerModel::setMatchMarks(const std::vector<cql::ImageMark> &marks)
{
    m_marks = marks;
    applyMarks();
    if (rowCount() > 0) emit dataChanged(index(0), index(rowCount() - 1), {MatchedRole});
}

void TransformExplorerModel::applyMarks()
{
    m_matched.assign(m_exploration ? m_exploration->images.size() : 0, false);
    if (!m_exploration) return;
    for (size_t i : cql::matchedImages(*m_exploration, m_marks))
        m_matched[i] = true;
}

QList<int> TransformExplorerModel::matchedRows() const
{
    QList<int> rows;
    for (size_t i = 0; i < m_matched.size(); ++i)
        if (m_matched[i]) rows << int(i);
    return rows;
}

QString TransformExplorerModel::keywords() const
{
    return m_exploration ? QString::fromStdString(m_exploration->keywords) : QString();
}

QString TransformExplorerModel::caption(int row) const
{
    const cql::ExplorerImage &i = image(row);
    QString text = QString::fromStdString(i.transforms.empty() ? std::string() : i.transforms.front());
    if (i.count > 1) text += QStringLiteral(" \u00d7%1").arg(i.count);
    return text;
}

int TransformExplorerModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() || !m_exploration ? 0 : int(m_exploration->images.size());
}

QVariant TransformExplorerModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount()) return {};
    const cql::ExplorerImage &i = image(index.row());
    switch (role) {
    case Qt::DisplayRole: return caption(index.row());
    case Qt::ToolTipRole: {
        QString tip =
            QCoreApplication::translate("wb::TransformExplorerModel", "Given by %n transform(s): %1", nullptr, i.count)
                .arg(namesOf(i).join(QStringLiteral(", ")));
        if (m_matched[size_t(index.row())])
            tip += QLatin1Char('\n')
                + QCoreApplication::translate("wb::TransformExplorerModel",
                                              "The shown position matched through this image.");
        return tip;
    }
    case CountRole: return i.count;
    case TransformsRole: return namesOf(i);
    case MatchedRole: return bool(m_matched[size_t(index.row())]);
    default: return {};
    }
}

} // namespace wb
