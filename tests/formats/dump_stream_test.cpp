// `dump` streams its JSON one bone at a time (writeAnimationJson): the text must be the same as the
// whole tree's (jsonText(dumpAnimation(...))), pretty and compact, for every animation of every
// sample, fixture and regression input that reads, names in any encoding included.
#include <gtest/gtest.h>

#include <filesystem>
#include <sstream>

#include "formats/dump_json.h"
#include "formats/parse_error.h"
#include "formats/registry.h"
#include "tests/support/test_support.h"

using namespace bonescope;
namespace fs = std::filesystem;

TEST(DumpStream, SameTextAsTheWholeTreeOnEveryFile)
{
    std::vector<std::string> files;
    for (const char* folder : {"dash", "lego", "seanim", "secondlife"})
        for (const auto& e : fs::directory_iterator(test::samplePath(folder)))
            files.push_back(e.path().string());
    for (const char* folder : {"dash", "regressions", "fbx"})
        for (const auto& e : fs::directory_iterator(test::fixturePath(folder)))
            files.push_back(e.path().string());
    int compared = 0;
    for (const std::string& path : files) {
        const auto bytes = test::readBytes(path);
        const Format* f = Registry::instance().detect(bytes, path);
        if (!f)
            continue;
        Scene scene;
        try {
            scene = f->readFrom(bytes, path);
        } catch (const std::exception&) {
            continue; // refused inputs have nothing to dump
        }
        for (int i = -1; i < int(scene.animations.size()); ++i) // -1: no animation chosen
            for (int indent : {1, -1}) {
                std::vector<std::string> treeWarnings, streamWarnings;
                const std::string tree = jsonText(dumpAnimation(scene, i, &treeWarnings), indent);
                std::ostringstream stream;
                writeAnimationJson(stream, scene, i, indent, &streamWarnings);
                ASSERT_EQ(stream.str(), tree) << path << " animation " << i << " indent " << indent;
                std::sort(treeWarnings.begin(), treeWarnings.end());
                std::sort(streamWarnings.begin(), streamWarnings.end());
                EXPECT_EQ(streamWarnings, treeWarnings) << path;
                ++compared;
            }
    }
    EXPECT_GE(compared, 60);
}
