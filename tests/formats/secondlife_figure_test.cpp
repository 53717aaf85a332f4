// The avatar figure (formats/secondlife/avatar_figure.h): a body of the avatar's collision volumes
// and finger bones, in the proportions of avatar_lad.xml's female and male shapes, skinned at the
// shape's joint offsets, with props on attachment points.
#include <gtest/gtest.h>

#include <algorithm>
#include <stdexcept>

#include "core/playback/sampler.h"
#include "formats/file_io.h"
#include "formats/secondlife/avatar_figure.h"
#include "formats/secondlife/avatar_figure_data.h"
#include "formats/secondlife/avatar_skeleton.h"

using namespace bonescope;
using namespace bonescope::secondlife;

namespace {

struct Box {
    glm::vec3 lo{1e9f}, hi{-1e9f};
    float height() const { return hi.z - lo.z; }
    float width() const { return hi.y - lo.y; }
};

Box bounds(const Mesh& m)
{
    Box b;
    for (const glm::vec3& p : m.positions) {
        b.lo = glm::min(b.lo, p);
        b.hi = glm::max(b.hi, p);
    }
    return b;
}

glm::vec3 at(const glm::mat4& m) { return glm::vec3(m[3]); }

// One vertex skinned as the viewport's shader does (rigid here: weight one on one joint).
glm::vec3 skinned(const Mesh& m, size_t v, const std::vector<glm::mat4>& world)
{
    const uint32_t j = m.joints[v].x;
    return glm::vec3(world[j] * m.inverseBind[j] * glm::vec4(m.positions[v], 1.f));
}

} // namespace

TEST(SecondLifeFigure, EveryShapeChangeNamesAnAvatarJoint)
{
    for (size_t i = 0; i < kFemaleDeltaCount; ++i)
        EXPECT_GE(findAvatarJoint(kFemaleDeltas[i].joint), 0) << kFemaleDeltas[i].joint;
    for (size_t i = 0; i < kMaleDeltaCount; ++i)
        EXPECT_GE(findAvatarJoint(kMaleDeltas[i].joint), 0) << kMaleDeltas[i].joint;
    ASSERT_EQ(kVolumeSizeCount, 26u);
    for (size_t i = 0; i < kVolumeSizeCount; ++i)
        EXPECT_GE(findCollisionVolume(kVolumeSizes[i].name), 0) << kVolumeSizes[i].name;
}

TEST(SecondLifeFigure, EveryVertexIsRigidOnAVolumeOrAFingerBone)
{
    const Skeleton& sk = avatarSkeleton();
    for (AvatarShape shape : {AvatarShape::Female, AvatarShape::Male}) {
        const AvatarFigure f = buildAvatarFigure(shape);
        const Mesh& m = f.mesh;
        ASSERT_GT(m.positions.size(), 1000u);
        ASSERT_EQ(m.normals.size(), m.positions.size());
        ASSERT_TRUE(m.skinned());
        ASSERT_EQ(m.inverseBind.size(), sk.size());
        ASSERT_EQ(m.indices.size() % 3, 0u);
        EXPECT_EQ(m.singleSidedIndices, m.indices.size());
        for (uint32_t i : m.indices)
            ASSERT_LT(i, m.positions.size());
        std::vector<uint8_t> used(sk.size(), 0);
        for (size_t v = 0; v < m.positions.size(); ++v) {
            ASSERT_EQ(m.weights[v], glm::vec4(1, 0, 0, 0));
            const uint32_t j = m.joints[v].x;
            ASSERT_LT(j, sk.size());
            const Bone& b = sk.bones[j];
            ASSERT_TRUE(b.kind == BoneKind::CollisionVolume || b.name.rfind("mHand", 0) == 0) << b.name;
            used[j] = 1;
        }
        // All 26 volumes and the 30 finger bones carry a part.
        EXPECT_EQ(std::count(used.begin(), used.end(), 1), 26 + 30);
    }
}

