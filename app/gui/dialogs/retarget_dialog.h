#pragma once
// The Retarget dialog: one row per source bone with a combo of target bones (their paths shown where
// two share a name), automatic matching (core/retarget/auto_match.h), how the motion is carried
// (retarget_options.h), loading and saving the map with those choices as JSON (docs/bone-map.md),
// the bones left unmapped, and the result before it is accepted: the source and the result playing side
// by side (retarget_preview.h) and the quality (per-limb error).
#include <functional>

#include <QDialog>
#include <QStringList>

#include "core/retarget/retarget.h"
#include "core/model/skeleton.h"

class QComboBox;
class QLabel;
class QTableWidget;
class QTreeWidget;

namespace bonescope::gui {

class RetargetDialog : public QDialog {
    Q_OBJECT
public:
    // `clip`: the animation the quality is measured on (none: not measured).
    RetargetDialog(const Skeleton& source, const Skeleton& target, QWidget* parent = nullptr,
                   const Animation* clip = nullptr);

    // For a destination with a matcher of its own (Second Life: the avatar's names and BVH aliases
    // before the automatic match): the map shown now and what Auto-match gives; `accept` names the
    // button that closes the dialog with the map.
    void useMatcher(std::function<BoneMap()> matcher, const QString& accept);

    // A choice of the caller's shown under the retarget options (the export's reference pose).
    void addChoice(QWidget* choice);

    BoneMap map() const;               // rows with a target bone, and the settings
    void setMap(const BoneMap& map);   // rows whose source bone the map lacks get "(none)"
    void autoMatch();
    // Errors are returned (empty on success) so that the caller decides how to show them.
    QString saveMap(const QString& path) const;
    QString loadMap(const QString& path);

    RetargetSettings settings() const;
    void setSettings(const RetargetSettings& s);
    class RetargetOptions* options() const { return options_; }
    // Retargets the clip with the current map and settings, plays the result beside the source and
    // shows each limb's error; returns the summary line ("" without a clip), or the reason it cannot
    // be done.
    QString measure();
    QString qualityText() const;
    QTreeWidget* qualityTable() const { return quality_; }
    class RetargetPreview* preview() const { return preview_; }

    QStringList unmappedSource() const; // source bones with no target: their motion is lost
    QStringList unmappedTarget() const; // target bones nothing drives: they stay at rest
    int rowCount() const;
    QComboBox* targetCombo(int row) const;

private:
    void updateUnmapped();

    Skeleton source_, target_;
    std::function<BoneMap()> matcher_;
    const Animation* clip_;
    std::vector<std::string> sourceKeys_, targetKeys_; // how the map names each bone (name, or path)
    QTableWidget* table_;
    QLabel* unmapped_;
    class RetargetOptions* options_;
    QLabel* summary_;
    QTreeWidget* quality_;
    class RetargetPreview* preview_;
};

} // namespace bonescope::gui
