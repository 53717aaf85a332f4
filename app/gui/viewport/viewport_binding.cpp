#include "app/gui/viewport/viewport_binding.h"

#include <memory>
#include <optional>

#include "app/gui/counted_words.h"
#include "app/gui/document/document.h"
#include "core/playback/layering.h"
#include "core/playback/sampler.h"
#include "render/bone_links.h"
#include "render/viewport.h"

namespace bonescope::gui {

namespace {

constexpr int kClipSamples = 32;

// The clip's local transforms at kClipSamples + 1 times spread over it, each handed to `use` with
// the skeleton they are of (the sampler's).
template <class Use>
void sampleClip(const Animation& clip, const Skeleton& skeleton, Use use)
{
    if (skeleton.empty() || !(clip.duration >= 0))
        return;
    // In double (sampleLocal): the float path would first prepare every rotation segment of the
    // file, for 33 poses.
    Sampler sampler(clip, skeleton);
    std::vector<LocalTransform> locals;
    for (int i = 0; i <= kClipSamples; ++i) {
        sampler.sampleLocal(clip.duration * i / kClipSamples, locals);
        use(sampler.skeleton(), locals);
    }
}

} // namespace

render::Viewport::ClipPoses clipPoses(const Animation& clip, const Skeleton& skeleton)
{
    render::Viewport::ClipPoses poses;
    std::optional<std::vector<int>> order;
    Pose pose;
    sampleClip(clip, skeleton, [&](const Skeleton& sk, const std::vector<LocalTransform>& locals) {
        if (!order)
            order = sk.evaluationOrder();
        if (!order || order->size() != sk.size())
            return;
        composePose(sk, *order, locals, pose);
        std::vector<glm::vec3>& joints = poses.emplace_back();
        for (const glm::mat4& m : pose.world)
            joints.push_back(glm::vec3(m[3]));
    });
    return poses;
}

std::vector<uint8_t> movedOverClip(const Animation& clip, const Skeleton& skeleton)
{
    std::vector<uint8_t> moved(skeleton.size(), 0);
    const std::vector<glm::vec3> rest = render::restOffsets(skeleton);
    sampleClip(clip, skeleton, [&](const Skeleton&, const std::vector<LocalTransform>& locals) {
        for (size_t b = 0; b < moved.size() && b < locals.size(); ++b)
            moved[b] |= render::offRest(rest[b], glm::vec3(locals[b].translation), render::kConnectedOverClip);
    });
    return moved;
}

namespace {

// An open file without bones (a SEAnim of notes alone) is not "nothing open".
QString emptyViewText(const Document& doc)
{
    if (doc.isEmpty() || !doc.skeleton().empty())
        return {}; // the view's own "open an animation"
    const size_t notes = doc.animation().notes.size();
    if (notes == 0)
        return QObject::tr("This animation has no bones to draw");
    return QObject::tr("This animation has no bones to draw: it carries %1 only (see the timeline)")
        .arg(countedWords(qint64(notes), "note"));
}

} // namespace

void bindViewport(Document* doc, render::Viewport* view)
{
    view->setClipPoses([doc]() -> render::Viewport::ClipPoses {
        if (!(doc->duration() > 0))
            return {};
        return clipPoses(doc->animation(), doc->skeleton());
    });
    auto onPose = [doc, view] {
        view->setPose(doc->pose(), doc->rootTravel());
        if (doc->mesh())
            view->setMeshJoints(doc->meshJointWorld());
    };
    // Which bones a track moves: optional (extension) bones show when animated.
    auto onTracks = [doc, view] {
        std::vector<uint8_t> animated;
        for (int track : doc->binding().trackOfBone)
            animated.push_back(track >= 0);
        view->setAnimatedBones(std::move(animated));
        view->setMovedBones(movedOverClip(doc->animation(), doc->skeleton()));
        std::vector<uint8_t> fromBase;
        for (const JointDrivers& d : doc->previewDrivers())
            fromBase.push_back(d.rotation == MixSource::Base || d.translation == MixSource::Base);
        view->setBaseDriven(fromBase);
        view->setEmptyText(emptyViewText(*doc)); // notes come and go with edits
    };
    // Another animation of the same file: framed anew (it may walk elsewhere).
    auto shown = std::make_shared<std::pair<QString, int>>();
    auto onScene = [doc, view, onPose, onTracks, shown] {
        view->setSkeleton(doc->skeleton());
        onTracks();
        view->setMesh(doc->mesh());
        view->setUpAxis(doc->upAxis());
        onPose();
        view->setSelection(doc->selection(), doc->currentBone());
        const std::pair<QString, int> now{doc->path(), doc->animationIndex()};
        if (now.first == shown->first && now.second != shown->second)
            view->frameAll();
        *shown = now;
    };
    QObject::connect(doc, &Document::sceneChanged, view, onScene);
    QObject::connect(doc, &Document::poseChanged, view, onPose);
    QObject::connect(doc, &Document::meshChanged, view, [doc, view] { view->setMesh(doc->mesh()); });
    // The base's bones may stand elsewhere (it may walk away): framed anew.
    QObject::connect(doc, &Document::baseLayerChanged, view, &render::Viewport::frameAll);
    QObject::connect(doc, &Document::edited, view, onTracks);
    QObject::connect(doc, &Document::upAxisChanged, view, [doc, view] { view->setUpAxis(doc->upAxis()); });
    QObject::connect(doc, &Document::selectionChanged, view,
                     [doc, view] { view->setSelection(doc->selection(), doc->currentBone()); });
    QObject::connect(view, &render::Viewport::boneClicked, doc, [doc](int bone, bool extend) {
        if (extend && bone >= 0)
            doc->toggleBone(bone);
        else if (!extend)
            doc->setSelection(bone >= 0 ? std::vector<int>{bone} : std::vector<int>{}, bone);
    });
    onScene();
}

} // namespace bonescope::gui
