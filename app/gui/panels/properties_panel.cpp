#include "app/gui/panels/properties_panel.h"

#include <algorithm>
#include <cmath>

#include <QListWidget>
#include <QMenu>
#include <QSignalBlocker>
#include <QSplitter>
#include <QHeaderView>
#include <QTreeWidget>
#include <QVBoxLayout>
#include <glm/gtc/quaternion.hpp>

#include "app/gui/dialogs/clip_list_menu.h"
#include "app/gui/document/document.h"

namespace bonescope::gui {

namespace {

QString vec(const glm::dvec3& v) { return QString("%1, %2, %3").arg(v.x, 0, 'g', 5).arg(v.y, 0, 'g', 5).arg(v.z, 0, 'g', 5); }
QString quat(const glm::dquat& q)
{
    return QString("x %1, y %2, z %3, w %4").arg(q.x, 0, 'g', 4).arg(q.y, 0, 'g', 4).arg(q.z, 0, 'g', 4).arg(q.w, 0, 'g', 4);
}

QTreeWidgetItem* row(QTreeWidgetItem* parent, const QString& name, const QString& value)
{
    auto* i = new QTreeWidgetItem(parent, {name, value});
    i->setToolTip(1, value);
    return i;
}

} // namespace

PropertiesPanel::PropertiesPanel(Document* doc, QWidget* parent)
    : QWidget(parent), doc_(doc), split_(new QSplitter(Qt::Vertical, this)), animations_(new QListWidget(this)), tree_(new QTreeWidget(this))
{
    tree_->setColumnCount(2);
    tree_->setHeaderLabels({tr("Property"), tr("Value")});
    tree_->header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    animations_->setObjectName("animationList");
    animations_->setToolTip(tr("The file's animations: click one to play it; right-click to split, extract, merge or "
                               "save clips"));
    animations_->setContextMenuPolicy(Qt::CustomContextMenu);
    // The clip list above the properties, the line between them dragged as a person likes; the
    // properties get the room a long clip list would take (RobotExpressive's 14 clips left them 4 rows).
    split_->addWidget(animations_);
    split_->addWidget(tree_);
    split_->setStretchFactor(0, 0);
    split_->setStretchFactor(1, 1);
    split_->setChildrenCollapsible(false);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 2, 2, 2);
    layout->addWidget(split_);
    // Queued: the list is rebuilt when the animation changes, not inside its own signal.
    connect(animations_, &QListWidget::currentRowChanged, doc_, &Document::setAnimationIndex, Qt::QueuedConnection);
    connect(animations_, &QWidget::customContextMenuRequested, this, [this](const QPoint& at) {
        if (QListWidgetItem* item = animations_->itemAt(at))
            doc_->setAnimationIndex(animations_->row(item));
        QMenu menu(animations_);
        menu.setObjectName("clipListMenu");
        fillClipListMenu(&menu, doc_, window());
        menu.exec(animations_->viewport()->mapToGlobal(at));
    });
    connect(doc_, &Document::sceneChanged, this, &PropertiesPanel::rebuild);
    connect(doc_, &Document::meshChanged, this, &PropertiesPanel::rebuild);
    connect(doc_, &Document::edited, this, &PropertiesPanel::rebuild);
    connect(doc_, &Document::pathChanged, this, &PropertiesPanel::rebuild); // File > Path after Save As
    connect(doc_, &Document::selectionChanged, this, &PropertiesPanel::refreshBone);
    connect(doc_, &Document::poseChanged, this, &PropertiesPanel::refreshBone);
    rebuild();
}

