// What Bonescope writes, it reads back (issue 18 §4, issue 19 §3, issue 12 items 7 and 8): every
// sample and regression file converted into every writable format reads back with the same bone
// names, or the conversion is refused with a message; the limits each writer keeps (finite values,
// NUL bytes in names, hierarchy depth); names in any encoding; what the glTF validator checks.
// The .glb files written here are kept for tests/gltf_validator/run.sh (test::keepGlb).
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <set>

#include <nlohmann/json.hpp>

#include "formats/assimp/assimp_format.h"
#include "formats/assimp/assimp_import.h"
#include "formats/bvh/bvh_format.h"
#include "formats/convert/prepare.h"
#include "formats/dash/dash_extra.h"
#include "formats/parse_error.h"
#include "formats/registry.h"
#include "formats/text_encoding.h"
#include "tests/support/test_support.h"

using namespace bonescope;
namespace fs = std::filesystem;

namespace {

std::vector<std::string> inputs()
{
    std::vector<std::string> out;
    for (const char* folder : {"dash", "lego", "seanim", "secondlife"})
        if (fs::is_directory(test::samplePath(folder)))
            for (const auto& e : fs::directory_iterator(test::samplePath(folder)))
                if (e.is_regular_file() && Registry::instance().byExtension(e.path().string()))
                    out.push_back(e.path().string());
    for (const char* folder : {"regressions", "dash"})
        for (const auto& e : fs::directory_iterator(test::fixturePath(folder)))
            if (e.is_regular_file())
                out.push_back(e.path().string());
    std::sort(out.begin(), out.end());
    return out;
}

std::set<std::string> boneNames(const Scene& s)
{
    std::set<std::string> names;
    for (const Bone& b : s.skeleton.bones)
        names.insert(b.name);
    if (const Animation* a = s.currentAnimation())
        for (const Track& t : a->tracks)
            names.insert(t.name);
    return names;
}

// The name a format stores: text formats hold valid UTF-8, Dash cuts to its 32-byte field.
std::string storedName(const std::string& name, const std::string& target)
{
    if (target == "bvh" || target == "assimp" || target == "gltf" || target.ends_with("-json") || target == "psa" || target == "psk")
        return validUtf8(name);
    if (target.starts_with("dash") || target.starts_with("dmx"))
        return name.size() < dash::NameBytes ? name : name.substr(0, dash::NameBytes - 1);
    if (target == "smd") {
        // UTF-8, in double quotes without escapes: a quote or line break becomes '_' (formats/smd).
        std::string n = validUtf8(name);
        for (char& c : n)
            if (c == '"' || c == '\n' || c == '\r' || c == '\0')
                c = '_';
        return n;
    }
    return name;
}

Scene readFile(const std::string& path)
{
    const auto bytes = test::readBytes(path);
    const Format* f = Registry::instance().detect(bytes, path);
    if (!f)
        throw ParseError("no format");
    return f->read(bytes);
}

Scene chain(size_t bones)
{
    Scene s;
    Animation a;
    a.fps = 30;
    a.duration = 1;
    for (size_t i = 0; i < bones; ++i) {
        s.skeleton.bones.push_back(Bone{.name = "n" + std::to_string(i), .parent = int(i) - 1,
                                        .restTranslation = {0, 1, 0}});
        Track t;
        t.name = s.skeleton.bones.back().name;
        t.rotation.keys = {{0.0, glm::dquat(1, 0, 0, 0)}, {1.0, glm::angleAxis(0.1, glm::dvec3(0, 0, 1))}};
        a.tracks.push_back(std::move(t));
    }
    s.animations.push_back(std::move(a));
    return s;
}

std::string writeError(const Format& f, const Scene& s)
{
    try {
        (void)f.write(s);
    } catch (const WriteError& e) {
        return e.what();
    }
    return "";
}

bool mentions(const Report& report, const std::string& what)
{
    const std::vector<std::string> lines = reportTexts(report);
    return std::any_of(lines.begin(), lines.end(), [&](const std::string& l) { return l.find(what) != std::string::npos; });
}

} // namespace

