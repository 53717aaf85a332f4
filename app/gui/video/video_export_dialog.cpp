#include "app/gui/video/video_export_dialog.h"

#include <algorithm>
#include <climits>

#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QLabel>
#include <QMessageBox>
#include <QProgressDialog>
#include <QPushButton>
#include <QSpinBox>
#include <QStatusBar>

#include "app/gui/document/document.h"
#include "app/gui/main_window.h"
#include "app/gui/timeline/playback_controller.h"
#include "app/gui/saving/save_folder.h"
#include "app/gui/video/video_encoder.h"
#include "render/viewport.h"

namespace bonescope::gui {

namespace {

QString formatName(const QString& path)
{
    switch (videoFormatOf(path).value_or(VideoFormat::Mp4)) {
    case VideoFormat::Mp4:
        return QObject::tr("MP4 video (H.264)");
    case VideoFormat::Gif:
        return QObject::tr("GIF animation");
    case VideoFormat::Webp:
        return QObject::tr("WebP animation");
    }
    return {};
}

QSpinBox* spinBox(const char* name, int minimum, int maximum, int value, QWidget* parent)
{
    auto* box = new QSpinBox(parent);
    box->setObjectName(name);
    box->setRange(minimum, maximum);
    box->setValue(value);
    return box;
}

// The video's path from the file dialog, with the filter's extension when none was typed; empty when
// the user cancelled or refused to replace a file.
QString chooseVideoPath(MainWindow& window, const QString& title)
{
    const Document* doc = window.document();
    const QFileInfo shown(doc->path());
    const QString mp4 = QObject::tr("MP4 video (*.mp4)"), gif = QObject::tr("GIF animation (*.gif)"),
                  webp = QObject::tr("WebP animation (*.webp)");
    QString filter = mp4;
    const SaveStart start = saveStart(shown.absoluteDir().filePath(shown.completeBaseName() + ".mp4"));
    showSaveStartReason(nullptr, &window, start.why);
    QString path = QFileDialog::getSaveFileName(&window, title, start.path, QStringList{mp4, gif, webp}.join(";;"), &filter);
    if (path.isEmpty())
        return {};
    if (QFileInfo(path).suffix().isEmpty()) {
        path += filter == gif ? ".gif" : filter == webp ? ".webp" : ".mp4";
        // The file dialog asked about the name typed, not this one.
        if (QFileInfo::exists(path) &&
            QMessageBox::question(&window, title, QObject::tr("%1 already exists. Replace it?").arg(QFileInfo(path).fileName())) !=
                QMessageBox::Yes)
            return {};
    }
    if (!videoFormatOf(path)) {
        QMessageBox::warning(&window, title, QObject::tr("Bonescope exports .mp4, .gif and .webp videos, not %1.").arg(QFileInfo(path).fileName()));
        return {};
    }
    return path;
}

} // namespace

VideoExportDialog::VideoExportDialog(const QString& path, long long lastFrame, QSize size, QWidget* parent) : QDialog(parent)
{
    setObjectName("videoExportDialog");
    setWindowTitle(tr("Export video"));
    const int last = int(std::min<long long>(lastFrame, INT_MAX));
    from_ = spinBox("from", 0, last, 0, this);
    to_ = spinBox("to", 0, last, last, this);
    width_ = spinBox("width", 16, 8192, size.width(), this);
    height_ = spinBox("height", 16, 8192, size.height(), this);
    connect(from_, &QSpinBox::valueChanged, to_, [this](int v) { to_->setValue(std::max(to_->value(), v)); });
    connect(to_, &QSpinBox::valueChanged, from_, [this](int v) { from_->setValue(std::min(from_->value(), v)); });

    auto* form = new QFormLayout(this);
    form->addRow(tr("File:"), new QLabel(QStringLiteral("%1 (%2)").arg(QFileInfo(path).fileName(), formatName(path)), this));
    form->addRow(tr("From frame:"), from_);
    form->addRow(tr("To frame:"), to_);
    form->addRow(tr("Width:"), width_);
    form->addRow(tr("Height:"), height_);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("Export"));
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    form->addRow(buttons);
}

FrameRange VideoExportDialog::range() const { return {from_->value(), to_->value()}; }

QSize VideoExportDialog::size() const { return {width_->value(), height_->value()}; }

void VideoExportDialog::choose(FrameRange range, QSize size)
{
    to_->setValue(int(range.to));
    from_->setValue(int(range.from));
    width_->setValue(size.width());
    height_->setValue(size.height());
}

void exportVideo(MainWindow& window)
{
    const QString title = QObject::tr("Export video");
    Document* doc = window.document();
    if (doc->isEmpty()) {
        QMessageBox::information(&window, title, QObject::tr("Open an animation first."));
        return;
    }
    // Asked first: without ffmpeg there is nothing to choose.
    const QString ffmpeg = findFfmpeg();
    if (ffmpeg.isEmpty()) {
        QMessageBox::warning(&window, title, ffmpegNotFound(false));
        return;
    }
    const QString path = chooseVideoPath(window, title);
    if (path.isEmpty())
        return;
    // The file dialog (or the question about the extension added) has had the user agree to replace
    // a file there now; one that appears later is not replaced.
    const bool replace = QFileInfo::exists(path);
    // The viewport's size on screen, in pixels, made even (what MP4 needs).
    const QSize shown = (QSizeF(window.viewport()->size()) * window.viewport()->devicePixelRatioF()).toSize();
    VideoExportDialog settings(path, doc->lastFrame(), QSize(shown.width() & ~1, shown.height() & ~1).expandedTo({16, 16}), &window);
    if (settings.exec() != QDialog::Accepted)
        return;

    VideoEncoder encoder(ffmpeg, path, settings.size(), doc->fps(), replace);
    QString why = encoder.start();
    RenderResult result{RenderStatus::Failed, why};
    if (why.isEmpty()) {
        PlaybackController* playback = window.playback();
        const bool playing = playback->isPlaying();
        playback->pause();
        const FrameRange range = settings.range();
        QProgressDialog progress(QObject::tr("Exporting %1...").arg(QFileInfo(path).fileName()), QObject::tr("Cancel"), 0,
                                 int(range.count()), &window);
        progress.setObjectName("videoProgress");
        progress.setWindowTitle(title);
        progress.setWindowModality(Qt::WindowModal);
        progress.setMinimumDuration(0);
        progress.setAutoReset(false);
        progress.setValue(0);
        progress.show(); // at once: the frames start now
        result = renderFrames(window, range, settings.size(), encoder, [&progress](long long done) {
            progress.setValue(int(done)); // a modal progress dialog handles events here (the Cancel click)
            return !progress.wasCanceled();
        });
        if (playing)
            playback->play();
    }
    switch (result.status) {
    case RenderStatus::Done:
        window.statusBar()->showMessage(QObject::tr("Exported %1 (%2 frames)").arg(QFileInfo(path).fileName()).arg(settings.range().count()), 10000);
        break;
    case RenderStatus::Cancelled:
        window.statusBar()->showMessage(QObject::tr("Video export cancelled: nothing written"), 10000);
        break;
    case RenderStatus::Failed:
        QMessageBox::warning(&window, title, result.error);
        break;
    }
}

} // namespace bonescope::gui
