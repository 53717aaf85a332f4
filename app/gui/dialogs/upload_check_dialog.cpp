#include "app/gui/dialogs/upload_check_dialog.h"

#include <set>

#include <QDialogButtonBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QVBoxLayout>

#include "app/gui/commands/edit_commands.h"
#include "app/gui/commands/scene_edit_command.h"
#include "app/gui/document/document.h"
#include "app/gui/saving/report_words.h"
#include "app/gui/saving/save_controller.h"
#include "formats/convert/bvh_to_secondlife.h"
#include "formats/convert/upload_findings.h"
#include "formats/secondlife/joint_priorities.h"
#include "formats/secondlife/secondlife_adapter.h"
#include "formats/secondlife/secondlife_extra.h"
#include "formats/secondlife/secondlife_upload.h"
#include "app/gui/counted_words.h"

namespace bonescope::gui {

namespace {

const SecondLifeExtra* slExtra(const Document* doc)
{
    const Animation* a = doc->scene().currentAnimation();
    return doc->scene().format == "secondlife" && a ? a->extra.as<SecondLifeExtra>() : nullptr;
}

// The tracks of an .anim the uploader drops because they never move (secondlife_upload.h).
std::set<std::string> staticJoints(const Document* doc)
{
    std::set<std::string> out;
    if (!slExtra(doc))
        return out;
    for (const Track& t : doc->animation().tracks)
        if (secondlife::isStaticJoint(t))
            out.insert(t.name);
    return out;
}

} // namespace

UploadCheckDialog::UploadCheckDialog(Document* doc, SaveController* saves, QWidget* parent)
    : QDialog(parent), doc_(doc), saves_(saves), summary_(new QLabel(this)), list_(new QListWidget(this)),
      applyBase_(new QPushButton(tr("Apply base priority to all joints"), this)),
      removeStatic_(new QPushButton(tr("Remove joints that never move"), this)),
      optimize_(new QPushButton(tr("Export optimised for upload..."), this))
{
    setWindowTitle(tr("Check for Second Life upload"));
    setObjectName("uploadCheck");
    summary_->setWordWrap(true);
    list_->setWordWrap(true);
    list_->setObjectName("uploadFindings");
    applyBase_->setObjectName("applyBasePriorityToAll");
    removeStatic_->setObjectName("removeStaticJoints");
    optimize_->setObjectName("exportOptimized");
    optimize_->setToolTip(tr("Writes an .anim without the joints that never move and without the keys the viewer's "
                             "interpolation gives back within 0.1 degree and 1 mm"));
    connect(applyBase_, &QPushButton::clicked, this, [this] {
        editExtra<SecondLifeExtra>(doc_, tr("Apply base priority to joints"), [](SecondLifeExtra& e, Scene& s) {
            secondlife::applyBaseToJoints(*s.currentAnimation(), e);
        });
        recheck();
    });
    connect(removeStatic_, &QPushButton::clicked, this, [this] {
        const std::set<std::string> still = staticJoints(doc_);
        editAnimation(doc_, tr("Remove joints that never move"), [&](Animation& a) {
            // The viewer needs at least one joint: the first stays when all are still.
            std::set<std::string> gone = still;
            if (gone.size() >= a.tracks.size() && !a.tracks.empty())
                gone.erase(a.tracks.front().name);
            std::erase_if(a.tracks, [&](const Track& t) { return gone.count(t.name) > 0; });
            if (a.extra)
                a.extra.get()->dropTracks(gone);
            return !gone.empty();
        });
        recheck();
    });
    connect(optimize_, &QPushButton::clicked, this, [this] {
        if (saves_->exportTo({}, "sl-anim-optimized"))
            accept();
    });

    auto* fixes = new QHBoxLayout;
    fixes->addWidget(applyBase_);
    fixes->addWidget(removeStatic_);
    fixes->addWidget(optimize_);
    fixes->addStretch();
    auto* close = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(close, &QDialogButtonBox::rejected, this, &QDialog::reject);
    // Enter closes: a fix changes the animation (a reset animation's own joint priorities are the
    // file's point), so none is ever the button Enter presses.
    for (QPushButton* fix : {applyBase_, removeStatic_, optimize_})
        fix->setAutoDefault(false);
    close->button(QDialogButtonBox::Close)->setDefault(true);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(summary_);
    layout->addWidget(list_, 1);
    layout->addLayout(fixes);
    layout->addWidget(close);
    resize(720, 420);
    recheck();
}

QStringList UploadCheckDialog::findings() const
{
    QStringList out;
    for (int i = 0; i < list_->count(); ++i)
        out << list_->item(i)->text();
    return out;
}

QString UploadCheckDialog::summary() const { return summary_->text(); }

void UploadCheckDialog::recheck()
{
    list_->clear();
    int errors = 0;
    for (const Finding& f : uploadFindings(doc_->scene())) {
        const bool error = f.severity == Finding::Severity::Error;
        errors += error;
        list_->addItem((error ? tr("Error: %1") : tr("Warning: %1")).arg(windowWords(f)));
    }
    const SecondLifeExtra* e = slExtra(doc_);
    const size_t away = e ? secondlife::jointsAwayFromBase(doc_->animation(), *e) : 0;
    if (away)
        list_->addItem(tr("Note: %1 of %2 %3 at their own priority, not the base priority %4; changing "
                          "the base does not change them")
                           .arg(away)
                           .arg(countedWords(qint64(doc_->animation().tracks.size()), "joint"), agreeWords(qint64(away), "plays", "play"))
                           .arg(e->basePriority));
    QString summary = errors ? tr("The uploader refuses this animation as it is (%1).").arg(countedWords(errors, "error"))
                      : list_->count() ? tr("The uploader takes this animation; read the notes below.")
                                       : tr("No problems found: the uploader takes this animation.");
    // Bones that are not the avatar's (a mocap BVH's Hips, LeftUpLeg...) need no renaming by hand: an
    // export for Second Life maps them (a first-use pass read 29 "rename it" errors as work to do).
    const Scene& scene = doc_->scene();
    if (errors && !scene.skeleton.empty() && !secondlife::playsOnAvatar(scene.skeleton) &&
        !(scene.format == "bvh" && namesAvatarPelvis(scene)))
        summary += " " + tr("Its bones are not the avatar's joints: File > Export... to a Second Life destination (or "
                            "\"Export optimised for upload\" below) maps them onto the avatar for you, showing the map "
                            "first, and writes a file the uploader takes. The list below is about this file as it is.");
    summary_->setText(summary);
    applyBase_->setEnabled(away > 0);
    removeStatic_->setEnabled(!staticJoints(doc_).empty());
    optimize_->setEnabled(!doc_->isEmpty() && doc_->scene().currentAnimation());
}

} // namespace bonescope::gui
