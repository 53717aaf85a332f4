#pragma once
// Saving a scene to disk without ever losing data: the bytes are encoded first (an encoding error
// writes nothing), then written through QSaveFile (a temporary file renamed over the target on
// commit), so a failed write leaves the original file untouched.
#include <cstdint>
#include <functional>
#include <vector>

#include <QByteArray>
#include <QFileDevice>
#include <QString>

#include "core/scene.h"

namespace bonescope {
class Format;
}

namespace bonescope::gui {

// Writes `bytes` to `path`; returns an empty string on success, else why it failed. Replaceable so
// that tests can simulate a full disk or a folder that refuses the rename.
using SaveWriter = std::function<QString(const QString& path, const QByteArray& bytes)>;

// The real writer: QSaveFile opened unbuffered, every write and the flush checked before the
// commit. Qt 6.4's QSaveFile::commit() returns true when its buffered flush fails (a full disk), so
// the commit's own flag is never the only check. `permissions`, when given, applies to the new file
// (autosave copies are private to the user); otherwise an existing file keeps its own.
QString writeWithSaveFile(const QString& path, const QByteArray& bytes, QFileDevice::Permissions permissions = {});

// Encodes `scene` with `format`: empty on success (bytes in `out`), else the reason.
QString encodeScene(const Scene& scene, const Format& format, std::vector<uint8_t>& out);
// Encodes `scene` with `format` and writes it with `writer`. Empty on success, else the reason.
QString saveScene(const Scene& scene, const Format& format, const QString& path, const SaveWriter& writer = SaveWriter{});

} // namespace bonescope::gui
