#pragma once
// A folder of PNG files, one per frame: OUT_DIR/frame_00000.png, ... named by the animation's frame
// number, zero-padded to five digits (more when the last frame number needs them) so that they sort
// in order. Each file is written complete under its name or not at all, and an existing frame file is
// replaced only when asked to.
#include <QString>

#include "app/gui/video/frame_render.h"
#include "app/gui/video/frame_sink.h"

namespace bonescope::gui {

class PngFrameFiles : public FrameSink {
public:
    PngFrameFiles(QString folder, FrameRange range, bool overwrite);

    // The file name of `frame` when the range ends at `lastFrame` (e.g. frame_00007.png).
    static QString fileName(long long frame, long long lastFrame);
    // Creates the folder when missing; without `overwrite`, refuses (naming it) when a file of the
    // range already exists there, before anything is written. Empty on success.
    QString prepare();

    QString add(const QImage& image, long long frame) override;
    QString finish() override { return {}; }

private:
    QString folder_;
    FrameRange range_;
    bool overwrite_;
};

} // namespace bonescope::gui
