// Common meaning -> SEAnim: keys are full local transforms, so the file says ABSOLUTE. A DELTA file
// converted to itself would keep saying DELTA through its kept header (SeanimExtra::animType).
#include "formats/seanim/seanim_extra.h"
#include "formats/seanim/seanim_format.h"

namespace bonescope {

void SeanimFormat::fromCommon(Scene& scene, Report&) const
{
    for (Animation& a : scene.animations) {
        if (!(a.blend == BlendMode{}) || !a.modifiers.empty())
            continue; // not baked (cannot happen through prepareForTarget): the type still says what it means
        if (auto* x = a.extra.as<SeanimExtra>())
            x->animType = seanim::Absolute;
    }
}

} // namespace bonescope
