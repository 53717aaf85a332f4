#pragma once
// The scene when a drag started, from which each step of the drag is made again (so that keys
// dragged over others and back are not lost). Copied at the drag's first move, not at the press (a
// click copies nothing), and dropped when the drag ends: on a 100 MB animation a copy is the whole
// model, and it used to stay held until the next press.
#include <optional>
#include <vector>

#include "app/gui/document/document.h"
#include "core/key_editing.h"

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
    // A drag of these keys (moveKeysAndValuesEdit): only their tracks are kept, in a scene that has
    // the current animation's track indices and no other keys.
    void startForKeys(const Document* doc, const std::vector<KeyRef>& keys)
    {
        start(doc);
        for (const KeyRef& k : keys)
            tracks_.push_back(k.track);
    }
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
        if (const Animation* a = live.currentAnimation()) {
            auto& tracks = s.animations[size_t(live.current)].tracks;
            tracks.resize(a->tracks.size());
            for (int t : tracks_)
                if (t >= 0 && t < int(tracks.size()) && tracks[size_t(t)].keyCount() == 0)
                    tracks[size_t(t)] = a->tracks[size_t(t)];
        }
        return s;
    }

    const Document* doc_ = nullptr;
    std::vector<int> tracks_;
    std::optional<Scene> scene_;
};

} // namespace bonescope::gui
