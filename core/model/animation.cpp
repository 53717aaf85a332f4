#include "core/model/animation.h"

#include <cmath>

namespace bonescope {

int Animation::findTrack(std::string_view boneName) const
{
    for (size_t i = 0; i < tracks.size(); ++i)
        if (tracks[i].name == boneName)
            return int(i);
    return -1;
}

Animation Animation::withKeysOf(const std::vector<int>& keep) const
{
    Animation out;
    out.name = name;
    out.fps = fps;
    out.fpsFromKeys = fpsFromKeys;
    out.duration = duration;
    out.looping = looping;
    out.loopRange = loopRange;
    out.blend = blend;
    out.keyConvention = keyConvention;
    out.modifiers = modifiers;
    out.notes = notes;
    out.extra = extra;
    out.tracks.resize(tracks.size());
    for (size_t t = 0; t < tracks.size(); ++t) {
        const Track& from = tracks[t];
        Track& to = out.tracks[t];
        to.name = from.name;
        to.flags = from.flags;
        to.bone = from.bone;
        to.translation.rules = from.translation.rules;
        to.rotation.rules = from.rotation.rules;
        to.scale.rules = from.scale.rules;
        to.visibility.rules = from.visibility.rules;
    }
    for (int t : keep)
        if (t >= 0 && t < int(tracks.size()))
            out.tracks[size_t(t)] = tracks[size_t(t)];
    return out;
}

size_t Animation::keyCount() const
{
    size_t n = 0;
    for (const Track& t : tracks)
        n += t.keyCount();
    return n;
}

long long Animation::frameCount() const
{
    if (!(fps > 0) || !std::isfinite(duration))
        return 1;
    return (long long)std::llround(duration * fps) + 1;
}

} // namespace bonescope
