#pragma once
// File > Check for Second Life upload: the rules `bonescope-cli validate --target secondlife` applies
// (size, joints, static joints, constraints and their chains, durations, priorities) run on the open
// document, each finding listed, and a button for each fix that exists: apply the base priority to
// every joint, remove the joints that never move, and export an .anim optimised for upload.
#include <QDialog>
#include <QStringList>

class QLabel;
class QListWidget;
class QPushButton;

namespace bonescope::gui {

class Document;
class SaveController;

class UploadCheckDialog : public QDialog {
    Q_OBJECT
public:
    UploadCheckDialog(Document* doc, SaveController* saves, QWidget* parent);

    QStringList findings() const; // as listed, "Error: ..." / "Warning: ..."
    QString summary() const;      // the sentence above them
    void recheck();               // after a fix: the rules again on the document as it is now

private:
    Document* doc_;
    SaveController* saves_;
    QLabel* summary_;
    QListWidget* list_;
    QPushButton* applyBase_;
    QPushButton* removeStatic_;
    QPushButton* optimize_;
};

} // namespace bonescope::gui
