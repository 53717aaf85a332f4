#include "formats/bvh/bvh_extra.h"

#include <algorithm>

#include <nlohmann/json.hpp>

namespace bonescope {

const char* bvh::channelName(ChannelKind c)
{
    static const char* const names[] = {"Xposition", "Yposition", "Zposition", "Xrotation",
                                        "Yrotation", "Zrotation", "Wrotation"};
    return names[c];
}

bool bvh::isQuaternion(const std::vector<ChannelKind>& channels)
{
    return std::find(channels.begin(), channels.end(), Wrotation) != channels.end();
}

void BvhExtra::renameTracks(const std::map<std::string, std::string>& to)
{
    std::map<std::string, std::vector<bvh::ChannelKind>> renamedChannels;
    for (auto& [name, list] : channels)
        renamedChannels[renamed(name, to)] = std::move(list);
    channels = std::move(renamedChannels);
}

void BvhExtra::toJson(nlohmann::json& out) const
{
    out["frameTime"] = frameTimeText;
    nlohmann::json ch = nlohmann::json::object();
    for (const auto& [joint, list] : channels) {
        nlohmann::json names = nlohmann::json::array();
        for (auto c : list)
            names.push_back(bvh::channelName(c));
        ch[joint] = names;
    }
    out["channels"] = ch;
    if (!trailing.empty())
        out["trailingBytes"] = trailing.size();
    if (!keywordCase.empty())
        out["keywordCase"] = keywordCase;
    if (!quaternionJoint.empty())
        out["quaternionChannels"] = quaternionJoint;
    if (!displacementJoint.empty())
        out["positionDisplacements"] = displacementJoint;
}

} // namespace bonescope
