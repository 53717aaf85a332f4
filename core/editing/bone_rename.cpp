#include "core/editing/bone_rename.h"

#include <algorithm>

namespace bonescope {

void renameBones(Scene& s, const std::map<std::string, std::string>& to, bool skeletonToo)
{
    auto rename = [&](std::string& name) {
        const auto it = to.find(name);
        if (it != to.end())
            name = it->second;
    };
    if (skeletonToo)
        for (Bone& b : s.skeleton.bones)
            rename(b.name);
    if (s.extra && skeletonToo)
        s.extra.get()->renameTracks(to); // BVH joints' channel orders
    for (Animation& a : s.animations) {
        for (Track& t : a.tracks)
            rename(t.name);
        if (a.extra)
            a.extra.get()->renameTracks(to); // Second Life joint priorities, Cast curve modes
    }
}

std::string renameBone(Scene& s, const std::string& from, const std::string& to)
{
    if (to.empty() || std::all_of(to.begin(), to.end(), [](unsigned char c) { return c == ' ' || c == '\t'; }))
        return "a bone needs a name";
    if (to == from)
        return {};
    const bool taken = s.skeleton.find(to) >= 0 || std::any_of(s.animations.begin(), s.animations.end(), [&](const Animation& a) {
                           return a.findTrack(to) >= 0;
                       });
    if (taken)
        return "another bone is already named " + to;
    renameBones(s, {{from, to}});
    return {};
}

} // namespace bonescope
