#pragma once
// The skeleton in use as a tree: one row per bone, with the key counts of the track bound to it
// (translation, rotation, scale, visibility). While previewing over a base motion, the names of the
// bones the base poses are drawn in the viewport's colour for them, with why in the tooltip.
#include <array>
#include <string>
#include <vector>

#include <QAbstractItemModel>
#include <QString>

#include "core/playback/priority_mix.h"

namespace bonescope::gui {

class Document;

class BoneTreeModel : public QAbstractItemModel {
    Q_OBJECT
public:
    // Difference: a comparison's largest difference per bone (File > Compare with...), empty otherwise.
    enum Column { Name, Translation, Rotation, Scale, Visibility, Difference, ColumnCount };
    static constexpr int BoneRole = Qt::UserRole + 1;

    explicit BoneTreeModel(Document* doc, QObject* parent = nullptr);

    QModelIndex indexOfBone(int bone) const;
    int boneOf(const QModelIndex& index) const; // -1 for an invalid index
    // Per bone of the skeleton in use: the Difference column's text and tooltip (empty: none).
    void setDifferences(std::vector<QString> text, std::vector<QString> tips);

    QModelIndex index(int row, int column, const QModelIndex& parent = {}) const override;
    QModelIndex parent(const QModelIndex& child) const override;
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation o, int role) const override;
    // A bone's name is editable (double-click, F2) when the document has its own skeleton or plays one
    // bone per track: the rename is one undo step, its tracks and format data renamed with it.
    Qt::ItemFlags flags(const QModelIndex& index) const override;
    bool setData(const QModelIndex& index, const QVariant& value, int role = Qt::EditRole) override;

signals:
    // Why a rename was refused (a name another bone has), for the status bar.
    void message(const QString& text);

private:
    void rebuild();
    void countsChanged();
    // What a bone's row shows of its track: which track, its key counts, its name (the tooltip).
    struct Shown {
        int track = -1;
        std::array<size_t, 4> counts{};
        std::string trackName;
        bool operator==(const Shown&) const = default;
    };
    Shown shownFor(int bone) const;
    QVariant previewMark(const JointDrivers& d, int role) const;

    Document* doc_;
    std::vector<int> roots_;
    std::vector<std::vector<int>> children_;
    std::vector<int> row_; // each bone's row under its parent
    std::vector<Shown> shown_; // per bone, as last announced
    std::vector<QString> difference_, differenceTip_; // per bone
};

} // namespace bonescope::gui
