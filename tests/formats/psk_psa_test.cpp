// Unreal PSK/PSA on real files from three writers (UE Viewer, CUE4Parse/FModel, the Blender add-on
// and an ActorX-style writer: tests/fixtures/psk/SOURCES.md) and on the spec's worked example: known
// values, byte-exact re-save, an edited key that changes only its own bytes, a PSA played on the PSK
// it was made for, and bad input rejected with the chunk and the byte offset.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>

#include "core/playback/sampler.h"
#include "formats/convert/prepare.h"
#include "formats/parse_error.h"
#include "formats/psk/psk_extra.h"
#include "formats/psk/psk_format.h"
#include "formats/registry.h"
#include "tests/formats/convert_pose_compare.h"
#include "tests/support/test_support.h"

using namespace bonescope;

namespace {

const char* const kFixtures[] = {"Suzanne.psk", "Slurp_Monster_Axe_LOD0.psk", "Bat.psk", "MAXIM_TURRET_EXT.psk",
                                 "Grunt_Preview_LOD0.psk", "grunt_hh_grabplayer_crouch_SEQ0.psa"};

std::vector<uint8_t> fixture(const std::string& name) { return test::readBytes(test::fixturePath("psk/" + name)); }

const Format& formatOf(const std::vector<uint8_t>& bytes, const std::string& name)
{
    const Format* f = Registry::instance().detect(bytes, name);
    EXPECT_NE(f, nullptr) << name;
    return *f;
}

void putF32(std::vector<uint8_t>& b, size_t at, float v) { std::memcpy(b.data() + at, &v, 4); }
void putS32(std::vector<uint8_t>& b, size_t at, int32_t v) { std::memcpy(b.data() + at, &v, 4); }

// The spec's worked example (../shared/specs/psk-psa.md section 6): one bone, two frames, 480 bytes.
std::vector<uint8_t> workedExample()
{
    std::vector<uint8_t> b(480, 0);
    auto name = [&](size_t at, const char* s) { std::memcpy(b.data() + at, s, std::strlen(s)); };
    name(0, "ANIMHEAD");
    putS32(b, 20, 20100422);
    name(32, "BONENAMES");
    putS32(b, 56, 120);
    putS32(b, 60, 1);
    name(64, "root");
    putF32(b, 64 + 88, 1.f); // w
    name(184, "ANIMINFO");
    putS32(b, 208, 168);
    putS32(b, 212, 1);
    name(216, "wave");
    name(280, "None");
    putS32(b, 344, 1);
    putS32(b, 356, 2);
    putF32(b, 364, 2.f);
    putF32(b, 368, 30.f);
    putS32(b, 380, 2);
    name(384, "ANIMKEYS");
    putS32(b, 408, 32);
    putS32(b, 412, 2);
    putF32(b, 416 + 24, 1.f);
    putF32(b, 416 + 28, 1.f);
    putF32(b, 448 + 8, 10.f);
    putF32(b, 448 + 20, 0.70710677f);
    putF32(b, 448 + 24, 0.70710677f);
    putF32(b, 448 + 28, 1.f);
    return b;
}

std::string errorOf(const Format& f, const std::vector<uint8_t>& bytes)
{
    try {
        f.read(bytes);
    } catch (const ParseError& e) {
        return e.what();
    }
    return "no error";
}

} // namespace

TEST(PskPsa, DetectedByContentAndExtension)
{
    EXPECT_EQ(formatOf(fixture("Suzanne.psk"), "x.bin").id(), "psk");
    EXPECT_EQ(formatOf(fixture("grunt_hh_grabplayer_crouch_SEQ0.psa"), "x.bin").id(), "psa");
    ASSERT_NE(Registry::instance().byExtension("model.PSKX"), nullptr);
    EXPECT_EQ(Registry::instance().byExtension("model.PSKX")->id(), "psk");
}

TEST(PskPsa, EveryFixtureResavesByteForByte)
{
    for (const char* name : kFixtures) {
        SCOPED_TRACE(name);
        const auto bytes = fixture(name);
        const Format& f = formatOf(bytes, name);
        const Scene s = f.read(bytes);
        EXPECT_TRUE(f.write(s) == bytes);
    }
}

