#include "app/gui/dialogs/mesh_mismatch.h"

#include <QMessageBox>
#include <QPushButton>

#include "app/gui/document/skeleton_mesh_fit.h"

namespace bonescope::gui {

QString meshMismatchWords(const QString& meshName, const MeshFit& fit)
{
    if (fit.matched == 0)
        return QObject::tr("None of the %1 bones this animation moves is in %2: the mesh would stand still beside it.")
            .arg(fit.names)
            .arg(meshName);
    return QObject::tr("Only %1 of the %2 bones this animation moves are in %3: most of the mesh would stand still.")
        .arg(fit.matched)
        .arg(fit.names)
        .arg(meshName);
}

MeshMismatchChoice askAboutMismatchedMesh(QWidget* parent, const QString& meshName, const MeshFit& fit, bool interactive)
{
    if (!interactive)
        return MeshMismatchChoice::Load;
    QMessageBox box(QMessageBox::Question, QObject::tr("The skeleton mesh does not fit"), meshMismatchWords(meshName, fit),
                    QMessageBox::Cancel, parent);
    box.setInformativeText(QObject::tr("To play this animation on that character, retarget it onto the mesh: "
                                       "Bonescope then matches the bones by their place in the body, not by their names."));
    QPushButton* retarget = box.addButton(QObject::tr("Retarget onto it..."), QMessageBox::AcceptRole);
    QPushButton* load = box.addButton(QObject::tr("Load anyway"), QMessageBox::ApplyRole);
    retarget->setObjectName("retargetOntoMesh");
    load->setObjectName("loadMeshAnyway");
    box.setDefaultButton(retarget);
    box.setEscapeButton(QMessageBox::Cancel);
    box.exec();
    if (box.clickedButton() == retarget)
        return MeshMismatchChoice::Retarget;
    if (box.clickedButton() == load)
        return MeshMismatchChoice::Load;
    return MeshMismatchChoice::Cancel;
}

} // namespace bonescope::gui