TEST(WriteReadBack, EverySampleAndRegressionIntoEveryWritableFormat)
{
    size_t written = 0;
    for (const std::string& path : inputs()) {
        Scene source;
        try {
            source = readFile(path);
        } catch (const std::exception&) {
            continue; // refused by its reader: the readers' own tests check the message
        }
        for (const auto& target : Registry::instance().formats()) {
            if (!target->capabilities().write)
                continue;
            const std::string label = fs::path(path).filename().string() + " -> " + target->id();
            SCOPED_TRACE(label);
            Report report;
            Scene prepared;
            std::vector<uint8_t> bytes;
            try {
                prepared = prepareForTarget(source, *target, {}, report);
                bytes = target->write(prepared);
            } catch (const std::exception& e) {
                // A refusal says why, naming the format.
                EXPECT_GT(std::string(e.what()).size(), 10u);
                continue;
            }
            if (target->id() == "assimp" || target->id() == "gltf") // both checked by the Khronos validator
                test::keepGlb("readback-" + label, bytes);
            Scene back;
            try {
                back = target->read(bytes);
            } catch (const std::exception& e) {
                ADD_FAILURE() << "wrote a file Bonescope refuses: " << e.what();
                continue;
            }
            ++written;
            const std::set<std::string> names = boneNames(back);
            if (const Animation* a = prepared.currentAnimation())
                for (const Track& t : a->tracks) {
                    if (t.name.empty() && (target->id() == "bvh" || target->id() == "smd" || target->id() == "gltf"))
                        continue; // written as "jointN" (BVH), "boneN" after the node id (SMD), "nodeN" (glTF)
                    EXPECT_TRUE(names.count(storedName(t.name, target->id()))) << "bone '" << validUtf8(t.name) << "' lost";
                }
        }
    }
    EXPECT_GT(written, 50u);
}

TEST(WriteReadBack, ValuesBeyondTheFormatsFloatsAreRefusedNamingBoneAndKey)
{
    const Scene source = readFile(test::fixturePath("regressions/convert_values_1e300_double.seanim"));
    for (const char* id : {"lego", "dash15", "dash15-json", "dmx", "dmx-json", "assimp", "gltf", "psa"}) {
        SCOPED_TRACE(id);
        const Format& target = *Registry::instance().byId(id);
        Report report;
        const Scene prepared = prepareForTarget(source, target, {}, report);
        const std::string error = writeError(target, prepared);
        EXPECT_NE(error.find("bone 'root' translation key 0"), std::string::npos) << error;
        EXPECT_NE(error.find("1e+300"), std::string::npos) << error;
    }
    // BVH is text and SEAnim keeps doubles: written, and read back with the same value.
    for (const char* id : {"bvh", "seanim"}) {
        SCOPED_TRACE(id);
        const Format& target = *Registry::instance().byId(id);
        Report report;
        const Scene back = target.read(target.write(prepareForTarget(source, target, {}, report)));
        double largest = 0;
        for (const Track& t : back.animations.at(0).tracks)
            for (const auto& k : t.translation.keys)
                largest = std::max(largest, std::abs(k.value.x) + std::abs(k.value.y) + std::abs(k.value.z));
        EXPECT_GE(largest, 1e300);
    }
}

TEST(WriteReadBack, NonFiniteMeshValuesAreRefusedWhereTheMeshIsWritten)
{
    // A glTF whose generated normals are NaN (degenerate triangles) was written into Dash files that
    // Bonescope then refused ("normal is not a finite number").
    Scene s = chain(1);
    s.mesh.positions = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
    s.mesh.normals = {{0, 0, 1}, {0, 0, 1}, {0, 0, std::nanf("")}};
    s.mesh.indices = {0, 1, 2};
    for (const char* id : {"dash15", "dmx", "assimp"})
        EXPECT_NE(writeError(*Registry::instance().byId(id), s).find("mesh vertex 2 normal is not a finite number"),
                  std::string::npos) << id;
    EXPECT_EQ(writeError(*Registry::instance().byId("bvh"), s), ""); // BVH holds no mesh
}

TEST(WriteReadBack, NulInANameIsRefusedWhereANameEndsAtNul)
{
    Scene s = chain(2);
    s.skeleton.bones[1].name = std::string("arm\0x", 5);
    s.animations[0].tracks[1].name = s.skeleton.bones[1].name;
    for (const char* id : {"seanim", "dash15", "dmx"}) {
        const std::string error = writeError(*Registry::instance().byId(id), s);
        EXPECT_NE(error.find("'arm...' holds a NUL byte"), std::string::npos) << id << ": " << error;
    }
    // Length-prefixed LEGO names keep every byte.
    const Format& lego = *Registry::instance().byId("lego");
    EXPECT_EQ(lego.read(lego.write(s)).skeleton.bones.at(1).name, s.skeleton.bones[1].name);
}

