#pragma once
// Saving a scene to disk without ever losing data: the bytes are encoded first (an encoding error
// writes nothing), then written through QSaveFile (a temporary file renamed over the target on
// commit), so a failed write leaves the original file untouched.
#include <functional>

#include <QByteArray>
#include <QString>

#include "core/scene.h"

namespace bonescope {
class Format;
}

namespace bonescope::gui {

// Writes `bytes` to `path`; returns an empty string on success, else why it failed. Replaceable so
// that tests can simulate a full disk or a folder that refuses the rename.
using SaveWriter = std::function<QString(const QString& path, const QByteArray& bytes)>;

// The real writer: QSaveFile open, write, commit. Any failure cancels and names the reason.
QString writeWithSaveFile(const QString& path, const QByteArray& bytes);

// Encodes `scene` with `format` and writes it with `writer`. Empty on success, else the reason.
QString saveScene(const Scene& scene, const Format& format, const QString& path, const SaveWriter& writer = writeWithSaveFile);

} // namespace bonescope::gui
