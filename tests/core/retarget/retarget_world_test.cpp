// Retargeting judged by where the limbs go: synthetic rigs of one body with other bone axes, rest
// poses, up axes, units, facings and spine lengths; limb directions of source and result compared in
// each body's own frame, which the tests know from how the rigs were built.
#include <gtest/gtest.h>

#include "core/retarget/retarget.h"
#include "core/retarget/root_motion.h"
#include "tests/core/retarget/test_rig.h"

namespace bonescope {
namespace {

using test::RigOptions;

// Degrees: what double precision leaves of an exact transfer (acos near 1 is coarse).
constexpr double kExact = 1e-4;
using test::roleName;

// World -> the body's own frame (Y up, facing +Z), as the rig was built.
glm::dquat worldToBody(const RigOptions& o) { return glm::inverse(test::bodyToWorld(o)); }

const std::vector<std::pair<std::string, std::string>> kSegments = {
    {"hips", "neck"},         {"neck", "head"},          {"l_upperarm", "l_forearm"}, {"l_forearm", "l_hand"},
    {"r_upperarm", "r_forearm"}, {"r_forearm", "r_hand"}, {"l_thigh", "l_shin"},      {"l_shin", "l_foot"},
    {"r_thigh", "r_shin"},    {"r_shin", "r_foot"},      {"l_hand", "l_finger"},      {"l_foot", "l_toe"}};

struct Compared {
    double worst = 0;
    std::string where;
};

// The largest angle between a segment's direction in the source and in the result over the clip.
Compared compareLimbs(const Skeleton& src, const RigOptions& so, const Animation& sa, const Skeleton& tgt,
                      const RigOptions& to, const Animation& ta)
{
    Compared c;
    for (int f = 0; f <= 10; ++f) {
        const double t = f / 10.0 * sa.duration;
        const auto ws = test::worldPose(src, sa, t), wt = test::worldPose(tgt, ta, t);
        for (const auto& [a, b] : kSegments) {
            const glm::dvec3 ds = worldToBody(so) * (test::jointAt(ws, src, roleName(so, b)) - test::jointAt(ws, src, roleName(so, a)));
            const glm::dvec3 dt = worldToBody(to) * (test::jointAt(wt, tgt, roleName(to, b)) - test::jointAt(wt, tgt, roleName(to, a)));
            const double e = test::angleDegrees(ds, dt);
            if (e > c.worst) {
                c.worst = e;
                c.where = a + "->" + b + " at " + std::to_string(t);
            }
        }
    }
    return c;
}

RetargetResult run(const Skeleton& src, const Animation& a, const Skeleton& tgt, RetargetSettings s = {})
{
    return retarget(a, src, tgt, autoMatch(src, tgt), s);
}

TEST(RetargetWorld, SameRigIsExact)
{
    const RigOptions o;
    const Skeleton rig = test::humanoidRig(o);
    const Animation walk = test::walkClip(rig, o, 0.8);
    const RetargetResult r = run(rig, walk, rig);
    for (double t : {0.0, 0.33, 0.71, 1.0}) {
        const auto ws = test::worldPose(rig, walk, t), wt = test::worldPose(rig, r.animation, t);
        for (size_t b = 0; b < rig.size(); ++b)
            EXPECT_NEAR(glm::length(glm::dvec3(ws[b][3]) - glm::dvec3(wt[b][3])), 0, 1e-9) << rig.bones[b].name << " at " << t;
    }
    EXPECT_NEAR(r.report.max, 0, kExact);
    EXPECT_DOUBLE_EQ(r.rootScale, 1.0);
}

// Bones along +X in one rig and identity rest rotations in the other, names of other families:
// the old local-delta formula turned limbs about the wrong axes here.
TEST(RetargetWorld, BoneAxesAndNamesDoNotMatter)
{
    RigOptions so, to;
    to.unrealNames = true;
    to.bonesAlongX = true;
    const Skeleton src = test::humanoidRig(so), tgt = test::humanoidRig(to);
    const Animation walk = test::walkClip(src, so, 0.8);
    for (RetargetMode mode : {RetargetMode::MatchPose, RetargetMode::KeepRest}) {
        const RetargetResult r = run(src, walk, tgt, {mode});
        const Compared c = compareLimbs(src, so, walk, tgt, to, r.animation);
        EXPECT_LT(c.worst, kExact) << c.where;
    }
    // And back.
    const Animation tw = test::walkClip(tgt, to, 0.8);
    const RetargetResult back = run(tgt, tw, src);
    EXPECT_LT(compareLimbs(tgt, to, tw, src, so, back.animation).worst, kExact);
}

// Z up in centimetres (a container turned and the body 180 units tall) onto Y up in metres, facing
// the other way: limbs point the same way in each body's frame, and the hips travel the same number
// of leg lengths, forward (not up, as they did under a Z-up node).
TEST(RetargetWorld, ZUpCentimetresOntoYUpMetresFacingBack)
{
    RigOptions so, to;
    so.zUp = true;
    so.height = 180;
    to.facingMinusZ = true;
    const Skeleton src = test::humanoidRig(so), tgt = test::humanoidRig(to);
    const Animation walk = test::walkClip(src, so, 0.8);
    const RetargetResult r = run(src, walk, tgt);
    EXPECT_LT(compareLimbs(src, so, walk, tgt, to, r.animation).worst, kExact);
    EXPECT_NEAR(r.rootScale, 0.01, 1e-9);
    const auto t0 = test::worldPose(tgt, r.animation, 0), t1 = test::worldPose(tgt, r.animation, 1);
    const glm::dvec3 move = test::jointAt(t1, tgt, "Hips") - test::jointAt(t0, tgt, "Hips");
    EXPECT_NEAR(move.z, -0.8, 1e-9); // forward for a body facing -Z
    EXPECT_NEAR(move.x, 0, 1e-9);
    EXPECT_NEAR(move.y, 0, 1e-9);
    EXPECT_NEAR(r.report.resultTravel, r.report.sourceTravel, 1e-9);
}

// A container scaled 0.01 over a centimetre body (as FBX exports carry them) is a 1.8 m character.
TEST(RetargetWorld, ScaledContainerNode)
{
    RigOptions so, to;
    to.container = true;
    to.height = 1.8;
    to.containerScale = 0.01;
    const Skeleton src = test::humanoidRig(so), tgt = test::humanoidRig(to);
    const Animation walk = test::walkClip(src, so, 0.8);
    const RetargetResult r = run(src, walk, tgt);
    EXPECT_LT(compareLimbs(src, so, walk, tgt, to, r.animation).worst, kExact);
    EXPECT_NEAR(r.rootScale, 1.0, 1e-9);
    const auto t0 = test::worldPose(tgt, r.animation, 0), t1 = test::worldPose(tgt, r.animation, 1);
    EXPECT_NEAR(glm::length(test::jointAt(t1, tgt, "Hips") - test::jointAt(t0, tgt, "Hips")), 0.8, 1e-9);
}

// T-pose onto A-pose. Match-pose: the A-pose rig's arms go where the T-pose clip's arms are.
// Keep-rest: each limb turns from the target's own rest as the source's turns from its rest, so at a
// frame where the source stands in its rest, the A-pose rig stands in its A-pose.
TEST(RetargetWorld, TPoseOntoAPose)
{
    RigOptions so, to;
    to.armDrop = 45;
    to.unrealNames = true;
    const Skeleton src = test::humanoidRig(so), tgt = test::humanoidRig(to);
    const Animation walk = test::walkClip(src, so, 0.8);
    const RetargetResult match = run(src, walk, tgt);
    EXPECT_LT(compareLimbs(src, so, walk, tgt, to, match.animation).worst, kExact);

    Animation still; // the source's rest
    still.fps = 30;
    still.duration = 1;
    const RetargetResult keep = run(src, still, tgt, {RetargetMode::KeepRest});
    const auto w = test::worldPose(tgt, keep.animation, 0.5);
    const glm::dvec3 arm = test::jointAt(w, tgt, "lowerarm_l") - test::jointAt(w, tgt, "upperarm_l");
    EXPECT_NEAR(test::angleDegrees(arm, {1, -1, 0}), 0, kExact); // still 45 degrees down
    const RetargetResult keepMatch = run(src, still, tgt);
    const auto wm = test::worldPose(tgt, keepMatch.animation, 0.5);
    const glm::dvec3 armMatch = test::jointAt(wm, tgt, "lowerarm_l") - test::jointAt(wm, tgt, "upperarm_l");
    EXPECT_NEAR(test::angleDegrees(armMatch, {1, 0, 0}), 0, kExact); // raised to the source's T
    // Keep-rest while moving: the report's measure (change from rest) is within 2 degrees.
    const RetargetResult keepWalk = run(src, walk, tgt, {RetargetMode::KeepRest});
    EXPECT_LT(keepWalk.report.max, 2.0);
}

// Spines of 2, 3 and 4 bones onto each other: hips to neck points as the source's.
TEST(RetargetWorld, SpinesOfOtherLengths)
{
    for (int from : {2, 3, 4})
        for (int to : {2, 3, 4}) {
            RigOptions so, tom;
            so.spineBones = from;
            tom.spineBones = to;
            tom.unrealNames = true;
            const Skeleton src = test::humanoidRig(so), tgt = test::humanoidRig(tom);
            const Animation walk = test::walkClip(src, so, 0.5);
            const RetargetResult r = run(src, walk, tgt);
            const Compared c = compareLimbs(src, so, walk, tgt, tom, r.animation);
            EXPECT_LT(c.worst, kExact) << from << " -> " << to << ": " << c.where;
        }
}

// Names that say nothing: the rig is read from its shape.
TEST(RetargetWorld, NamesThatMatchNothing)
{
    RigOptions so, to;
    to.numbered = true;
    const Skeleton src = test::humanoidRig(so), tgt = test::humanoidRig(to);
    const BoneMap m = autoMatch(src, tgt);
    EXPECT_EQ(m.map.at("LeftUpLeg"), roleName(to, "l_thigh"));
    EXPECT_EQ(m.map.at("RightForeArm"), roleName(to, "r_forearm"));
    EXPECT_EQ(m.map.at("Head"), roleName(to, "head"));
    const Animation walk = test::walkClip(src, so, 0.8);
    const RetargetResult r = run(src, walk, tgt);
    EXPECT_LT(compareLimbs(src, so, walk, tgt, to, r.animation).worst, kExact);
}

// Leg IK: shins longer than the source's; the feet go where the source's go, scaled to the rig.
TEST(RetargetWorld, LegIkPutsTheFeetWhereTheSourcesGo)
{
    RigOptions so, to;
    to.kneeShift = 0.12;
    to.height = 2.0;
    const Skeleton src = test::humanoidRig(so), tgt = test::humanoidRig(to);
    const Animation walk = test::walkClip(src, so, 0.8);
    RetargetSettings s;
    s.legIk = true;
    const RetargetResult r = run(src, walk, tgt, s);
    for (double t : {0.1, 0.4, 0.8}) {
        const auto ws = test::worldPose(src, walk, t), wt = test::worldPose(tgt, r.animation, t);
        for (const char* side : {"Left", "Right"}) {
            const std::string foot = std::string(side) + "Foot";
            const glm::dvec3 want = test::jointAt(wt, tgt, "Hips") +
                                    r.rootScale * (test::jointAt(ws, src, foot) - test::jointAt(ws, src, "Hips"));
            EXPECT_NEAR(glm::length(test::jointAt(wt, tgt, foot) - want), 0, 1e-6) << foot << " at " << t;
        }
    }
}

TEST(RetargetWorld, RootMotionInPlaceExtractAndBack)
{
    const RigOptions o;
    Skeleton rig = test::humanoidRig(o);
    const Animation walk = test::walkClip(rig, o, 0.8);
    const int hips = travelBone(walk, rig);
    ASSERT_EQ(rig.bones[hips].name, "Hips");
    EXPECT_NEAR(netTravel(walk, rig, hips), 0.8, 1e-9);

    Animation inPlace = walk;
    removeTravel(inPlace, rig, hips);
    EXPECT_NEAR(netTravel(inPlace, rig, hips), 0, 1e-12);

    Animation extracted = walk;
    Skeleton withRoot = rig;
    const std::string root = extractTravel(extracted, withRoot, hips);
    EXPECT_EQ(root, "root");
    ASSERT_EQ(withRoot.size(), rig.size() + 1);
    EXPECT_NEAR(netTravel(extracted, withRoot, hips), 0, 1e-12);
    // The body moves exactly as before: the root carries what the hips lost.
    for (double t : {0.0, 0.37, 1.0}) {
        const auto a = test::worldPose(rig, walk, t), b = test::worldPose(withRoot, extracted, t);
        EXPECT_NEAR(glm::length(test::jointAt(a, rig, "LeftFoot") - test::jointAt(b, withRoot, "LeftFoot")), 0, 1e-9);
    }
    restoreTravel(extracted, withRoot, hips);
    const auto& original = walk.tracks[size_t(walk.findTrack("Hips"))].translation.keys;
    const auto& back = extracted.tracks[size_t(extracted.findTrack("Hips"))].translation.keys;
    ASSERT_EQ(original.size(), back.size());
    for (size_t k = 0; k < back.size(); ++k)
        EXPECT_NEAR(glm::length(original.value(k) - back.value(k)), 0, 1e-9); // under 1 mm, and then some

    // As retarget options.
    const RetargetResult r = run(rig, walk, rig, {RetargetMode::MatchPose, RootMotion::Extract});
    EXPECT_GE(r.skeleton.find("root"), 0);
    EXPECT_NEAR(r.report.resultTravel, r.report.sourceTravel, 1e-9); // measured before the extraction
}

TEST(RetargetWorld, BadMapsAndRigs)
{
    const RigOptions o;
    const Skeleton rig = test::humanoidRig(o);
    const Animation walk = test::walkClip(rig, o, 0.8);
    BoneMap m;
    m.map = {{"Hips", "NoSuchBone"}};
    try {
        retarget(walk, rig, rig, m);
        FAIL();
    } catch (const std::runtime_error& e) {
        EXPECT_NE(std::string(e.what()).find("'NoSuchBone'"), std::string::npos) << e.what();
    }
    m.map = {{"Hips", "Hips"}, {"Spine", "Hips"}};
    EXPECT_THROW(retarget(walk, rig, rig, m), std::runtime_error);
    m.map = {{"Hips", "Hips"}};
    m.chains["legs"] = {{"LeftUpLeg"}, {"Hips"}};
    EXPECT_THROW(retarget(walk, rig, rig, m), std::runtime_error);
    Skeleton cycle = rig;
    cycle.bones[0].parent = 1;
    try {
        retarget(walk, cycle, rig, autoMatch(rig, rig));
        FAIL();
    } catch (const std::runtime_error& e) {
        EXPECT_NE(std::string(e.what()).find("source skeleton"), std::string::npos) << e.what();
    }
}

TEST(RetargetWorld, ChainsSpreadOverEachOther)
{
    using P = std::vector<std::pair<int, int>>;
    EXPECT_EQ(distributeChain(3, 2), (P{{1, 0}, {2, 1}}));
    EXPECT_EQ(distributeChain(2, 3), (P{{0, 1}, {1, 2}}));
    EXPECT_EQ(distributeChain(4, 2), (P{{1, 0}, {3, 1}}));
    EXPECT_EQ(distributeChain(3, 3), (P{{0, 0}, {1, 1}, {2, 2}}));
    EXPECT_EQ(distributeChain(1, 4), (P{{0, 3}}));
    // A map naming chains: Mixamo's Spine/Spine1/Spine2 onto two Unreal spine bones.
    RigOptions so, to;
    to.unrealNames = true;
    to.spineBones = 2;
    const Skeleton src = test::humanoidRig(so), tgt = test::humanoidRig(to);
    BoneMap m = BoneMap::fromJson(R"({"map": {"Hips": "pelvis"},
        "chains": {"spine": {"source": ["Spine", "Spine1", "Spine2"], "target": ["spine_01", "spine_02"]}},
        "settings": {"mode": "keep-rest", "rootMotion": "in-place", "legIk": true}})");
    EXPECT_EQ(m.settings->mode, RetargetMode::KeepRest);
    EXPECT_EQ(m.settings->rootMotion, RootMotion::InPlace);
    EXPECT_TRUE(m.settings->legIk);
    EXPECT_EQ(BoneMap::fromJson(m.toJson()).chains, m.chains);
    const auto pairs = resolveBoneMap(m, src, tgt);
    EXPECT_EQ(pairs.size(), 3u);
    EXPECT_THROW(BoneMap::fromJson(R"({"map": {}, "settings": {"mode": "sideways"}})"), std::runtime_error);
    EXPECT_THROW(BoneMap::fromJson(R"({"map": {}, "chains": {"x": {"source": []}}})"), std::runtime_error);
}

// Two bones of one name (a mesh node and a joint both called Foot.L): a path names the one meant.
TEST(RetargetWorld, BonesNamedByPath)
{
    Skeleton s;
    Bone a;
    a.name = "Armature";
    s.bones.push_back(a);
    Bone f;
    f.name = "Foot.L";
    f.parent = 0;
    s.bones.push_back(f);
    Bone m;
    m.name = "Mesh";
    s.bones.push_back(m);
    Bone g = f;
    g.parent = 2;
    s.bones.push_back(g);
    EXPECT_EQ(resolveBone(s, "Mesh/Foot.L"), 3);
    EXPECT_EQ(resolveBone(s, "Armature/Foot.L"), 1);
    EXPECT_EQ(bonePath(s, 3), "Mesh/Foot.L");
    EXPECT_EQ(resolveBone(s, "Nowhere/Foot.L"), -1); // a path of no bone names none
}

} // namespace
} // namespace bonescope

