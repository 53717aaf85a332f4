#include "app/gui/dialogs/base_layer_action.h"

#include <algorithm>
#include <cmath>

#include <QFileDialog>
#include <QFileInfo>
#include <QMenu>
#include <QMessageBox>

#include "app/gui/dialogs/base_layer_dialog.h"
#include "app/gui/commands/scene_edit_command.h"
#include "app/gui/document/document.h"
#include "app/gui/saving/file_filters.h"
#include "app/gui/document/scene_loading.h"
#include "core/playback/bake.h"
#include "core/playback/binding.h"

namespace bonescope::gui {

QString baseLayerText(const BaseLayer& base)
{
    QString text = QObject::tr("%1, weight %2").arg(QString::fromStdString(base.label)).arg(base.weight, 0, 'g', 4);
    if (base.frameTime)
        text += QObject::tr(", frame %1 held").arg(std::llround(*base.frameTime * base.animation.fps));
    return text;
}

void layerOnBase(QWidget* parent, Document* doc)
{
    const QString title = QObject::tr("Layer on base");
    if (doc->isEmpty() || doc->scene().animations.empty()) {
        QMessageBox::information(parent, title, QObject::tr("Open an animation first."));
        return;
    }
    const QString path = QFileDialog::getOpenFileName(parent, QObject::tr("Layer on base: choose the base animation"),
                                                      doc->dialogFolder(), animationFileFilter());
    if (path.isEmpty())
        return;
    const LoadResult r = loadAnimationFile(path);
    if (!r.scene) {
        QMessageBox::warning(parent, title, r.error);
        return;
    }
    if (r.scene->animations.empty()) {
        QMessageBox::warning(parent, title, QObject::tr("%1 holds no animation to use as a base.").arg(path));
        return;
    }
    const QString fileName = QFileInfo(path).fileName();
    BaseLayerDialog dialog(*r.scene, fileName, doc->baseLayer() ? doc->baseLayer()->weight : 1.0, parent);
    if (dialog.exec() != QDialog::Accepted || dialog.animationIndex() < 0)
        return;
    BaseLayer base;
    const int index = dialog.animationIndex();
    base.animation = r.scene->animations[index];
    base.label = fileName.toStdString();
    if (r.scene->animations.size() > 1)
        base.label += ":" + (base.animation.name.empty() ? std::to_string(index) : base.animation.name);
    base.frameTime = dialog.frameTime();
    base.weight = dialog.weight();
    // A base whose tracks name none of the bones would change nothing: say so rather than stay silent.
    const Binding b = Binding::bind(base.animation, doc->skeleton());
    const bool binds = std::any_of(b.trackOfBone.begin(), b.trackOfBone.end(), [](int t) { return t >= 0; });
    doc->setBaseLayer(std::move(base));
    if (!binds && !doc->scene().skeleton.empty())
        QMessageBox::information(parent, title,
                                 QObject::tr("No track of %1 names a bone of this skeleton: the base adds nothing.")
                                     .arg(fileName));
}

void bakeToAbsoluteEdit(Document* doc)
{
    const BaseLayer* base = doc->baseLayer();
    if (!base)
        return;
    const Skeleton skeleton = doc->skeleton(); // what the layer plays on (the flat one included)
    editScene(doc, QObject::tr("Bake to absolute"), [&](Scene& s) {
        Animation* a = s.currentAnimation();
        if (!a)
            return false;
        Animation baked = bake(*a, *base, skeleton, {0, true});
        std::erase_if(baked.tracks, [](const Track& t) { return t.keyCount() == 0; });
        *a = std::move(baked);
        return true;
    });
}

void addBaseLayerActions(QMenu* menu, Document* doc, QWidget* parent)
{
    menu->addSeparator();
    QAction* layer = menu->addAction(QMenu::tr("&Layer on base..."), parent, [doc, parent] { layerOnBase(parent, doc); });
    QAction* bake = menu->addAction(QMenu::tr("&Bake to absolute"), parent, [doc] { bakeToAbsoluteEdit(doc); });
    QAction* clear = menu->addAction(QMenu::tr("&Clear base"), parent, [doc] { doc->setBaseLayer(std::nullopt); });
    layer->setObjectName("layerOnBase");
    bake->setObjectName("bakeToAbsolute");
    clear->setObjectName("clearBase");
    // After the menu's own enabling (connected before): these two need a base.
    auto update = [doc, bake, clear] {
        bake->setEnabled(doc->baseLayer());
        clear->setEnabled(doc->baseLayer());
    };
    QObject::connect(doc, &Document::sceneChanged, bake, update);
    QObject::connect(menu, &QMenu::aboutToShow, bake, update);
    update();
}

} // namespace bonescope::gui
