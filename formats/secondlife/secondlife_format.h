#pragma once
// Second Life .anim v1.0 (LLKeyframeMotion): quantised keys kept as raw codes, priorities, emote,
// loop points, ease, hand pose, constraints and trailing bytes; played on the built-in avatar.
#include "formats/format.h"

namespace bonescope {

class SecondLifeFormat : public Format {
public:
    std::string id() const override { return "secondlife"; }
    std::string displayName() const override { return "Second Life .anim v1.0"; }
    std::vector<std::string> extensions() const override { return {"anim"}; }
    Capabilities capabilities() const override;
    bool detect(std::span<const uint8_t> head) const override;
    Scene read(std::span<const uint8_t> bytes) const override;
    std::vector<uint8_t> write(const Scene& scene) const override;
    FileSummary summarize(std::span<const uint8_t> bytes) const override;
    // Target "secondlife": what the viewer's upload checks; "": the common findings plus the same
    // rules, with unknown joint names as warnings (the viewer loads them but refuses to upload).
    std::vector<Finding> validate(const Scene& scene, const std::string& target) const override;
    // The file is Z up, X forward, with mPelvis positions relative to where the pelvis rests; the
    // common meaning is Y up, Z forward, the pelvis key its local translation (secondlife_adapter.cpp).
    void toCommon(Scene& scene) const override;
    // Onto the avatar (retargeting other skeletons by name, BVH alias or automatic match), back to Z
    // up; reports joints the avatar lacks, durations over 60 s and positions beyond 5 m.
    void fromCommon(Scene& scene, Report& report) const override;
    // Priorities, ease in/out, hand pose, constraints and the emote (secondlife_own_fields.cpp).
    std::vector<std::string> ownFields(const Scene& scene) const override;
};

} // namespace bonescope
