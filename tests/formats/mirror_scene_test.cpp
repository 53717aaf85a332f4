// Mirroring whole files: a left arm raise becomes a right arm raise, checked on world positions, on
// the Second Life avatar (a file whose left is +Y) and on a SEAnim rig (Call of Duty names, _le/_ri);
// the Second Life joint priorities and constraints follow; convert --mirror does the same.
#include <gtest/gtest.h>

#include <glm/geometric.hpp>

#include "formats/registry.h"
#include "core/editing/mirror_pose.h"
#include "formats/scene_mirror.h"
#include "formats/secondlife/avatar_skeleton.h"
#include "formats/secondlife/secondlife_extra.h"
#include "tests/support/test_support.h"
#include "tests/support/world_positions.h"

using namespace bonescope;

namespace {

glm::dvec3 reflect(glm::dvec3 p, int axis)
{
    p[axis] = -p[axis];
    return p;
}

// Below a bone whose rest translation is not its counterpart's reflected (the avatar's hips, knees
// and ankles differ by up to 5 mm between its sides).
bool belowAsymmetricRest(const Skeleton& s, size_t bone, int axis)
{
    for (int b = int(bone); b >= 0; b = s.bones[size_t(b)].parent) {
        const int other = s.find(mirroredName(s.bones[size_t(b)].name));
        if (glm::distance(s.bones[size_t(other)].restTranslation, reflect(s.bones[size_t(b)].restTranslation, axis)) > 1e-9)
            return true;
    }
    return false;
}

// Every bone with a counterpart (and every bone without one, reflected in place) at `t`: the
// mirrored animation's world position is the original's, reflected (within `tolerance`, or 2 cm
// below a rest pose whose sides differ).
void expectMirroredWorld(const Animation& original, const Animation& mirrored, const Skeleton& s, int axis,
                         double t, double tolerance)
{
    const auto before = test::worldPositions(original, s, t), after = test::worldPositions(mirrored, s, t);
    for (size_t b = 0; b < s.size(); ++b) {
        if (s.bones[b].isHelper())
            continue;
        const int other = s.find(mirroredName(s.bones[b].name));
        ASSERT_GE(other, 0) << s.bones[b].name;
        const glm::dvec3 want = reflect(before[b], axis);
        const double within = belowAsymmetricRest(s, b, axis) ? 0.02 : tolerance;
        for (int c = 0; c < 3; ++c)
            ASSERT_NEAR(after[size_t(other)][c], want[c], within) << s.bones[b].name << " at " << t << " s";
    }
}

double heightOf(const Animation& a, const Skeleton& s, const char* bone, int up)
{
    return test::worldPositions(a, s, a.duration)[size_t(s.find(bone))][up];
}

// linden_walk.anim with its tracks replaced: the left arm raised sideways (about the avatar's
// forward axis, +X), the pelvis moved and turned; mShoulderLeft at priority 5.
Scene secondLifeRaise()
{
    Scene s = Registry::instance().byId("secondlife")->read(test::readBytes(test::samplePath("secondlife/linden_walk.anim")));
    Animation& a = s.animations.front();
    Track shoulder = a.tracks[size_t(a.findTrack("mShoulderLeft"))];
    Track pelvis = a.tracks[size_t(a.findTrack("mPelvis"))];
    shoulder.rotation.keys = {{0, glm::dquat(1, 0, 0, 0)}, {a.duration, glm::angleAxis(glm::radians(70.0), glm::dvec3(1, 0, 0))}};
    pelvis.translation.keys = {{0, {0, 0, 0}}, {a.duration, {0.1, 0.3, -0.05}}};
    pelvis.rotation.keys = {{0, glm::dquat(1, 0, 0, 0)}, {a.duration, glm::angleAxis(glm::radians(40.0), glm::dvec3(0, 0, 1))}};
    a.tracks = {shoulder, pelvis};
    auto* x = a.extra.as<SecondLifeExtra>();
    x->joints = {{"mShoulderLeft", 5}, {"mPelvis", -1}};
    x->constraints.resize(1);
    const char* hand = "L_HAND";
    std::copy(hand, hand + 6, x->constraints[0].sourceVolume.begin());
    x->constraints[0].sourceOffset[1] = 0.25f;
    x->constraintCount = 1;
    return s;
}

} // namespace

TEST(MirrorScene, CommonXIsTheFilesOwnLeftRightAxis)
{
    EXPECT_EQ(fileAxis("secondlife", 0), 1); // Z up, left +Y
    EXPECT_EQ(fileAxis("secondlife", 1), 2);
    EXPECT_EQ(fileAxis("seanim", 0), 0);
    EXPECT_EQ(fileAxis("bvh", 2), 2);
}

