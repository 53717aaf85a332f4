// `bonescope-cli diff` on real files: a file against itself, against a copy with one key changed,
// against Bonescope's own conversions of it, two rigs, and the options it refuses (exit 2).
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "formats/registry.h"
#include "tests/support/test_support.h"

using namespace bonescope;
using nlohmann::json;

namespace {

const std::string kTower = "secondlife/opencollar_tower.bvh";
const std::string kWalk = "secondlife/linden_walk.anim";

Scene readFile(const std::string& path)
{
    const auto bytes = test::readBytes(path);
    const Format* f = Registry::instance().detect(bytes, path);
    EXPECT_NE(f, nullptr) << path;
    return f->read(bytes);
}

// The file with `bone`'s rotation key `index` turned by `degrees` about X, written in its own format.
std::string withOneKeyTurned(const std::string& path, const std::string& bone, size_t index, double degrees,
                             const std::string& out)
{
    Scene s = readFile(path);
    Animation& a = *s.currentAnimation();
    Track& t = a.tracks.at(size_t(a.findTrack(bone)));
    const glm::dquat q = t.rotation.keys[index].value;
    t.rotation.keys.setValue(index, glm::normalize(q * glm::angleAxis(glm::radians(degrees), glm::dvec3(1, 0, 0))));
    const std::string p = test::tempPath(out);
    test::writeBytes(p, Registry::instance().byId(s.format)->write(s));
    return p;
}

json diffJson(const std::vector<std::string>& args, int expectStatus)
{
    std::vector<std::string> argv = {"diff"};
    argv.insert(argv.end(), args.begin(), args.end());
    argv.push_back("--json");
    const auto r = test::runCli(argv);
    EXPECT_EQ(r.status, expectStatus) << r.err << r.out;
    return r.status == 2 ? json() : json::parse(r.out);
}

} // namespace

TEST(CliDiff, AFileAgainstItselfIsZeroAndExitsZero)
{
    for (const std::string& file : {test::samplePath(kTower), test::samplePath(kWalk),
                                    test::fixturePath("psk/grunt_hh_grabplayer_crouch_SEQ0.psa")}) {
        SCOPED_TRACE(file);
        const auto r = test::runCli({"diff", file, file});
        EXPECT_EQ(r.status, 0) << r.err;
        EXPECT_NE(r.out.find("largest: local 0.0000 deg, world 0.0000 deg, position 0.0000"), std::string::npos) << r.out;
        const json j = diffJson({file, file}, 0);
        EXPECT_EQ(j["within"], true);
        EXPECT_EQ(j["max"]["localDegrees"], 0.0);
        EXPECT_EQ(j["max"]["worldDegrees"], 0.0);
        EXPECT_EQ(j["max"]["position"], 0.0);
        EXPECT_GT(j["bones"].size(), 10u);
        EXPECT_TRUE(j["onlyInA"].empty());
    }
    // Second Life states metres: positions in millimetres, and the avatar's height.
    const json j = diffJson({test::samplePath(kWalk), test::samplePath(kWalk)}, 0);
    EXPECT_EQ(j["unit"], "mm");
    EXPECT_NEAR(j["height"].get<double>(), 1811.0, 1.0);
}

