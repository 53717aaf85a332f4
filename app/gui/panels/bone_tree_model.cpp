#include "app/gui/panels/bone_tree_model.h"

#include <QColor>

#include "app/gui/commands/scene_edit_command.h"
#include "app/gui/document/document.h"
#include "core/editing/bone_rename.h"

namespace bonescope::gui {

BoneTreeModel::BoneTreeModel(Document* doc, QObject* parent) : QAbstractItemModel(parent), doc_(doc)
{
    connect(doc_, &Document::sceneChanged, this, &BoneTreeModel::rebuild);
    connect(doc_, &Document::edited, this, &BoneTreeModel::countsChanged);
    rebuild();
}

BoneTreeModel::Shown BoneTreeModel::shownFor(int bone) const
{
    Shown s;
    s.track = doc_->binding().trackOfBone[bone];
    if (s.track >= 0) {
        const Track& t = doc_->animation().tracks[s.track];
        s.counts = {t.translation.size(), t.rotation.size(), t.scale.size(), t.visibility.size()};
        s.trackName = t.name;
    }
    return s;
}

void BoneTreeModel::countsChanged()
{
    // An edit keeps the skeleton (so the rows) and may change any row's track and key counts. Only
    // rows that show something new are announced: each announcement makes the view measure every
    // row again to fit its columns, which on a 500-bone file took seconds per edit. Many rows at
    // once are one layout change.
    std::vector<int> changed;
    for (int b = 0; b < int(shown_.size()); ++b) {
        Shown now = shownFor(b);
        if (now != shown_[size_t(b)]) {
            shown_[size_t(b)] = std::move(now);
            changed.push_back(b);
        }
    }
    if (changed.size() > 16) {
        emit layoutAboutToBeChanged();
        emit layoutChanged();
        return;
    }
    const QList<int> roles{Qt::DisplayRole, Qt::ForegroundRole, Qt::ToolTipRole};
    for (int b : changed) {
        const QModelIndex name = indexOfBone(b);
        emit dataChanged(name, name.siblingAtColumn(ColumnCount - 1), roles);
    }
}

void BoneTreeModel::rebuild()
{
    beginResetModel();
    const auto& bones = doc_->skeleton().bones;
    const int n = int(bones.size());
    roots_.clear();
    children_.assign(n, {});
    row_.assign(n, 0);
    for (int i = 0; i < n; ++i) {
        const int p = bones[i].parent;
        // A parent out of range or not before the bone (possible cycles) makes it a root.
        auto& list = p >= 0 && p < n && p != i ? children_[p] : roots_;
        row_[i] = int(list.size());
        list.push_back(i);
    }
    // Bones in a parent cycle are reachable from no root: list them as roots so none is lost.
    std::vector<char> seen(n, 0);
    std::vector<int> stack(roots_.begin(), roots_.end());
    while (!stack.empty()) {
        const int b = stack.back();
        stack.pop_back();
        seen[b] = 1;
        for (int c : children_[b])
            if (!seen[c])
                stack.push_back(c);
    }
    for (int i = 0; i < n; ++i)
        if (!seen[i]) {
            auto& siblings = children_[bones[i].parent];
            siblings.erase(std::remove(siblings.begin(), siblings.end(), i), siblings.end());
            for (size_t r = 0; r < siblings.size(); ++r)
                row_[siblings[r]] = int(r);
            row_[i] = int(roots_.size());
            roots_.push_back(i);
            seen[i] = 1;
        }
    shown_.clear();
    for (int i = 0; i < n; ++i)
        shown_.push_back(shownFor(i));
    endResetModel();
}

void BoneTreeModel::setDifferences(std::vector<QString> text, std::vector<QString> tips)
{
    // Every row's Difference at once: one layout change (as countsChanged() does for many rows).
    emit layoutAboutToBeChanged();
    difference_ = std::move(text);
    differenceTip_ = std::move(tips);
    emit layoutChanged();
}

QModelIndex BoneTreeModel::indexOfBone(int bone) const
{
    if (bone < 0 || bone >= int(row_.size()))
        return {};
    return createIndex(row_[bone], 0, quintptr(bone));
}

int BoneTreeModel::boneOf(const QModelIndex& index) const { return index.isValid() ? int(index.internalId()) : -1; }

QModelIndex BoneTreeModel::index(int row, int column, const QModelIndex& parent) const
{
    const auto& list = parent.isValid() ? children_[boneOf(parent)] : roots_;
    if (row < 0 || row >= int(list.size()) || column < 0 || column >= ColumnCount)
        return {};
    return createIndex(row, column, quintptr(list[row]));
}

QModelIndex BoneTreeModel::parent(const QModelIndex& child) const
{
    const int b = boneOf(child);
    if (b < 0)
        return {};
    const int p = doc_->skeleton().bones[b].parent;
    if (p < 0 || p >= int(row_.size()) || std::find(roots_.begin(), roots_.end(), b) != roots_.end())
        return {};
    return createIndex(row_[p], 0, quintptr(p));
}

int BoneTreeModel::rowCount(const QModelIndex& parent) const
{
    if (!parent.isValid())
        return int(roots_.size());
    return parent.column() == 0 ? int(children_[boneOf(parent)].size()) : 0;
}

int BoneTreeModel::columnCount(const QModelIndex&) const { return ColumnCount; }

QVariant BoneTreeModel::data(const QModelIndex& index, int role) const
{
    const int b = boneOf(index);
    if (b < 0)
        return {};
    if (role == BoneRole)
        return b;
    if (index.column() == Difference) {
        if (size_t(b) >= difference_.size())
            return {};
        if (role == Qt::DisplayRole)
            return difference_[size_t(b)];
        if (role == Qt::ToolTipRole && size_t(b) < differenceTip_.size())
            return differenceTip_[size_t(b)];
        return {};
    }
    const int t = doc_->binding().trackOfBone[b];
    if (const auto& drivers = doc_->previewDrivers(); b < int(drivers.size()) && index.column() == Name) {
        const QVariant mark = previewMark(drivers[size_t(b)], role);
        if (mark.isValid())
            return mark;
    }
    if (role == Qt::ForegroundRole && t < 0)
        return QColor(Qt::gray);
    if (role == Qt::ToolTipRole && index.column() == Name) // the name whole: the column may cut it
        return QString::fromStdString(doc_->skeleton().bones[b].name) + ": " +
               (t < 0 ? tr("not animated") : tr("animated by track \"%1\"").arg(QString::fromStdString(doc_->animation().tracks[t].name)));
    if (role == Qt::EditRole && index.column() == Name) // the rename editor starts from the name
        return QString::fromStdString(doc_->skeleton().bones[b].name);
    if (role != Qt::DisplayRole)
        return {};
    if (index.column() == Name)
        return QString::fromStdString(doc_->skeleton().bones[b].name);
    if (t < 0)
        return QString();
    const Track& track = doc_->animation().tracks[t];
    switch (index.column()) {
    case Translation: return qulonglong(track.translation.size());
    case Rotation: return qulonglong(track.rotation.size());
    case Scale: return qulonglong(track.scale.size());
    case Visibility: return qulonglong(track.visibility.size());
    }
    return {};
}

QVariant BoneTreeModel::previewMark(const JointDrivers& d, int role) const
{
    const bool rot = d.rotation == MixSource::Base, pos = d.translation == MixSource::Base;
    if (!rot && !pos)
        return {};
    if (role == Qt::ForegroundRole)
        return QColor::fromRgbF(0.9f, 0.35f, 0.4f); // render::BoneStyle::fromBase
    if (role != Qt::ToolTipRole)
        return {};
    const QString what = rot && pos ? tr("rotation and position") : rot ? tr("rotation") : tr("position");
    const QString base = QString::fromStdString(doc_->previewBase()->label);
    if (d.animationPriority == JointDrivers::kNoPriority)
        return tr("%1 from %2 (priority %3): the animation does not key it").arg(what, base).arg(d.basePriority);
    if (d.animationPriority == d.basePriority)
        return tr("%1 from %2: both at priority %3, and the base started last").arg(what, base).arg(d.basePriority);
    return tr("%1 from %2: its priority %3 wins over the animation's %4").arg(what, base).arg(d.basePriority).arg(d.animationPriority);
}

Qt::ItemFlags BoneTreeModel::flags(const QModelIndex& index) const
{
    Qt::ItemFlags f = QAbstractItemModel::flags(index);
    // A skeleton mesh's bones belong to that file: renaming the track alone would unbind it.
    const bool ownBones = !doc_->scene().skeleton.empty() || doc_->meshPath().isEmpty();
    if (index.column() == Name && boneOf(index) >= 0 && ownBones && !doc_->isEmpty())
        f |= Qt::ItemIsEditable;
    return f;
}

bool BoneTreeModel::setData(const QModelIndex& index, const QVariant& value, int role)
{
    const int b = boneOf(index);
    if (role != Qt::EditRole || index.column() != Name || b < 0 || !(flags(index) & Qt::ItemIsEditable))
        return false;
    const std::string from = doc_->skeleton().bones[size_t(b)].name;
    const std::string to = value.toString().toStdString();
    if (to == from)
        return false;
    std::string why;
    const bool done = editScene(doc_, tr("Rename bone %1").arg(QString::fromStdString(from)), [&](Scene& s) {
        why = renameBone(s, from, to);
        return why.empty();
    });
    if (!done && !why.empty())
        emit message(tr("Not renamed: %1.").arg(QString::fromStdString(why)));
    return done;
}

QVariant BoneTreeModel::headerData(int section, Qt::Orientation o, int role) const
{
    if (o != Qt::Horizontal)
        return {};
    if (role == Qt::ToolTipRole) {
        static const char* tips[] = {"Bone", "Translation keys", "Rotation keys", "Scale keys", "Visibility keys",
                                     "The largest difference from the compared file: rotation (degrees, local or world) and world position"};
        return section < ColumnCount ? tr(tips[section]) : QVariant();
    }
    if (role != Qt::DisplayRole)
        return {};
    static const char* names[] = {"Bone", "T", "R", "S", "V", "Difference"};
    return section < ColumnCount ? tr(names[section]) : QVariant();
}

} // namespace bonescope::gui
