#include "app/gui/dialogs/root_motion_menu.h"

#include <QMenu>
#include <QMessageBox>

#include "app/gui/commands/scene_edit_command.h"
#include "app/gui/document/document.h"
#include "core/retarget/root_motion.h"
#include "formats/registry.h"

namespace bonescope::gui {

namespace {

enum class Op { InPlace, Extract, Restore };

void run(Document* doc, QWidget* parent, Op op, const QString& text)
{
    QString error;
    editScene(doc, text, [&](Scene& s) {
        Animation* a = s.currentAnimation();
        if (!a)
            return false;
        const Format* f = Registry::instance().byId(s.format);
        if (op != Op::InPlace && (s.skeleton.empty() || (f && f->capabilities().fixedSkeleton))) {
            error = QMenu::tr("This file has no skeleton of its own to hold a root bone (%1): use In place, or export to "
                              "a format that carries a skeleton (glTF, Cast, Dash, BVH) first.")
                        .arg(f ? QString::fromStdString(f->displayName()) : QString::fromStdString(s.format));
            return false;
        }
        const Skeleton& rig = s.skeleton.empty() ? doc->skeleton() : s.skeleton;
        try {
            const int hips = travelBone(*a, rig);
            if (op == Op::InPlace)
                removeTravel(*a, rig, hips);
            else if (op == Op::Extract)
                extractTravel(*a, s.skeleton, hips);
            else
                restoreTravel(*a, s.skeleton, hips);
        } catch (const std::exception& e) {
            error = QString::fromUtf8(e.what());
            return false;
        }
        return true;
    });
    if (!error.isEmpty())
        QMessageBox::information(parent, text, error);
}

} // namespace

void addRootMotionMenu(QMenu* clip, Document* doc, QWidget* parent)
{
    QMenu* m = clip->addMenu(QMenu::tr("Root &motion"));
    m->addAction(QMenu::tr("&In place (remove the travel)"), parent,
                 [doc, parent] { run(doc, parent, Op::InPlace, QMenu::tr("Root motion in place")); });
    m->addAction(QMenu::tr("&Extract to a root bone"), parent,
                 [doc, parent] { run(doc, parent, Op::Extract, QMenu::tr("Extract root motion")); });
    m->addAction(QMenu::tr("&Put back into the hips"), parent,
                 [doc, parent] { run(doc, parent, Op::Restore, QMenu::tr("Put root motion back")); });
}

} // namespace bonescope::gui
