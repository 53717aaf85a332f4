// Any bytes into the SEModel reader: it may throw ParseError, nothing else; a model it reads has
// mesh indices inside the mesh and joints inside the skeleton.
#include <cstddef>
#include <cstdint>
#include <cstdlib>

#include "formats/parse_error.h"
#include "formats/semodel/semodel_format.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    try {
        const bonescope::Scene s = bonescope::SemodelFormat().read({data, size});
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
