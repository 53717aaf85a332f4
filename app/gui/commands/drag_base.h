#pragma once
// The scene when a drag started, from which each step of the drag is made again (so that keys
// dragged over others and back are not lost). Copied at the drag's first move, not at the press (a
// click copies nothing), and dropped when the drag ends: on a 100 MB animation a copy is the whole
// model, and it used to stay held until the next press.
#include <optional>

#include "app/gui/document/document.h"

namespace bonescope::gui {

class DragBase {
public:
    void start(const Document* doc)
    {
        doc_ = doc;
        scene_.reset();
    }
    const Scene& scene()
    {
        if (!scene_)
            scene_ = doc_->scene();
        return *scene_;
    }
    void end() { scene_.reset(); }

private:
    const Document* doc_ = nullptr;
    std::optional<Scene> scene_;
};

} // namespace bonescope::gui
