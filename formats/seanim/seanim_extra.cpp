#include "formats/seanim/seanim_extra.h"

#include <nlohmann/json.hpp>

#include "formats/hex.h"
#include "formats/parse_error.h"

namespace bonescope {

namespace seanim {

BlendMode blendForType(uint8_t type)
{
    switch (type) {
    case Additive: return {TranslationBlend::AddToRest, RotationBlend::AfterRest};
    case Relative: return {TranslationBlend::AddToRest, RotationBlend::Replace};
    case Absolute:
    case Delta:
    default: return {TranslationBlend::Replace, RotationBlend::Replace};
    }
}

uint8_t typeForBlend(const BlendMode& mode, uint8_t hint)
{
    if (hint > Delta && mode == blendForType(hint))
        return hint;
    if (mode == blendForType(Additive))
        return Additive;
    if (mode == blendForType(Relative))
        return Relative;
    if (mode == blendForType(Absolute))
        return hint == Delta ? Delta : Absolute;
    throw WriteError("SEAnim has no animation type that replaces translation and adds rotation");
}

int widthFor(uint64_t count)
{
    return count <= 0xFF ? 1 : count <= 0xFFFF ? 2 : 4;
}

} // namespace seanim

void SeanimExtra::toJson(nlohmann::json& out) const
{
    static const char* typeNames[] = {"absolute", "additive", "relative", "delta"};
    out["version"] = version;
    out["headerSize"] = headerSize;
    if (!headerTail.empty())
        out["headerTail"] = toHex(headerTail);
    out["animType"] = animType;
    out["animTypeName"] = animType < 4 ? typeNames[animType] : "unknown";
    out["animFlags"] = animFlags;
    out["dataPresenceFlags"] = presence;
    out["dataPropertyFlags"] = property;
    out["highPrecision"] = bool(property & seanim::PrecisionHigh);
    out["frameCount"] = frameCount;
    out["frameWidth"] = frameWidth;
    out["boneWidth"] = boneWidth;
    out["reserved1"] = {reserved1[0], reserved1[1]};
    out["reserved2"] = {reserved2[0], reserved2[1], reserved2[2]};
    if (hasCustom)
        out["custom"] = toHex(custom);
    if (!trailing.empty())
        out["trailing"] = toHex(trailing);
}

} // namespace bonescope