TEST(MirrorScene, SecondLifeLeftArmRaiseBecomesRightArmRaise)
{
    const Format& sl = *Registry::instance().byId("secondlife");
    // Through the file: the keys as the format quantises them.
    const Scene original = sl.read(sl.write(secondLifeRaise()));
    Scene mirrored = original;
    const int axis = fileAxis("secondlife", 0);
    EXPECT_EQ(mirrorScene(mirrored, axis), 1u);
    const Animation& a = original.animations.front();
    const Animation& m = mirrored.animations.front();
    const Skeleton& avatar = original.skeleton;
    ASSERT_EQ(avatar.size(), secondlife::avatarSkeleton().size());
    for (double t : {0.0, a.duration / 3, a.duration})
        expectMirroredWorld(a, m, avatar, axis, t, 1e-9);
    // The raise: the right wrist ends well above its rest height, the left one stays at rest.
    const double restRight = avatar.restWorld()[size_t(avatar.find("mWristRight"))][3].z;
    const double restLeft = avatar.restWorld()[size_t(avatar.find("mWristLeft"))][3].z;
    EXPECT_GT(heightOf(a, avatar, "mWristLeft", 2) - heightOf(a, avatar, "mPelvis", 2), restLeft - 1.067 + 0.3);
    EXPECT_GT(heightOf(m, avatar, "mWristRight", 2) - heightOf(m, avatar, "mPelvis", 2), restRight - 1.067 + 0.3);
    EXPECT_NEAR(heightOf(m, avatar, "mWristLeft", 2) - heightOf(m, avatar, "mPelvis", 2),
                heightOf(Animation{}, avatar, "mWristLeft", 2) - 1.067, 0.02); // the pelvis turns about z only

    // Its priority, its constraint's hand and offset follow; written and read back, the same motion.
    const auto* x = m.extra.as<SecondLifeExtra>();
    EXPECT_EQ(x->priorityOf(0, "mShoulderRight"), 5);
    EXPECT_EQ(x->constraints[0].sourceName(), "R_HAND");
    EXPECT_EQ(x->constraints[0].sourceOffset[1], -0.25f);
    const Scene reread = sl.read(sl.write(mirrored));
    EXPECT_EQ(reread.animations.front().tracks[0].name, "mShoulderRight");
    EXPECT_EQ(reread.animations.front().extra.as<SecondLifeExtra>()->priorityOf(0, "mShoulderRight"), 5);
    expectMirroredWorld(a, reread.animations.front(), avatar, axis, a.duration, 2e-4);
}

TEST(MirrorScene, SecondLifeSampleWalk)
{
    const Scene original = Registry::instance().byId("secondlife")->read(test::readBytes(test::samplePath("secondlife/linden_walk.anim")));
    Scene mirrored = original;
    EXPECT_GT(mirrorScene(mirrored, 1), 4u);
    const Animation& a = original.animations.front();
    for (double t = 0; t <= a.duration; t += a.duration / 7)
        expectMirroredWorld(a, mirrored.animations.front(), original.skeleton, 1, t, 1e-9);
}

