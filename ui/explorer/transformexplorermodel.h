// The transform explorer's list: one row per distinct image of the transform
// filter or transformed CQL-S list at the editor's cursor (or of a designator
// or the board's selection under a chosen transform), as the core compiles it
// (cql/transformexplorer.h), with the images the last search's record says
// matched at the shown position.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "chess/position.h"
#include "cql/transformexplorer.h"

#include <QAbstractListModel>
#include <QStringList>

#include <optional>
#include <vector>

namespace wb {

class TransformExplorerModel : public QAbstractListModel {
    Q_OBJECT
public:
    enum Role { CountRole = Qt::UserRole + 1, TransformsRole, MatchedRole };
    explicit TransformExplorerModel(QObject *parent = nullptr);

    // Transforms offered for a designator or a selection: CQL 6 keywords
    // ("flip", "flipcolor rotate90") and CQL-S ones, written with their colon (":flipdiagonal").
    static QStringList transformChoices();
    static bool isCqlsTransform(const QString &transform) { return transform.startsWith(QLatin1Char(':')); }

    // The transform filter or transformed position list around the cursor (an
    // index into text); failing that, the designator under the cursor under
    // `transform`. False when there is neither.
    bool exploreQuery(const QString &text, int cursor, bool cqls, const QString &transform);
    // What stands on the squares (pieces, and empty squares) under transform.
    bool exploreSelection(const chess::Position &position, chess::SquareSet squares, const QString &transform);
    // A designator or any filter text under transform ("Qc2", "{Ka1 kh8}").
    bool exploreDesignator(const QString &designator, const QString &transform);
    void clear();

    // The images the evaluator's record of the shown position names (PositionMark::images).
    void setMatchMarks(const std::vector<cql::ImageMark> &marks);
    QList<int> matchedRows() const;
    // True when the record names images of what is explored.
    bool explains(const std::vector<cql::ImageMark> &marks) const
    {
        return m_exploration && !cql::matchedImages(*m_exploration, marks).empty();
    }

    bool isEmpty() const { return !m_exploration || m_exploration->images.empty(); }
    QString keywords() const;
    QString subject() const { return m_subject; } // what is explored, as written
    QString error() const { return m_error; }
    int transformCount() const { return m_exploration ? m_exploration->transforms : 0; }
    const cql::ExplorerImage &image(int row) const { return m_exploration->images[size_t(row)]; }
    // "rotate90", "identity ×2": the first transform's name, and how many give the image.
    QString caption(int row) const;

    int rowCount(const QModelIndex &parent = QModelIndex()) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;

signals:
    // A new exploration (or none): the title and the rows changed.
    void explored();

private:
    bool explore(const std::string &text, bool cqls, const QString &subject);
    void take(std::optional<cql::TransformExploration> exploration, const QString &subject, const QString &error);
    void applyMarks();

    std::optional<cql::TransformExploration> m_exploration;
    QString m_subject;
    QString m_error;
    std::vector<cql::ImageMark> m_marks;
    std::vector<bool> m_matched;
};

} // namespace wb
