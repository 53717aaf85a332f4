#include "formats/convert/upload_findings.h"

#include "formats/convert/bvh_to_secondlife.h"
#include "formats/registry.h"

namespace bonescope {

std::vector<Finding> uploadFindings(const Scene& scene)
{
    const Format& sl = *Registry::instance().byId("secondlife");
    if (scene.format != "bvh" || !namesAvatarPelvis(scene))
        return sl.validate(scene, sl.id());
    std::vector<std::string> report; // what the uploader leaves out: not a reason to refuse
    try {
        // Written and read back: the .anim the uploader makes, its size and 16-bit keys included.
        return sl.validate(sl.read(sl.write(bvhToSecondLife(scene, report))), sl.id());
    } catch (const std::exception& e) {
        return {{Finding::Severity::Error, e.what()}};
    }
}

} // namespace bonescope
