#include "app/gui/compare/compare_session.h"

#include <algorithm>
#include <cmath>
#include <set>

#include <QFileInfo>
#include <QHeaderView>
#include <QTreeView>

#include "app/gui/document/document.h"
#include "app/gui/graph/graph_widget.h"
#include "app/gui/panels/bone_tree_model.h"
#include "app/gui/panels/bone_tree_panel.h"
#include "app/gui/timeline/timeline_ruler.h"
#include "core/playback/sampler.h"
#include "formats/file_io.h"
#include "formats/scene_mirror.h"
#include "render/viewport.h"

namespace bonescope::gui {

struct CompareSession::B {
    Scene asRead;  // as its format read it: what is measured
    Scene inA;     // its clip in A's file axes: what is drawn and graphed
    std::unique_ptr<Sampler> sampler;
    Pose pose;
};

CompareSession::CompareSession(Document* doc, render::Viewport* view, BoneTreePanel* tree, GraphWidget* graph,
                               TimelineRuler* ruler, QObject* parent)
    : QObject(parent), doc_(doc), view_(view), tree_(tree), graph_(graph), ruler_(ruler)
{
    tree_->view()->setColumnHidden(BoneTreeModel::Difference, true);
    connect(doc_, &Document::sceneChanged, this, [this] {
        if (active())
            end(); // another file, or another animation: this comparison no longer applies
    });
    connect(doc_, &Document::edited, this, [this] {
        if (active())
            measure();
    });
    connect(doc_, &Document::poseChanged, this, [this] {
        if (active())
            showPose();
    });
}

CompareSession::~CompareSession() = default;

const Animation* CompareSession::animationB() const { return active() ? &b_->inA.animations[0] : nullptr; }

bool CompareSession::start(const QString& pathB, QString& error)
{
    auto b = std::make_unique<B>();
    try {
        b->asRead = loadScene(pathB.toStdString()).scene;
        if (b->asRead.animations.empty())
            throw std::runtime_error(pathB.toStdString() + ": has no animation to compare");
        // The same clip as A's when B holds as many, else its first.
        if (doc_->animationIndex() < int(b->asRead.animations.size()))
            b->asRead.current = doc_->animationIndex();
        const Skeleton& aSkeleton = doc_->skeleton();
        b->inA = commonClip(b->asRead, aSkeleton.empty() ? nullptr : &aSkeleton);
        const AxisConversion toA = fileToCommonAxes(doc_->scene().format).inverse();
        applyAxisConversion(toA, b->inA.skeleton);
        applyAxisConversion(toA, b->inA.animations[0]);
    } catch (const std::exception& e) {
        error = QString::fromStdString(e.what());
        return false;
    }
    end();
    b_ = std::move(b);
    pathB_ = pathB;
    b_->sampler = std::make_unique<Sampler>(b_->inA.animations[0], b_->inA.skeleton);
    overlay_ = view_->addOverlaySkeleton(b_->sampler->skeleton(),
                                         glm::vec4(kColor.r, kColor.g, kColor.b, kColor.a));
    // The bones the document's view hides (helpers, unanimated Second Life extension bones) are
    // hidden in B too: a BVH of an avatar's animation has them all as plain bones.
    const Skeleton& kb = b_->sampler->skeleton();
    std::vector<uint8_t> drawn(kb.size(), 1);
    for (size_t i = 0; i < kb.size(); ++i) {
        const int a = doc_->skeleton().find(kb.bones[i].name);
        drawn[i] = a >= 0 ? view_->jointMark(a) != render::JointMark::Hidden : !kb.bones[i].isHelper() && !kb.bones[i].isSceneNode();
    }
    view_->setOverlayDrawn(overlay_, std::move(drawn));
    measure();
    showPose();
    return true;
}

void CompareSession::end()
{
    if (!active())
        return;
    view_->removeOverlaySkeleton(overlay_);
    overlay_ = -1;
    b_.reset();
    result_ = {};
    marked_.clear();
    tree_->model()->setDifferences({}, {});
    tree_->view()->setColumnHidden(BoneTreeModel::Difference, true);
    graph_->setOverlayAnimation(nullptr);
    ruler_->setMarks({});
    emit changed();
}

void CompareSession::measure()
{
    Scene a = doc_->scene();
    a.skeleton = doc_->skeleton(); // the skeleton A plays on in the window (a loaded mesh's, say)
    try {
        result_ = compareScenes(a, doc_->path().toStdString(), b_->asRead, pathB_.toStdString(), {});
    } catch (const std::exception& e) {
        result_ = {};
        result_.note = e.what();
    }
    showDifferences();
    emit changed();
}

void CompareSession::showPose()
{
    b_->sampler->sample(doc_->time(), b_->pose);
    view_->setOverlayPose(overlay_, b_->pose);
}

void CompareSession::showDifferences()
{
    const AnimationComparison& c = result_.result;
    const Skeleton& s = doc_->skeleton();
    std::vector<QString> text(s.size()), tips(s.size());
    const QString unit = QString::fromStdString(result_.unit);
    // Bones by name (the tree shows the skeleton A plays on).
    for (const BoneDifference& d : c.bones) {
        const int bone = s.find(d.name);
        if (bone < 0)
            continue;
        const double degrees = std::max(d.local.max, d.world.max);
        text[size_t(bone)] = QString("%1° %2 %3").arg(degrees, 0, 'f', 2).arg(d.position.max, 0, 'f', 2).arg(unit);
        tips[size_t(bone)] = tr("Local rotation: %1° at frame %2 (mean %3°)\nWorld rotation: %4° at frame %5 (mean %6°)\n"
                                "World position: %7 %8 at frame %9 (mean %10; %11% of the height)")
                                 .arg(d.local.max, 0, 'f', 4).arg(c.frameOf(d.local.worstTime)).arg(d.local.mean, 0, 'f', 4)
                                 .arg(d.world.max, 0, 'f', 4).arg(c.frameOf(d.world.worstTime)).arg(d.world.mean, 0, 'f', 4)
                                 .arg(d.position.max, 0, 'f', 4).arg(unit).arg(c.frameOf(d.position.worstTime))
                                 .arg(d.position.mean, 0, 'f', 4).arg(c.percentOfHeight(d.position.max), 0, 'f', 3);
    }
    if (c.limbs)
        for (const LimbError& l : c.limbs->limbs) // two rigs: each limb on A's bone of that role
            for (size_t bone = 0; bone < s.size(); ++bone)
                if (s.bones[bone].name == l.bone) {
                    text[bone] = QString("%1°").arg(l.max, 0, 'f', 2);
                    tips[bone] = tr("%1: %2° at frame %3 (median %4°)").arg(QString::fromStdString(l.limb)).arg(l.max, 0, 'f', 4)
                                     .arg(c.frameOf(l.worstTime)).arg(l.median, 0, 'f', 4);
                }
    tree_->model()->setDifferences(std::move(text), std::move(tips));
    // Next to the names, where a narrow dock still shows it (the key counts can scroll away).
    QHeaderView* header = tree_->view()->header();
    header->moveSection(header->visualIndex(BoneTreeModel::Difference), 1);
    tree_->view()->setColumnHidden(BoneTreeModel::Difference, false);

    // The worst frames: each bone beyond the bounds gives the time of its largest difference.
    std::vector<std::pair<double, double>> worst; // (score, time)
    for (const BoneDifference& d : c.bones) {
        const double score = std::max({d.local.max / c.withinDegrees, d.world.max / c.withinDegrees,
                                       d.position.max / std::max(c.withinPosition, 1e-12)});
        if (score <= 1)
            continue;
        const double t = d.local.max >= d.world.max ? d.local.worstTime : d.world.worstTime;
        worst.emplace_back(score, d.position.max / c.withinPosition > score * 0.999 ? d.position.worstTime : t);
    }
    std::sort(worst.begin(), worst.end(), [](const auto& x, const auto& y) { return x.first > y.first; });
    std::set<long long> frames;
    marked_.clear();
    for (const auto& [score, time] : worst) {
        if (int(marked_.size()) >= kMarkedFrames)
            break;
        if (frames.insert(c.frameOf(time)).second)
            marked_.push_back(time);
    }
    ruler_->setMarks(marked_);
    graph_->setOverlayAnimation(animationB());
}

QString CompareSession::summary() const
{
    if (!active())
        return {};
    const AnimationComparison& c = result_.result;
    const QString name = QFileInfo(pathB_).fileName();
    if (!result_.note.empty() && c.bones.empty() && !c.limbs)
        return tr("Comparing with %1: %2").arg(name, QString::fromStdString(result_.note));
    const QString unit = QString::fromStdString(result_.unit);
    return tr("Comparing with %1 (drawn in magenta): %2; largest %3° local, %4° world, %5 %6")
        .arg(name, c.within() ? tr("the same within %1°, %2 %3").arg(c.withinDegrees).arg(c.withinPosition).arg(unit)
                              : tr("different"))
        .arg(c.maxLocalDegrees(), 0, 'f', 3)
        .arg(c.maxWorldDegrees(), 0, 'f', 3)
        .arg(c.maxPosition(), 0, 'f', 3)
        .arg(unit);
}

} // namespace bonescope::gui
