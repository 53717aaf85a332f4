#pragma once
// The quality of a retarget, measured as experts measure it: for each mapped limb segment (upper
// arm, forearm, thigh, shin, spine, neck), the angle between its world direction in the source and
// in the result, the source's brought into the target's world by the rigs' frames; in keep-rest mode
// the angle between their changes from rest; hands, feet and head by full orientation relative to
// each rig's reference.
#include <string>
#include <vector>

#include "core/retarget/posed_rig.h"
#include "core/retarget/retarget.h"

namespace bonescope {

struct LimbSpec {
    std::string limb;
    int target = -1, targetChild = -1; // the segment in the target (targetChild -1: an orientation)
    int source = -1, sourceChild = -1;
    glm::dquat align{1, 0, 0, 0}; // the target's reference turned by this is what the source's maps onto
    bool chain = false; // spans several bones (hips to neck): keep-rest compares its swing from rest
};

class LimbMeasure {
public:
    LimbMeasure(std::vector<LimbSpec> specs, const glm::dquat& sourceToTarget, RetargetMode mode,
                const PosedRig& sourceReference, const PosedRig& targetReference);
    void add(double time, const PosedRig& source, const PosedRig& result);
    void reserve(size_t samples); // room for that many add() calls (a retarget adds every frame)
    // Per limb and over all direction samples (orientations are listed, not pooled).
    void finish(RetargetReport& report, const std::vector<std::string>& targetNames) const;

private:
    std::vector<LimbSpec> specs_;
    glm::dquat c_;
    RetargetMode mode_;
    const PosedRig& sourceRef_;
    const PosedRig& targetRef_;
    std::vector<std::vector<double>> errors_; // per spec, per sample (degrees)
    std::vector<double> times_;
};

} // namespace bonescope
