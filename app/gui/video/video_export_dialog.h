#pragma once
// File > Export video...: the file through a file dialog (its extension picks MP4, GIF or WebP), then
// the frames and the size in this dialog, then the frames rendered and encoded by ffmpeg under a
// progress dialog whose Cancel leaves no file behind. The document is not changed (its time comes
// back), so an export never counts as an edit.
#include <QDialog>

#include "app/gui/video/frame_render.h"

class QSpinBox;

namespace bonescope::gui {

class MainWindow;

class VideoExportDialog : public QDialog {
    Q_OBJECT
public:
    // `size`: the size to start from (the viewport's on screen).
    VideoExportDialog(const QString& path, long long lastFrame, QSize size, QWidget* parent = nullptr);

    FrameRange range() const;
    QSize size() const;
    // For tests and scripts: the fields as a user fills them.
    void choose(FrameRange range, QSize size);

private:
    QSpinBox* from_;
    QSpinBox* to_;
    QSpinBox* width_;
    QSpinBox* height_;
};

// The whole command, from the file dialog to the message that tells how it went.
void exportVideo(MainWindow& window);

} // namespace bonescope::gui
