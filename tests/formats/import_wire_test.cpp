// The import helper's wire form (formats/import_wire.h): a scene with every field set comes back
// equal; answers cut short, of another version, with counts larger than their bytes or values the
// model does not allow are refused with the offset, never trusted.
#include <gtest/gtest.h>

#include "formats/import_wire.h"
#include "formats/parse_error.h"
#include "tests/support/same_scene.h"

using namespace bonescope;

namespace {

// Every field of core/model/scene.h set, none at its default; keys held in float and in double, with flags.
Scene everyField()
{
    Scene s;
    s.format = "assimp";
    s.current = 1;
    s.statedUp = UpAxis::Z;
    s.skeleton.bones.push_back(Bone{.name = "Hips", .restTranslation = {0, 0.9, 0.01}});
    Bone spine{.name = "Spine ü", .parent = 0, .restTranslation = {0, 0.1, 0}, .restRotation = glm::dquat(0.9, 0.1, 0.2, 0.3),
               .restScale = {1, 2, 3}, .flags = 7, .kind = BoneKind::Extension};
    s.skeleton.bones.push_back(spine);
    s.skeleton.bones.push_back(Bone{.name = "", .parent = 1, .kind = BoneKind::AttachmentPoint});
    s.skeleton.bones.push_back(Bone{.name = "Camera", .parent = -1, .kind = BoneKind::Camera});
    Mesh& m = s.mesh;
    m.positions = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {1, 1, 0.5f}};
    m.normals.assign(4, glm::vec3(0, 0, 1));
    m.uvs = {{0, 0}, {1, 0}, {0, 1}, {1, 1}};
    m.joints = {{0, 1, 2, 0}, {1, 0, 0, 0}, {2, 0, 0, 0}, {0, 0, 0, 0}};
    m.weights = {{0.5f, 0.25f, 0.25f, 0}, {1, 0, 0, 0}, {1, 0, 0, 0}, {1, 0, 0, 0}};
    m.indices = {0, 1, 2, 1, 3, 2};
    m.singleSidedIndices = 3;
    m.inverseBind.assign(4, glm::mat4(2.f));
    for (int n = 0; n < 2; ++n) {
        Animation a;
        a.name = n ? "run" : "walk";
        a.fps = 24 + n;
        a.fpsFromKeys = n == 1;
        a.duration = 1.25;
        a.looping = true;
        a.loopRange = LoopRange{0.25, 1.0};
        a.blend = {TranslationBlend::AddToRest, RotationBlend::AfterRest};
        a.keyConvention.translation = {-1, 1, 1};
        a.keyConvention.rotation = {1, -1, 1, -1};
        a.modifiers.push_back({.track = 1, .mode = {TranslationBlend::AddToRest, RotationBlend::Replace}, .sourceValue = 7,
                               .reach = BlendModifier::Reach::Override, .translation = false});
        Track hips{.name = "Hips", .flags = 1};
        hips.translation.keys = {{0, {0, 1, 0}}, {0.5, {0.25, 1, 0}}, {1.25, {0.5, 1, 0.125}}}; // float
        hips.rotation.keys = {{0, glm::dquat(1, 0, 0, 0)}, {1, glm::dquat(0.1, 0.2, 0.3, 0.4)}}; // double
        hips.rotation.keys.setFlags(1, keyflag::Active | keyflag::Negate);
        hips.rotation.rules = {Interpolation::Step, RotationInterp::NlerpShortest, OutsideKeys::Rest, OutsideKeys::Hold, true,
                               true, false};
        hips.translation.rules.offsetFromRest = true;
        hips.scale.keys = {{0.5, {1, 1, 1}}};
        hips.visibility.keys = {{0, 1.0}, {1, 0.0}};
        a.tracks.push_back(hips);
        a.tracks.push_back(Track{.name = "Spine ü"});
        a.notes = {{0.5, "footstep"}, {1.0, ""}};
        s.animations.push_back(a);
    }
    return s;
}

std::string decodeError(std::span<const uint8_t> bytes)
{
    try {
        (void)wire::decodeAnswer(bytes);
    } catch (const ParseError& e) {
        return e.what();
    }
    return "";
}

} // namespace

TEST(ImportWire, EveryFieldComesBackEqual)
{
    const Scene s = everyField();
    const wire::ImportAnswer back = wire::decodeAnswer(wire::encodeScene(s));
    ASSERT_TRUE(back.ok);
    test::expectSameScene(s, back.scene);
    // Keys are held as they were: float values in float, the others in double.
    EXPECT_TRUE(back.scene.animations[0].tracks[0].translation.keys.inFloat());
    EXPECT_FALSE(back.scene.animations[0].tracks[0].rotation.keys.inFloat());
    EXPECT_EQ(back.scene.animations[0].tracks[0].rotation.keys.flags(1), keyflag::Active | keyflag::Negate);
}