TEST(PskPsa, WorkedExampleReadsAsTheSpecSaysAndIsWrittenFreshByteForByte)
{
    const auto bytes = workedExample();
    const PsaFormat psa;
    Scene s = psa.read(bytes);
    ASSERT_EQ(s.skeleton.size(), 1u);
    EXPECT_EQ(s.skeleton.bones[0].name, "root");
    ASSERT_EQ(s.animations.size(), 1u);
    const Animation& a = s.animations[0];
    EXPECT_EQ(a.name, "wave");
    EXPECT_EQ(a.fps, 30.0);
    EXPECT_EQ(a.frameCount(), 2);
    ASSERT_EQ(a.tracks[0].rotation.size(), 2u);
    // Bone 0 is the root: +90 degrees about +Z as stored, not conjugated.
    const glm::dquat q = a.tracks[0].rotation.keys.value(1);
    EXPECT_NEAR(q.w, 0.70710677, 1e-7);
    EXPECT_NEAR(q.z, 0.70710677, 1e-7);
    EXPECT_EQ(a.tracks[0].translation.keys.value(1), glm::dvec3(0, 0, 10));
    EXPECT_DOUBLE_EQ(a.tracks[0].translation.keys.time(1), 1.0 / 30);
    EXPECT_TRUE(psa.write(s) == bytes);
    // Without anything kept from the file, the writer still makes these very bytes.
    s.extra = {};
    s.animations[0].extra = {};
    EXPECT_TRUE(psa.write(s) == bytes);
}

TEST(PskPsa, BlenderAddonStaticMeshKnownValues)
{
    const Scene s = PskFormat().read(fixture("Suzanne.psk"));
    ASSERT_EQ(s.skeleton.size(), 1u);
    EXPECT_EQ(s.skeleton.bones[0].name, "ROOT");
    EXPECT_EQ(s.mesh.positions.size(), 555u);     // one vertex per wedge
    EXPECT_EQ(s.mesh.indices.size(), 968u * 3);
    EXPECT_TRUE(s.mesh.skinned());                // no weights: every vertex follows the root
    EXPECT_EQ(s.mesh.weights[0], glm::vec4(1, 0, 0, 0));
}

TEST(PskPsa, Cue4ParseModelKnownValues)
{
    const auto bytes = fixture("Slurp_Monster_Axe_LOD0.psk");
    const Scene s = PskFormat().read(bytes);
    ASSERT_EQ(s.skeleton.size(), 4u);
    const Bone& handle = s.skeleton.bones[1];
    EXPECT_EQ(handle.name, "Melee_TwoHanded_Handle");
    EXPECT_EQ(handle.parent, 0);
    EXPECT_NEAR(handle.restTranslation.x, 8.147701, 1e-5);
    EXPECT_NEAR(handle.restTranslation.z, -29.079266, 1e-5);
    // Stored (0, 0, 0.7071067, -0.7071068) on a non-root bone: the rotation is its conjugate.
    EXPECT_NEAR(handle.restRotation.z, -0.7071067, 1e-6);
    EXPECT_NEAR(handle.restRotation.w, -0.7071068, 1e-6);
    EXPECT_EQ(s.skeleton.bones[0].parent, -1); // CUE4Parse's root parent -1
    EXPECT_EQ(s.mesh.positions.size(), 738u);
    EXPECT_EQ(s.mesh.normals.size(), 738u); // VTXNORMS, one per point, spread over the wedges
    const auto* x = s.extra.as<PskExtra>();
    ASSERT_NE(x, nullptr);
    EXPECT_EQ(x->points, 490u);
    EXPECT_EQ(x->morphTargets, 5u);
    EXPECT_EQ(x->extraUvSets, 1u);
    EXPECT_TRUE(x->vertexColors);
}

