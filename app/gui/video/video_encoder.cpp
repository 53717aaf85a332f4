#include "app/gui/video/video_encoder.h"

#include <filesystem>
#include <system_error>

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryFile>

#include "formats/platform/utf8_path.h"

namespace bonescope::gui {

namespace {

QString tr(const char* text) { return QCoreApplication::translate("renderOut", text); }

QStringList formatArguments(VideoFormat format)
{
    switch (format) {
    case VideoFormat::Mp4:
        return {"-vf", "crop=trunc(iw/2)*2:trunc(ih/2)*2", "-c:v", "libx264", "-pix_fmt", "yuv420p", "-crf", "18",
                "-movflags", "+faststart", "-f", "mp4"};
    case VideoFormat::Gif:
        // One palette for the whole clip, made from every frame (ffmpeg keeps them until the end).
        return {"-filter_complex", "split[a][b];[a]palettegen[p];[b][p]paletteuse", "-loop", "0", "-f", "gif"};
    case VideoFormat::Webp:
        return {"-c:v", "libwebp", "-quality", "90", "-loop", "0", "-f", "webp"};
    }
    return {};
}

constexpr int kWriteTimeoutMs = 60000;

} // namespace

std::optional<VideoFormat> videoFormatOf(const QString& path)
{
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix == "mp4")
        return VideoFormat::Mp4;
    if (suffix == "gif")
        return VideoFormat::Gif;
    if (suffix == "webp")
        return VideoFormat::Webp;
    return std::nullopt;
}

QString findFfmpeg()
{
    const QString named = qEnvironmentVariable("BONESCOPE_FFMPEG");
    if (!named.isEmpty()) {
        const QFileInfo info(named);
        return info.isFile() && info.isExecutable() ? info.absoluteFilePath() : QString();
    }
    return QStandardPaths::findExecutable("ffmpeg");
}

QString ffmpegNotFound(bool commandLine)
{
    QString text = commandLine ? tr("ffmpeg not found: install it (e.g. apt install ffmpeg) or use --render-frames")
                               : tr("ffmpeg not found: install it (e.g. apt install ffmpeg, or from ffmpeg.org) to export "
                                    "videos; bonescope --render-frames writes the frames as PNG files without it.");
    const QString named = qEnvironmentVariable("BONESCOPE_FFMPEG");
    if (!named.isEmpty())
        text += tr("\nBONESCOPE_FFMPEG names %1, which is not a program.").arg(named);
    return text;
}

VideoEncoder::VideoEncoder(QString ffmpeg, QString path, QSize size, double fps, bool overwrite)
    : ffmpeg_(std::move(ffmpeg)), path_(std::move(path)), size_(size), fps_(fps), overwrite_(overwrite)
{
}

VideoEncoder::~VideoEncoder()
{
    if (process_ && process_->state() != QProcess::NotRunning) {
        process_->kill();
        process_->waitForFinished(kWriteTimeoutMs);
    }
    // temporary_ (still auto-removing unless finish() renamed it) goes with its file.
}

QString VideoEncoder::start()
{
    format_ = videoFormatOf(path_).value_or(VideoFormat::Mp4);
    const QFileInfo target(path_);
    if (target.exists() && (!overwrite_ || !target.isFile()))
        return target.isFile() ? tr("%1 already exists: nothing written (--overwrite replaces it)").arg(path_)
                               : tr("%1 exists and is not a file").arg(path_);
    // Named in the target's folder, so that taking the target's name is a rename, not a copy.
    temporary_ = std::make_unique<QTemporaryFile>(target.absoluteDir().filePath("." + target.fileName() + ".XXXXXX.part"));
    if (!temporary_->open())
        return tr("cannot create a file next to %1: %2").arg(path_, temporary_->errorString());
    temporary_->close();
    // A temporary file is private to its owner; the video is an ordinary file, readable by others.
    temporary_->setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ReadUser | QFile::WriteUser | QFile::ReadGroup |
                               QFile::ReadOther);

    process_ = std::make_unique<QProcess>();
    QStringList arguments{"-hide_banner", "-loglevel", "error", "-nostats", "-f", "rawvideo", "-pixel_format", "rgba",
                          "-video_size", QStringLiteral("%1x%2").arg(size_.width()).arg(size_.height()),
                          "-framerate", QString::number(fps_, 'g', 10), "-i", "pipe:0"};
    arguments << formatArguments(format_) << "-y" << temporary_->fileName();
    process_->setProcessChannelMode(QProcess::SeparateChannels);
    process_->start(ffmpeg_, arguments);
    if (!process_->waitForStarted(kWriteTimeoutMs))
        return tr("cannot run %1: %2").arg(ffmpeg_, process_->errorString());
    return {};
}

QString VideoEncoder::ffmpegFailed(const QString& what)
{
    if (process_->state() != QProcess::NotRunning)
        process_->waitForFinished(kWriteTimeoutMs);
    const QString said = QString::fromLocal8Bit(process_->readAllStandardError()).trimmed();
    return said.isEmpty() ? what : what + ": " + said;
}

QString VideoEncoder::add(const QImage& image, long long frame)
{
    const QImage rgba = image.size() == size_ ? image.convertToFormat(QImage::Format_RGBA8888)
                                              : image.scaled(size_).convertToFormat(QImage::Format_RGBA8888);
    // 4 bytes a pixel: rows have no padding, so the bits are the raw frame ffmpeg expects.
    const qint64 bytes = qint64(rgba.sizeInBytes());
    if (process_->write(reinterpret_cast<const char*>(rgba.constBits()), bytes) != bytes)
        return ffmpegFailed(tr("ffmpeg did not take frame %1").arg(frame));
    // One frame in flight at most: memory stays that of a frame, however long the clip.
    while (process_->bytesToWrite() > 0)
        if (!process_->waitForBytesWritten(kWriteTimeoutMs))
            return ffmpegFailed(tr("ffmpeg did not take frame %1").arg(frame));
    return {};
}

QString VideoEncoder::finish()
{
    process_->closeWriteChannel();
    if (!process_->waitForFinished(-1) || process_->exitStatus() != QProcess::NormalExit || process_->exitCode() != 0)
        return ffmpegFailed(tr("ffmpeg failed to write %1").arg(path_));
    const QString written = temporary_->fileName();
    if (overwrite_) {
        // Replaces the old file in one step (std::filesystem::rename does on every system).
        std::error_code error;
        std::filesystem::rename(platform::utf8Path(written.toStdString()), platform::utf8Path(path_.toStdString()), error);
        if (error)
            return tr("cannot replace %1: %2").arg(path_, QString::fromStdString(error.message()));
    } else if (!QFile::rename(written, path_)) {
        // QFile::rename never replaces: a file that appeared meanwhile stays.
        return QFileInfo::exists(path_) ? tr("%1 already exists: nothing written (--overwrite replaces it)").arg(path_)
                                        : tr("cannot name the video %1").arg(path_);
    }
    temporary_->setAutoRemove(false);
    return {};
}

} // namespace bonescope::gui