TEST(SecondLifeFigure, FemaleIsTheDefaultSkeletonsHeight)
{
    const AvatarFigure f = buildAvatarFigure(AvatarShape::Female);
    // The female shape changes only the chest volumes: every bone stays where the skeleton has it.
    const int pec = findAvatarJoint("LEFT_PEC");
    for (size_t i = 0; i < f.offsetDelta.size(); ++i)
        if (int(i) != pec && int(i) != findAvatarJoint("RIGHT_PEC")) {
            ASSERT_EQ(f.offsetDelta[i], glm::vec3(0.f)) << avatarSkeleton().bones[i].name;
        }
    // Big_Chest at 0.5 moves the left pec by half of (0.038, 0.024, -0.016).
    EXPECT_NEAR(f.offsetDelta[pec].x, 0.019f, 1e-6f);
    EXPECT_NEAR(f.offsetDelta[pec].y, 0.012f, 1e-6f);

    // The head's top: mHead at 1.683 m (pelvis 1.067 + torso 0.084 + chest 0.205 + neck 0.251 + head
    // 0.076) plus the HEAD volume's centre 0.07 and half-height 0.12.
    const Box b = bounds(f.mesh);
    EXPECT_NEAR(b.hi.z, 1.873f, 1e-3f);
    // The soles: the foot volumes reach just below the ground the skeleton stands on.
    EXPECT_GT(b.lo.z, -0.05f);
    EXPECT_LT(b.lo.z, 0.01f);
    EXPECT_GT(b.height(), 1.85f);
    EXPECT_LT(b.height(), 1.93f);
}

TEST(SecondLifeFigure, MaleIsTallerAndBroaderWithFeetOnTheSameGround)
{
    const AvatarFigure female = buildAvatarFigure(AvatarShape::Female);
    const AvatarFigure male = buildAvatarFigure(AvatarShape::Male);
    const Box f = bounds(female.mesh), m = bounds(male.mesh);
    // Male_Skeleton: the shins 10 % longer, the neck 20 %, the torso and chest 5 %.
    EXPECT_GT(m.height(), f.height() + 0.07f);
    EXPECT_LT(m.height(), f.height() + 0.12f);
    // The collars 40 % and the upper arms 35 % longer: the shoulders and the arms' reach.
    EXPECT_GT(m.width(), f.width() + 0.1f);
    // The pelvis rises as much as the legs grew, so the soles stay on the ground.
    EXPECT_NEAR(m.lo.z, f.lo.z, 2e-3f);
    const int pelvis = findAvatarJoint("mPelvis"), knee = findAvatarJoint("mKneeLeft"),
              ankle = findAvatarJoint("mAnkleLeft"), elbow = findAvatarJoint("mElbowLeft");
    EXPECT_NEAR(male.offsetDelta[ankle].z, -0.468f * 0.1f, 1e-5f); // the knee's z scale +0.1
    EXPECT_NEAR(male.offsetDelta[knee].z, 0.f, 1e-6f);              // the hip's z scale unchanged
    EXPECT_NEAR(male.offsetDelta[elbow].y, 0.248f * 0.35f, 1e-5f);  // the shoulder's y scale +0.35
    EXPECT_NEAR(male.offsetDelta[pelvis].z, 0.468f * 0.1f, 1e-4f);
}

TEST(SecondLifeFigure, SkinnedAtRestTheFigureStaysPutAndFollowsTheWalk)
{
    const auto file = std::string(BONESCOPE_SAMPLES) + "/secondlife/linden_walk.anim";
    const LoadedScene loaded = loadScene(file);
    const Scene& scene = loaded.scene;
    ASSERT_TRUE(carriesAvatarBones(scene.skeleton));
    std::vector<int> poseBone;
    for (const Bone& b : avatarSkeleton().bones)
        poseBone.push_back(scene.skeleton.find(b.name));

    const AvatarFigure male = buildAvatarFigure(AvatarShape::Male);
    Pose rest;
    const Animation still;
    Sampler restSampler(still, scene.skeleton);
    restSampler.sample(0, rest);
    std::vector<glm::mat4> world;
    figureJointWorld(male, poseBone, rest, {}, world);
    for (size_t v = 0; v < male.mesh.positions.size(); v += 97)
        ASSERT_LT(glm::distance(skinned(male.mesh, v, world), male.mesh.positions[v]), 1e-4f);

    // Walking: the hand's part swings with the wrist, at the male's wrist (its arms are longer than
    // the skeleton's), and keeps its distance to it.
    Sampler walk(scene.animations.at(0), scene.skeleton);
    const int wrist = findAvatarJoint("mWristRight"), hand = findAvatarJoint("R_HAND");
    size_t handVertex = male.mesh.positions.size();
    for (size_t v = 0; v < male.mesh.positions.size() && handVertex == male.mesh.positions.size(); ++v)
        if (int(male.mesh.joints[v].x) == hand)
            handVertex = v;
    ASSERT_LT(handVertex, male.mesh.positions.size());
    const float restDistance = glm::distance(male.mesh.positions[handVertex], at(male.restWorld[wrist]));
    glm::vec3 handAt[2];
    for (int i = 0; i < 2; ++i) {
        Pose pose;
        walk.sample(i * 0.4, pose);
        figureJointWorld(male, poseBone, pose, {}, world);
        handAt[i] = skinned(male.mesh, handVertex, world);
        EXPECT_NEAR(glm::distance(handAt[i], at(world[wrist])), restDistance, 1e-4f);
        // The shape's wrist is further from the shoulder than the skeleton's.
        const int shoulder = findAvatarJoint("mShoulderRight");
        EXPECT_GT(glm::distance(at(world[wrist]), at(world[shoulder])),
                  glm::distance(glm::vec3(pose.world[wrist][3]), glm::vec3(pose.world[shoulder][3])) + 0.1f);
    }
    EXPECT_GT(glm::distance(handAt[0], handAt[1]), 0.05f);
}

