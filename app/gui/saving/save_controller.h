#pragma once
// Save, Save As, Export and "save changes first?" for the window. Save writes the document's own
// format (an unedited file comes out byte for byte); Export converts to another format after showing
// what the target cannot carry. Failures keep the original file and the document's changes, and say
// why (a dialog, or lastError() when not interactive). A save onto a file that another program has
// rewritten since it was opened asks first; an export onto the open document reopens it afterwards,
// so the window always shows what the file holds.
#include <functional>

#include <QObject>
#include <QStringList>

#include "app/gui/saving/save_file.h"

class QWidget;

namespace bonescope {
struct ConvertOptions;
}

namespace bonescope::gui {

class Document;

class SaveController : public QObject {
    Q_OBJECT
public:
    SaveController(Document* doc, QWidget* window, bool interactive);

    // The writer every save and export goes through (tests inject failing ones).
    void setWriter(SaveWriter writer) { writer_ = std::move(writer); }

    // The file was changed by another program since it was opened: what to do at a save.
    enum class DiskChanged { Overwrite, SaveAs, Reload, Cancel };
    // Replaces the question (tests). Default: a dialog when interactive, else Cancel.
    void setDiskChangedAnswer(std::function<DiskChanged(const QString& path)> answer) { askDiskChanged_ = std::move(answer); }
    // Replaces the "this is the open document" question of Export (tests). Default: a dialog when
    // interactive, else refuse.
    void setExportOntoOpenAnswer(std::function<bool(const QString& path)> answer) { askExportOntoOpen_ = std::move(answer); }

    bool save();                                  // Save As when the document has no writable path
    bool saveAs(QString path = {});               // same format, new path; a dialog when empty
    // A destination or format (by id: app/gui/saving/export_destination.h; from the path's extension
    // when empty). A dialog when the path is empty, with that destination selected. Second Life destinations from a skeleton that is
    // not the avatar's show the joint map first (setAvatarMapAnswer).
    bool exportTo(QString path = {}, QString destinationId = {});
    // Before closing or opening another file: true when the caller may go on (saved, discarded or
    // nothing to save). Not interactive: unsaved changes are discarded.
    bool maybeSave();

    QString lastError() const { return lastError_; }
    QStringList lastExportReport() const { return lastReport_; }
    // What the last export's destination did besides converting (an optimisation's sizes), or "".
    QString lastExportSummary() const { return lastSummary_; }

signals:
    void saved(const QString& path);
    // An export was written: the file, its format's name, and how many losses its report listed.
    void exported(const QString& path, const QString& format, int losses);
    // The user chose to reload the document from disk instead of saving over another program's
    // version (the window's file watcher does it).
    void reloadRequested();
    // The open document's file was replaced by an export and read back.
    void reopened(const QString& path);

private:
    QString unsavedName() const; // the document as the unsaved-changes question names it
    // Where Save As and Export offer to write: the document's own path, or the user's documents
    // folder for a copy Bonescope made (the demo, an untitled document's recovered copy).
    QString suggestedPath() const;
    bool fail(const QString& title, const QString& why);
    bool write(const Scene& scene, const Format& format, const QString& path, const QString& failTitle);
    bool isOpenDocument(const QString& path) const;
    DiskChanged askDiskChanged(const QString& path);
    bool askExportOntoOpen(const QString& path, const QString& formatName);
    void reopenAfterExport(const QString& path);
    // Before an export to Second Life from another skeleton: the map onto the avatar, shown and
    // editable (when interactive), put in `options`. False when the user cancels.
    bool chooseAvatarMap(const Scene& scene, ConvertOptions& options);
    // What an export to a Second Life destination converts: the document's scene, on the skeleton it
    // plays on when the file carries none (an SEAnim on a loaded skeleton mesh, as the demo is).
    Scene avatarExportScene() const;

    Document* doc_;
    QWidget* window_;
    bool interactive_;
    SaveWriter writer_;
    std::function<DiskChanged(const QString&)> askDiskChanged_;
    std::function<bool(const QString&)> askExportOntoOpen_;
    QString lastError_;
    QStringList lastReport_;
    QString lastSummary_;
};

} // namespace bonescope::gui
