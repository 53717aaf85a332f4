#pragma once
// View > Avatar figure: a body for Second Life animations (Off, Female, Male: formats/secondlife/
// avatar_figure.h) and props attached to its attachment points, handed to the Document, which draws
// them skinned to the animated avatar skeleton. Offered while the skeleton in use is the avatar's.
#include <optional>
#include <vector>

#include <QObject>
#include <QString>
#include <QStringList>

#include "core/math/axis_conversion.h"
#include "core/model/mesh.h"
#include "core/model/skeleton.h"
#include "formats/secondlife/avatar_figure.h"

class QAction;
class QMenu;
class QWidget;

namespace bonescope::gui {

class Document;

class AvatarFigureMenu : public QObject {
    Q_OBJECT
public:
    // `window` parents the dialogs; errors go to a dialog when `interactive`, else to stderr.
    AvatarFigureMenu(Document* doc, QWidget* window, bool interactive);

    // Adds the "Avatar figure" submenu to `menu`.
    void addTo(QMenu* menu);

    void setShape(std::optional<secondlife::AvatarShape> shape);
    std::optional<secondlife::AvatarShape> shape() const { return shape_; }
    // Loads the mesh file `file` (anything "Load skeleton mesh" reads) onto the body attachment point
    // named `point`. False, with `error` set, when either cannot be had.
    bool attachNow(const QString& point, const QString& file, QString* error);
    void detachAll();
    // --figure and --attach (app/gui/command_line.h), already checked for form: false, the error
    // printed, when a point or a file cannot be had.
    bool applyCommandLine(const QString& figure, const QStringList& attach);
    int propCount() const { return int(props_.size()); }

private:
    struct Prop {
        int point; // avatarSkeleton() index
        Mesh mesh;
        Skeleton skeleton;
        UpAxis up;
    };
    void attachAsked(); // the dialogs: a point, then a file
    void apply();       // the figure as now chosen, to the document
    void syncActions();

    Document* doc_;
    QWidget* window_;
    bool interactive_;
    std::optional<secondlife::AvatarShape> shape_;
    std::vector<Prop> props_;
    QMenu* menu_ = nullptr;
    QAction* off_ = nullptr;
    QAction* female_ = nullptr;
    QAction* male_ = nullptr;
    QAction* detach_ = nullptr;
};

} // namespace bonescope::gui