TEST(SecondLifeFigure, AKeyedPositionReplacesTheShapesButThePelvisKeepsItsRaise)
{
    const AvatarFigure male = buildAvatarFigure(AvatarShape::Male);
    const Skeleton& sk = avatarSkeleton();
    std::vector<int> poseBone(sk.size());
    for (size_t i = 0; i < sk.size(); ++i)
        poseBone[i] = int(i);
    Pose rest;
    rest.resize(sk.size());
    const auto restWorld = sk.restWorld();
    for (size_t i = 0; i < sk.size(); ++i)
        rest.world[i] = glm::mat4(restWorld[i]);
    const int pelvis = findAvatarJoint("mPelvis"), elbow = findAvatarJoint("mElbowLeft"),
              shoulder = findAvatarJoint("mShoulderLeft");
    std::vector<uint8_t> positioned(sk.size(), 0);
    positioned[pelvis] = positioned[elbow] = 1;
    std::vector<glm::mat4> world;
    figureJointWorld(male, poseBone, rest, positioned, world);
    // The elbow stands where the pose puts it from the shoulder (0.248 m), not at the male's 0.335 m.
    EXPECT_NEAR(glm::distance(at(world[elbow]), at(world[shoulder])), 0.248f, 1e-5f);
    EXPECT_NEAR(at(world[pelvis]).z, 1.067f + male.offsetDelta[pelvis].z, 1e-5f);
    figureJointWorld(male, poseBone, rest, {}, world);
    EXPECT_NEAR(glm::distance(at(world[elbow]), at(world[shoulder])), 0.248f * 1.35f, 1e-5f);
}

TEST(SecondLifeFigure, APropRidesOnItsAttachmentPoint)
{
    // A triangle one metre up in a Y-up file: on the point, one metre along its Z (Second Life's up).
    Mesh prop;
    prop.positions = {{0, 1, 0}, {0.1f, 1, 0}, {0, 1, 0.1f}};
    prop.indices = {0, 1, 2};
    Skeleton none;
    AvatarFigure f = buildAvatarFigure(std::nullopt);
    EXPECT_TRUE(f.mesh.empty());
    const int hand = findBodyAttachmentPoint("right hand");
    ASSERT_EQ(avatarSkeleton().bones.at(hand).name, "Right Hand");
    attachProp(f, hand, prop, none, UpAxis::Y);
    ASSERT_EQ(f.mesh.positions.size(), 3u);
    EXPECT_EQ(f.mesh.indices, (std::vector<uint32_t>{0, 1, 2}));
    EXPECT_EQ(f.mesh.joints[0].x, uint32_t(hand));
    const glm::vec3 expected(f.restWorld[hand] * glm::vec4(0, 0, 1, 1));
    EXPECT_LT(glm::distance(f.mesh.positions[0], expected), 1e-5f);
    ASSERT_EQ(f.mesh.normals.size(), 3u); // made from the triangle when the file has none
    // (0.1, 0, 0) x (0, 0, 0.1) in Y up is -Y there: -Z once Z is up.
    EXPECT_LT(glm::distance(f.mesh.normals[0], glm::vec3(0, 0, -1)), 1e-5f);

    EXPECT_THROW(attachProp(f, findAvatarJoint("mWristRight"), prop, none, UpAxis::Y), std::invalid_argument);
    EXPECT_EQ(findBodyAttachmentPoint("Center 2"), -1); // a HUD point, not on the body
    EXPECT_EQ(findBodyAttachmentPoint("no such point"), -1);
    EXPECT_EQ(bodyAttachmentPoints().size(), 47u);
    EXPECT_EQ(avatarShapeNamed("MALE"), AvatarShape::Male);
    EXPECT_EQ(avatarShapeNamed("child"), std::nullopt);
}
