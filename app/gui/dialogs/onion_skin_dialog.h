#pragma once
// View > Onion skin settings: how many ghosts on each side, how many frames apart, and the colours of
// those before and after the current frame.
#include <QDialog>

#include "app/gui/viewport/motion_overlay.h"

class QPushButton;
class QSpinBox;

namespace bonescope::gui {

class OnionSkinDialog : public QDialog {
    Q_OBJECT
public:
    OnionSkinDialog(const OnionSkin& settings, QWidget* parent = nullptr);
    OnionSkin settings() const;

private:
    QPushButton* colorButton(QColor* color);

    QSpinBox* count_;
    QSpinBox* step_;
    QColor before_, after_;
};

} // namespace bonescope::gui
