#pragma once
// Where rendered frames go: a folder of PNG files (frame_files.h) or a video encoder (video_encoder.h).
#include <QImage>
#include <QString>

namespace bonescope::gui {

class FrameSink {
public:
    virtual ~FrameSink() = default;
    // One rendered frame (`frame`: the animation's frame number). Empty on success, else why not.
    virtual QString add(const QImage& image, long long frame) = 0;
    // After the last frame: completes the output. Empty on success, else why not. A sink destroyed
    // before finishing leaves no partial output of its own making behind.
    virtual QString finish() = 0;
};

} // namespace bonescope::gui
