#pragma once
// Everything one file holds: a skeleton and mesh when the format carries them, one or more
// animations, and the format's file-level data.
#include <optional>
#include <string>
#include <vector>

#include "core/math/up_axis.h"
#include "core/model/animation.h"
#include "core/model/format_extra.h"
#include "core/model/mesh.h"
#include "core/model/skeleton.h"

namespace bonescope {

struct Scene {
    std::string format;   // id of the format that read it ("seanim", "secondlife", ...)
    Skeleton skeleton;    // empty when the file carries none
    Mesh mesh;            // empty when the file carries none
    std::vector<Animation> animations;
    int current = 0;      // the animation being played / edited
    ExtraPtr extra;       // the format's own file-level data
    // The up axis the file states (Cast's metadata, FBX's GlobalSettings, glTF's Y); none when the
    // format does not say, and the viewer guesses from the format.
    std::optional<UpAxis> statedUp;

    Animation* currentAnimation()
    {
        return current >= 0 && current < int(animations.size()) ? &animations[current] : nullptr;
    }
    const Animation* currentAnimation() const
    {
        return current >= 0 && current < int(animations.size()) ? &animations[current] : nullptr;
    }
};

} // namespace bonescope
