// What a Second Life animation holds that no other format has a place for: converting it elsewhere
// reports each of these as lost. (The loop flag and loop points are the common model's and are
// reported from the target's capabilities.)
#include <string>
#include <vector>

#include "formats/secondlife/secondlife_extra.h"
#include "formats/secondlife/secondlife_format.h"
#include "formats/short_number.h"
#include "formats/counted.h"

namespace bonescope {

std::vector<std::string> SecondLifeFormat::ownFields(const Scene& scene) const
{
    std::vector<std::string> out;
    const Animation* a = scene.currentAnimation();
    const SecondLifeExtra* x = a ? a->extra.as<SecondLifeExtra>() : nullptr;
    if (!x)
        return out;
    size_t own = 0;
    for (const SecondLifeJoint& j : x->joints)
        own += j.priority != secondlife::UseMotionPriority && j.priority != x->basePriority;
    out.push_back("the priority (base " + std::to_string(x->basePriority) +
                  (own ? ", " + counted(own, "joint") + " with their own" : std::string()) + ")");
    out.push_back("the ease in and ease out (" + shortNumber(x->easeIn) + " s, " + shortNumber(x->easeOut) + " s)");
    out.push_back(std::string("the hand pose (") + secondlife::handPoseName(x->handPose) + ")");
    if (!x->constraints.empty())
        out.push_back("the " + counted(x->constraints.size(), "joint constraint"));
    if (!x->emoteName.empty())
        out.push_back("the facial emote (" + x->emoteName + ")");
    return out;
}

} // namespace bonescope
