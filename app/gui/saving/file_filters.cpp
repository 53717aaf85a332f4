#include "app/gui/saving/file_filters.h"

#include <QStringList>
#ifndef BONESCOPE_WITHOUT_ASSIMP
#include <assimp/Importer.hpp>
#endif

#include "formats/registry.h"

namespace bonescope::gui {

namespace {
QStringList patterns(const Format& f)
{
    QStringList out;
    for (const auto& e : f.extensions())
        out << "*." + QString::fromStdString(e);
    return out;
}
} // namespace

QString formatFilter(const Format& f)
{
    return QString("%1 (*.%2)").arg(QString::fromStdString(f.displayName()), QString::fromStdString(f.writtenExtension()));
}

QString animationFileFilter()
{
    QStringList all, each;
    for (const auto& f : Registry::instance().formats()) {
        all << patterns(*f);
        each << QString("%1 (%2)").arg(QString::fromStdString(f->displayName()), patterns(*f).join(' '));
    }
    all.removeDuplicates(); // the Dash variants share .dmf and .dmx
    return QString("All supported (%1);;%2;;All files (*)").arg(all.join(' '), each.join(";;"));
}

QString meshFileFilter()
{
#ifdef BONESCOPE_WITHOUT_ASSIMP
    return "Files with a skeleton (*.anim *.ani *.dmf *.dmx *.semodel *.cast);;All files (*)";
#else
    aiString list; // "*.3ds;*.obj;..."
    Assimp::Importer().GetExtensionList(list);
    const QString assimp = QString::fromUtf8(list.C_Str()).replace(';', ' ');
    return QString("Common meshes (*.glb *.gltf *.fbx *.dae *.semodel *.cast);;Game models (*.semodel *.cast *.md5mesh "
                   "*.x *.ms3d *.b3d *.pmx *.mesh *.mesh.xml *.mdl *.iqm);;"
                   "Everything Assimp reads (%1);;All files (*)")
        .arg(assimp);
#endif
}

} // namespace bonescope::gui