TEST(PskPsa, GruntSequenceKnownValuesAndOldFirstFrameFixed)
{
    const Scene s = PsaFormat().read(fixture("grunt_hh_grabplayer_crouch_SEQ0.psa"));
    ASSERT_EQ(s.skeleton.size(), 89u);
    EXPECT_EQ(s.skeleton.bones[2].name, "LeftUpLeg");
    EXPECT_EQ(s.skeleton.bones[2].parent, 1);
    ASSERT_EQ(s.animations.size(), 1u);
    const Animation& a = s.animations[0];
    EXPECT_EQ(a.name, "grunt_hh_grabplayer_crouch");
    EXPECT_NEAR(a.fps, 30.3000011444, 1e-9); // the float one step above 30.3, as stored
    EXPECT_EQ(a.frameCount(), 101);
    const auto* ax = a.extra.as<PsaSequenceExtra>();
    ASSERT_NE(ax, nullptr);
    EXPECT_EQ(ax->firstRead, 0); // the file says 101 = NumRawFrames (old CUE4Parse)
    EXPECT_TRUE(ax->hadScaleKeys);
    const Track& hips = a.tracks[1];
    ASSERT_EQ(hips.translation.size(), 101u);
    ASSERT_EQ(hips.scale.size(), 101u);
    EXPECT_NEAR(hips.translation.keys.value(0).x, 0.63773775, 1e-6);
    EXPECT_NEAR(hips.translation.keys.value(0).z, 88.589569, 1e-5);
    // Stored x, y, z, w = (-0.0694437, -0.0046844, 0.2528777, 0.9649915): a child's is conjugated.
    const glm::dquat q = hips.rotation.keys.value(0);
    EXPECT_NEAR(q.x, 0.0694437, 1e-6);
    EXPECT_NEAR(q.z, -0.2528777, 1e-6);
    EXPECT_NEAR(q.w, 0.9649915, 1e-6);
}

TEST(PskPsa, EditedKeyChangesOnlyItsBytes)
{
    const auto bytes = fixture("grunt_hh_grabplayer_crouch_SEQ0.psa");
    const PsaFormat psa;
    Scene s = psa.read(bytes);
    Track& hips = s.animations[0].tracks[1];
    glm::dvec3 p = hips.translation.keys.value(5);
    p.x += 1.5;
    hips.translation.keys.setValue(5, p);
    glm::dquat q = hips.rotation.keys.value(7);
    q.x = 0.25;
    hips.rotation.keys.setValue(7, q);
    const auto out = psa.write(s);
    ASSERT_EQ(out.size(), bytes.size());
    // ANIMKEYS data at 10976; record (frame x 89 + bone) x 32; position x at +0, rotation x at +12.
    const size_t posX = 10976 + (5 * 89 + 1) * 32, rotX = 10976 + (7 * 89 + 1) * 32 + 12;
    std::vector<size_t> changed;
    for (size_t i = 0; i < out.size(); ++i)
        if (out[i] != bytes[i])
            changed.push_back(i);
    ASSERT_FALSE(changed.empty());
    for (size_t i : changed)
        EXPECT_TRUE((i >= posX && i < posX + 4) || (i >= rotX && i < rotX + 4)) << "byte " << i;
    float stored;
    std::memcpy(&stored, out.data() + rotX, 4);
    EXPECT_EQ(stored, -0.25f); // a child's rotation is stored conjugated
    const Scene back = psa.read(out);
    EXPECT_EQ(back.animations[0].tracks[1].translation.keys.value(5).x, double(float(p.x)));
    EXPECT_EQ(back.animations[0].tracks[1].rotation.keys.value(7).x, 0.25);
}

TEST(PskPsa, SequenceBindsToTheModelItWasMadeForByName)
{
    const Scene model = PskFormat().read(fixture("Grunt_Preview_LOD0.psk"));
    const Scene anim = PsaFormat().read(fixture("grunt_hh_grabplayer_crouch_SEQ0.psa"));
    ASSERT_EQ(model.skeleton.size(), 136u);
    Sampler sampler(anim.animations[0], model.skeleton);
    // The preview model lacks the sequence's 9 IK bones, Camera, Anchor and 6 forearm roll bones.
    const auto& unmatched = sampler.binding().unmatchedTracks;
    EXPECT_EQ(unmatched.size(), 17u);
    for (int t : unmatched) {
        const std::string& n = anim.animations[0].tracks[size_t(t)].name;
        EXPECT_TRUE(n.rfind("IK_", 0) == 0 || n == "Camera" || n == "Anchor" || n.find("ForeArmRoll") != std::string::npos) << n;
    }
    // The PSA's own rest pose of a bone is the model's (same skeleton, two writers of one tool).
    const int hips = model.skeleton.find("Hips");
    ASSERT_GE(hips, 0);
    EXPECT_NEAR(model.skeleton.bones[size_t(hips)].restTranslation.z, anim.skeleton.bones[1].restTranslation.z, 0.2);
}

