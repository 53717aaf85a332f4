#pragma once
// The retarget's choices in the Retarget dialog (core/retarget/settings.h): how the motion is carried
// (match the source's pose, or keep the target's rest), root motion, IK and foot locking.
#include <QWidget>

#include "core/retarget/settings.h"

class QCheckBox;
class QComboBox;

namespace bonescope::gui {

class RetargetOptions : public QWidget {
    Q_OBJECT
public:
    explicit RetargetOptions(QWidget* parent = nullptr);

    RetargetSettings settings() const;
    void setSettings(const RetargetSettings& s);

    QComboBox* modeBox() const { return mode_; }
    QComboBox* rootMotionBox() const { return rootMotion_; }
    QCheckBox* footLockBox() const { return footLock_; }

signals:
    void changed();

private:
    QComboBox* mode_;
    QComboBox* rootMotion_;
    QCheckBox* legIk_;
    QCheckBox* armIk_;
    QCheckBox* footLock_;
};

} // namespace bonescope::gui
