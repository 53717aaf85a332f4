// What a LEGO Island animation holds that no other format has a place for: converting it elsewhere
// reports each of these as lost.
#include <string>
#include <vector>

#include "formats/lego/lego_extra.h"
#include "formats/lego/lego_format.h"
#include "formats/counted.h"

namespace bonescope {

std::vector<std::string> LegoFormat::ownFields(const Scene& scene) const
{
    std::vector<std::string> out;
    const Animation* a = scene.currentAnimation();
    const LegoExtra* x = a ? a->extra.as<LegoExtra>() : nullptr;
    if (!x)
        return out;
    if (x->cameraFlag != 0)
        out.push_back("the camera animation (" + std::to_string(x->cameraPosition.size()) + " position, " +
                      std::to_string(x->cameraTarget.size()) + " target and " + std::to_string(x->cameraRoll.size()) +
                      " roll keys)");
    if (!x->actors.empty())
        out.push_back("the " + counted(x->actors.size(), "actor name"));
    return out;
}

} // namespace bonescope
