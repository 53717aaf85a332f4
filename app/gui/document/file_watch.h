#pragma once
// Keeping the window in step with the open file when another program rewrites it (an exporter in a
// modelling loop): File > Reload, and a watch on the file that notices a change of its content.
// Without unsaved edits the window offers to reload, or reloads at once when "Reload when the file
// changes" is on; with edits it only says so (Save then asks what to do). A reload keeps the
// camera, the animation, the frame and the selected bones.
#include <QObject>
#include <QString>

#include "app/gui/document/file_stamp.h"

class QFileSystemWatcher;
class QTimer;
class QWidget;

namespace bonescope::gui {

class Document;

class FileWatch : public QObject {
    Q_OBJECT
public:
    FileWatch(Document* doc, QWidget* window, bool interactive);

    // The option, remembered in QSettings ("file/reloadWhenChanged").
    bool autoReload() const { return autoReload_; }
    void setAutoReload(bool on);

    // Reads the document's file again. With unsaved edits and `confirm`, asks first (interactive)
    // or refuses (not interactive). False when nothing was reloaded; lastError() says why.
    bool reload(bool confirm = true);
    QString lastError() const { return lastError_; }

    // Watches the document's file (again): after a load, a Save As, or a rename-replace.
    void watchDocument();
    // Looks at the file now (the watcher calls it after a change settles; tests call it directly).
    void check();

signals:
    void message(const QString& text); // for the status bar
    void reloaded();

private:
    Document* doc_;
    QWidget* window_;
    bool interactive_;
    bool autoReload_ = false;
    bool asking_ = false;
    QFileSystemWatcher* watcher_;
    QTimer* settle_;
    QString watched_;
    FileStamp declined_; // a change the user chose not to reload: not asked again
    QString lastError_;
};

} // namespace bonescope::gui
