#pragma once
// Save, Save As, Export and "save changes first?" for the window. Save writes the document's own
// format (an unedited file comes out byte for byte); Export converts to another format after showing
// what the target cannot carry. Failures keep the original file and the document's changes, and say
// why (a dialog, or lastError() when not interactive).
#include <QObject>
#include <QStringList>

#include "app/gui/save_file.h"

class QWidget;

namespace bonescope::gui {

class Document;

class SaveController : public QObject {
    Q_OBJECT
public:
    SaveController(Document* doc, QWidget* window, bool interactive);

    void setWriter(SaveWriter writer) { writer_ = std::move(writer); }

    bool save();                                  // Save As when the document has no writable path
    bool saveAs(QString path = {});               // same format, new path; a dialog when empty
    // Another format (by id; from the path's extension when empty). A dialog when the path is empty.
    bool exportTo(QString path = {}, QString formatId = {});
    // Before closing or opening another file: true when the caller may go on (saved, discarded or
    // nothing to save). Not interactive: unsaved changes are discarded.
    bool maybeSave();

    QString lastError() const { return lastError_; }
    QStringList lastExportReport() const { return lastReport_; }

signals:
    void saved(const QString& path);

private:
    bool fail(const QString& title, const QString& why);

    Document* doc_;
    QWidget* window_;
    bool interactive_;
    SaveWriter writer_ = writeWithSaveFile;
    QString lastError_;
    QStringList lastReport_;
};

} // namespace bonescope::gui