// Assimp's aiString holds 1023 bytes: a longer bone name became empty and its glTF exporter crashed
// (convert_fuzz, a SEAnim bone named with 8,040 bytes). The writer refuses such a name; a conversion
// shortens it (to at most 1,000 bytes, not cutting a character) and says so.
TEST(GlbExport, NamesLongerThanAssimpHoldsAreShortenedOrRefused)
{
    Scene s = chain(2);
    const std::string longName = std::string(987, 'a') + "\xc3\xa9" + std::string(3000, 'b'); // an 'é' across the cut
    s.skeleton.bones[1].name = longName;
    s.animations[0].tracks[1].name = longName;
    const Format& glb = *Registry::instance().byId("assimp");
    EXPECT_NE(writeError(glb, s).find("glTF: bone 1's name is 3989 bytes long"), std::string::npos) << writeError(glb, s);
    s.animations[0].name = std::string(1500, 'w');
    s.skeleton.bones[1].name = s.animations[0].tracks[1].name = "arm";
    EXPECT_NE(writeError(glb, s).find("an animation's name is 1500 bytes long"), std::string::npos);
    s.skeleton.bones[1].name = s.animations[0].tracks[1].name = longName;
    Report report;
    const Scene back = glb.read(glb.write(prepareForTarget(s, glb, {}, report)));
    EXPECT_TRUE(mentions(report, "1 bone name renamed: 'aaaa")) << report.front().text;
    EXPECT_TRUE(mentions(report, "(3989 bytes)"));
    EXPECT_TRUE(mentions(report, "1 animation name renamed"));
    const int arm = back.skeleton.find(std::string(987, 'a') + ".1"); // cut before the 'é', not inside it
    ASSERT_GE(arm, 0);
    ASSERT_EQ(back.animations.size(), 1u);
    EXPECT_EQ(back.animations[0].name, std::string(988, 'w') + ".1");
    EXPECT_GT(back.animations[0].tracks.size(), 0u);
}

TEST(WriteReadBack, HierarchiesDeeperThanTheReaderAreRefused)
{
    // glb_export_chain_60000.ani: Assimp's exporter recursed once per level and overflowed the stack.
    const Scene deep = chain(60000);
    const Format& glb = *Registry::instance().byId("assimp");
    const Format& bvh = *Registry::instance().byId("bvh");
    EXPECT_NE(writeError(glb, deep).find("levels deep"), std::string::npos);
    EXPECT_NE(writeError(bvh, deep).find("at most 256 levels"), std::string::npos);
    // At the readers' limits: written and read back.
    const Scene atBvh = chain(size_t(bvh::MaxDepth));
    EXPECT_EQ(bvh.read(bvh.write(atBvh)).skeleton.size(), size_t(bvh::MaxDepth));
    const Scene atGlb = chain(size_t(MaxNodeDepth - 2));
    const auto bytes = test::keepGlb("chain-at-limit", glb.write(atGlb));
    EXPECT_TRUE(boneNames(glb.read(bytes)).count("n" + std::to_string(MaxNodeDepth - 3)));
}

TEST(WriteReadBack, LengthsLongerThanTheReaderAllowsForTheFileAreRefused)
{
    // A SEAnim lasting 1.3e9 s (a fuzz finding, tests/fuzz/corpus/convert_fuzz) was written into a
    // 528-byte Dash file that its reader refused: a length costs a file nothing, so readers allow
    // 65,536 frames plus 64 per byte of file (ByteReader::checkFrames), and writers check the same.
    Scene s = chain(1);
    s.animations[0].duration = 1e6; // 30 million frames at 30 fps in a file of a few hundred bytes
    for (const char* id : {"seanim", "lego", "dash15", "dmx"}) {
        const std::string error = writeError(*Registry::instance().byId(id), s);
        EXPECT_NE(error.find("Bonescope would refuse to read it back"), std::string::npos) << id << ": " << error;
    }
    // Dash JSON declares no frames to check: written and read back with the length.
    for (const char* id : {"dash15-json", "dmx-json"}) {
        const Format& f = *Registry::instance().byId(id);
        EXPECT_DOUBLE_EQ(f.read(f.write(s)).animations.at(0).duration, 1e6) << id;
    }
    // At 30 minutes (54,000 frames, under the free 65,536) every one writes and reads back.
    s.animations[0].duration = 1800;
    for (const char* id : {"seanim", "lego", "dash15", "dmx"}) {
        const Format& f = *Registry::instance().byId(id);
        EXPECT_NEAR(f.read(f.write(s)).animations.at(0).duration, 1800, 0.05) << id;
    }
}

