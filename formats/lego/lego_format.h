#pragma once
// LEGO Island (1997) .ani: actors, optional camera animation, a node tree with translation, rotation,
// scale and visibility keys. The tree becomes the skeleton (rest = identity: the game applies no
// channel before its first key); track i animates node i in pre-order.
#include "formats/format.h"

namespace bonescope {

class LegoFormat : public Format {
public:
    std::string id() const override { return "lego"; }
    std::string displayName() const override { return "LEGO Island animation"; }
    std::vector<std::string> extensions() const override { return {"ani"}; }
    Capabilities capabilities() const override;
    bool detect(std::span<const uint8_t> head) const override;
    Scene read(std::span<const uint8_t> bytes) const override;
    std::vector<uint8_t> write(const Scene& scene) const override;
    FileSummary summarize(std::span<const uint8_t> bytes) const override;
    std::vector<Finding> validate(const Scene& scene, const std::string& target) const override;
    // Reading needs no adapter: the sampler applies the game's rules and axes (Animation::keyConvention)
    // and baking turns them into common keys. Writing keys every channel from 0, flagged active, and
    // folds the rest pose into keys (lego_adapter.cpp).
    void fromCommon(Scene& scene, Report& report) const override;
    // The camera animation and the actor list (lego_own_fields.cpp).
    std::vector<std::string> ownFields(const Scene& scene) const override;
};

} // namespace bonescope
