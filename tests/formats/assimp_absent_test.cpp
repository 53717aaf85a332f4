// A build without Assimp (BONESCOPE_ASSIMP=OFF): a glTF, FBX or COLLADA file gets the message saying
// so, on reading, converting to .glb and loading a skeleton mesh; the other formats are unaffected.
#include <filesystem>

#include <gtest/gtest.h>

#include "formats/file_io.h"
#include "formats/format.h"
#include "formats/skeleton_source.h"
#include "tests/support/test_support.h"

using namespace bonescope;

namespace {
const std::string kMessage = "built without Assimp: glTF/FBX/COLLADA are not available";
const std::string kLoop = "seanim/synth_abs_lrs_loop_notes.seanim";

std::string glbFile()
{
    // A GLB header (magic, version 2, length) is all detection looks at.
    const std::string path = test::tempPath("character.glb");
    test::writeBytes(path, {'g', 'l', 'T', 'F', 2, 0, 0, 0, 12, 0, 0, 0});
    return path;
}
} // namespace

TEST(AssimpAbsent, OpeningAGlbSaysWhy)
{
    const auto r = test::runCli({"info", glbFile()});
    EXPECT_EQ(r.status, 1);
    EXPECT_NE(r.err.find("character.glb"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find(kMessage), std::string::npos) << r.err;
}

TEST(AssimpAbsent, ConvertingToGlbSaysWhyAndWritesNothing)
{
    const std::string out = test::tempPath("walk.glb");
    const auto r = test::runCli({"convert", test::samplePath(kLoop), out});
    EXPECT_EQ(r.status, 1);
    EXPECT_NE(r.err.find(kMessage), std::string::npos) << r.err;
    EXPECT_FALSE(std::filesystem::exists(out));
}

TEST(AssimpAbsent, SkeletonMeshSaysWhy)
{
    try {
        loadSkeletonScene(glbFile());
        FAIL() << "a .glb loaded without Assimp";
    } catch (const std::exception& e) {
        EXPECT_NE(std::string(e.what()).find(kMessage), std::string::npos) << e.what();
    }
}

TEST(AssimpAbsent, OtherFormatsStillConvert)
{
    const std::string out = test::tempPath("walk.bvh");
    EXPECT_EQ(test::runCli({"convert", test::samplePath(kLoop), out}).status, 0);
    EXPECT_EQ(loadScene(out).format->id(), "bvh");
}
