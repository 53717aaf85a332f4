#pragma once
// The animated camera a file carries (LEGO Island .ani) shown in the viewport: the eye's path, the
// eye and its look-at target at the current time, and on request the view through that camera,
// following playback. The one GUI place that reads a format's camera data.
#include <optional>

#include <QObject>

#include "render/camera.h"

namespace bonescope::render {
class Viewport;
}

namespace bonescope::gui {

class Document;

class CameraTrack : public QObject {
    Q_OBJECT
public:
    CameraTrack(Document* doc, render::Viewport* view, QObject* parent = nullptr);

    bool available() const { return available_; } // the file has camera keys
    bool lookingThrough() const { return lookThrough_; }
    // The camera at the current time (source space), or nothing when the file has none or its eye
    // and target coincide.
    std::optional<render::CameraPose> pose() const;

public slots:
    void setLookThrough(bool on);

signals:
    void availableChanged(bool available);

private:
    void rebuild(); // the file changed
    void refresh(); // the time changed

    Document* doc_;
    render::Viewport* view_;
    bool available_ = false;
    bool lookThrough_ = false;
};

} // namespace bonescope::gui
