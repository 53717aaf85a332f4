#include "app/gui/video/frame_files.h"

#include <algorithm>
#include <span>

#include <QBuffer>
#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>

#include "formats/platform/file_system.h"

namespace bonescope::gui {

namespace {

QString tr(const char* text) { return QCoreApplication::translate("renderOut", text); }

} // namespace

PngFrameFiles::PngFrameFiles(QString folder, FrameRange range, bool overwrite)
    : folder_(std::move(folder)), range_(range), overwrite_(overwrite)
{
}

QString PngFrameFiles::fileName(long long frame, long long lastFrame)
{
    const int digits = std::max(5, int(QString::number(lastFrame).size()));
    return QStringLiteral("frame_%1.png").arg(frame, digits, 10, QChar('0'));
}

QString PngFrameFiles::prepare()
{
    const QFileInfo info(folder_);
    if (info.exists() && !info.isDir())
        return tr("%1: not a folder").arg(folder_);
    if (!info.exists() && !QDir().mkpath(folder_))
        return tr("%1: cannot create the folder").arg(folder_);
    if (overwrite_)
        return {};
    const QDir dir(folder_);
    for (long long f = range_.from; f <= range_.to; ++f) {
        const QString path = dir.filePath(fileName(f, range_.to));
        if (QFileInfo::exists(path))
            return tr("%1 already exists: nothing written (--overwrite replaces the frame files)").arg(path);
    }
    return {};
}

QString PngFrameFiles::add(const QImage& image, long long frame)
{
    QByteArray png;
    QBuffer buffer(&png);
    buffer.open(QIODevice::WriteOnly);
    if (!image.save(&buffer, "PNG"))
        return tr("frame %1: cannot encode the PNG image").arg(frame);
    const QString path = QDir(folder_).filePath(fileName(frame, range_.to));
    try {
        // Complete under its name or not there at all; never over a file the check did not see.
        platform::writeFileAtomic(path.toStdString(), std::span(reinterpret_cast<const uint8_t*>(png.constData()), size_t(png.size())),
                                  overwrite_ ? platform::Replace::Allowed : platform::Replace::Never);
    } catch (const std::exception& e) {
        return QString::fromUtf8(e.what());
    }
    return {};
}

} // namespace bonescope::gui