TEST(PskPsa, AModelEditedRebuildsItsMeshChunks)
{
    const PskFormat psk;
    Scene s = psk.read(fixture("Slurp_Monster_Axe_LOD0.psk"));
    s.mesh.positions[0].x += 1.f;
    const Scene back = psk.read(psk.write(s));
    EXPECT_EQ(back.mesh.positions.size(), s.mesh.positions.size());
    EXPECT_EQ(back.mesh.positions[0], s.mesh.positions[0]);
    EXPECT_EQ(back.mesh.indices, s.mesh.indices);
    EXPECT_EQ(back.skeleton.bones[1].restRotation, s.skeleton.bones[1].restRotation);
    const auto* x = back.extra.as<PskExtra>();
    EXPECT_EQ(x->morphTargets, 0u); // the morphs were made for the old points: dropped
}

TEST(PskPsa, BadInputNamesTheChunkAndTheOffset)
{
    const PsaFormat psa;
    const auto good = fixture("grunt_hh_grabplayer_crouch_SEQ0.psa");
    // Truncated in the middle of ANIMKEYS.
    const std::vector<uint8_t> cut(good.begin(), good.begin() + 20000);
    EXPECT_NE(errorOf(psa, cut).find("ANIMKEYS chunk (at byte 10944): 8989 records of 32 bytes"), std::string::npos)
        << errorOf(psa, cut);
    // DataSize x DataCount far past the end (and past 32 bits).
    auto huge = good;
    putS32(huge, 10944 + 24, 0x7fffffff);
    putS32(huge, 10944 + 28, 0x7fffffff);
    EXPECT_NE(errorOf(psa, huge).find("at byte 10968: ANIMKEYS chunk"), std::string::npos) << errorOf(psa, huge);
    // A NaN in a key.
    auto nan = good;
    putF32(nan, 10976 + 32 * 3 + 4, std::numeric_limits<float>::quiet_NaN());
    EXPECT_NE(errorOf(psa, nan).find("at byte 11076: key position is not a finite number"), std::string::npos)
        << errorOf(psa, nan);
    // A sequence claiming more frames than ANIMKEYS holds.
    auto frames = good;
    putS32(frames, 10776 + 164, 102); // ANIMINFO data at 10776
    EXPECT_NE(errorOf(psa, frames).find("needs keys up to record"), std::string::npos) << errorOf(psa, frames);
    // A parent cycle: LeftUpLeg (2) under bone 3, bone 3 under LeftUpLeg.
    auto cycle = good;
    putS32(cycle, 64 + 2 * 120 + 72, 3);
    putS32(cycle, 64 + 3 * 120 + 72, 2);
    EXPECT_NE(errorOf(psa, cycle).find("BONENAMES chunk (at byte 32): the bones' parents form a cycle"), std::string::npos)
        << errorOf(psa, cycle);
    // A chunk cut short.
    const PskFormat psk;
    const auto weight = fixture("Suzanne.psk");
    EXPECT_NE(errorOf(psk, std::vector<uint8_t>(weight.begin(), weight.begin() + 100)).find("PNTS0000 chunk"),
              std::string::npos);
    // Not an ActorX file.
    EXPECT_NE(errorOf(psk, std::vector<uint8_t>(64, 'x')).find("not an ActorX file"), std::string::npos);
}

// The .pskx layout (FACE3200: 32-bit wedge indices, 18-byte records) made from Suzanne's faces.
TEST(PskPsa, PskxWithWideFacesReadsAsTheSameMeshAndResaves)
{
    const auto psk = fixture("Suzanne.psk");
    // Suzanne: FACE0000 at 15060, 968 records of 12 bytes; MATT0000 follows at 26708.
    std::vector<uint8_t> pskx(psk.begin(), psk.begin() + 15060);
    const std::string id = "FACE3200";
    std::vector<uint8_t> header(psk.begin() + 15060, psk.begin() + 15092);
    std::memcpy(header.data(), id.data(), id.size());
    putS32(header, 24, 18);
    pskx.insert(pskx.end(), header.begin(), header.end());
    for (size_t f = 0; f < 968; ++f) {
        const uint8_t* r = psk.data() + 15092 + 12 * f;
        for (int k = 0; k < 3; ++k) {
            const uint32_t w = uint32_t(r[2 * k] | (r[2 * k + 1] << 8));
            for (int b = 0; b < 4; ++b)
                pskx.push_back(uint8_t(w >> (8 * b)));
        }
        pskx.insert(pskx.end(), r + 6, r + 12);
    }
    pskx.insert(pskx.end(), psk.begin() + 26708, psk.end());
    const Format& f = formatOf(pskx, "Suzanne.pskx");
    ASSERT_EQ(f.id(), "psk");
    const Scene wide = f.read(pskx), narrow = f.read(psk);
    EXPECT_EQ(wide.mesh.indices, narrow.mesh.indices);
    EXPECT_EQ(wide.mesh.positions, narrow.mesh.positions);
    EXPECT_TRUE(wide.extra.as<PskExtra>()->wideFaces);
    EXPECT_TRUE(f.write(wide) == pskx);
}

