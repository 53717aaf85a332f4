// Mirroring left <-> right: names paired by hand, and world positions on a small rig whose sides
// mirror each other (rest rotations included), worked out through the sampler.
#include <gtest/gtest.h>

#include <glm/gtc/quaternion.hpp>

#include "core/editing/mirror.h"
#include "core/editing/mirror_pose.h"
#include "tests/support/world_positions.h"

using namespace bonescope;

namespace {

glm::dvec3 reflectX(glm::dvec3 p) { return {-p.x, p.y, p.z}; }
glm::dquat reflectX(const glm::dquat& q) { return glm::dquat(q.w, q.x, -q.y, -q.z); }

// hips -> clavicle_l / clavicle_r -> upperarm_l / upperarm_r -> hand_l / hand_r; the right side is the
// left one reflected across x, with rest rotations that are not the identity.
Skeleton rig()
{
    Skeleton s;
    auto add = [&](std::string name, int parent, glm::dvec3 t, glm::dquat r) {
        Bone b;
        b.name = std::move(name);
        b.parent = parent;
        b.restTranslation = t;
        b.restRotation = r;
        s.bones.push_back(b);
        return int(s.bones.size()) - 1;
    };
    const glm::dquat tilt = glm::angleAxis(glm::radians(25.0), glm::normalize(glm::dvec3(0.3, 0.2, 1)));
    const int hips = add("hips", -1, {0, 1.0, 0}, glm::dquat(1, 0, 0, 0));
    int l = add("clavicle_l", hips, {0.1, 0.4, 0.02}, tilt);
    int r = add("clavicle_r", hips, reflectX(glm::dvec3(0.1, 0.4, 0.02)), reflectX(tilt));
    const glm::dvec3 arm(0.15, 0.01, -0.03);
    l = add("upperarm_l", l, arm, glm::dquat(1, 0, 0, 0));
    r = add("upperarm_r", r, reflectX(arm), glm::dquat(1, 0, 0, 0));
    add("hand_l", l, {0.3, 0, 0}, glm::dquat(1, 0, 0, 0));
    add("hand_r", r, {-0.3, 0, 0}, glm::dquat(1, 0, 0, 0));
    return s;
}

// The left arm raised sideways (about z, out of its rest line) over one second; the hips move and
// turn about y (a bone without a side, reflected in place).
Animation leftArmRaise()
{
    Animation a;
    a.duration = 1;
    Track arm;
    arm.name = "upperarm_l";
    arm.rotation.keys = {{0, glm::dquat(1, 0, 0, 0)}, {1, glm::angleAxis(glm::radians(80.0), glm::dvec3(0, 0, 1))}};
    Track hips;
    hips.name = "hips";
    hips.translation.keys = {{0, {0, 1, 0}}, {1, {0.2, 1.1, 0.05}}};
    hips.rotation.keys = {{0, glm::dquat(1, 0, 0, 0)}, {1, glm::angleAxis(glm::radians(30.0), glm::dvec3(0, 1, 0))}};
    a.tracks = {arm, hips};
    return a;
}

} // namespace

TEST(MirrorNames, BuiltInMarkers)
{
    EXPECT_EQ(mirroredName("mShoulderLeft"), "mShoulderRight");
    EXPECT_EQ(mirroredName("mHandThumb1Right"), "mHandThumb1Left");
    EXPECT_EQ(mirroredName("mixamorig:LeftArm"), "mixamorig:RightArm");
    EXPECT_EQ(mirroredName("left_foot"), "right_foot");
    EXPECT_EQ(mirroredName("Bip01 L UpperArm"), "Bip01 R UpperArm");
    EXPECT_EQ(mirroredName("hand_l"), "hand_r");
    EXPECT_EQ(mirroredName("Hand_R"), "Hand_L");
    EXPECT_EQ(mirroredName("forearm.L"), "forearm.R");
    EXPECT_EQ(mirroredName("j_elbow_le"), "j_elbow_ri");
    EXPECT_EQ(mirroredName("j_wrist_RI"), "j_wrist_LE");
    EXPECT_EQ(mirroredName("L_UPPER_ARM"), "R_UPPER_ARM");
    EXPECT_EQ(mirroredName("r_hand"), "l_hand");
    for (const char* alone : {"mPelvis", "j_spine4", "hips", "tag_origin", "mHead", "l", "_l", "Lower"})
        EXPECT_EQ(mirroredName(alone), alone);
}

