// Any bytes into the SEModel reader: it may throw ParseError, nothing else; a model it reads has
// mesh indices inside the mesh and joints inside the skeleton. The bones-only read (a folder's models
// looked through) throws ParseError or nothing too, and gives the whole read's bones where that reads.
#include <cstddef>
#include <cstdint>
#include <cstdlib>

#include "formats/parse_error.h"
#include "formats/semodel/semodel_format.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    bonescope::Skeleton bones;
    bool bonesRead = false;
    try {
        bones = bonescope::readSemodelSkeleton({data, size});
        bonesRead = true;
    } catch (const bonescope::ParseError&) {
    }
    try {
        const bonescope::Scene s = bonescope::SemodelFormat().read({data, size});
        if (!bonesRead || bones.size() != s.skeleton.size())
            std::abort();
        for (size_t b = 0; b < bones.size(); ++b)
            if (bones.bones[b].name != s.skeleton.bones[b].name || bones.bones[b].parent != s.skeleton.bones[b].parent)
                std::abort();
        (void)bonescope::SemodelFormat().summarize({data, size});
        for (uint32_t i : s.mesh.indices)
            if (i >= s.mesh.positions.size())
                std::abort();
        for (const auto& j : s.mesh.joints)
            for (int k = 0; k < 4; ++k)
                if (j[k] >= s.skeleton.size() && s.mesh.weights[&j - s.mesh.joints.data()][k] != 0)
                    std::abort();
    } catch (const bonescope::ParseError&) {
    }
    return 0;
}
