#include "formats/smd/smd_extra.h"

#include <nlohmann/json.hpp>

namespace bonescope {

const char* smd::flavourName(Flavour f) { return f == Flavour::GoldSrc ? "goldsrc" : "source"; }

void SmdExtra::toJson(nlohmann::json& out) const
{
    out["version"] = version;
    out["flavour"] = fileFlavour ? smd::flavourName(*fileFlavour) : "none (no triangles)";
    if (writeFlavour)
        out["writeFlavour"] = smd::flavourName(*writeFlavour);
    out["materials"] = materialNames;
    out["triangles"] = triangleMaterials.size();
    if (!vertexAnimation.empty())
        out["vertexAnimationBytes"] = vertexAnimation.size();
    nlohmann::json w = nlohmann::json::array();
    for (const SmdWarning& x : warnings)
        w.push_back(x.message);
    out["warnings"] = w;
}

} // namespace bonescope
