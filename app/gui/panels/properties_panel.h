#pragma once
// The properties dock: the file's animations (a list whose context menu splits, extracts, merges and
// saves clips: dialogs/clip_list_menu.h), the animation, the skeleton and mesh in use (with the tracks
// that found no bone), and the current bone's rest and posed transforms.
#include <QWidget>

class QListWidget;
class QSplitter;
class QTreeWidget;
class QTreeWidgetItem;

namespace bonescope::gui {

class Document;

class PropertiesPanel : public QWidget {
    Q_OBJECT
public:
    explicit PropertiesPanel(Document* doc, QWidget* parent = nullptr);
    QTreeWidget* tree() const { return tree_; }
    QListWidget* animationList() const { return animations_; }

private:
    void rebuild();
    void refreshBone();

    Document* doc_;
    QSplitter* split_; // the clip list above, the properties below
    QListWidget* animations_;
    int shownClips_ = -1; // the clip count the list's height was set for
    QTreeWidget* tree_;
    QTreeWidgetItem* bone_ = nullptr;
};

} // namespace bonescope::gui
