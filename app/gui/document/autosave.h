#pragma once
// Crash recovery: while the document has unsaved edits, a copy is written (in its own format) every
// `interval` into AppDataLocation/autosave/, beside a small JSON file naming the original. The copy is
// removed when the document is saved, made clean again by undo, or closed cleanly; one left behind
// means a session ended badly, and the next start offers it. A recovered copy stays until the
// recovered document is saved or discarded, and is autosaved like any other edits. Copies are
// readable by their owner only; the recovery list trusts only file names inside the folder.
#include <QDateTime>
#include <QList>
#include <QObject>
#include <QString>

#include "app/gui/saving/save_file.h"

class QTimer;

namespace bonescope::gui {

class Document;

struct Recovery {
    QString autosavePath; // the autosaved copy
    QString infoPath;     // its JSON description
    QString originalPath; // the file the edits belong to (may be empty for an unsaved document)
    QString name;         // what the document was called ("New animation from walk.bvh"; Document::title)
    QString meshPath;     // the skeleton mesh the document played on (empty: none)
    QDateTime written;
};

class Autosave : public QObject {
    Q_OBJECT
public:
    // `folder` empty: QStandardPaths::AppDataLocation/autosave.
    Autosave(Document* doc, QObject* parent = nullptr, QString folder = {});

    QString folder() const { return folder_; }
    void setInterval(int ms);
    // The writer of the copies (tests inject failing ones); it is given the bytes of a copy or of
    // its description. Default: writeWithSaveFile with owner-only permissions.
    void setWriter(SaveWriter writer) { writer_ = std::move(writer); }
    bool writeNow();  // writes the copy now (false when there is nothing to write or it failed)
    void discard();   // removes this document's copy
    QString lastError() const { return lastError_; }

    QList<Recovery> pending() const; // copies left by earlier sessions, newest first
    // The document now holds `r`'s edits: its copy becomes this session's own, kept (and
    // rewritten) until the document is saved or discarded.
    void adopt(const Recovery& r);
    static void remove(const Recovery& r);

signals:
    void writeFailed(const QString& why); // an autosave could not be written (the edits are not protected)

private:
    QString baseName() const;
    void onCleanChanged(bool clean);
    void onIndexChanged();

    Document* doc_;
    QString folder_;
    QTimer* timer_;
    QString written_; // base name of the copy this session wrote (or adopted), if any
    SaveWriter writer_;
    QString lastError_;
};

} // namespace bonescope::gui
