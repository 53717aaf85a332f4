#include "app/gui/viewport/bone_camera.h"

#include <glm/geometric.hpp>
#include <glm/gtc/constants.hpp>

#include "app/gui/document/document.h"
#include "render/viewport.h"

namespace bonescope::gui {

namespace {

// A first-person game shows about this much vertically.
constexpr float kBoneFovY = glm::radians(60.f);

} // namespace

std::optional<render::CameraPose> boneCameraPose(const glm::mat4& world, BoneForward forward)
{
    const glm::vec3 x(world[0]), y(world[1]), z(world[2]);
    glm::vec3 ahead, up;
    switch (forward) {
    case BoneForward::MinusZ: ahead = -z, up = y; break;
    case BoneForward::PlusZ: ahead = z, up = y; break;
    case BoneForward::PlusY: ahead = y, up = z; break;
    case BoneForward::PlusX: ahead = x, up = z; break;
    }
    const float len = glm::length(ahead);
    if (!(len > 1e-12f) || !(glm::length(up) > 1e-12f) || !std::isfinite(len))
        return std::nullopt;
    const glm::vec3 eye(world[3]);
    return render::CameraPose{eye, eye + ahead / len, glm::normalize(up), kBoneFovY};
}

BoneCamera::BoneCamera(Document* doc, render::Viewport* view, QObject* parent) : QObject(parent), doc_(doc), view_(view)
{
    connect(doc_, &Document::poseChanged, this, &BoneCamera::refresh);
    connect(doc_, &Document::sceneChanged, this, [this] {
        if (bone_ < 0)
            return;
        lookThrough(-1);
        emit stopped();
    });
}

bool BoneCamera::lookThrough(int bone)
{
    const bool valid = bone >= 0 && bone < int(doc_->skeleton().size());
    const bool was = bone_ >= 0;
    bone_ = valid ? bone : -1;
    if (bone_ >= 0)
        refresh();
    else if (was)
        view_->setLookThrough(std::nullopt);
    return valid;
}

void BoneCamera::setForward(BoneForward forward)
{
    forward_ = forward;
    refresh();
}

void BoneCamera::refresh()
{
    if (bone_ < 0 || bone_ >= int(doc_->pose().world.size()))
        return;
    view_->setLookThrough(boneCameraPose(doc_->pose().world[size_t(bone_)], forward_));
}

} // namespace bonescope::gui
