#pragma once
// What a BVH file says that the common model does not: each joint's channel list (order and count)
// and the frame time as written, so that writing keeps the file's layout.
#include <array>
#include <map>
#include <string>
#include <vector>

#include "core/model/format_extra.h"

namespace bonescope {

namespace bvh {
// Channel kinds, in the order of their names: Xposition .. Zrotation, then Wrotation: some writers
// (motion capture exporters, game tools) store a joint's rotation as a quaternion, Xrotation ..
// Wrotation its x y z w components instead of angles.
enum ChannelKind : uint8_t { Xposition, Yposition, Zposition, Xrotation, Yrotation, Zrotation, Wrotation };
const char* channelName(ChannelKind c);
inline bool isRotation(ChannelKind c) { return c >= Xrotation; }
inline int axisOf(ChannelKind c) { return int(c) % 3; } // not for Wrotation
// A channel list with Wrotation: its rotation channels are quaternion components.
bool isQuaternion(const std::vector<ChannelKind>& channels);
// Bone::flags bit marking a BVH "End Site" (a leaf with an offset and no channels). A high bit, so
// that it cannot clash with the small flag values other formats keep on bones.
constexpr uint32_t EndSiteFlag = 0x80000000u;
} // namespace bvh

struct BvhExtra : FormatExtra {
    std::map<std::string, std::vector<bvh::ChannelKind>> channels; // by joint name
    double frameTime = 0;
    std::string frameTimeText; // as written, e.g. "0.041667"
    // What follows the frames Frames: declares (lines beyond the count), kept and written back after
    // the frames; trailingOffset is where it starts in the file.
    std::vector<uint8_t> trailing;
    uint64_t trailingOffset = 0;
    // The first keyword written in another case than the format's (`Root`, `End site`): read as the
    // keyword, warned about; "" when there is none.
    std::string keywordCase;
    uint64_t keywordCaseOffset = 0;
    // The first joint with quaternion channels (not standard BVH: read as rotations, warned about;
    // an edited file is written with Euler channels), "" when there is none.
    std::string quaternionJoint;
    uint64_t quaternionOffset = 0;
    // The first joint below the root whose positions the file gives as displacements from its OFFSET
    // (MakeHuman's writer; read as OFFSET + value, noted), "" when the positions are the positions.
    std::string displacementJoint;
    // The file as read and the fingerprint of what it meant (core/model/content_hash.h): written back as it
    // was while nothing changed, since re-printing the numbers would not give the same text.
    std::vector<uint8_t> source;
    uint64_t sourceHash = 0;

    std::unique_ptr<FormatExtra> clone() const override { return std::make_unique<BvhExtra>(*this); }
    void toJson(nlohmann::json& out) const override;
    void renameTracks(const std::map<std::string, std::string>& to) override; // the joints' channel orders
};

} // namespace bonescope
