#include "app/gui/viewport/avatar_figure_menu.h"

#include <cstdio>
#include <memory>

#include <QActionGroup>
#include <QFileDialog>
#include <QInputDialog>
#include <QMenu>
#include <QMessageBox>

#include "app/gui/document/document.h"
#include "app/gui/document/scene_loading.h"
#include "app/gui/saving/file_filters.h"
#include "app/gui/viewport/up_axis_hint.h"
#include "formats/secondlife/avatar_skeleton.h"

namespace bonescope::gui {

using secondlife::AvatarShape;

AvatarFigureMenu::AvatarFigureMenu(Document* doc, QWidget* window, bool interactive)
    : QObject(window), doc_(doc), window_(window), interactive_(interactive)
{
    connect(doc_, &Document::sceneChanged, this, &AvatarFigureMenu::syncActions);
}

void AvatarFigureMenu::addTo(QMenu* menu)
{
    menu_ = menu->addMenu(tr("Avatar &figure"));
    menu_->menuAction()->setObjectName("avatarFigure");
    auto* group = new QActionGroup(this);
    auto choice = [&](const QString& label, const char* name, std::optional<AvatarShape> shape) {
        QAction* a = menu_->addAction(label);
        a->setObjectName(name);
        a->setCheckable(true);
        group->addAction(a);
        connect(a, &QAction::triggered, this, [this, shape] { setShape(shape); });
        return a;
    };
    off_ = choice(tr("&Off"), "avatarFigureOff", std::nullopt);
    female_ = choice(tr("&Female"), "avatarFigureFemale", AvatarShape::Female);
    male_ = choice(tr("&Male"), "avatarFigureMale", AvatarShape::Male);
    menu_->addSeparator();
    menu_->addAction(tr("&Attach prop..."), this, &AvatarFigureMenu::attachAsked)->setObjectName("attachProp");
    detach_ = menu_->addAction(tr("&Detach props"), this, &AvatarFigureMenu::detachAll);
    detach_->setObjectName("detachProps");
    syncActions();
}

void AvatarFigureMenu::syncActions()
{
    if (!menu_)
        return;
    // Only the avatar skeleton moves the figure: elsewhere the choice waits, kept, for the next one.
    menu_->menuAction()->setEnabled(secondlife::carriesAvatarBones(doc_->skeleton()));
    (shape_ == AvatarShape::Male ? male_ : shape_ == AvatarShape::Female ? female_ : off_)->setChecked(true);
    detach_->setEnabled(!props_.empty());
}

void AvatarFigureMenu::setShape(std::optional<AvatarShape> shape)
{
    shape_ = shape;
    apply();
}

bool AvatarFigureMenu::attachNow(const QString& point, const QString& file, QString* error)
{
    const int joint = secondlife::findBodyAttachmentPoint(point.toStdString());
    if (joint < 0) {
        *error = tr("%1 is not an attachment point of the avatar's body").arg(point);
        return false;
    }
    const LoadResult r = loadMeshFile(file);
    if (!r.scene) {
        *error = r.error;
        return false;
    }
    if (r.scene->mesh.indices.size() < 3) {
        *error = tr("%1: no mesh to attach").arg(file);
        return false;
    }
    const bool zUp = upAxisFor(r.scene->statedUp, r.scene->format, false) == render::UpAxis::Z;
    props_.push_back({joint, std::move(r.scene->mesh), std::move(r.scene->skeleton), zUp ? UpAxis::Z : UpAxis::Y});
    apply();
    return true;
}

void AvatarFigureMenu::detachAll()
{
    props_.clear();
    apply();
}

bool AvatarFigureMenu::applyCommandLine(const QString& figure, const QStringList& attach)
{
    if (!figure.isEmpty())
        setShape(secondlife::avatarShapeNamed(figure.toStdString()));
    for (const QString& spec : attach) {
        const qsizetype eq = spec.indexOf('=');
        QString error;
        if (!attachNow(spec.left(eq), spec.mid(eq + 1), &error)) {
            std::fprintf(stderr, "--attach %s: %s\n", qPrintable(spec), qPrintable(error));
            return false;
        }
    }
    return true;
}

void AvatarFigureMenu::attachAsked()
{
    const QString title = tr("Attach prop");
    QStringList names;
    for (int p : secondlife::bodyAttachmentPoints())
        names << QString::fromStdString(secondlife::avatarSkeleton().bones[p].name);
    bool ok = false;
    const QString point = QInputDialog::getItem(window_, title, tr("Attachment point:"), names,
                                                int(names.indexOf("Right Hand")), false, &ok);
    if (!ok)
        return;
    const QString file = QFileDialog::getOpenFileName(window_, tr("Prop to attach to %1").arg(point), QString(),
                                                      meshFileFilter());
    if (file.isEmpty())
        return;
    QString error;
    if (attachNow(point, file, &error))
        return;
    if (interactive_)
        QMessageBox::warning(window_, title, error);
    else
        std::fprintf(stderr, "%s\n", qPrintable(error));
}

void AvatarFigureMenu::apply()
{
    syncActions();
    if (!shape_ && props_.empty()) {
        doc_->setFigure(nullptr);
        return;
    }
    auto figure = std::make_shared<secondlife::AvatarFigure>(secondlife::buildAvatarFigure(shape_));
    for (const Prop& p : props_)
        secondlife::attachProp(*figure, p.point, p.mesh, p.skeleton, p.up);
    doc_->setFigure(std::move(figure));
}

} // namespace bonescope::gui
