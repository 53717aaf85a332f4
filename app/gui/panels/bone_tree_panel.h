#pragma once
// The bone tree dock: a name filter over the hierarchy (matching bones keep their ancestors) and a
// selection kept in step with the document both ways.
#include <QString>
#include <QWidget>

class QLineEdit;
class QSortFilterProxyModel;
class QTreeView;

namespace bonescope::gui {

class BoneTreeModel;
class Document;

class BoneTreePanel : public QWidget {
    Q_OBJECT
public:
    explicit BoneTreePanel(Document* doc, QWidget* parent = nullptr);
    QTreeView* view() const { return view_; }
    QLineEdit* filter() const { return filter_; }
    BoneTreeModel* model() const { return model_; }
    QSortFilterProxyModel* proxy() const { return proxy_; }

private:
    void fromView();
    void fromDocument();

    Document* doc_;
    BoneTreeModel* model_;
    QSortFilterProxyModel* proxy_;
    QLineEdit* filter_;
    QTreeView* view_;
    bool syncing_ = false;
    QString searchedIn_; // the file the search was typed for: another file starts without it
};

} // namespace bonescope::gui