TEST(GlbExport, EmptyBoneNameIsRenamedAndExported)
{
    const Scene source = readFile(test::fixturePath("regressions/glb_export_empty_bone_name.ani"));
    const Format& glb = *Registry::instance().byId("assimp");
    Report report;
    const Scene prepared = prepareForTarget(source, glb, {}, report);
    EXPECT_TRUE(mentions(report, "'' -> bone.1"));
    const auto bytes = test::keepGlb("empty-bone-name", glb.write(prepared));
    EXPECT_TRUE(boneNames(glb.read(bytes)).count("bone.1"));
    // Written without a conversion, the empty name is refused instead of crashing Assimp.
    EXPECT_NE(writeError(glb, source).find("has no name"), std::string::npos);
}

TEST(GlbExport, NegativeKeyTimesAreShiftedToStartAtZero)
{
    for (const char* id : {"assimp", "gltf"}) { // Assimp's exporter and Bonescope's own
        SCOPED_TRACE(id);
        Scene s = chain(2);
        for (Track& t : s.animations[0].tracks)
            for (auto&& k : t.rotation.keys.edit())
                k.time -= 0.5; // an FBX clip from -0.5 s to 0.5 s
        const Format& glb = *Registry::instance().byId(id);
        Report report;
        glb.fromCommon(s, report);
        EXPECT_TRUE(mentions(report, "shifted to start at 0"));
        const auto bytes = test::keepGlb(std::string("negative-key-times-") + id, glb.write(s));
        const Scene back = glb.read(bytes);
        const Animation& a = back.animations.at(0);
        bool found = false;
        for (const Track& t : a.tracks)
            if (t.name == "n1" && !t.rotation.empty()) {
                EXPECT_NEAR(t.rotation.keys.front().time, 0.0, 1e-6);
                EXPECT_NEAR(t.rotation.keys.back().time, 1.0, 1e-6);
                found = true;
            }
        EXPECT_TRUE(found);
    }
}

TEST(GlbExport, MorphOnlyAnimationIsLeftOutAndReported)
{
    Scene s = chain(2);
    Animation morph;
    morph.name = "blink";
    Track t;
    t.name = "n1";
    t.visibility.keys = {{0.0, 1.0}, {0.5, 0.0}};
    morph.tracks.push_back(t);
    s.animations.push_back(morph);
    const Format& glb = *Registry::instance().byId("assimp");
    Report report;
    glb.fromCommon(s, report);
    EXPECT_TRUE(mentions(report, "animation 'blink' has no translation, rotation or scale keys"));
    const auto bytes = test::keepGlb("morph-only-animation", glb.write(s));
    EXPECT_EQ(glb.read(bytes).animations.size(), 1u);
}

TEST(GlbExport, NothingToStoreGivesNoEmptyArrays)
{
    // A skeleton without keys or mesh: Assimp wrote "buffers": [], which glTF forbids.
    Scene s = chain(2);
    s.animations.clear();
    const Format& glb = *Registry::instance().byId("assimp");
    const auto bytes = test::keepGlb("skeleton-only", glb.write(s));
    ASSERT_GE(bytes.size(), 20u);
    const uint32_t jsonLength = bytes[12] | bytes[13] << 8 | bytes[14] << 16 | uint32_t(bytes[15]) << 24;
    EXPECT_EQ(bytes[8] | bytes[9] << 8 | bytes[10] << 16 | uint32_t(bytes[11]) << 24, bytes.size());
    const auto doc = nlohmann::json::parse(bytes.begin() + 20, bytes.begin() + 20 + jsonLength);
    for (auto it = doc.begin(); it != doc.end(); ++it)
        EXPECT_FALSE(it.value().is_array() && it.value().empty()) << it.key();
    EXPECT_TRUE(boneNames(glb.read(bytes)).count("n1"));
}

