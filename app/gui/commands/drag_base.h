#pragma once
// The scene when a drag started, from which each step of the drag is made again (so that keys
// dragged over others and back are not lost). Copied at the drag's first move, not at the press (a
// click copies nothing), and dropped when the drag ends: on a 100 MB animation a copy is the whole
// model, and it used to stay held until the next press.
#include <optional>
#include <vector>

#include "app/gui/document/document.h"
#include "core/editing/key_editing.h"

namespace bonescope::gui {

class DragBase {
public:
    // A drag whose steps need the whole scene (a note, the posing tool).
    void start(const Document* doc)
    {
        doc_ = doc;
        tracks_.clear();
        scene_.reset();
    }
    // A drag that changes only these tracks (editTracks): only they are kept, in a scene that has the
    // current animation's tracks with their names and no other keys.
    void startForTracks(const Document* doc, std::vector<int> tracks)
    {
        start(doc);
        tracks_ = std::move(tracks);
    }
    void startForKeys(const Document* doc, const std::vector<KeyRef>& keys) { startForTracks(doc, tracksOf(keys)); }
    const Scene& scene()
    {
        static const Scene none;
        if (!doc_)
            return none;
        if (!scene_)
            scene_ = tracks_.empty() ? doc_->scene() : tracksOnly();
        return *scene_;
    }
    void end() { scene_.reset(); }

private:
    Scene tracksOnly() const
    {
        const Scene& live = doc_->scene();
        Scene s;
        s.current = live.current;
        s.animations.resize(live.animations.size());
        if (const Animation* a = live.currentAnimation())
            s.animations[size_t(live.current)] = a->withKeysOf(tracks_);
        return s;
    }

    const Document* doc_ = nullptr;
    std::vector<int> tracks_;
    std::optional<Scene> scene_;
};

} // namespace bonescope::gui
