#pragma once
// One undo step of a scene edit, holding only what the edit changed. The step keeps the other
// state (before the edit while it is done, after it while it is undone); a track the edit left as
// it was is kept once, in the live scene, and moved across when the step is applied. On a 100 MB
// animation, moving one key used to keep two more copies of the whole model per undo step; now it
// keeps the keys of the tracks it changed.
#include <cstddef>
#include <utility>
#include <vector>

#include "core/model/scene.h"

namespace bonescope {

class SceneDelta {
public:
    // The step from `before` to `after` (the scene edited); `after` is taken. apply() then puts it
    // in place of `before`.
    SceneDelta(const Scene& before, Scene after);
    // The step that puts `tracks` (index, new track) in place in animation `animation`: for edits
    // that change nothing else (keys found by KeyRef), so no copy of the scene is made at all.
    static SceneDelta replacingTracks(int animation, std::vector<std::pair<int, Track>> tracks);

    // Turns `live` (the state on one side of this step) into the state on its other side, and keeps
    // what it replaced: applying twice gives `live` back. Linear in the scene's tracks, and no key
    // is copied.
    void apply(Scene& live);

    // This step followed by `next` (applied) as one step, for a gesture (a drag) pushed as many;
    // false when the two steps do not share tracks the same way (then they stay two steps).
    bool absorb(const SceneDelta& next);

    // Keys this step holds memory for (the tracks it changed, as they are on its other side).
    size_t keysHeld() const;

private:
    SceneDelta() = default;

    // replacingTracks: the animation, and its tracks as they are on the other side of the step.
    int animation_ = -1;
    std::vector<std::pair<int, Track>> tracks_;
    // Otherwise:
    Scene other_;
    // shared_[a][t]: animation a's track t is the same on both sides, and only the live scene holds
    // its keys. Empty when the edit added or removed animations or tracks: other_ is then whole.
    std::vector<std::vector<bool>> shared_;
    bool otherWhole_ = true; // other_ still holds shared tracks' keys (made, not applied yet)
};

} // namespace bonescope
