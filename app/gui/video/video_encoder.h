#pragma once
// Videos through ffmpeg, run as a separate program (it is optional: Bonescope does not link it).
// Frames go to its standard input as raw RGBA at the animation's frame rate; it writes a temporary
// file in the target's folder, which takes the target's name only once ffmpeg has finished. MP4 is
// H.264 in yuv420p (an odd width or height loses its last column or row, as yuv420p needs even
// ones), GIF uses a palette made from the whole clip, WebP is lossy libwebp; GIF and WebP loop.
#include <memory>
#include <optional>

#include <QSize>
#include <QString>

#include "app/gui/video/frame_sink.h"

class QProcess;
class QTemporaryFile;

namespace bonescope::gui {

enum class VideoFormat { Mp4, Gif, Webp };

// By the file's extension (.mp4, .gif, .webp, any case); nothing for another.
std::optional<VideoFormat> videoFormatOf(const QString& path);
// The ffmpeg to run: $BONESCOPE_FFMPEG when set, else ffmpeg on the PATH; empty when there is none.
QString findFfmpeg();
// Why there is none, for the command line or the window (which offer different ways around it).
QString ffmpegNotFound(bool commandLine);

class VideoEncoder : public FrameSink {
public:
    VideoEncoder(QString ffmpeg, QString path, QSize size, double fps, bool overwrite);
    ~VideoEncoder() override; // unfinished: ffmpeg is stopped and its temporary file removed

    // Refuses an existing target without `overwrite`, then starts ffmpeg. Empty on success.
    QString start();
    QString add(const QImage& image, long long frame) override;
    QString finish() override;

private:
    QString ffmpegFailed(const QString& what); // `what` with ffmpeg's own message

    QString ffmpeg_, path_;
    QSize size_;
    double fps_;
    bool overwrite_;
    VideoFormat format_ = VideoFormat::Mp4;
    std::unique_ptr<QTemporaryFile> temporary_;
    std::unique_ptr<QProcess> process_;
};

} // namespace bonescope::gui