TEST(MirrorNames, UserPairComesFirst)
{
    SidePair p;
    ASSERT_TRUE(parseSidePair("Lft:Rgt", p));
    EXPECT_EQ(mirroredName("ArmLft", {p}), "ArmRgt");
    EXPECT_EQ(mirroredName("ArmRgt", {p}), "ArmLft");
    EXPECT_EQ(mirroredName("hand_l", {p}), "hand_r"); // built-ins still apply
    EXPECT_FALSE(parseSidePair("Lft", p));
    EXPECT_FALSE(parseSidePair(":Rgt", p));
    EXPECT_FALSE(parseSidePair("Lft:", p));
}

TEST(Mirror, LeftArmRaiseBecomesRightArmRaiseInWorld)
{
    const Skeleton s = rig();
    const Animation original = leftArmRaise();
    Animation mirrored = original;
    EXPECT_EQ(mirrorAnimation(mirrored, 0), 1u);
    EXPECT_EQ(mirrored.tracks[0].name, "upperarm_r");
    EXPECT_EQ(mirrored.tracks[1].name, "hips");
    for (double t : {0.0, 0.4, 1.0}) {
        const auto before = test::worldPositions(original, s, t), after = test::worldPositions(mirrored, s, t);
        for (size_t b = 0; b < s.size(); ++b) {
            const int other = s.find(mirroredName(s.bones[b].name));
            ASSERT_GE(other, 0);
            const glm::dvec3 want = reflectX(before[b]);
            for (int c = 0; c < 3; ++c)
                EXPECT_NEAR(after[size_t(other)][c], want[c], 1e-9) << s.bones[b].name << " at " << t;
        }
    }
    // The raise itself: the right hand ends well above where it rests, the left one stays at rest.
    const auto end = test::worldPositions(mirrored, s, 1);
    const auto rest = s.restWorld();
    const double raised = end[size_t(s.find("hand_r"))].y - end[size_t(s.find("hips"))].y;
    const double resting = rest[size_t(s.find("hand_r"))][3].y - rest[size_t(s.find("hips"))][3].y;
    EXPECT_GT(raised, resting + 0.1);
    EXPECT_NEAR(end[size_t(s.find("hand_l"))].y - end[size_t(s.find("hips"))].y,
                rest[size_t(s.find("hand_l"))][3].y - rest[size_t(s.find("hips"))][3].y, 1e-9);
}

TEST(Mirror, KeysReflectedOnTheChosenAxis)
{
    Animation a = leftArmRaise();
    mirrorAnimation(a, 2);
    const Track& hips = a.tracks[1];
    EXPECT_EQ(hips.translation.keys.value(1), glm::dvec3(0.2, 1.1, -0.05));
    const glm::dquat q = glm::angleAxis(glm::radians(30.0), glm::dvec3(0, 1, 0));
    EXPECT_EQ(hips.rotation.keys.value(1), glm::dquat(q.w, -q.x, -q.y, q.z));
    mirrorAnimation(a, 2); // twice is the original
    EXPECT_EQ(a.tracks[0].name, "upperarm_l");
    EXPECT_EQ(a.tracks[1].translation.keys.value(1), glm::dvec3(0.2, 1.1, 0.05));
}

// Measured: the LEGO Island sample (several actors' nodes named "INFOGRON") was refused.
TEST(Mirror, TracksThatAlreadyShareANameStaySo)
{
    Animation a;
    a.tracks.resize(3);
    a.tracks[0].name = a.tracks[1].name = "INFOGRON";
    a.tracks[2].name = "arm_l";
    EXPECT_EQ(mirrorAnimation(a, 0), 1u);
    EXPECT_EQ(a.tracks[1].name, "INFOGRON");
    EXPECT_EQ(a.tracks[2].name, "arm_r");
}

