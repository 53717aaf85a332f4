// FBX nodes with pivots, offsets and pre-rotations (Mixamo, Maya): Assimp gives each a chain of
// "$AssimpFbx$" helper nodes, and keys either on the bone (the whole chain's transform) or on the
// helpers. Bonescope folds each chain into its bone. The reference is independent of that code:
// the same file imported by Assimp with AI_CONFIG_IMPORT_FBX_PRESERVE_PIVOTS off (Assimp folds the
// pivots into the nodes itself) and evaluated here, plus the FBX transform formula written out for
// the one bone whose pivot moves (Assimp's folded import drops keys on pivoted bones).
#include <cmath>
#include <map>

#include <assimp/Importer.hpp>
#include <assimp/config.h>
#include <assimp/scene.h>
#include <glm/gtc/matrix_transform.hpp>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "core/playback/sampler.h"
#include "formats/assimp/assimp_format.h"
#include "formats/assimp/assimp_import.h"
#include "formats/assimp/assimp_io.h"
#include "formats/assimp/fbx_helper_nodes.h"
#include "formats/convert/prepare.h"
#include "formats/registry.h"
#include "tests/support/test_support.h"

using namespace bonescope;

namespace {

// tests/fixtures/fbx/make_pivot_skeleton.py: Hips (keys, one Assimp channel), Spine (keys), Head
// (static pivots and offset), HeadTop, Tail (keys on a rotation pivot: Assimp keys on helpers).
const std::string kFixture = "fbx/pivot_skeleton.fbx";
constexpr double kFps = 30;
using Positions = std::map<std::string, glm::dvec3>;

glm::dmat4 toDmat(const aiMatrix4x4& m)
{
    return glm::transpose(glm::dmat4(m.a1, m.a2, m.a3, m.a4, m.b1, m.b2, m.b3, m.b4, m.c1, m.c2, m.c3, m.c4, m.d1,
                                     m.d2, m.d3, m.d4));
}

// Linear (translation, scale) or slerp (rotation) between an aiNodeAnim's keys, held outside them.
template <class K, class Mix>
auto keyValue(const K* keys, unsigned count, double tick, Mix mix)
{
    if (tick <= keys[0].mTime || count == 1)
        return keys[0].mValue;
    for (unsigned k = 1; k < count; ++k)
        if (tick <= keys[k].mTime)
            return mix(keys[k - 1].mValue, keys[k].mValue, (tick - keys[k - 1].mTime) / (keys[k].mTime - keys[k - 1].mTime));
    return keys[count - 1].mValue;
}

// World positions of every node of Assimp's own scene at `seconds` (its channels applied, its
// nodes otherwise at rest).
Positions referencePositions(const aiScene& ai, double seconds, bool animated)
{
    std::map<std::string, const aiNodeAnim*> channels;
    const aiAnimation* an = ai.mNumAnimations ? ai.mAnimations[0] : nullptr;
    for (unsigned c = 0; an && animated && c < an->mNumChannels; ++c)
        channels[an->mChannels[c]->mNodeName.C_Str()] = an->mChannels[c];
    const double tick = an ? seconds * an->mTicksPerSecond : 0;
    Positions out;
    std::vector<std::pair<const aiNode*, glm::dmat4>> stack{{ai.mRootNode, glm::dmat4(1.0)}};
    while (!stack.empty()) {
        const auto [node, parentWorld] = stack.back();
        stack.pop_back();
        glm::dmat4 local = toDmat(node->mTransformation);
        if (auto it = channels.find(node->mName.C_Str()); it != channels.end()) {
            const aiNodeAnim* ch = it->second;
            const auto lerp = [](aiVector3D a, aiVector3D b, double f) { return a + (b - a) * float(f); };
            const auto slerp = [](aiQuaternion a, aiQuaternion b, double f) {
                aiQuaternion q;
                aiQuaternion::Interpolate(q, a, b, float(f));
                return q;
            };
            const aiVector3D t = keyValue(ch->mPositionKeys, ch->mNumPositionKeys, tick, lerp);
            const aiQuaternion r = keyValue(ch->mRotationKeys, ch->mNumRotationKeys, tick, slerp);
            const aiVector3D s = keyValue(ch->mScalingKeys, ch->mNumScalingKeys, tick, lerp);
            local = composeTRS({t.x, t.y, t.z}, glm::dquat(r.w, r.x, r.y, r.z), {s.x, s.y, s.z});
        }
        const glm::dmat4 world = parentWorld * local;
        out[node->mName.C_Str()] = glm::dvec3(world[3]);
        for (unsigned i = 0; i < node->mNumChildren; ++i)
            stack.push_back({node->mChildren[i], world});
    }
    return out;
}

struct Reference {
    Assimp::Importer importer;
    const aiScene* scene = nullptr;
    Reference()
    {
        importer.SetPropertyBool(AI_CONFIG_IMPORT_FBX_PRESERVE_PIVOTS, false);
        scene = importer.ReadFile(test::fixturePath(kFixture), 0);
    }
};

Positions scenePositions(const Scene& scene, double seconds)
{
    Sampler sampler(scene.animations.at(0), scene.skeleton);
    Pose pose;
    sampler.sample(seconds, pose); // what the viewport and `pose` draw
    Positions out;
    for (size_t i = 0; i < scene.skeleton.size(); ++i)
        out[scene.skeleton.bones[i].name] = glm::dvec3(pose.world[i][3]);
    return out;
}

double skeletonSize(const Positions& p)
{
    glm::dvec3 lo(HUGE_VAL), hi(-HUGE_VAL);
    for (const auto& [name, x] : p) {
        lo = glm::min(lo, x);
        hi = glm::max(hi, x);
    }
    return glm::length(hi - lo);
}

Scene readFixture()
{
    const auto bytes = test::readBytes(test::fixturePath(kFixture));
    const Format* f = Registry::instance().detect(bytes, test::fixturePath(kFixture));
    EXPECT_NE(f, nullptr);
    return f ? f->readFrom(bytes, test::fixturePath(kFixture)) : Scene{};
}

// Every bone of `got` named in `want` (except `skip`) at the same place, within 1e-3 of the size.
void expectSamePositions(const Positions& want, const Positions& got, double size, const std::string& when,
                         const std::string& skip = "")
{
    for (const auto& [name, x] : want) {
        if (name == skip)
            continue;
        const auto it = got.find(name);
        ASSERT_NE(it, got.end()) << name << " missing " << when;
        EXPECT_LT(glm::length(it->second - x), 1e-3 * size)
            << name << " " << when << ": (" << it->second.x << ", " << it->second.y << ", " << it->second.z
            << ") instead of (" << x.x << ", " << x.y << ", " << x.z << ")";
    }
}

glm::dmat4 eulerXYZ(glm::dvec3 degrees) // FBX eEulerXYZ: X first, then Y, then Z
{
    const glm::dvec3 r = glm::radians(degrees);
    return glm::rotate(glm::dmat4(1.0), r.z, {0, 0, 1}) * glm::rotate(glm::dmat4(1.0), r.y, {0, 1, 0}) *
           glm::rotate(glm::dmat4(1.0), r.x, {1, 0, 0});
}

// Tail's local transform by the FBX SDK's formula, T * Roff * Rp * Rpre * R * Rpost^-1 * Rp^-1 *
// Soff * Sp * S * Sp^-1, with the fixture's values at a key frame (0 or 30).
glm::dmat4 tailLocal(int frame)
{
    const double f = frame / 30.0;
    const glm::dvec3 t = glm::mix(glm::dvec3(0, 0, -10), glm::dvec3(0, 5, -10), f);
    const glm::dvec3 r = glm::mix(glm::dvec3(0, 0, 0), glm::dvec3(0, 60, 30), f);
    const glm::dvec3 pivot(0, 0, -4);
    return glm::translate(glm::dmat4(1.0), t) * glm::translate(glm::dmat4(1.0), pivot) * eulerXYZ({0, 90, 0}) *
           eulerXYZ(r) * glm::translate(glm::dmat4(1.0), -pivot);
}

} // namespace

