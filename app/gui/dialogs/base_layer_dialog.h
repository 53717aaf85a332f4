#pragma once
// The second step of Clip > Layer on base...: which animation of the chosen file is the base, or a
// single frame of it held, and the weight of what the additive adds (0..2).
#include <optional>

#include <QDialog>

#include "core/model/scene.h"

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QSpinBox;

namespace bonescope::gui {

class BaseLayerDialog : public QDialog {
    Q_OBJECT
public:
    // `base`: the chosen file's scene; `weight`: the weight to start from.
    BaseLayerDialog(const Scene& base, const QString& fileName, double weight, QWidget* parent = nullptr);

    int animationIndex() const;
    std::optional<double> frameTime() const; // a held frame, in the base's seconds
    double weight() const;

    // For tests and scripts: the fields as a user fills them.
    void choose(int animation, std::optional<long long> frame, double weight);

private:
    void updateFrames();

    const Scene& base_;
    QComboBox* animation_;
    QCheckBox* holdFrame_;
    QSpinBox* frame_;
    QDoubleSpinBox* weight_;
};

} // namespace bonescope::gui
