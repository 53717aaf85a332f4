#include "app/gui/viewport/camera_menu.h"

#include <QActionGroup>
#include <QMenu>

#include "app/gui/document/document.h"
#include "app/gui/viewport/bone_camera.h"
#include "app/gui/viewport/camera_track.h"
#include "app/gui/viewport/keypad_shortcuts.h"
#include "render/viewport.h"

namespace bonescope::gui {

CameraMenu::CameraMenu(Document* doc, render::Viewport* view, CameraTrack* track, QObject* parent)
    : QObject(parent), doc_(doc), view_(view), track_(track), bone_(new BoneCamera(doc, view, this))
{
}

void CameraMenu::stopLooking(QAction* except)
{
    for (QAction* a : {lookCamera_, lookBone_})
        if (a != except)
            a->setChecked(false);
}

void CameraMenu::addTo(QMenu* view)
{
    QMenu* menu = view->addMenu(tr("Ca&mera"));
    if (auto* window = qobject_cast<QWidget*>(parent())) // the menu is a window of its own
        new KeypadShortcuts(window);
    // The numpad's keys only (Qt::KeypadModifier): the digits above the letters stay free.
    const struct {
        QString label;
        const char* name;
        render::ViewPreset preset;
        QKeySequence key;
    } presets[] = {
        {tr("&Front"), "viewFront", render::ViewPreset::Front, QKeySequence(Qt::KeypadModifier | Qt::Key_1)},
        {tr("&Back"), "viewBack", render::ViewPreset::Back, QKeySequence(Qt::ControlModifier | Qt::KeypadModifier | Qt::Key_1)},
        {tr("&Right"), "viewRight", render::ViewPreset::Right, QKeySequence(Qt::KeypadModifier | Qt::Key_3)},
        {tr("&Left"), "viewLeft", render::ViewPreset::Left, QKeySequence(Qt::ControlModifier | Qt::KeypadModifier | Qt::Key_3)},
        {tr("&Top"), "viewTop", render::ViewPreset::Top, QKeySequence(Qt::KeypadModifier | Qt::Key_7)},
        {tr("B&ottom"), "viewBottom", render::ViewPreset::Bottom, QKeySequence(Qt::ControlModifier | Qt::KeypadModifier | Qt::Key_7)},
    };
    for (const auto& p : presets) {
        QAction* a = menu->addAction(p.label, p.key, this, [this, preset = p.preset] {
            stopLooking(nullptr);
            view_->setViewPreset(preset);
        });
        a->setObjectName(p.name);
    }
    menu->addSeparator();
    QAction* ortho = menu->addAction(tr("&Orthographic"));
    ortho->setObjectName("orthographic");
    ortho->setCheckable(true);
    ortho->setShortcut(QKeySequence(Qt::KeypadModifier | Qt::Key_5));
    connect(ortho, &QAction::toggled, view_, &render::Viewport::setOrtho);
    menu->addSeparator();

    lookCamera_ = menu->addAction(tr("Look through &animated camera"));
    lookCamera_->setObjectName("lookThroughCamera");
    lookCamera_->setCheckable(true);
    lookCamera_->setEnabled(track_->available());
    connect(lookCamera_, &QAction::toggled, this, [this](bool on) {
        if (on)
            stopLooking(lookCamera_);
        track_->setLookThrough(on);
    });
    connect(track_, &CameraTrack::availableChanged, lookCamera_, [this](bool on) {
        lookCamera_->setEnabled(on);
        if (!on)
            lookCamera_->setChecked(false);
    });

    lookBone_ = menu->addAction(tr("Look through &selected bone"));
    lookBone_->setObjectName("lookThroughBone");
    lookBone_->setCheckable(true);
    lookBone_->setEnabled(doc_->currentBone() >= 0);
    connect(doc_, &Document::selectionChanged, lookBone_,
            [this] { lookBone_->setEnabled(lookBone_->isChecked() || doc_->currentBone() >= 0); });
    connect(lookBone_, &QAction::toggled, this, [this](bool on) {
        if (on)
            stopLooking(lookBone_);
        if (!bone_->lookThrough(on ? doc_->currentBone() : -1) && on)
            lookBone_->setChecked(false); // no bone selected
    });
    connect(bone_, &BoneCamera::stopped, lookBone_, [this] {
        lookBone_->setChecked(false);
        lookBone_->setEnabled(doc_->currentBone() >= 0);
    });

    QMenu* axes = menu->addMenu(tr("Bone &forward axis"));
    auto* group = new QActionGroup(axes);
    const std::pair<QString, BoneForward> forwards[] = {
        {tr("-Z, +Y up (cameras: glTF, FBX, Blender)"), BoneForward::MinusZ},
        {tr("+Z, +Y up (a glTF character's head)"), BoneForward::PlusZ},
        {tr("+Y, +Z up (along a Blender bone)"), BoneForward::PlusY},
        {tr("+X, +Z up (Call of Duty tag_camera)"), BoneForward::PlusX}};
    for (const auto& [label, forward] : forwards) {
        QAction* a = axes->addAction(label);
        a->setCheckable(true);
        a->setChecked(forward == bone_->forward());
        group->addAction(a);
        connect(a, &QAction::triggered, bone_, [this, f = forward] { bone_->setForward(f); });
    }
}

} // namespace bonescope::gui