TEST(FbxHelperNodes, AsciiFbxIsDetected)
{
    const auto bytes = test::readBytes(test::fixturePath(kFixture));
    EXPECT_TRUE(AssimpFormat().detect(bytes));
}

TEST(FbxHelperNodes, SkeletonHasTheFilesBonesOnly)
{
    const Scene scene = readFixture();
    Reference ref;
    ASSERT_NE(ref.scene, nullptr) << ref.importer.GetErrorString();
    const Positions want = referencePositions(*ref.scene, 0, false);
    ASSERT_EQ(want.size(), 6u); // RootNode, Hips, Spine, Head, HeadTop, Tail
    EXPECT_EQ(scene.skeleton.size(), want.size());
    for (const Bone& b : scene.skeleton.bones) {
        EXPECT_FALSE(isFbxHelperName(b.name)) << b.name;
        EXPECT_TRUE(want.count(b.name)) << b.name;
    }
    ASSERT_EQ(scene.animations.size(), 1u);
    for (const Track& t : scene.animations[0].tracks)
        EXPECT_FALSE(isFbxHelperName(t.name)) << t.name;
    EXPECT_GE(scene.animations[0].findTrack("Tail"), 0); // its helpers' keys, merged
    const auto parentName = [&](const std::string& bone) {
        const int p = scene.skeleton.bones[size_t(scene.skeleton.find(bone))].parent;
        return p < 0 ? std::string() : scene.skeleton.bones[size_t(p)].name;
    };
    EXPECT_EQ(parentName("Head"), "Spine");
    EXPECT_EQ(parentName("Tail"), "Hips");
    EXPECT_EQ(parentName("HeadTop"), "Head");

    // The skeleton source (--skeleton, the window's skeleton mesh) folds the chains the same way.
    const Scene skeletonOnly = importWithAssimp(test::fixturePath(kFixture));
    EXPECT_EQ(skeletonOnly.skeleton.size(), want.size());
}

