#include "app/gui/dialogs/retarget_preview.h"

#include <algorithm>
#include <cmath>
#include <optional>

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QSlider>
#include <QTimer>
#include <QVBoxLayout>

#include "app/gui/viewport/viewport_binding.h"
#include "core/playback/layering.h"
#include "core/playback/motion_root.h"
#include "core/retarget/humanoid.h"
#include "core/retarget/rig_frame.h"
#include "core/playback/sampler.h"
#include "render/display_axes.h"
#include "render/viewport.h"

namespace bonescope::gui {

namespace {
constexpr int kSteps = 1000; // slider positions over the clip
constexpr int kTickMs = 33;  // about 30 frames a second
constexpr float kSideView = 0.6f; // radians off the character's face: its limbs apart, its face seen

// Where a rig's body says up and forward are (forward: none without a humanoid body).
struct Body {
    glm::dvec3 up{0, 1, 0};
    std::optional<glm::dvec3> forward;
};
Body rigBody(const Skeleton& s)
{
    Body b;
    const auto h = findHumanoid(s);
    const RigFrame frame = restFrame(s, h);
    b.up = frame.up;
    if (h)
        b.forward = frame.axes * glm::dvec3(0, 0, 1);
    return b;
}

// A view with its caption above it.
QWidget* captioned(const QString& caption, render::Viewport* view, QWidget* parent)
{
    auto* box = new QWidget(parent);
    auto* layout = new QVBoxLayout(box);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(new QLabel(caption, box));
    layout->addWidget(view, 1);
    return box;
}
} // namespace

RetargetPreview::RetargetPreview(QWidget* parent)
    : QWidget(parent), slider_(new QSlider(Qt::Horizontal, this)), play_(new QPushButton(tr("&Play"), this)),
      clock_(new QLabel(this)), timer_(new QTimer(this))
{
    source_.view = new render::Viewport(this);
    result_.view = new render::Viewport(this);
    source_.view->setObjectName("retargetSourceView");
    result_.view->setObjectName("retargetResultView");
    for (render::Viewport* v : {source_.view, result_.view}) {
        v->setMinimumSize(220, 200);
        v->setShowNames(false);
    }
    slider_->setRange(0, kSteps);
    slider_->setToolTip(tr("Time in the clip: both sides show the same moment"));
    play_->setCheckable(true);
    timer_->setInterval(kTickMs);
    connect(slider_, &QSlider::valueChanged, this, [this](int v) {
        const double t = duration() * v / kSteps;
        if (std::abs(t - time_) > 1e-9)
            setTime(t);
    });
    connect(play_, &QPushButton::toggled, this, &RetargetPreview::setPlaying);
    connect(timer_, &QTimer::timeout, this, [this] {
        const double d = duration();
        setTime(d > 0 ? std::fmod(time_ + kTickMs / 1000.0, d) : 0.0);
    });

    auto* views = new QHBoxLayout;
    views->addWidget(captioned(tr("Source"), source_.view, this), 1);
    views->addWidget(captioned(tr("Result on the target"), result_.view, this), 1);
    auto* controls = new QHBoxLayout;
    controls->addWidget(play_);
    controls->addWidget(slider_, 1);
    controls->addWidget(clock_);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(views, 1);
    layout->addLayout(controls);
    setTime(0);
}

RetargetPreview::~RetargetPreview() = default;

void RetargetPreview::load(Side& side, const Skeleton& skeleton, const Animation& clip)
{
    // The sampler keeps references: it is made after the copies it reads.
    side.sampler.reset();
    side.skeleton = skeleton;
    side.clip = clip;
    side.sampler = std::make_unique<Sampler>(side.clip, side.skeleton);
    side.order = side.sampler->skeleton().evaluationOrder().value_or(std::vector<int>{});
    side.motionBone = motionRoot(side.sampler->skeleton(), side.sampler->binding(), side.clip); // as the window's
    side.motionStart = glm::vec3(0.f);
    if (side.motionBone >= 0 && !side.order.empty()) {
        side.sampler->sampleLocal(0.0, side.locals);
        composePose(side.sampler->skeleton(), side.order, side.locals, side.pose);
        side.motionStart = glm::vec3(side.pose.world[size_t(side.motionBone)][3]);
    }
    side.view->setSkeleton(side.sampler->skeleton());
    // Each rig's own up and facing (from its body), whatever its file's container nodes say: both
    // are seen from the same side of the character, so that a limb is compared with its like.
    const auto body = rigBody(side.skeleton);
    const render::UpAxis up = std::abs(body.up.z) > std::abs(body.up.y) ? render::UpAxis::Z : render::UpAxis::Y;
    side.view->setUpAxis(up);
    if (body.forward) {
        const glm::vec3 f = glm::vec3(render::displayMatrix(up) * glm::vec4(glm::vec3(*body.forward), 0.f));
        side.view->camera().yaw = std::atan2(f.x, f.z) + kSideView;
        side.view->camera().pitch = 0.2f;
    }
    // The camera goes along with the hips, as the window's View > Root motion > Follow: a walk left
    // both previews within a few seconds (a first-use pass lost the walker at 3 s).
    side.view->setRootMotion(render::RootMotion::Follow);
    side.view->setClipPoses([&side] { return clipPoses(side.clip, side.sampler->skeleton()); });
    show(side);
    side.view->frameAll();
}

void RetargetPreview::setSource(const Skeleton& skeleton, const Animation& clip) { load(source_, skeleton, clip); }

void RetargetPreview::setResult(const Skeleton& skeleton, const Animation& clip) { load(result_, skeleton, clip); }

void RetargetPreview::clearResult(const Skeleton& target)
{
    Animation rest;
    rest.duration = 0;
    load(result_, target, rest);
}

double RetargetPreview::duration() const { return source_.sampler ? std::max(0.0, source_.clip.duration) : 0.0; }

void RetargetPreview::show(Side& side)
{
    if (!side.sampler || side.order.empty())
        return;
    side.sampler->sampleLocal(std::min(time_, std::max(0.0, side.clip.duration)), side.locals);
    composePose(side.sampler->skeleton(), side.order, side.locals, side.pose);
    glm::vec3 travel(0.f);
    if (side.motionBone >= 0) {
        travel = glm::vec3(side.pose.world[size_t(side.motionBone)][3]) - side.motionStart;
        travel[render::upIndex(side.view->upAxis())] = 0.f; // over the ground only
    }
    side.view->setPose(side.pose, travel);
}

void RetargetPreview::setTime(double seconds)
{
    time_ = std::clamp(seconds, 0.0, duration());
    {
        const QSignalBlocker block(slider_);
        slider_->setValue(duration() > 0 ? int(std::lround(time_ / duration() * kSteps)) : 0);
    }
    clock_->setText(tr("%1 s").arg(time_, 0, 'f', 2));
    show(source_);
    show(result_);
}

void RetargetPreview::setPlaying(bool on)
{
    {
        const QSignalBlocker block(play_);
        play_->setChecked(on);
    }
    play_->setText(on ? tr("&Pause") : tr("&Play"));
    on ? timer_->start() : timer_->stop();
}

bool RetargetPreview::playing() const { return timer_->isActive(); }

} // namespace bonescope::gui