TEST(MirrorScene, SeanimRigLeftArmRaiseBecomesRightArmRaise)
{
    // A Call of Duty style rig (centimetres, Z up, left +Y... its sides along x here), the right side
    // the left one reflected across x, rest rotations included.
    Skeleton rig;
    auto add = [&](const char* name, int parent, glm::dvec3 t, glm::dquat r) {
        Bone b;
        b.name = name;
        b.parent = parent;
        b.restTranslation = t;
        b.restRotation = r;
        rig.bones.push_back(b);
        return int(rig.bones.size()) - 1;
    };
    auto mirrorQ = [](const glm::dquat& q) { return glm::dquat(q.w, q.x, -q.y, -q.z); };
    const glm::dquat clav = glm::angleAxis(glm::radians(-20.0), glm::normalize(glm::dvec3(0.2, 1, 0.4)));
    const int root = add("tag_origin", -1, {0, 0, 0}, glm::dquat(1, 0, 0, 0));
    const int hips = add("j_mainroot", root, {0, 0, 95}, glm::angleAxis(glm::radians(90.0), glm::dvec3(0, 0, 1)));
    const int spine = add("j_spineupper", hips, {0, 0, 40}, glm::dquat(1, 0, 0, 0));
    int l = add("j_clavicle_le", spine, {8, 2, 15}, clav), r = add("j_clavicle_ri", spine, {-8, 2, 15}, mirrorQ(clav));
    l = add("j_shoulder_le", l, {14, 0, 0}, glm::dquat(1, 0, 0, 0));
    r = add("j_shoulder_ri", r, {-14, 0, 0}, glm::dquat(1, 0, 0, 0));
    l = add("j_elbow_le", l, {28, 0, 0}, glm::dquat(1, 0, 0, 0));
    r = add("j_elbow_ri", r, {-28, 0, 0}, glm::dquat(1, 0, 0, 0));
    add("j_wrist_le", l, {26, 0, 0}, glm::dquat(1, 0, 0, 0));
    add("j_wrist_ri", r, {-26, 0, 0}, glm::dquat(1, 0, 0, 0));

    Scene s;
    s.format = "seanim";
    Animation a;
    a.fps = 30;
    a.duration = 1;
    Track shoulder, elbow, hips2;
    shoulder.name = "j_shoulder_le";
    shoulder.rotation.keys = {{0, glm::dquat(1, 0, 0, 0)}, {1, glm::angleAxis(glm::radians(75.0), glm::dvec3(0, -1, 0))}};
    elbow.name = "j_elbow_le";
    elbow.rotation.keys = {{0, glm::dquat(1, 0, 0, 0)}, {1, glm::angleAxis(glm::radians(30.0), glm::dvec3(0, 0, 1))}};
    hips2.name = "j_mainroot";
    hips2.translation.keys = {{0, {0, 0, 95}}, {1, {5, 3, 90}}};
    hips2.rotation.keys = {{0, rig.bones[size_t(hips)].restRotation}, {1, glm::angleAxis(glm::radians(100.0), glm::dvec3(0, 0, 1))}};
    a.tracks = {shoulder, elbow, hips2};
    s.animations.push_back(a);
    const Format& seanim = *Registry::instance().byId("seanim");
    const Scene original = seanim.read(seanim.write(s));
    Scene mirrored = original;
    const int axis = fileAxis("seanim", 0);
    EXPECT_EQ(mirrorScene(mirrored, axis), 2u);
    EXPECT_EQ(mirrored.animations.front().tracks[0].name, "j_shoulder_ri");
    EXPECT_EQ(mirrored.animations.front().tracks[1].name, "j_elbow_ri");
    for (double t : {0.0, 0.5, 1.0})
        expectMirroredWorld(original.animations.front(), mirrored.animations.front(), rig, axis, t, 1e-4);
    // The raise: the right wrist ends above its rest height (relative to the hips), the left at rest.
    const Animation& m = mirrored.animations.front();
    const auto rest = rig.restWorld();
    const double restWrist = rest[size_t(rig.find("j_wrist_ri"))][3].z - rest[size_t(hips)][3].z;
    EXPECT_GT(heightOf(m, rig, "j_wrist_ri", 2) - heightOf(m, rig, "j_mainroot", 2), restWrist + 20);
    EXPECT_NEAR(heightOf(m, rig, "j_wrist_le", 2) - heightOf(m, rig, "j_mainroot", 2), restWrist, 1e-3);
    EXPECT_LT(heightOf(original.animations.front(), rig, "j_wrist_ri", 2) - heightOf(original.animations.front(), rig, "j_mainroot", 2),
              restWrist + 1e-3);
}

// One pose of the sample walk, mirrored on the avatar at a time between keys: at that time the whole
// body is the reflection of what it was, and the walk at its start is untouched.
TEST(MirrorScene, SecondLifePoseMirroredAtOneTime)
{
    const Scene original = Registry::instance().byId("secondlife")->read(test::readBytes(test::samplePath("secondlife/linden_walk.anim")));
    const Animation& a = original.animations.front();
    Animation posed = a;
    const int axis = fileAxis("secondlife", 0);
    const double t = a.duration * 0.37;
    EXPECT_FALSE(mirrorPose(posed, original.skeleton, t, axis).empty());
    expectMirroredWorld(a, posed, original.skeleton, axis, t, 1e-9);
    const auto start = test::worldPositions(posed, original.skeleton, 0), startBefore = test::worldPositions(a, original.skeleton, 0);
    for (size_t b = 0; b < start.size(); ++b)
        for (int c = 0; c < 3; ++c)
            ASSERT_NEAR(start[b][c], startBefore[b][c], 1e-12) << original.skeleton.bones[b].name;
    // Saved and read back: the mirrored pose survives the format's quantisation.
    const Format& sl = *Registry::instance().byId("secondlife");
    Scene edited = original;
    edited.animations.front() = posed;
    const Scene reread = sl.read(sl.write(edited));
    expectMirroredWorld(a, reread.animations.front(), original.skeleton, axis, t, 2e-4);
}

// Measured in the window: mirroring the walk's pose at frame 5 put a second key beside each of the
// file's own keys there (stored at 1/65535 of the duration, 3 microseconds from 5/15 s).
TEST(MirrorScene, SecondLifePoseAtAKeyedFrameReplacesTheKeysThere)
{
    const Scene original = Registry::instance().byId("secondlife")->read(test::readBytes(test::samplePath("secondlife/linden_walk.anim")));
    Animation posed = original.animations.front();
    ASSERT_EQ(posed.fps, 15);
    mirrorPose(posed, original.skeleton, 5.0 / 15, fileAxis("secondlife", 0));
    const Animation& a = original.animations.front();
    for (size_t t = 0; t < a.tracks.size(); ++t) {
        auto keyedAt5 = [](const QuatChannel& c) {
            return std::any_of(c.keys.begin(), c.keys.end(), [](const QuatKey& k) { return std::abs(k.time * 15 - 5) < 1e-3; });
        };
        if (keyedAt5(a.tracks[t].rotation)) {
            EXPECT_EQ(posed.tracks[t].rotation.size(), a.tracks[t].rotation.size()) << a.tracks[t].name;
        }
    }
}