TEST(FbxHelperNodes, RestPoseMatchesAssimpsFoldedImport)
{
    const Scene scene = readFixture();
    Reference ref;
    ASSERT_NE(ref.scene, nullptr) << ref.importer.GetErrorString();
    const Positions want = referencePositions(*ref.scene, 0, false);
    const double size = skeletonSize(want);
    ASSERT_GT(size, 10.0);
    Positions got;
    const auto world = scene.skeleton.restWorld();
    for (size_t i = 0; i < scene.skeleton.size(); ++i)
        got[scene.skeleton.bones[i].name] = glm::dvec3(world[i][3]);
    expectSamePositions(want, got, size, "at rest");
}

TEST(FbxHelperNodes, AnimatedPoseMatchesAtEveryTime)
{
    const Scene scene = readFixture();
    Reference ref;
    ASSERT_NE(ref.scene, nullptr) << ref.importer.GetErrorString();
    const double size = skeletonSize(referencePositions(*ref.scene, 0, false));
    for (const double frame : {0.0, 4.0, 7.5, 15.0, 22.0, 30.0}) {
        const double t = frame / kFps;
        const Positions want = referencePositions(*ref.scene, t, true);
        const Positions got = scenePositions(scene, t);
        // Tail's keys sit on a pivot, which Assimp's folded import drops (its channels name helper
        // nodes it did not make): Tail is checked against the FBX formula below instead.
        expectSamePositions(want, got, size, "at frame " + std::to_string(frame), "Tail");
    }
    // The bones move: the reference is not the rest pose at every time.
    EXPECT_GT(glm::length(referencePositions(*ref.scene, 0.5, true)["HeadTop"] -
                          referencePositions(*ref.scene, 0, true)["HeadTop"]),
              0.1 * size);
    for (const int frame : {0, 30}) {
        const Positions want = referencePositions(*ref.scene, frame / kFps, true);
        // Tail hangs under Hips (checked against the reference here and above); its own local
        // transform by the formula.
        const Positions got = scenePositions(scene, frame / kFps);
        Sampler sampler(scene.animations[0], scene.skeleton);
        Pose pose;
        sampler.sample(frame / kFps, pose);
        const glm::dmat4 hipsWorld = glm::dmat4(pose.world[size_t(scene.skeleton.find("Hips"))]);
        const glm::dvec3 tail = glm::dvec3((hipsWorld * tailLocal(frame))[3]);
        expectSamePositions({{"Tail", tail}}, got, size, "at frame " + std::to_string(frame));
        expectSamePositions({{"Hips", want.at("Hips")}}, got, size, "at frame " + std::to_string(frame));
    }
}

