#include "app/gui/dialogs/retarget_action.h"

#include <QFileDialog>
#include <QFileInfo>
#include <QMessageBox>
#include <QUndoCommand>
#include <QUndoStack>

#include "app/gui/commands/scene_edit_command.h"
#include "app/gui/dialogs/retarget_dialog.h"
#include "app/gui/document/document.h"
#include "app/gui/saving/file_filters.h"
#include "app/gui/saving/report_words.h"
#include "formats/convert/prepare.h"
#include "formats/registry.h"
#include "formats/skeleton_source.h"

namespace bonescope::gui {

namespace {

// The skeleton mesh the document plays on, swapped as an undo step: after a retarget the animation
// plays on the rig's own mesh (carried in the scene), so a skeleton mesh loaded for the source
// character must make way, and come back on undo.
class SkeletonMeshCommand : public QUndoCommand {
public:
    SkeletonMeshCommand(Document* doc, Scene after, QString afterPath, QUndoCommand* parent)
        : QUndoCommand(parent), doc_(doc), before_(doc->skeletonMeshScene()), beforePath_(doc->meshPath()),
          after_(std::move(after)), afterPath_(std::move(afterPath))
    {
    }
    void redo() override { set(after_, afterPath_); }
    void undo() override { set(before_, beforePath_); }

private:
    void set(const Scene& s, const QString& path)
    {
        if (path.isEmpty())
            doc_->clearSkeletonMesh();
        else
            doc_->setSkeletonMesh(s, path);
    }
    Document* doc_;
    Scene before_;
    QString beforePath_;
    Scene after_;
    QString afterPath_;
};

} // namespace

bool retargetDocument(QWidget* parent, Document* doc, QString rigPath)
{
    if (doc->isEmpty() || doc->scene().animations.empty()) {
        QMessageBox::information(parent, QObject::tr("Retarget"), QObject::tr("Open an animation first."));
        return false;
    }
    if (rigPath.isEmpty())
        rigPath = QFileDialog::getOpenFileName(parent, QObject::tr("Retarget: choose the skeleton to play on"),
                                               doc->dialogFolder(), meshFileFilter());
    if (rigPath.isEmpty())
        return false;
    ConvertOptions options;
    SkeletonSource rig;
    try {
        rig = loadSkeletonScene(rigPath.toStdString());
    } catch (const std::exception& e) {
        QMessageBox::warning(parent, QObject::tr("Retarget"), QString::fromUtf8(e.what()));
        return false;
    }
    options.targetSkeleton = rig.scene.skeleton;
    if (!rig.scene.mesh.empty())
        options.targetMesh = rig.scene.mesh; // the motion plays on the rig's own character
    Scene source = doc->scene();
    if (source.skeleton.empty())
        source.skeleton = doc->skeleton(); // the skeleton mesh (or the flat one) the document plays on
    // The dialog measures the clip as the conversion will see it: in the common frame, on that skeleton.
    Scene common = source;
    if (const Format* from = Registry::instance().byId(common.format))
        from->toCommon(common);
    const Animation* clip = common.currentAnimation();
    RetargetDialog dialog(common.skeleton.empty() ? doc->skeleton() : common.skeleton, *options.targetSkeleton, parent, clip);
    if (dialog.exec() != QDialog::Accepted)
        return false;
    options.boneMap = dialog.map();

    // glTF keeps the common meaning as it is (skeleton, several animations), so the result is
    // shown exactly as retargeting made it.
    const Format& gltf = *Registry::instance().byId("gltf"); // Bonescope's own: in every build
    Report report;
    // A clip without a name (BVH has none) is named after its file: saved as "animation0" it was lost
    // among the user's other clips.
    for (Animation& a : source.animations)
        if (a.name.empty())
            a.name = QFileInfo(doc->path()).completeBaseName().toStdString();
    try {
        Scene result = prepareForTarget(std::move(source), gltf, options, report);
        // The result is new work in another format: Save asks for a name (saving it over the source
        // file would replace the user's original animation). Said before the scene changes, so that
        // the panels built for it say so too.
        doc->setNeedsSaveAs(true);
        QUndoStack* undo = doc->undoStack();
        undo->beginMacro(QObject::tr("Retarget onto %1").arg(QFileInfo(rigPath).fileName()));
        if (!doc->meshPath().isEmpty())
            undo->push(new SkeletonMeshCommand(doc, Scene{}, QString(), nullptr));
        pushScene(doc, QObject::tr("Retarget"), std::move(result));
        undo->endMacro();
    } catch (const std::exception& e) {
        QMessageBox::warning(parent, QObject::tr("Retarget"), windowWords(e));
        return false;
    }
    if (!report.empty())
        QMessageBox::information(parent, QObject::tr("Retarget"), windowWords(report).join("\n"));
    return true;
}

} // namespace bonescope::gui
