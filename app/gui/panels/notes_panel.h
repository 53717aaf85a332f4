#pragma once
// The notes (notetrack) dock: one row per note with its frame and name, both editable in place;
// Add puts a note at the current frame, Delete removes the selected one. Several notes may share a
// frame. Every change is one undo step; markers on the dope sheet's notes row drag the same notes.
#include <QWidget>

class QLabel;
class QPushButton;
class QTableWidget;
class QTableWidgetItem;

namespace bonescope::gui {

class Document;

class NotesPanel : public QWidget {
    Q_OBJECT
public:
    explicit NotesPanel(Document* doc, QWidget* parent = nullptr);
    QTableWidget* table() const { return table_; }
    QPushButton* addButton() const { return add_; }
    QPushButton* deleteButton() const { return delete_; }

public slots:
    void addNote();
    void deleteNote();

private:
    void refresh();
    void onItemChanged(QTableWidgetItem* item);

    Document* doc_;
    QTableWidget* table_;
    QPushButton* add_;
    QPushButton* delete_;
    QLabel* hint_;
};

} // namespace bonescope::gui
