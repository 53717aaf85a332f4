#pragma once
// The bone-name map for retargeting: one row per source bone with a combo of target bones,
// automatic matching (core/retarget.h autoMatch), loading and saving the map as JSON
// (docs/bone-map.md), and the bones left unmapped listed under the table.
#include <QDialog>
#include <QStringList>

#include "core/retarget/retarget.h"
#include "core/skeleton.h"

class QComboBox;
class QLabel;
class QTableWidget;

namespace bonescope::gui {

class RetargetDialog : public QDialog {
    Q_OBJECT
public:
    RetargetDialog(const Skeleton& source, const Skeleton& target, QWidget* parent = nullptr);

    BoneMap map() const;               // rows with a target bone
    void setMap(const BoneMap& map);   // rows whose source bone the map lacks get "(none)"
    void autoMatch();
    // Errors are returned (empty on success) so that the caller decides how to show them.
    QString saveMap(const QString& path) const;
    QString loadMap(const QString& path);

    QStringList unmappedSource() const; // source bones with no target: their motion is lost
    QStringList unmappedTarget() const; // target bones nothing drives: they stay at rest
    int rowCount() const;
    QComboBox* targetCombo(int row) const;

private:
    void updateUnmapped();

    Skeleton source_, target_;
    QTableWidget* table_;
    QLabel* unmapped_;
};

} // namespace bonescope::gui
