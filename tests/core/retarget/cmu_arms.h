#pragma once
// The CMU walk's arms and legs as a humanoid found by shape alone finds them (shaped_arms_test.cpp,
// shaped_arms_collada_test.cpp): every bone renamed joint_<index>, the parts checked by their
// original names (`prefix`: what the reader puts before CMU's names, e.g. Assimp's "Armature_").
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "core/retarget/humanoid.h"

namespace bonescope::test {

// The rig with every bone renamed joint_<index>; `original` keeps the names.
inline Skeleton nameless(Skeleton s, std::vector<std::string>& original)
{
    for (size_t b = 0; b < s.size(); ++b) {
        original.push_back(s.bones[b].name);
        s.bones[b].name = "joint_" + std::to_string(b);
    }
    return s;
}

inline void expectCmuArms(const Skeleton& named, const std::string& prefix)
{
    std::vector<std::string> original;
    const Skeleton s = nameless(named, original);
    std::string why;
    const auto h = findHumanoid(s, &why);
    ASSERT_TRUE(h) << why;
    auto was = [&](int b) { return b >= 0 ? original[size_t(b)] : std::string("(none)"); };
    const char* sides[2] = {"Left", "Right"};
    for (int side = 0; side < 2; ++side) {
        SCOPED_TRACE(sides[side]);
        const HumanoidLimb& arm = h->arms[size_t(side)];
        const std::string p = prefix + sides[side];
        EXPECT_EQ(was(arm.root), p + "Collar");
        EXPECT_EQ(was(arm.upper), p + "Shoulder");
        EXPECT_EQ(was(arm.lower), p + "Elbow");
        EXPECT_EQ(was(arm.end), p + "Wrist");
        // The legs, by length as before: hip, knee, ankle.
        const HumanoidLimb& leg = h->legs[size_t(side)];
        EXPECT_EQ(was(leg.upper), p + "Hip");
        EXPECT_EQ(was(leg.lower), p + "Knee");
        EXPECT_EQ(was(leg.end), p + "Ankle");
    }
}

} // namespace bonescope::test
