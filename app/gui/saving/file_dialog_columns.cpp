#include "app/gui/saving/file_dialog_columns.h"
#include "app/gui/app_event_filter.h"

#include <algorithm>

#include <QApplication>
#include <QEvent>
#include <QFileDialog>
#include <QHeaderView>
#include <QScreen>
#include <QTreeView>

namespace bonescope::gui {

namespace {

// An application-wide filter: the static QFileDialog functions make their dialog out of reach.
class FileDialogColumns : public QObject {
public:
    using QObject::QObject;

protected:
    bool eventFilter(QObject* watched, QEvent* e) override
    {
        if (e->type() == QEvent::Show)
            if (auto* dialog = qobject_cast<QFileDialog*>(watched))
                fitFileDialogColumns(*dialog);
        return QObject::eventFilter(watched, e);
    }
};

} // namespace

void fitFileDialogColumns(QFileDialog& dialog)
{
    auto* tree = dialog.findChild<QTreeView*>("treeView");
    if (!tree)
        return;
    QHeaderView* header = tree->header();
    header->setStretchLastSection(false);
    header->setSectionResizeMode(0, QHeaderView::Stretch);
    for (int column = 1; column < header->count(); ++column)
        header->setSectionResizeMode(column, QHeaderView::ResizeToContents);
    // Qt's first size (about 520 px of list) left the name a third of it beside whole sizes and dates.
    const QRect screen = dialog.screen()->availableGeometry();
    const int wide = std::min(1000, screen.width() * 3 / 4);
    if (dialog.width() < wide)
        dialog.resize(wide, std::max(dialog.height(), std::min(600, screen.height() * 3 / 4)));
}

void fitEveryFileDialogsColumns()
{
    installAppFilterOnce<FileDialogColumns>("fileDialogColumns");
}

} // namespace bonescope::gui
