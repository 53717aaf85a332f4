#include "formats/dash/dash_extra.h"

namespace bonescope {

namespace dash {
const char* variantName(Variant v)
{
    switch (v) {
    case Variant::Dmf15: return "Dash Model Format 1.5 (binary)";
    case Variant::Dmf15Json: return "Dash Model Format 1.5 (JSON)";
    case Variant::Dmx20: return "Dash Model Exchange 2.0 (binary)";
    case Variant::Dmx20Json: return "Dash Model Exchange 2.0 (JSON)";
    }
    return "Dash";
}
} // namespace dash

void DashExtra::toJson(nlohmann::json& out) const
{
    out["variant"] = dash::variantName(variant);
    if (!dash::isJson(variant))
        out["version"] = std::to_string(versionMajor) + "." + std::to_string(versionMinor);
    nlohmann::json tex = nlohmann::json::array();
    for (const DashTexture& t : textures)
        tex.push_back({{"name", t.name}, {"width", t.width}, {"height", t.height}, {"flipY", t.flipY},
                       {"wrapS", t.wrapS}, {"wrapT", t.wrapT}, {"mime", t.mime}, {"bytes", t.data.size()}});
    out["textures"] = std::move(tex);
    nlohmann::json mats = nlohmann::json::array();
    for (const DashMaterial& m : materials)
        mats.push_back({{"name", m.name}, {"texture", m.texture},
                        {"diffuse", {m.diffuse.r, m.diffuse.g, m.diffuse.b, m.diffuse.a}}});
    out["materials"] = std::move(mats);
    out["faces"] = faces.size();
    if (dash::isV2(variant) && !dash::isJson(variant))
        out["isSkinned"] = isSkinned;
}

void DashAnimExtra::toJson(nlohmann::json& out) const
{
    out["animationId"] = id;
    if (v2) {
        out["keyframeRecords"] = keyframes.size();
    } else {
        out["fpsField"] = fpsRaw;
        out["trackRecords"] = records.size();
    }
}

} // namespace bonescope
