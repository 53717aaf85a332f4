#include "app/gui/dialogs/retarget_action.h"

#include <QFileDialog>
#include <QMessageBox>
#include <QUndoStack>

#include "app/gui/document/document.h"
#include "app/gui/saving/file_filters.h"
#include "app/gui/dialogs/retarget_dialog.h"
#include "formats/convert/prepare.h"
#include "formats/registry.h"
#include "formats/skeleton_source.h"

namespace bonescope::gui {

void retargetDocument(QWidget* parent, Document* doc)
{
    if (doc->isEmpty() || doc->scene().animations.empty()) {
        QMessageBox::information(parent, QObject::tr("Retarget"), QObject::tr("Open an animation first."));
        return;
    }
    const QString rigPath = QFileDialog::getOpenFileName(parent, QObject::tr("Retarget: choose the skeleton to play on"),
                                                         doc->dialogFolder(), meshFileFilter());
    if (rigPath.isEmpty())
        return;
    ConvertOptions options;
    try {
        options.targetSkeleton = loadSkeletonSource(rigPath.toStdString());
    } catch (const std::exception& e) {
        QMessageBox::warning(parent, QObject::tr("Retarget"), QString::fromUtf8(e.what()));
        return;
    }
    RetargetDialog dialog(doc->skeleton(), *options.targetSkeleton, parent);
    if (dialog.exec() != QDialog::Accepted)
        return;
    options.boneMap = dialog.map();

    // glTF keeps the common meaning as it is (skeleton, several animations), so the result is
    // shown exactly as retargeting made it.
    const Format& common = *Registry::instance().byId("assimp");
    std::vector<std::string> report;
    Scene source = doc->scene();
    if (source.skeleton.empty())
        source.skeleton = doc->skeleton(); // the skeleton mesh (or the flat one) the document plays on
    try {
        Scene result = prepareForTarget(source, common, options, report);
        doc->setScene(std::move(result), doc->path());
        // The result is new work in another format: modified until saved, and Save asks for a name
        // (saving it over the source file would replace the user's original animation).
        doc->setNeedsSaveAs(true);
        doc->undoStack()->resetClean();
    } catch (const std::exception& e) {
        QMessageBox::warning(parent, QObject::tr("Retarget"), QString::fromUtf8(e.what()));
        return;
    }
    if (!report.empty()) {
        QStringList lines;
        for (const std::string& l : report)
            lines << QString::fromStdString(l);
        QMessageBox::information(parent, QObject::tr("Retarget"), lines.join("\n"));
    }
}

} // namespace bonescope::gui