namespace bonescope {
namespace {

// A target whose mesh node carries the left foot's name before the joint does: the retargeted keys
// play on the joint (tracks bind to the k-th bone of a name), and the mesh node stays where it is.
TEST(RetargetWorld, KeysPlayOnTheJointWhenAMeshNodeSharesItsName)
{
    const RigOptions o;
    const Skeleton rig = test::humanoidRig(o);
    Skeleton target;
    Bone mesh;
    mesh.name = "Mesh";
    target.bones.push_back(mesh);
    Bone namesake;
    namesake.name = roleName(o, "l_foot");
    namesake.parent = 0;
    target.bones.push_back(namesake);
    for (Bone b : rig.bones) {
        if (b.parent >= 0)
            b.parent += 2;
        target.bones.push_back(b);
    }
    const Animation walk = test::walkClip(rig, o, 0.8);
    const RetargetResult r = run(rig, walk, target);
    for (double t : {0.0, 0.33, 0.71, 1.0}) {
        const auto ws = test::worldPose(rig, walk, t), wt = test::worldPose(target, r.animation, t);
        for (size_t b = 0; b < rig.size(); ++b)
            EXPECT_NEAR(glm::length(glm::dvec3(ws[b][3]) - glm::dvec3(wt[b + 2][3])), 0, 1e-9) << rig.bones[b].name << " at " << t;
        EXPECT_NEAR(glm::length(glm::dvec3(wt[1][3])), 0, 1e-12) << "the mesh node's namesake moved at " << t;
        EXPECT_EQ(glm::dquat(glm::quat_cast(wt[1])), glm::dquat(1, 0, 0, 0));
    }
}

} // namespace
} // namespace bonescope
