#include "app/gui/dialogs/base_layer_dialog.h"

#include <algorithm>

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QSpinBox>

#include "core/playback/layering.h"

namespace bonescope::gui {

BaseLayerDialog::BaseLayerDialog(const Scene& base, const QString& fileName, double weight, QWidget* parent)
    : QDialog(parent), base_(base)
{
    setWindowTitle(tr("Layer on base"));
    auto* form = new QFormLayout(this);
    form->addRow(new QLabel(tr("The animation plays on this base's pose instead of the rest pose: additive "
                               "and relative tracks add to it, absolute tracks replace it."),
                            this));
    form->addRow(tr("Base file"), new QLabel(fileName, this));
    animation_ = new QComboBox(this);
    animation_->setObjectName("baseAnimation");
    for (size_t i = 0; i < base.animations.size(); ++i) {
        const Animation& a = base.animations[i];
        const QString name = a.name.empty() ? tr("#%1").arg(i) : QString::fromStdString(a.name);
        animation_->addItem(tr("%1 (%2 frames at %3 fps)").arg(name).arg(a.frameCount()).arg(a.fps));
    }
    form->addRow(tr("Base animation"), animation_);
    holdFrame_ = new QCheckBox(tr("Hold one frame of it (a base pose)"), this);
    holdFrame_->setObjectName("holdFrame");
    frame_ = new QSpinBox(this);
    frame_->setObjectName("baseFrame");
    frame_->setEnabled(false);
    form->addRow(holdFrame_);
    form->addRow(tr("Base frame"), frame_);
    weight_ = new QDoubleSpinBox(this);
    weight_->setObjectName("baseWeight");
    weight_->setRange(kMinBaseWeight, kMaxBaseWeight);
    weight_->setDecimals(3);
    weight_->setSingleStep(0.05);
    weight_->setValue(weight);
    form->addRow(tr("Weight (0: the base alone, 1: as authored, 2: doubled)"), weight_);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    form->addRow(buttons);
    connect(holdFrame_, &QCheckBox::toggled, frame_, &QWidget::setEnabled);
    connect(animation_, &QComboBox::currentIndexChanged, this, &BaseLayerDialog::updateFrames);
    updateFrames();
}

void BaseLayerDialog::updateFrames()
{
    const int i = animationIndex();
    const long long last = i >= 0 ? std::max<long long>(0, base_.animations[i].frameCount() - 1) : 0;
    frame_->setRange(0, int(std::min<long long>(last, 1 << 30)));
}

int BaseLayerDialog::animationIndex() const { return animation_->currentIndex(); }

std::optional<double> BaseLayerDialog::frameTime() const
{
    const int i = animationIndex();
    if (!holdFrame_->isChecked() || i < 0)
        return std::nullopt;
    return frame_->value() / base_.animations[i].fps;
}

double BaseLayerDialog::weight() const { return weight_->value(); }

void BaseLayerDialog::choose(int animation, std::optional<long long> frame, double weight)
{
    animation_->setCurrentIndex(animation);
    holdFrame_->setChecked(frame.has_value());
    if (frame)
        frame_->setValue(int(*frame));
    weight_->setValue(weight);
}

} // namespace bonescope::gui
