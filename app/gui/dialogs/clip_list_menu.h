#pragma once
// The animation list's context menu (Properties dock): split the clip at the current frame or at its
// notes, extract a range as a new clip, merge other files' clips into this document, delete a clip,
// and save each clip as a file of its own. Each change of the list is one undo step; what a target
// cannot hold is listed before anything is written.
#include <QStringList>

class QListWidget;
class QMenu;
class QWidget;

namespace bonescope::gui {

class Document;

// Fills `menu` with the actions for the document's current clip.
void fillClipListMenu(QMenu* menu, Document* doc, QWidget* parent);

// The edits behind the menu, for the window and tests. Each returns an empty string when done (one
// undo step), else why nothing was done.
QString splitAtCurrentFrame(Document* doc);
QString splitAtNotes(Document* doc);
QString extractFrames(Document* doc, long long first, long long last);
QString deleteCurrentClip(Document* doc);
// Merges the files' clips after the document's (formats/convert/merge_clips.h); `report` gets what
// is not carried.
QString mergeFilesIntoDocument(Document* doc, const QStringList& paths, QStringList& report);
// Writes each clip as <document name>-<clip>.<ext> into `folder`, in the document's format (glTF's
// .glb for a file Bonescope reads only); `existing` files are replaced only when `replace`.
// `written` gets the paths written, `report` what the format cannot hold.
QString saveClipsAsFiles(Document* doc, const QString& folder, bool replace, QStringList& written, QStringList& report,
                         QStringList* existing = nullptr);

} // namespace bonescope::gui
