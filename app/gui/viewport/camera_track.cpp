#include "app/gui/viewport/camera_track.h"

#include <glm/gtc/constants.hpp>

#include "app/gui/document/document.h"
#include "formats/lego/lego_camera.h"
#include "render/viewport.h"

namespace bonescope::gui {

namespace {

// The game's projection is not in the .ani; a 60 degree vertical field of view frames its scenes
// much as the game shows them on a 4:3 screen.
constexpr float kCameraFovY = glm::radians(60.f);

const glm::vec4 kPathColor{1.f, 0.8f, 0.2f, 1.f};
const glm::vec4 kEyeColor{1.f, 0.55f, 0.2f, 1.f};
const glm::vec4 kTargetColor{0.35f, 0.9f, 1.f, 1.f};

// The camera rides on the animation's LEGO data.
const LegoExtra* legoCamera(const Document& doc)
{
    const auto* x = doc.animation().extra.as<LegoExtra>();
    return x && x->hasCamera() ? x : nullptr;
}

} // namespace

CameraTrack::CameraTrack(Document* doc, render::Viewport* view, QObject* parent)
    : QObject(parent), doc_(doc), view_(view)
{
    connect(doc_, &Document::sceneChanged, this, &CameraTrack::rebuild);
    connect(doc_, &Document::timeChanged, this, &CameraTrack::refresh);
    rebuild();
}

std::optional<render::CameraPose> CameraTrack::pose() const
{
    const LegoExtra* x = legoCamera(*doc_);
    if (!x)
        return std::nullopt;
    const CameraSample s = sampleCamera(*x, doc_->time());
    if (!s.valid)
        return std::nullopt;
    return render::CameraPose{glm::vec3(s.eye), glm::vec3(s.target), glm::vec3(s.rolledUp), kCameraFovY};
}

void CameraTrack::setLookThrough(bool on)
{
    const bool was = lookThrough_;
    lookThrough_ = on;
    if (was && !on) // the view is left alone otherwise: a bone may be the camera (BoneCamera)
        view_->setLookThrough(std::nullopt);
    refresh();
}

void CameraTrack::rebuild()
{
    const bool was = available_;
    available_ = legoCamera(*doc_) != nullptr;
    if (available_ != was)
        emit availableChanged(available_);
    refresh();
}

void CameraTrack::refresh()
{
    const LegoExtra* x = legoCamera(*doc_);
    std::vector<render::Polyline> lines;
    if (x) {
        render::Polyline path{{}, kPathColor};
        for (const glm::dvec3& p : cameraPath(*x))
            path.points.emplace_back(p);
        lines.push_back(std::move(path));
    }
    const auto now = pose();
    if (now) {
        lines.push_back({{now->eye}, kEyeColor});
        lines.push_back({{now->target}, kTargetColor});
        lines.push_back({{now->eye, now->target}, kTargetColor * glm::vec4(1.f, 1.f, 1.f, 0.6f)});
    }
    view_->setPaths(std::move(lines));
    if (lookThrough_)
        view_->setLookThrough(now);
}

} // namespace bonescope::gui
