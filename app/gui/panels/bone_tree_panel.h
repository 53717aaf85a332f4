#pragma once
// The bone tree dock: a name filter over the hierarchy (matching bones keep their ancestors) and a
// selection kept in step with the document both ways. The names get the room they need (the dock
// scrolls sideways when too narrow for a name of some length), the key counts narrow columns beside them.
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

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    // The name column as wide as the shown names need, at least the room the other columns leave.
    void fitNames();
    void fromView();
    void fromDocument();

    Document* doc_;
    BoneTreeModel* model_;
    QSortFilterProxyModel* proxy_;
    QLineEdit* filter_;
    QTreeView* view_;
    bool syncing_ = false;
    bool fitting_ = false;
    QString searchedIn_; // the file the search was typed for: another file starts without it
};

} // namespace bonescope::gui
