#include "app/gui/document/document.h"

#include <algorithm>
#include <cmath>
#include <numeric>

#include <QFileInfo>
#include <QUndoStack>

#include "core/playback/key_times.h"
#include "core/playback/motion_root.h"
#include "app/gui/saving/save_folder.h"
#include "app/gui/viewport/up_axis_hint.h"
#include "formats/secondlife/avatar_skeleton.h"
#include "formats/secondlife/secondlife_priorities.h"
#include "render/skinning.h"

namespace bonescope::gui {

struct Document::PoseSamplers {
    std::unique_ptr<Sampler> plain;
    std::unique_ptr<LayeredSampler> layered;  // the drawn pose while base_ is set
    std::unique_ptr<PriorityMixSampler> mixed; // the drawn pose while preview_ is set
};

Document::Document(QObject* parent) : QObject(parent), undo_(new QUndoStack(this))
{
    empty_.name = "(none)";
    rebuild();
}

Document::~Document() = default;

void Document::setScene(Scene scene, const QString& path, const FileStamp& stamp)
{
    scene_ = std::move(scene);
    path_ = path;
    stamp_ = stamp;
    needsSaveAs_ = temporaryCopy_ = false;
    copyName_.clear();
    copyPlace_.clear();
    ++generation_;
    if (!scene_.currentAnimation() && !scene_.animations.empty())
        scene_.current = 0;
    time_ = 0;
    selection_.clear();
    current_ = -1;
    base_.reset();
    if (scene_.format != "secondlife")
        preview_.reset();
    undo_->clear();
    // clear() leaves an empty stack alone, so a stack marked modified without commands (a recovered
    // document) would keep that mark on the next file.
    if (!undo_->isClean())
        undo_->setClean();
    chooseMesh();
    rebuild();
}

void Document::setSaved(const QString& path, const FileStamp& stamp)
{
    const bool moved = path != path_;
    path_ = path;
    stamp_ = stamp;
    needsSaveAs_ = temporaryCopy_ = false;
    copyName_.clear();
    copyPlace_.clear();
    if (moved)
        emit pathChanged();
}

void Document::setTemporaryCopy(const QString& name, const QString& place)
{
    needsSaveAs_ = temporaryCopy_ = true;
    copyName_ = name;
    copyPlace_ = place;
    emit pathChanged(); // what the title and Properties call it
}

QString Document::title() const
{
    if (isEmpty())
        return {};
    if (temporaryCopy_ && !copyName_.isEmpty())
        return copyName_;
    const QString name = QFileInfo(path_).fileName();
    // A retarget's result (or an export that could not be read back) is saved nowhere yet: not the
    // source file, which Save leaves alone.
    return needsSaveAs_ && !temporaryCopy_ ? tr("New animation from %1").arg(name) : name;
}

QString Document::place() const { return temporaryCopy_ && !copyPlace_.isEmpty() ? copyPlace_ : path_; }

QString Document::dialogFolder() const
{
    if (!isEmpty() && !temporaryCopy_)
        return QFileInfo(path_).absolutePath();
    return documentsFolder();
}

bool Document::isModified() const { return !undo_->isClean(); }

void Document::changeScene(const std::function<void(Scene&)>& step)
{
    const size_t bones = scene_.skeleton.size(), vertices = scene_.mesh.positions.size();
    step(scene_);
    if (!scene_.currentAnimation() && !scene_.animations.empty())
        scene_.current = 0;
    if (scene_.skeleton.size() != bones || scene_.mesh.positions.size() != vertices) {
        // Another skeleton or mesh (a retarget, a root bone added, and their undo): everything that
        // was bound to the old one is found again.
        chooseMesh();
        selection_.clear();
        current_ = -1;
        time_ = std::clamp(time_, 0.0, std::max(0.0, duration()));
        rebuild();
        emit edited();
        return;
    }
    bindSampler();
    time_ = std::clamp(time_, 0.0, std::max(0.0, duration()));
    resample();
    emit edited();
    emit timeChanged(time_);
    emit poseChanged();
}

void Document::setSkeletonMesh(Scene meshScene, const QString& path)
{
    meshScene_ = std::move(meshScene);
    meshPath_ = path;
    chooseMesh();
    selection_.clear();
    current_ = -1;
    rebuild();
}

void Document::clearSkeletonMesh()
{
    meshScene_ = Scene{};
    meshPath_.clear();
    chooseMesh();
    rebuild();
}

void Document::setFigure(std::shared_ptr<const secondlife::AvatarFigure> figure)
{
    figure_ = std::move(figure);
    chooseMesh();
    bindSampler();
    resample();
    emit meshChanged();
    emit poseChanged();
}

void Document::chooseMesh()
{
    // The figure follows the skeleton in use (bindSampler's choice) when that is the avatar's.
    const Skeleton& use = !scene_.skeleton.empty() ? scene_.skeleton : meshScene_.skeleton;
    figureShown_ = figure_ && !figure_->mesh.empty() && secondlife::carriesAvatarBones(use);
    if (figureShown_) {
        mesh_ = std::shared_ptr<const Mesh>(figure_, &figure_->mesh);
        return;
    }
    const Scene& owner = meshOwner();
    mesh_ = owner.mesh.empty() ? nullptr
                               : std::make_shared<const Mesh>(render::withInverseBind(owner.mesh, owner.skeleton));
}

const Skeleton* Document::meshSkeleton() const
{
    if (!mesh_)
        return nullptr;
    return figureShown_ ? &secondlife::avatarSkeleton() : &meshOwner().skeleton;
}

const Animation& Document::animation() const
{
    const Animation* a = scene_.currentAnimation();
    return a ? *a : empty_;
}

void Document::setAnimationIndex(int index)
{
    if (index < 0 || index >= int(scene_.animations.size()) || index == scene_.current)
        return;
    scene_.current = index;
    time_ = std::clamp(time_, 0.0, duration());
    rebuild();
}

void Document::rebuild()
{
    bindSampler();
    up_ = defaultUpAxis();
    resample();
    emit sceneChanged();
    emit upAxisChanged();
    emit selectionChanged();
    emit timeChanged(time_);
    emit poseChanged();
}

void Document::bindSampler()
{
    // The file's own skeleton wins; else the skeleton mesh's; else one bone per track.
    const Skeleton& use = !scene_.skeleton.empty() ? scene_.skeleton
                          : !meshScene_.skeleton.empty() ? meshScene_.skeleton
                                                         : none_;
    layerFlat_ = base_ && use.empty() ? flatLayerSkeleton(animation(), base_->animation) : Skeleton{};
    const Skeleton& on = layerFlat_.empty() ? use : layerFlat_;
    aside_.reset();
    samplersOn_ = &on;
    samplers_ = makeSamplers();
    sampler_ = samplers_->plain.get();
    meshToPose_.clear();
    if (mesh_ && &use == meshSkeleton()) {
        meshToPose_.resize(use.size());
        std::iota(meshToPose_.begin(), meshToPose_.end(), 0);
    } else if (mesh_) {
        meshToPose_ = render::matchBones(*meshSkeleton(), skeleton());
    }
    figurePositioned_.assign(figureShown_ ? meshToPose_.size() : 0, 0);
    for (size_t i = 0; i < figurePositioned_.size(); ++i) {
        const int t = meshToPose_[i] >= 0 ? binding().trackOfBone[meshToPose_[i]] : -1;
        figurePositioned_[i] = t >= 0 && !animation().tracks[t].translation.empty();
    }

    motionBone_ = motionRoot(skeleton(), binding(), animation());
    samplePose(0.0);
    motionStart_ = motionBone_ >= 0 ? glm::vec3(pose_.world[motionBone_][3]) : glm::vec3(0.f);
}

std::unique_ptr<Document::PoseSamplers> Document::makeSamplers() const
{
    auto s = std::make_unique<PoseSamplers>();
    s->plain = std::make_unique<Sampler>(animation(), *samplersOn_);
    if (base_)
        s->layered = std::make_unique<LayeredSampler>(animation(), *base_, *samplersOn_);
    if (preview_)
        s->mixed = std::make_unique<PriorityMixSampler>(animation(), secondlife::motionPriorities(animation()), *preview_,
                                                        *samplersOn_);
    return s;
}

void Document::samplePose(PoseSamplers& from, double seconds, Pose& out)
{
    if (from.mixed)
        from.mixed->sample(seconds, out);
    else if (from.layered)
        from.layered->sample(seconds, out);
    else
        from.plain->sample(seconds, out);
}

void Document::samplePoseAside(double seconds, Pose& out)
{
    if (!aside_)
        aside_ = makeSamplers();
    samplePose(*aside_, seconds, out);
}

void Document::setBaseLayer(std::optional<BaseLayer> base)
{
    // The picked bones stay picked, by name: a base may play on another skeleton (indices change).
    std::vector<std::string> picked;
    for (int b : selection_)
        picked.push_back(skeleton().bones[size_t(b)].name);
    const std::string currentName = current_ >= 0 ? skeleton().bones[size_t(current_)].name : std::string();
    base_ = std::move(base);
    const bool hadPreview = base_ && preview_;
    if (hadPreview)
        preview_.reset();
    selection_.clear();
    current_ = -1;
    rebuild();
    std::vector<int> again;
    for (const std::string& name : picked)
        if (const int b = skeleton().find(name); b >= 0)
            again.push_back(b);
    setSelection(std::move(again), currentName.empty() ? -1 : skeleton().find(currentName));
    emit baseLayerChanged();
    if (hadPreview)
        emit previewBaseChanged();
}

void Document::setPreviewBase(std::optional<PriorityBase> base)
{
    preview_ = std::move(base);
    const bool hadLayer = preview_ && base_;
    if (hadLayer)
        base_.reset();
    rebuild(); // the skeleton stays (the avatar's), and so does the selection
    emit previewBaseChanged();
    if (hadLayer)
        emit baseLayerChanged();
}

const std::vector<JointDrivers>& Document::previewDrivers() const
{
    static const std::vector<JointDrivers> none;
    return samplers_->mixed ? samplers_->mixed->drivers() : none;
}

void Document::resample()
{
    samplePose(time_);
    rootTravel_ = glm::vec3(0.f);
    if (motionBone_ >= 0) {
        rootTravel_ = glm::vec3(pose_.world[motionBone_][3]) - motionStart_;
        rootTravel_[render::upIndex(up_)] = 0.f;
    }
    if (figureShown_)
        secondlife::figureJointWorld(*figure_, meshToPose_, pose_, figurePositioned_, meshJointWorld_);
    else if (mesh_)
        render::meshJointWorld(*meshSkeleton(), meshToPose_, pose_, meshJointWorld_);
}

QString Document::skeletonSource() const
{
    const int n = int(skeleton().size());
    if (!scene_.skeleton.empty())
        return tr("the file's own (%1 bones)").arg(n);
    if (!meshScene_.skeleton.empty())
        return tr("%1 (%2 bones)").arg(meshPath_.section('/', -1)).arg(n);
    return tr("none: one bone per track (%1); load a skeleton mesh to see the hierarchy").arg(n);
}

QStringList Document::unmatchedTracks() const
{
    QStringList out;
    for (int t : binding().unmatchedTracks)
        out << QString::fromStdString(animation().tracks[t].name);
    return out;
}

render::UpAxis Document::defaultUpAxis() const
{
    const bool fromMesh = scene_.skeleton.empty() && !meshScene_.skeleton.empty();
    return upAxisFor(fromMesh ? meshScene_.statedUp : scene_.statedUp, scene_.format, fromMesh);
}

void Document::setUpAxis(render::UpAxis up)
{
    if (up == up_)
        return;
    up_ = up;
    resample();
    emit upAxisChanged();
    emit poseChanged();
}

void Document::setTime(double seconds)
{
    if (!std::isfinite(seconds))
        return;
    time_ = std::clamp(seconds, 0.0, std::max(0.0, duration()));
    resample();
    emit timeChanged(time_);
    emit poseChanged();
}

double Document::fps() const { return animation().fps > 0 ? animation().fps : 30.0; }

QString Document::frameRateText() const
{
    const QString rate = tr("%1 fps").arg(fps(), 0, 'g', 6);
    return animation().fpsFromKeys ? tr("%1 (from key spacing)").arg(rate) : rate;
}

long long Document::frame() const { return std::llround(time_ * fps()); }

double Document::timeOfFrame(long long f) const
{
    return std::min(double(std::clamp<long long>(f, 0, lastFrame())) / fps(), duration());
}

std::vector<double> Document::keyTimes(const std::vector<int>& bones) const
{
    const Animation& a = animation();
    std::vector<const Track*> tracks;
    if (bones.empty()) {
        for (const Track& t : a.tracks)
            tracks.push_back(&t);
    } else {
        for (int b : bones)
            if (b >= 0 && b < int(binding().trackOfBone.size()) && binding().trackOfBone[b] >= 0)
                tracks.push_back(&a.tracks[binding().trackOfBone[b]]);
    }
    return distinctKeyTimes(tracks);
}

void Document::setSelection(std::vector<int> bones, int current)
{
    const int n = int(skeleton().size());
    bones.erase(std::remove_if(bones.begin(), bones.end(), [n](int b) { return b < 0 || b >= n; }), bones.end());
    std::sort(bones.begin(), bones.end());
    bones.erase(std::unique(bones.begin(), bones.end()), bones.end());
    if (current >= 0 && !std::binary_search(bones.begin(), bones.end(), current))
        current = bones.empty() ? -1 : bones.back();
    if (current < 0 && !bones.empty())
        current = bones.back();
    if (bones == selection_ && current == current_)
        return;
    selection_ = std::move(bones);
    current_ = current;
    emit selectionChanged();
}

void Document::toggleBone(int bone)
{
    std::vector<int> s = selection_;
    auto it = std::find(s.begin(), s.end(), bone);
    if (it != s.end()) {
        s.erase(it);
        setSelection(s, s.empty() ? -1 : s.back());
    } else {
        s.push_back(bone);
        setSelection(s, bone);
    }
}

} // namespace bonescope::gui
