#pragma once
// Crash recovery: while the document has unsaved edits, a copy is written (in its own format) every
// `interval` into AppDataLocation/autosave/, beside a small JSON file naming the original. The copy is
// removed when the document is saved, made clean again by undo, or closed cleanly; one left behind
// means a session ended badly, and the next start offers it.
#include <QDateTime>
#include <QList>
#include <QObject>
#include <QString>

class QTimer;

namespace bonescope::gui {

class Document;

struct Recovery {
    QString autosavePath; // the autosaved copy
    QString infoPath;     // its JSON description
    QString originalPath; // the file the edits belong to (may be empty for an unsaved document)
    QDateTime written;
};

class Autosave : public QObject {
    Q_OBJECT
public:
    // `folder` empty: QStandardPaths::AppDataLocation/autosave.
    Autosave(Document* doc, QObject* parent = nullptr, QString folder = {});

    QString folder() const { return folder_; }
    void setInterval(int ms);
    bool writeNow();  // writes the copy now (false when there is nothing to write or it failed)
    void discard();   // removes this document's copy

    QList<Recovery> pending() const; // copies left by earlier sessions, newest first
    static void remove(const Recovery& r);

private:
    QString baseName() const;
    void onCleanChanged(bool clean);
    void onIndexChanged();

    Document* doc_;
    QString folder_;
    QTimer* timer_;
    QString written_; // base name of the copy this session wrote, if any
};

} // namespace bonescope::gui