TEST(FbxHelperNodes, PoseCommandAndConversionsKeepThePose)
{
    Reference ref;
    ASSERT_NE(ref.scene, nullptr) << ref.importer.GetErrorString();
    const double size = skeletonSize(referencePositions(*ref.scene, 0, false));
    const double t = 12 / kFps;
    const Positions want = referencePositions(*ref.scene, t, true);

    const auto r = test::runCli({"pose", test::fixturePath(kFixture), "--time", std::to_string(t)});
    ASSERT_EQ(r.status, 0) << r.err;
    Positions cli;
    const nlohmann::json pose = nlohmann::json::parse(r.out);
    for (const auto& bone : pose["bones"])
        cli[bone["name"].get<std::string>()] = {bone["worldPosition"][0].get<double>(), bone["worldPosition"][1].get<double>(),
                                                bone["worldPosition"][2].get<double>()};
    EXPECT_EQ(cli.size(), want.size());
    expectSamePositions(want, cli, size, "in `pose`", "Tail");

    const Scene scene = readFixture();
    const Positions original = scenePositions(scene, t);
    for (const std::string id : {"bvh", "assimp"}) {
        const Format& target = *Registry::instance().byId(id);
        Report report;
        const Scene prepared = prepareForTarget(scene, target, {}, report);
        const std::vector<uint8_t> bytes = target.write(prepared);
        if (id == "assimp")
            test::keepGlb("fbx_helper_nodes", bytes);
        const Scene back = target.read(bytes);
        const Positions converted = scenePositions(back, t);
        expectSamePositions(want, converted, size, "after conversion to " + id, "Tail");
        expectSamePositions({{"Tail", original.at("Tail")}}, converted, size, "after conversion to " + id);
    }
}

TEST(FbxHelperNodes, MeshJointsFollowTheCollapsedBones)
{
    // root > Arm_$AssimpFbx$_PreRotation > Arm > Hand: a vertex on each, one weighed to the helper.
    Scene s;
    s.skeleton.bones.push_back(Bone{.name = "root"});
    Bone pre{.name = "Arm_$AssimpFbx$_PreRotation", .parent = 0, .restTranslation = {0, 1, 0}};
    pre.restRotation = glm::angleAxis(glm::radians(90.0), glm::dvec3(0, 0, 1));
    s.skeleton.bones.push_back(pre);
    s.skeleton.bones.push_back(Bone{.name = "Arm", .parent = 1, .restTranslation = {2, 0, 0}});
    s.skeleton.bones.push_back(Bone{.name = "Hand", .parent = 2, .restTranslation = {3, 0, 0}});
    const auto restBefore = s.skeleton.restWorld();
    for (uint32_t j = 0; j < 4; ++j) {
        s.mesh.positions.push_back(glm::vec3(restBefore[j][3]));
        s.mesh.joints.push_back(glm::uvec4(j, 0, 0, 0));
        s.mesh.weights.push_back(glm::vec4(1, 0, 0, 0));
        s.mesh.inverseBind.push_back(glm::inverse(glm::mat4(restBefore[j])));
    }
    EXPECT_EQ(collapseFbxHelperNodes(s), 1u);
    ASSERT_EQ(s.skeleton.size(), 3u);
    EXPECT_EQ(s.skeleton.bones[1].name, "Arm");
    EXPECT_EQ(s.skeleton.bones[1].parent, 0);
    EXPECT_EQ(s.skeleton.bones[2].parent, 1);
    const auto rest = s.skeleton.restWorld();
    EXPECT_LT(glm::length(glm::dvec3(rest[1][3]) - glm::dvec3(restBefore[2][3])), 1e-9);
    EXPECT_LT(glm::length(glm::dvec3(rest[2][3]) - glm::dvec3(restBefore[3][3])), 1e-9);
    ASSERT_EQ(s.mesh.inverseBind.size(), 3u);
    const std::vector<uint32_t> joints = {s.mesh.joints[0].x, s.mesh.joints[1].x, s.mesh.joints[2].x, s.mesh.joints[3].x};
    EXPECT_EQ(joints, (std::vector<uint32_t>{0, 1, 1, 2})); // the helper's vertex goes to Arm
    EXPECT_EQ(s.mesh.inverseBind[2], glm::inverse(glm::mat4(restBefore[3])));
}
