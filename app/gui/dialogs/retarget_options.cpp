#include "app/gui/dialogs/retarget_options.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QHBoxLayout>

namespace bonescope::gui {

RetargetOptions::RetargetOptions(QWidget* parent)
    : QWidget(parent), mode_(new QComboBox(this)), rootMotion_(new QComboBox(this)),
      legIk_(new QCheckBox(tr("Legs"), this)), armIk_(new QCheckBox(tr("Arms"), this)),
      footLock_(new QCheckBox(tr("Lock the feet on the ground"), this))
{
    mode_->addItem(tr("Match the source's pose"), int(RetargetMode::MatchPose));
    mode_->addItem(tr("Keep the target's rest pose"), int(RetargetMode::KeepRest));
    mode_->setToolTip(tr("Match: the limbs point where the source's point at every frame (an A-pose rig plays a "
                         "T-pose clip's arms as they are).\nKeep: the source's motion is added to the target's own rest "
                         "pose (an A-pose rig stays in A-pose where the source stands still)."));
    rootMotion_->addItem(tr("Keep (travel scaled by leg length)"), int(RootMotion::Keep));
    rootMotion_->addItem(tr("In place"), int(RootMotion::InPlace));
    rootMotion_->addItem(tr("Extract to a root bone"), int(RootMotion::Extract));
    legIk_->setToolTip(tr("Two-bone IK: the feet go where the source's feet go, scaled to this character"));
    armIk_->setToolTip(tr("Two-bone IK: the hands go where the source's hands go, relative to the shoulders"));
    footLock_->setToolTip(tr("Feet pinned where the source's feet stand still on the ground (no sliding); turns leg IK on"));
    auto* ik = new QHBoxLayout;
    ik->setContentsMargins(0, 0, 0, 0);
    ik->addWidget(legIk_);
    ik->addWidget(armIk_);
    ik->addWidget(footLock_);
    ik->addStretch();
    auto* form = new QFormLayout(this);
    form->setContentsMargins(0, 0, 0, 0);
    form->addRow(tr("&Motion:"), mode_);
    form->addRow(tr("R&oot motion:"), rootMotion_);
    form->addRow(tr("IK:"), ik);
    for (QComboBox* c : {mode_, rootMotion_})
        connect(c, &QComboBox::currentIndexChanged, this, &RetargetOptions::changed);
    for (QCheckBox* c : {legIk_, armIk_, footLock_})
        connect(c, &QCheckBox::toggled, this, &RetargetOptions::changed);
    connect(footLock_, &QCheckBox::toggled, this, [this](bool on) {
        if (on)
            legIk_->setChecked(true);
    });
}

RetargetSettings RetargetOptions::settings() const
{
    RetargetSettings s;
    s.mode = RetargetMode(mode_->currentData().toInt());
    s.rootMotion = RootMotion(rootMotion_->currentData().toInt());
    s.legIk = legIk_->isChecked();
    s.armIk = armIk_->isChecked();
    s.footLock = footLock_->isChecked();
    return s;
}

void RetargetOptions::setSettings(const RetargetSettings& s)
{
    mode_->setCurrentIndex(mode_->findData(int(s.mode)));
    rootMotion_->setCurrentIndex(rootMotion_->findData(int(s.rootMotion)));
    legIk_->setChecked(s.legIk);
    armIk_->setChecked(s.armIk);
    footLock_->setChecked(s.footLock);
}

} // namespace bonescope::gui