#ifndef BONESCOPE_WITHOUT_ASSIMP // the message of Assimp's exporter, in builds that have it
TEST(GlbExport, FailureWithoutAReasonSaysWhatWasWritten)
{
    const Scene s = chain(3);
    const std::string none = assimpExportFailure("", s);
    EXPECT_EQ(none, "glTF binary (.glb) export of 3 bones, 1 animation failed in Assimp's glTF exporter "
                    "(it gave no reason)");
    EXPECT_NE(assimpExportFailure("bad node", s).find("failed in Assimp's glTF exporter: bad node"), std::string::npos);
}
#endif

TEST(TextEncoding, InvalidBytesBecomeReplacementCharacters)
{
    const std::string fffd = "\xEF\xBF\xBD";
    EXPECT_EQ(validUtf8("Kn\xFCie"), "Kn" + fffd + "ie");              // Latin-1
    EXPECT_EQ(validUtf8("\xC0\xAF"), fffd + fffd);                      // overlong '/'
    EXPECT_EQ(validUtf8("\xED\xA0\x80"), fffd + fffd + fffd);          // a surrogate
    EXPECT_EQ(validUtf8("\xF4\x90\x80\x80"), fffd + fffd + fffd + fffd); // past U+10FFFF
    EXPECT_EQ(validUtf8("ab\xE2\x82"), "ab" + fffd + fffd);             // cut short
    const std::string valid = "fx_\xC3\xA9" "clair \xE6\xAD\xA9 \xF0\x9F\x98\x80";
    EXPECT_EQ(validUtf8(valid), valid);
    EXPECT_TRUE(isValidUtf8(valid));
    EXPECT_FALSE(isValidUtf8("Kn\xFCie"));
}

TEST(TextEncoding, NamesInAnyEncodingKeepTheirBytesAndEveryTextOutputIsUtf8)
{
    struct Case {
        const char* file;
        std::string bone, boneHex;
    };
    const Case cases[] = {{"names_latin1.seanim", "Kn\xFCie_", "4b6efc69655f"},
                          {"names_invalid_utf8.seanim", "Bip01_\xFF\xFE", "42697030315ffffe"}};
    for (const Case& c : cases) {
        SCOPED_TRACE(c.file);
        const std::string path = test::fixturePath(std::string("regressions/") + c.file);
        const auto original = test::readBytes(path);
        const Format& seanim = *Registry::instance().byId("seanim");
        const Scene scene = seanim.read(original);
        EXPECT_TRUE(boneNames(scene).count(c.bone));
        EXPECT_EQ(seanim.write(scene), original); // byte-exact re-save

        // dump: valid UTF-8, the exact bytes as nameBytes, a warning naming the bone.
        const auto dump = test::runCli({"dump", path});
        ASSERT_EQ(dump.status, 0) << dump.err;
        EXPECT_TRUE(isValidUtf8(dump.out));
        const auto j = nlohmann::json::parse(dump.out);
        bool found = false;
        for (const auto& b : j["bones"])
            if (b.contains("nameBytes")) {
                EXPECT_EQ(b["nameBytes"], c.boneHex);
                EXPECT_EQ(b["name"], validUtf8(c.bone));
                found = true;
            } else {
                EXPECT_TRUE(isValidUtf8(b["name"].get<std::string>()));
            }
        EXPECT_TRUE(found);
        EXPECT_NE(dump.err.find("warning: bone '" + validUtf8(c.bone) + "' is not valid UTF-8"), std::string::npos) << dump.err;

        const auto pose = test::runCli({"pose", path, "--time", "0"});
        ASSERT_EQ(pose.status, 0) << pose.err;
        EXPECT_TRUE(isValidUtf8(pose.out));
        EXPECT_TRUE(nlohmann::json::accept(pose.out));

        // Text formats: valid UTF-8 files that read back.
        for (const char* id : {"bvh", "dash15-json", "dmx-json", "assimp"}) {
            SCOPED_TRACE(id);
            const Format& target = *Registry::instance().byId(id);
            Report report;
            const Scene prepared = prepareForTarget(scene, target, {}, report);
            const auto bytes = target.write(prepared);
            if (std::string(id) == "assimp") {
                test::keepGlb(std::string("names-") + c.file, bytes);
                EXPECT_TRUE(mentions(report, "U+FFFD"));
            } else {
                EXPECT_TRUE(isValidUtf8({reinterpret_cast<const char*>(bytes.data()), bytes.size()}));
            }
            EXPECT_TRUE(boneNames(target.read(bytes)).count(validUtf8(c.bone)));
        }
    }
}
