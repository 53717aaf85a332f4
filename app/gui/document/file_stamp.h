#pragma once
// What a file on disk was when the window read or wrote it (size, modification time, content hash),
// so that a save can tell whether another program has rewritten it since, and the file watcher can
// tell a real change from a touch.
#include <cstdint>

#include <QByteArray>
#include <QDateTime>
#include <QString>

namespace bonescope::gui {

struct FileStamp {
    bool known = false;  // false: nothing recorded (a new document, or the file could not be read)
    bool exists = false;
    qint64 size = -1;
    QDateTime modified;
    QByteArray sha256;

    // Reads and hashes the file now; a missing or unreadable file gives known, !exists.
    static FileStamp of(const QString& path);
    // Size and time only (sha256 empty): taken before the caller reads the file, which then sets
    // sha256 to the hash of the bytes it read (BackgroundHash).
    static FileStamp statOnly(const QString& path);
    // True when `now` holds other bytes than this stamp (a file that vanished counts as changed).
    // The same size and time are taken as unchanged without hashing; a new time with the same
    // bytes (a touch, a re-export of the same data) is not a change.
    bool differsFrom(const FileStamp& now) const;
    // Like of(), but the hash is computed only when the size and time are not enough to decide.
    static FileStamp recheck(const QString& path, const FileStamp& known);
};

} // namespace bonescope::gui