TEST(Mirror, BothSidesTradeTracksAndNameClashIsRefused)
{
    Animation a;
    a.tracks.resize(2);
    a.tracks[0].name = "hand_l";
    a.tracks[0].translation.keys = {{0, {1, 2, 3}}};
    a.tracks[1].name = "hand_r";
    a.tracks[1].translation.keys = {{0, {-4, 5, 6}}};
    EXPECT_EQ(mirrorAnimation(a, 0), 2u);
    EXPECT_EQ(a.tracks[0].name, "hand_r");
    EXPECT_EQ(a.tracks[0].translation.keys.value(0), glm::dvec3(-1, 2, 3));
    EXPECT_EQ(a.tracks[1].name, "hand_l");
    EXPECT_EQ(a.tracks[1].translation.keys.value(0), glm::dvec3(4, 5, 6));

    // Pairs that overlap ("A:B" and "B:C") send both "armA" and "armC" to "armB".
    Animation clash;
    clash.tracks.resize(2);
    clash.tracks[0].name = "armA";
    clash.tracks[1].name = "armC";
    clash.tracks[1].translation.keys = {{0, {1, 0, 0}}};
    const Animation before = clash;
    try {
        mirrorAnimation(clash, 0, {SidePair{"A", "B"}, SidePair{"B", "C"}});
        ADD_FAILURE() << "no clash found";
    } catch (const std::runtime_error& e) {
        EXPECT_STREQ(e.what(), "cannot mirror: 'armA' and 'armC' would both become 'armB'");
    }
    EXPECT_EQ(clash.tracks[1].name, "armC");
    EXPECT_EQ(clash.tracks[1].translation.keys.value(0), before.tracks[1].translation.keys.value(0));
}

// One pose: at the chosen time, each side takes the other's pose reflected (the hips in place); the
// keys at other times stay.
TEST(MirrorPose, LeftArmRaiseAtOneTimeBecomesRightArmRaise)
{
    const Skeleton s = rig();
    const Animation original = leftArmRaise();
    Animation posed = original;
    const auto keys = mirrorPose(posed, s, 1.0, 0);
    // upperarm_l (rotation, from upperarm_r at rest), upperarm_r (a new track), hips (both channels).
    EXPECT_EQ(keys.size(), 4u);
    const auto before = test::worldPositions(original, s, 1.0), after = test::worldPositions(posed, s, 1.0);
    for (size_t b = 0; b < s.size(); ++b) {
        const int other = s.find(mirroredName(s.bones[b].name));
        const glm::dvec3 want = reflectX(before[b]);
        for (int c = 0; c < 3; ++c)
            EXPECT_NEAR(after[size_t(other)][c], want[c], 1e-9) << s.bones[b].name;
    }
    // The hips' end key reflected in place; the left arm back at rest at the end; the start untouched.
    const Track& hips = posed.tracks[size_t(posed.findTrack("hips"))];
    EXPECT_NEAR(hips.translation.keys.value(1).x, -0.2, 1e-12);
    EXPECT_EQ(hips.translation.keys.value(0), glm::dvec3(0, 1, 0));
    const Track& left = posed.tracks[size_t(posed.findTrack("upperarm_l"))];
    ASSERT_EQ(left.rotation.keys.size(), 2u);
    EXPECT_NEAR(left.rotation.keys.value(1).w, 1.0, 1e-12);
    const auto start = test::worldPositions(posed, s, 0.0), startBefore = test::worldPositions(original, s, 0.0);
    const size_t hand = size_t(s.find("hand_l"));
    for (int c = 0; c < 3; ++c)
        EXPECT_NEAR(start[hand][c], startBefore[hand][c], 1e-12);
}

TEST(MirrorPose, ChosenBonesTakeTheirCounterpartsAlongAndNothingElse)
{
    const Skeleton s = rig();
    Animation posed = leftArmRaise();
    // The right arm chosen: both arms change, the hips do not.
    const auto keys = mirrorPose(posed, s, 1.0, 0, {s.find("upperarm_r")});
    ASSERT_EQ(keys.size(), 2u);
    for (const KeyRef& k : keys)
        EXPECT_NE(posed.tracks[size_t(k.track)].name, "hips");
    EXPECT_NEAR(posed.tracks[size_t(posed.findTrack("hips"))].translation.keys.value(1).x, 0.2, 1e-12);
    const Track& right = posed.tracks[size_t(posed.findTrack("upperarm_r"))];
    ASSERT_EQ(right.rotation.keys.size(), 1u);
    const glm::dquat raise = glm::angleAxis(glm::radians(80.0), glm::dvec3(0, 0, 1));
    EXPECT_NEAR(glm::dot(right.rotation.keys.value(0), reflectX(raise)), 1.0, 1e-12);
    // A rig with no animated bone: nothing to key.
    Animation still;
    EXPECT_TRUE(mirrorPose(still, s, 0.5, 0).empty());
}
