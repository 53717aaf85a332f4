#pragma once
// Exact values for the key selected in the dope sheet (the first one when several are): time (typed:
// moves the key, one undo step),
// translation and scale as numbers, rotation as Euler degrees (XYZ: X applied first) or as a
// quaternion, visibility, and the key's own flag bits (LEGO Island: 0x01 active, 0x02 negate,
// 0x04 hold, and the raw byte). Each change is one undo step; scrubbing one field merges.
#include <array>
#include <optional>

#include <QWidget>

#include "core/editing/key_editing.h"

class QCheckBox;
class QDoubleSpinBox;
class QGroupBox;
class QLabel;
class QSpinBox;

namespace bonescope::gui {

class Document;
class DopeSheet;

class KeyEditorPanel : public QWidget {
    Q_OBJECT
public:
    KeyEditorPanel(Document* doc, DopeSheet* sheet, QWidget* parent = nullptr);
    std::optional<KeyRef> currentKey() const { return key_; }
    // The fields, for tests: vector x/y/z (or w of a quaternion: quat[3]), Euler degrees, flags.
    std::array<QDoubleSpinBox*, 3> vectorFields() const { return vec_; }
    std::array<QDoubleSpinBox*, 3> eulerFields() const { return euler_; }
    std::array<QDoubleSpinBox*, 4> quaternionFields() const { return quat_; }
    QSpinBox* flagsField() const { return flagsRaw_; }
    QDoubleSpinBox* timeField() const { return time_; }
    QLabel* heading() const { return title_; }
    QGroupBox* flagsBox() const { return flagsBox_; }

private:
    void refresh();
    void showEditedKey(); // the time moves to the key just edited
    void commitVector(QDoubleSpinBox* source);
    void commitEuler(QDoubleSpinBox* source);
    void commitQuaternion(QDoubleSpinBox* source);
    void commitFlags(uint32_t flags);
    void commitTime();

    Document* doc_;
    DopeSheet* sheet_;
    std::optional<KeyRef> key_;
    QLabel* title_;
    QDoubleSpinBox* time_;
    QLabel* frame_; // the key's frame, beside its time
    QGroupBox* vecBox_;
    QGroupBox* rotBox_;
    std::array<QDoubleSpinBox*, 3> vec_;
    std::array<QDoubleSpinBox*, 3> euler_;
    std::array<QDoubleSpinBox*, 4> quat_;
    QGroupBox* flagsBox_;
    std::array<QCheckBox*, 3> flagBits_;
    QSpinBox* flagsRaw_;
};

} // namespace bonescope::gui
