#pragma once
// Saving a scene to disk without ever losing data: the bytes go through QSaveFile (a temporary file
// renamed over the target on commit) as the format's writer makes them, a piece at a time, so a
// big file is never whole in memory and a failed write or encoding leaves the original untouched.
#include <functional>

#include <QByteArray>
#include <QFileDevice>
#include <QString>

#include "core/model/scene.h"
#include "formats/byte_sink.h"

namespace bonescope {
class Format;
}

namespace bonescope::gui {

// What a save writes: hands the file's bytes to `out` in order, in pieces. Throws a
// std::exception saying why when the scene cannot be written, before handing on any byte.
using SaveContent = std::function<void(const ByteSink& out)>;

// Writes `content` to `path`; returns an empty string on success, else why it failed. Replaceable
// so that tests can simulate a full disk or a folder that refuses the rename.
using SaveWriter = std::function<QString(const QString& path, const SaveContent& content)>;

// The real writer: QSaveFile opened unbuffered, every write and the flush checked before the
// commit. Qt 6.4's QSaveFile::commit() returns true when its buffered flush fails (a full disk), so
// the commit's own flag is never the only check. `permissions`, when given, applies to the new file
// (autosave copies are private to the user); otherwise an existing file keeps its own.
QString writeWithSaveFile(const QString& path, const SaveContent& content, QFileDevice::Permissions permissions = {});
// The same for bytes already whole.
QString writeWithSaveFile(const QString& path, const QByteArray& bytes, QFileDevice::Permissions permissions = {});

// Bytes already whole as content (they must outlive it), and all of a content in one array (small
// files, tests).
SaveContent wholeContent(const QByteArray& bytes);
QByteArray contentBytes(const SaveContent& content);

// Writes `scene` in `format` with `writer`. Empty on success, else the reason (a scene the format
// cannot hold is named so).
QString saveScene(const Scene& scene, const Format& format, const QString& path, const SaveWriter& writer = SaveWriter{});

} // namespace bonescope::gui