TEST(ImportWire, FailureKeepsReasonAndOffset)
{
    const wire::ImportAnswer back = wire::decodeAnswer(wire::encodeFailure("Assimp cannot read it: bad token", 1234));
    EXPECT_FALSE(back.ok);
    EXPECT_EQ(back.reason, "Assimp cannot read it: bad token");
    EXPECT_EQ(back.offset, 1234u);
}

TEST(ImportWire, RequestComesBackEqual)
{
    const std::vector<uint8_t> file = {'g', 'l', 'T', 'F', 0, 1, 2};
    const std::vector<uint8_t> bytes = wire::encodeRequest({"glb", "/tmp/Läufer folder", false, file, "Läufer.glb"});
    const wire::ImportRequest q = wire::decodeRequest(bytes);
    EXPECT_EQ(q.hint, "glb");
    EXPECT_EQ(q.folder, "/tmp/Läufer folder");
    EXPECT_FALSE(q.animations);
    EXPECT_EQ(q.name, "Läufer.glb");
    EXPECT_EQ(std::vector<uint8_t>(q.bytes.begin(), q.bytes.end()), file);
}

// Cut anywhere, the answer is refused with an offset inside it; with a byte more, too.
TEST(ImportWire, EveryTruncationIsRefused)
{
    std::vector<uint8_t> bytes = wire::encodeScene(everyField());
    for (size_t n = 0; n < bytes.size(); ++n) {
        const std::string why = decodeError({bytes.data(), n});
        ASSERT_NE(why.find("at byte "), std::string::npos) << n << ": " << why;
    }
    bytes.push_back(0);
    EXPECT_NE(decodeError(bytes).find("1 bytes after the end"), std::string::npos);
}

TEST(ImportWire, AnotherVersionIsRefusedByName)
{
    std::vector<uint8_t> bytes = wire::encodeScene(everyField());
    bytes[4] = uint8_t(wire::kVersion + 1);
    const std::string why = decodeError(bytes);
    EXPECT_NE(why.find("version " + std::to_string(wire::kVersion + 1)), std::string::npos) << why;
    EXPECT_NE(why.find("bonescope-import is from another version"), std::string::npos) << why;
}

// A count the bytes cannot hold is refused before anything is allocated for it.
TEST(ImportWire, CountsLargerThanTheBytesAreRefused)
{
    std::vector<uint8_t> bytes = wire::encodeScene(everyField());
    const size_t boneCount = 4 + 4 + 1 + 4 + 6 + 4 + 1; // header, kind, format "assimp", current, up
    ASSERT_EQ(bytes[boneCount], 4);
    bytes[boneCount + 7] = 0x10; // 2^60 bones
    const std::string why = decodeError(bytes);
    EXPECT_NE(why.find("bone count"), std::string::npos) << why;
    EXPECT_NE(why.find("larger than the file can hold"), std::string::npos) << why;
}

// Values the model does not allow, which the window would index with: refused, with what they are.
TEST(ImportWire, ValuesOutsideTheModelAreRefused)
{
    Scene joint = everyField();
    joint.mesh.joints[1].x = 4;
    EXPECT_NE(decodeError(wire::encodeScene(joint)).find("names joint 4 of 4 bones"), std::string::npos);

    Scene parent = everyField();
    parent.skeleton.bones[1].parent = 2;
    EXPECT_NE(decodeError(wire::encodeScene(parent)).find("parent 2 does not come before it"), std::string::npos);

    Scene vertex = everyField();
    vertex.mesh.indices[4] = 4;
    EXPECT_NE(decodeError(wire::encodeScene(vertex)).find("names vertex 4 of 4"), std::string::npos);

    Scene rule = everyField();
    rule.animations[0].tracks[0].scale.rules.interpolation = Interpolation(7);
    EXPECT_NE(decodeError(wire::encodeScene(rule)).find("interpolation 7 is not one of its 2 values"), std::string::npos);

    Scene kind = everyField();
    kind.skeleton.bones[3].kind = BoneKind(kBoneKindCount);
    EXPECT_NE(decodeError(wire::encodeScene(kind)).find("bone kind 7 is not one of its 7 values"), std::string::npos);

    Scene up = everyField();
    up.statedUp = UpAxis(2);
    EXPECT_NE(decodeError(wire::encodeScene(up)).find("up axis 3 is not one of its 3 values"), std::string::npos);

    Scene modifier = everyField();
    modifier.animations[1].modifiers[0].track = 5;
    EXPECT_NE(decodeError(wire::encodeScene(modifier)).find("modifier names track 5 of 2"), std::string::npos);
}
