#include "formats/psk/psk_extra.h"

#include <cstring>

#include <nlohmann/json.hpp>

#include "formats/text_encoding.h"

namespace bonescope {

void PskExtra::toJson(nlohmann::json& out) const
{
    nlohmann::json chunkList = nlohmann::json::array();
    for (const PskKeptChunk& c : chunks)
        chunkList.push_back({{"id", validUtf8(c.header.name())},
                             {"typeFlag", c.header.typeFlag},
                             {"dataSize", c.header.dataSize},
                             {"count", c.header.count},
                             {"rebuilt", c.rebuilt}});
    out["chunks"] = std::move(chunkList);
    out["trailingBytes"] = trailing.size();
    out["hierarchy"] = !(parentsRead.size() && parentsRead.front() == psk::ParentUnknown);
    if (!animationFile) {
        out["points"] = points;
        out["wedges"] = wedges;
        out["faces"] = faces;
        out["wideFaces"] = wideFaces;
        out["materials"] = materials;
        out["morphTargets"] = morphTargets;
        out["extraUvSets"] = extraUvSets;
        out["vertexColors"] = vertexColors;
    }
}

void PsaSequenceExtra::toJson(nlohmann::json& out) const
{
    auto s32 = [&](size_t at) { int32_t v; std::memcpy(&v, info.data() + at, 4); return v; };
    auto f32 = [&](size_t at) { float v; std::memcpy(&v, info.data() + at, 4); return v; };
    out["group"] = psk::readName(std::span(info).subspan(64, psk::NameBytes));
    out["totalBones"] = s32(128);
    out["rootInclude"] = s32(132);
    out["keyCompressionStyle"] = s32(136);
    out["keyQuotum"] = s32(140);
    out["keyReduction"] = f32(144);
    out["trackTime"] = f32(148);
    out["startBone"] = s32(156);
    out["firstRawFrame"] = s32(160);
    out["firstRawFrameUsed"] = firstRead;
    out["keyTime"] = keyTimes.empty() ? nlohmann::json(keyTime) : nlohmann::json("per key");
    out["scaleKeys"] = hadScaleKeys;
}

} // namespace bonescope
