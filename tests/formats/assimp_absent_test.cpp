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

// COLLADA: FBX has Bonescope's own reader in every build (formats/fbx), COLLADA only Assimp.
std::string fbxFile()
{
    const std::string path = test::tempPath("character.dae");
    const std::string text = "<?xml version=\"1.0\"?>\n<COLLADA version=\"1.4.1\"></COLLADA>\n";
    test::writeBytes(path, std::vector<uint8_t>(text.begin(), text.end()));
    return path;
}
} // namespace

TEST(AssimpAbsent, OpeningAnFbxSaysWhy)
{
    const auto r = test::runCli({"info", fbxFile()});
    EXPECT_EQ(r.status, 1);
    EXPECT_NE(r.err.find("character.dae"), std::string::npos) << r.err;
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