TEST(CliDiff, OneKeyChangedNamesThatBoneAndFrame)
{
    // The tower BVH at 24 fps: lForeArm's key of frame 30 turned 5 degrees.
    const std::string tower = test::samplePath(kTower);
    const std::string changed = withOneKeyTurned(tower, "lForeArm", 30, 5.0, "tower_one_key.bvh");
    const auto r = test::runCli({"diff", tower, changed});
    EXPECT_EQ(r.status, 1) << r.err;
    EXPECT_NE(r.out.find("  lForeArm: local 5.0000 deg (frame 30)"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("different: beyond 0.0100 deg"), std::string::npos) << r.out;
    const json j = diffJson({tower, changed}, 1);
    EXPECT_EQ(j["within"], false);
    bool found = false;
    for (const json& b : j["bones"]) {
        const double local = b["localDegrees"]["max"];
        if (b["bone"] == "lForeArm") {
            found = true;
            EXPECT_NEAR(local, 5.0, 1e-3);
            EXPECT_EQ(b["localDegrees"]["worstFrame"], 30);
            // One frame of 71 differs: the mean is a 71st of it.
            EXPECT_NEAR(b["localDegrees"]["mean"].get<double>(), 5.0 / 71, 1e-3);
            EXPECT_EQ(b["worldDegrees"]["worstFrame"], 30);
        } else {
            EXPECT_LT(local, 1e-9) << b["bone"]; // no other bone's own rotation changed
        }
    }
    EXPECT_TRUE(found);
    // Bounds wide enough for it: within.
    EXPECT_EQ(test::runCli({"diff", tower, changed, "--within", "5.01,1000"}).status, 0);

    // The same in a Second Life .anim (16-bit keys): mHipLeft's 6th key, frame of its own time.
    const std::string walk = test::samplePath(kWalk);
    const std::string walk2 = withOneKeyTurned(walk, "mHipLeft", 5, 3.0, "walk_one_key.anim");
    const json w = diffJson({walk, walk2}, 1);
    const Scene ws = readFile(walk);
    const Animation& wa = *ws.currentAnimation();
    const double keyTime = wa.tracks[size_t(wa.findTrack("mHipLeft"))].rotation.keys.time(5);
    for (const json& b : w["bones"])
        if (b["bone"] == "mHipLeft") {
            EXPECT_NEAR(b["localDegrees"]["max"].get<double>(), 3.0, 0.02); // the 16-bit steps
            EXPECT_NEAR(b["localDegrees"]["worstTime"].get<double>(), keyTime, 1e-9);
        } else {
            EXPECT_LT(b["localDegrees"]["max"].get<double>(), 1e-9) << b["bone"];
        }
}

// Bonescope's own conversion of a BVH into each writable format that keeps its skeleton and rate
// compares within that format's precision at every key and frame (the conversion matrix,
// convert_pairs_test.cpp, checks the other formats and samples through the same comparison).
TEST(CliDiff, ConversionsOfABvhAreWithinTheirPrecision)
{
    const std::string tower = test::samplePath(kTower);
    for (const char* ext : {"bvh", "seanim", "cast", "dmf", "dmx", "psa",
#ifndef BONESCOPE_WITHOUT_ASSIMP
                            "glb"
#endif
         }) {
        SCOPED_TRACE(ext);
        const std::string out = test::tempPath(std::string("tower_conv.") + ext);
        const auto c = test::runCli({"convert", tower, out});
        ASSERT_EQ(c.status, 0) << c.err;
        const auto r = test::runCli({"diff", tower, out});
        EXPECT_EQ(r.status, 0) << r.out << r.err;
        const json j = diffJson({tower, out}, 0);
        EXPECT_LE(j["max"]["localDegrees"].get<double>(), 0.01);
        EXPECT_LE(j["max"]["position"].get<double>(), 0.01);
        EXPECT_EQ(j["bones"].size(), 112u);
    }
}

// Second Life stores 16-bit keys: an .anim baked again at another rate and quantised again comes back
// within that format's steps (a rotation step is about 0.0055 degree; a position step 10 m / 65535,
// 0.15 mm, and rotation steps through the hierarchy add a few hundredths of a millimetre further out).
TEST(CliDiff, ASecondLifeAnimRequantisedIsWithinItsSteps)
{
    const std::string walk = test::samplePath(kWalk);
    const std::string out = test::tempPath("walk_30fps.anim");
    ASSERT_EQ(test::runCli({"convert", walk, out, "--fps", "30"}).status, 0);
    const json j = diffJson({walk, out}, 1); // beyond 0.01 mm: 16-bit positions cannot hold it
    EXPECT_EQ(j["unit"], "mm");
    EXPECT_LE(j["max"]["localDegrees"].get<double>(), 0.006);
    EXPECT_LE(j["max"]["worldDegrees"].get<double>(), 0.01);
    EXPECT_LE(j["max"]["position"].get<double>(), 0.2);
    for (const json& b : j["bones"])
        if (b["bone"] == "mPelvis") // its own translation keys: one step at most
            EXPECT_LE(b["position"]["max"].get<double>(), 10000.0 / 65535);
    EXPECT_EQ(test::runCli({"diff", walk, out, "--within", "0.01,0.2"}).status, 0);
}

// A retarget's output against its source on the other rig: the retargeting's own limb measure, the
// same limbs as `convert --json` reports, within a float's rounding of its numbers.
TEST(CliDiff, TwoRigsAreComparedByTheLimbMeasure)
{
    const std::string walk = test::fixturePath("rigs/cmu_131_01_walk.bvh");
    const std::string robot = test::fixturePath("rigs/RobotExpressive.glb");
#ifdef BONESCOPE_WITHOUT_ASSIMP
    GTEST_SKIP() << "needs Assimp";
#endif
    const std::string out = test::tempPath("walk_on_robot.seanim");
    const auto c = test::runCli({"convert", walk, out, "--skeleton", robot, "--json"});
    ASSERT_EQ(c.status, 0) << c.err;
    // The measure is said as information, not among the warnings of what the target loses.
    EXPECT_NE(("\n" + c.err).find("\nretargeting (match-pose): "), std::string::npos) << c.err;
    EXPECT_EQ(c.err.find("warning: retargeting (match-pose)"), std::string::npos) << c.err;
    const json conv = json::parse(c.out.substr(c.out.find('{')));
    const json& report = conv["retargets"][0];
    const json j = diffJson({walk, out, "--skeleton", robot}, 0);
    EXPECT_EQ(j["comparedAs"], "rigs");
    ASSERT_EQ(j["limbs"].size(), report["limbs"].size());
    for (size_t i = 0; i < report["limbs"].size(); ++i) {
        EXPECT_EQ(j["limbs"][i]["limb"], report["limbs"][i]["limb"]);
        EXPECT_NEAR(j["limbs"][i]["max"].get<double>(), report["limbs"][i]["max"].get<double>(), 0.005);
    }
}

TEST(CliDiff, TroubleExitsTwoWithAClearMessage)
{
    const std::string tower = test::samplePath(kTower);
    auto expectTwo = [](const std::vector<std::string>& args, const std::string& says) {
        const auto r = test::runCli(args);
        EXPECT_EQ(r.status, 2) << r.out;
        EXPECT_NE(r.err.find(says), std::string::npos) << r.err;
        EXPECT_TRUE(r.out.empty()) << r.out;
    };
    expectTwo({"diff", tower}, "diff takes two files");
    expectTwo({"diff", tower, tower, tower}, "diff takes two files");
    expectTwo({"diff", tower, tower, "--within", "0.1"}, "--within takes DEG,MM");
    expectTwo({"diff", tower, tower, "--within", "a,b"}, "--within takes DEG,MM");
    expectTwo({"diff", tower, tower, "--within", "-1,2"}, "--within takes DEG,MM");
    expectTwo({"diff", tower, tower, "--within", "nan,2"}, "--within takes DEG,MM");
    expectTwo({"diff", tower, tower, "--fps", "30"}, "diff does not take --fps");
    expectTwo({"diff", tower, tower, "--within"}, "--within needs a value");
    expectTwo({"diff", tower, "/nonexistent/b.bvh"}, "/nonexistent/b.bvh: cannot open");
    expectTwo({"diff", tower, tower, "--skeleton", "/nonexistent/rig.glb"}, "/nonexistent/rig.glb");
    expectTwo({"diff", tower, tower, "--bone-map", "/nonexistent/map.json"}, "/nonexistent/map.json");
    const std::string junk = test::tempPath("junk.bvh");
    test::writeBytes(junk, {'H', 'I', 'E', 'R', 'X'});
    expectTwo({"diff", tower, junk}, "junk.bvh");
    const std::string psa = test::fixturePath("psk/grunt_hh_grabplayer_crouch_SEQ0.psa");
    expectTwo({"diff", psa, psa, "--animation", "1.5"}, "--animation takes an index");
}