void PropertiesPanel::rebuild()
{
    const Scene& s = doc_->scene();
    {
        const QSignalBlocker block(animations_);
        animations_->clear();
        for (const Animation& a : s.animations)
            animations_->addItem(QString::fromStdString(a.name.empty() ? "(unnamed)" : a.name));
        animations_->setCurrentRow(doc_->animationIndex());
    }
    animations_->setVisible(!s.animations.empty());
    // As high as its clips, up to eight rows (then it scrolls; the line below it drags), so that the
    // properties keep their room. Set when the number of clips changes, not on every edit, so that
    // where a person dragged the line stays.
    if (int(s.animations.size()) != shownClips_) {
        shownClips_ = int(s.animations.size());
        const int rowHeight = std::max(animations_->sizeHintForRow(0), animations_->fontMetrics().height());
        const int list = rowHeight * std::clamp(shownClips_, 1, 8) + 2 * animations_->frameWidth() + 2;
        animations_->setMinimumHeight(std::min(list, rowHeight + 2 * animations_->frameWidth() + 2));
        const int total = std::max(split_->height(), list * 4);
        split_->setSizes({list, total - list});
    }

    tree_->clear();
    auto* file = new QTreeWidgetItem(tree_, {tr("File")});
    // A retarget's result is saved nowhere yet: the source's path is where it came from, not where it is.
    const bool unsaved = doc_->needsSaveAs() && !doc_->isTemporaryCopy();
    row(file, tr("Path"), doc_->path().isEmpty() ? tr("(none)")
                          : unsaved              ? tr("not saved yet (made from %1)").arg(doc_->place())
                                                 : doc_->place());
    row(file, tr("Format"), QString::fromStdString(s.format));
    row(file, tr("Animations"), QString::number(s.animations.size()));

    const Animation& a = doc_->animation();
    auto* anim = new QTreeWidgetItem(tree_, {tr("Animation")});
    row(anim, tr("Name"), QString::fromStdString(a.name));
    auto* rate = row(anim, tr("Frame rate"), doc_->frameRateText());
    if (a.fpsFromKeys)
        rate->setToolTip(1, tr("The file has no frame rate: frames are shown at the rate of its key spacing; "
                               "key times are kept"));
    row(anim, tr("Duration"), tr("%1 s, %2 frames").arg(a.duration, 0, 'g', 6).arg(a.frameCount()));
    row(anim, tr("Tracks"), QString::number(a.tracks.size()));
    row(anim, tr("Keys"), QString::number(a.keyCount()));
    row(anim, tr("Notes"), QString::number(a.notes.size()));
    row(anim, tr("Looping"), a.looping ? tr("yes") : tr("no"));
    if (a.loopRange)
        row(anim, tr("Loop range"), tr("%1 s to %2 s").arg(a.loopRange->in, 0, 'g', 6).arg(a.loopRange->out, 0, 'g', 6));

    if (const BaseLayer* base = doc_->baseLayer()) {
        auto* b = row(anim, tr("Base"), QString::fromStdString(base->label));
        row(b, tr("Weight"), QString::number(base->weight, 'g', 4));
        row(b, tr("Timing"), base->frameTime ? tr("frame %1 held").arg(std::llround(*base->frameTime * base->animation.fps))
                                             : tr("plays with the animation, looping past its %1 s").arg(base->animation.duration, 0, 'g', 6));
    }

    auto* skel = new QTreeWidgetItem(tree_, {tr("Skeleton")});
    row(skel, tr("In use"), doc_->skeletonSource());
    if (const auto mesh = doc_->mesh()) {
        auto* m = row(skel, tr("Mesh"), tr("%1 vertices, %2 triangles").arg(mesh->positions.size()).arg(mesh->indices.size() / 3));
        row(m, tr("Source"), doc_->figureShown()    ? tr("the avatar figure (View > Avatar figure)")
                             : doc_->meshFromFile() ? tr("the file's own")
                                                    : doc_->meshPath().section('/', -1));
        row(m, tr("Skinning"), mesh->skinned() ? tr("up to 4 weights per vertex, %1 joints").arg(doc_->meshSkeleton()->size())
                                               : tr("none (rigid)"));
        const size_t single = std::min<size_t>(mesh->singleSidedIndices, mesh->indices.size()) / 3;
        row(m, tr("Faces"), single == mesh->indices.size() / 3 ? tr("single-sided (back faces hidden)")
                            : single == 0                      ? tr("two-sided")
                                                               : tr("%1 single-sided, %2 two-sided")
                                                                     .arg(single)
                                                                     .arg(mesh->indices.size() / 3 - single));
    }
    const QStringList unmatched = doc_->unmatchedTracks();
    auto* um = row(skel, tr("Unmatched tracks"), unmatched.isEmpty() ? tr("none") : QString::number(unmatched.size()));
    for (const QString& name : unmatched)
        row(um, QString(), name);

    bone_ = new QTreeWidgetItem(tree_, {tr("Bone")});
    tree_->expandAll();
    um->setExpanded(unmatched.size() <= 20);
    refreshBone();
}

void PropertiesPanel::refreshBone()
{
    if (!bone_)
        return;
    qDeleteAll(bone_->takeChildren());
    const int b = doc_->currentBone();
    const Skeleton& sk = doc_->skeleton();
    if (b < 0 || b >= int(sk.size())) {
        bone_->setText(1, tr("(none selected)"));
        return;
    }
    const Bone& bone = sk.bones[b];
    bone_->setText(1, QString::fromStdString(bone.name));
    row(bone_, tr("Parent"), bone.parent >= 0 ? QString::fromStdString(sk.bones[bone.parent].name) : tr("(root)"));
    row(bone_, tr("Rest translation"), vec(bone.restTranslation));
    row(bone_, tr("Rest rotation"), quat(bone.restRotation));
    if (b < int(doc_->pose().local.size())) {
        const BoneTransform& l = doc_->pose().local[b];
        row(bone_, tr("Translation"), vec(glm::dvec3(l.translation)));
        row(bone_, tr("Rotation"), quat(glm::dquat(l.rotation)));
        row(bone_, tr("Scale"), vec(glm::dvec3(l.scale)));
    }
    const int t = doc_->binding().trackOfBone[b];
    row(bone_, tr("Track"), t >= 0 ? QString::fromStdString(doc_->animation().tracks[t].name) : tr("(not animated)"));
    bone_->setExpanded(true);
}

} // namespace bonescope::gui