// A mesh of more vertices than 16 bits index is written with FACE3200 and 32-bit wedge points.
TEST(PskPsa, BigMeshIsWrittenWithWideFaces)
{
    Scene s;
    s.skeleton.bones.push_back(Bone{.name = "root"});
    const uint32_t n = 70000;
    for (uint32_t i = 0; i < n; ++i) {
        s.mesh.positions.push_back({float(i % 100), float(i / 100), 0.f});
        s.mesh.joints.push_back({0, 0, 0, 0});
        s.mesh.weights.push_back({1, 0, 0, 0});
    }
    for (uint32_t i = 0; i + 2 < n; i += 3)
        s.mesh.indices.insert(s.mesh.indices.end(), {i, i + 1, i + 2});
    const PskFormat psk;
    const auto bytes = psk.write(s);
    const Scene back = psk.read(bytes);
    EXPECT_TRUE(back.extra.as<PskExtra>()->wideFaces);
    EXPECT_EQ(back.mesh.indices, s.mesh.indices);
    EXPECT_EQ(back.mesh.positions[69999], s.mesh.positions[69999]);
    EXPECT_EQ(back.skeleton.bones[0].name, "root");
}

// A skeleton listing a child before its parent is written parents first, root as bone 0 (Unreal's
// importers need it, and bone 0 is the one whose rotations are not conjugated); the pose is the same.
TEST(PskPsa, SkeletonIsWrittenParentsFirst)
{
    Scene s;
    s.format = "seanim";
    Bone hand{.name = "hand", .parent = 1, .restTranslation = {0, 0, 5}};
    hand.restRotation = glm::angleAxis(0.4, glm::normalize(glm::dvec3(1, 2, 3)));
    Bone arm{.name = "arm", .parent = -1, .restTranslation = {1, 2, 3}};
    arm.restRotation = glm::angleAxis(-0.7, glm::dvec3(0, 0, 1));
    s.skeleton.bones = {hand, arm};
    Animation a;
    a.fps = 10;
    a.duration = 0.2;
    Track t;
    t.name = "hand";
    for (int f = 0; f < 3; ++f)
        t.rotation.keys.push_back({f / 10.0, glm::angleAxis(0.3 * f, glm::dvec3(0, 1, 0))});
    a.tracks.push_back(t);
    s.animations.push_back(a);
    Report report;
    const PsaFormat psa;
    const Scene prepared = prepareForTarget(s, psa, {}, report);
    const Scene back = psa.read(psa.write(prepared));
    ASSERT_EQ(back.skeleton.size(), 2u);
    EXPECT_EQ(back.skeleton.bones[0].name, "arm");
    EXPECT_EQ(back.skeleton.bones[1].parent, 0);
    const test::PoseDifference d = test::comparePoses(s, back, {0, 0.1, 0.2});
    EXPECT_EQ(d.bonesCompared, 2u);
    EXPECT_LE(d.maxDegrees, 1e-4);
    EXPECT_LE(d.maxPosition, 1e-5);
}

// UE Viewer's BONENAMES give every bone parent 0 while the root counts no children: no hierarchy.
// Made from the grunt sequence: it opens without a skeleton, saves byte for byte, plays on the PSK.
TEST(PskPsa, PsaWithoutHierarchyOpensWithoutSkeletonAndPlaysOnItsModel)
{
    auto bytes = fixture("grunt_hh_grabplayer_crouch_SEQ0.psa");
    for (size_t b = 1; b < 89; ++b)
        putS32(bytes, 64 + b * 120 + 72, 0); // parent
    const PsaFormat psa;
    const Scene s = psa.read(bytes);
    EXPECT_TRUE(s.skeleton.empty());
    ASSERT_EQ(s.animations.at(0).tracks.size(), 89u);
    EXPECT_TRUE(psa.write(s) == bytes);
    const Scene model = PskFormat().read(fixture("Grunt_Preview_LOD0.psk"));
    Sampler sampler(s.animations[0], model.skeleton);
    EXPECT_EQ(sampler.binding().unmatchedTracks.size(), 17u);
}
