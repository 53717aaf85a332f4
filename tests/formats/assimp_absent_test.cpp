// A build without Assimp (BONESCOPE_ASSIMP=OFF): an FBX or COLLADA file gets the message saying so,
// on reading and loading a skeleton mesh; glTF is Bonescope's own and converts to .glb; the other
// formats are unaffected.
#include <filesystem>

#include <gtest/gtest.h>

#include "formats/file_io.h"
#include "formats/format.h"
#include "formats/skeleton_source.h"
#include "tests/support/test_support.h"

using namespace bonescope;

namespace {
const std::string kMessage = "built without Assimp: FBX/COLLADA are not available";
const std::string kLoop = "seanim/synth_abs_lrs_loop_notes.seanim";

std::string fbxFile()
{
    // The binary FBX magic is all detection looks at.
    const std::string path = test::tempPath("character.fbx");
    const std::string magic = "Kaydara FBX Binary  ";
    test::writeBytes(path, std::vector<uint8_t>(magic.begin(), magic.end()));
    return path;
}
} // namespace

TEST(AssimpAbsent, OpeningAnFbxSaysWhy)
{
    const auto r = test::runCli({"info", fbxFile()});
    EXPECT_EQ(r.status, 1);
    EXPECT_NE(r.err.find("character.fbx"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find(kMessage), std::string::npos) << r.err;
}

TEST(AssimpAbsent, ConvertingToGlbNeedsNoAssimp)
{
    const std::string out = test::tempPath("walk.glb");
    const auto r = test::runCli({"convert", test::samplePath(kLoop), out});
    EXPECT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(loadScene(out).format->id(), "gltf");
}

TEST(AssimpAbsent, SkeletonMeshSaysWhy)
{
    try {
        loadSkeletonScene(fbxFile());
        FAIL() << "an .fbx loaded without Assimp";
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
