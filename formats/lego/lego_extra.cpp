#include "formats/lego/lego_extra.h"

#include <nlohmann/json.hpp>

#include "formats/hex.h"

namespace bonescope {

namespace lego {

// From the game's LegoAnimNodeData: a channel is not applied before its first key, the last key
// holds, only active keys apply (the loader also marks non-neutral keys active).
ChannelRules translationRules()
{
    ChannelRules r;
    r.interpolation = Interpolation::Linear;
    r.before = OutsideKeys::Rest;
    r.after = OutsideKeys::Hold;
    r.segmentFlags = true;
    r.activeFromValue = true;
    return r;
}

// Rotation also reads Hold / Negate on a segment's second key and slerps along the stored path.
ChannelRules rotationRules()
{
    ChannelRules r = translationRules();
    r.rotation = RotationInterp::SlerpDirect;
    return r;
}

// Scale ignores the flags.
ChannelRules scaleRules()
{
    ChannelRules r;
    r.before = OutsideKeys::Rest;
    r.after = OutsideKeys::Hold;
    return r;
}

// Visibility steps; before the first key the node is visible (the rest value).
ChannelRules visibilityRules()
{
    ChannelRules r = scaleRules();
    r.interpolation = Interpolation::Step;
    return r;
}

// The camera's roll takes the earlier key's value even between keys.
ChannelRules cameraRollRules() { return visibilityRules(); }

KeyConvention keyConvention()
{
    KeyConvention a;
    a.translation = {-1.0, 1.0, 1.0};
    a.rotation = {1.0, -1.0, 1.0, 1.0};
    return a;
}

} // namespace lego

namespace {

nlohmann::json keysJson(const Vec3Channel& ch)
{
    nlohmann::json arr = nlohmann::json::array();
    for (const auto& k : ch.keys)
        arr.push_back({k.time, k.value.x, k.value.y, k.value.z, k.flags});
    return arr;
}

nlohmann::json keysJson(const ScalarChannel& ch)
{
    nlohmann::json arr = nlohmann::json::array();
    for (const auto& k : ch.keys)
        arr.push_back({k.time, k.value, k.flags});
    return arr;
}

} // namespace

void LegoExtra::toJson(nlohmann::json& out) const
{
    out["header"] = {{"magic", lego::Magic},
                     {"boundingRadius", boundingRadius},
                     {"center", {center[0], center[1], center[2]}},
                     {"cameraFlag", cameraFlag},
                     {"unused", unused}};
    nlohmann::json list = nlohmann::json::array();
    for (const lego::Actor& a : actors) {
        nlohmann::json row = {{"name", a.name}};
        if (a.hasType)
            row["type"] = a.type;
        list.push_back(std::move(row));
    }
    out["actors"] = std::move(list);
    out["durationMs"] = durationMs;
    if (hasCamera())
        out["camera"] = {{"position", keysJson(cameraPosition)},
                         {"target", keysJson(cameraTarget)},
                         {"roll", keysJson(cameraRoll)}};
    out["viewerConversion"] = "position (-x, y, z), rotation (w, -x, y, z)";
    if (!trailing.empty())
        out["trailing"] = toHex(trailing);
}

} // namespace bonescope
