// BVH keywords in any case (issue 37 part 5): writers that print `Root`, `joint`, `End site` or
// `hierarchy` make files other readers open. Read as the keywords, the same skeleton and keys as the
// file spelled as BVH spells it; warned about with the first such keyword's offset; an unedited file
// saved back byte for byte.
#include <algorithm>
#include <cctype>

#include <gtest/gtest.h>

#include "formats/bvh/bvh_extra.h"
#include "formats/bvh/bvh_format.h"
#include "tests/support/test_support.h"

namespace bonescope {
namespace {

// The Tower sample with every keyword but the channel names rewritten: each line's first word in
// lower case but its first letter ("Root", "Joint", "End site", "Offset", "Channels", "Motion", ...).
std::string otherCase(std::string text)
{
    size_t at = 0;
    while (at < text.size()) {
        size_t start = text.find_first_not_of(" \t\r\n", at);
        if (start == std::string::npos)
            break;
        size_t end = text.find_first_of(" \t\r\n", start);
        if (end == std::string::npos)
            end = text.size();
        std::string word = text.substr(start, end - start);
        const bool keyword = word == "HIERARCHY" || word == "ROOT" || word == "JOINT" || word == "OFFSET" ||
                             word == "CHANNELS" || word == "MOTION" || word == "End" || word == "Site" ||
                             word == "Frames:" || word == "Frame" || word == "Time:";
        if (keyword) {
            for (size_t i = 1; i < word.size(); ++i)
                text[start + i] = char(std::tolower((unsigned char)word[i]));
            if (word == "Site" || word == "Time:")
                text[start] = char(std::tolower((unsigned char)word[0])); // "End site", "Frame time:"
        }
        at = end;
    }
    return text;
}

TEST(BvhKeywordCase, ReadAsTheKeywordsWarnedAndKept)
{
    const std::vector<uint8_t> standard = test::readBytes(test::samplePath("secondlife/opencollar_tower.bvh"));
    const std::string text = otherCase(std::string(standard.begin(), standard.end()));
    ASSERT_NE(text.find("Root hip"), std::string::npos);
    ASSERT_NE(text.find("End site"), std::string::npos);
    const std::vector<uint8_t> bytes(text.begin(), text.end());
    const BvhFormat bvh;
    ASSERT_TRUE(bvh.detect(bytes));
    const Scene a = bvh.read(standard), b = bvh.read(bytes);
    ASSERT_EQ(a.skeleton.size(), b.skeleton.size());
    for (size_t i = 0; i < a.skeleton.size(); ++i) {
        EXPECT_EQ(a.skeleton.bones[i].name, b.skeleton.bones[i].name);
        EXPECT_EQ(a.skeleton.bones[i].parent, b.skeleton.bones[i].parent);
        EXPECT_EQ(a.skeleton.bones[i].restTranslation, b.skeleton.bones[i].restTranslation);
    }
    ASSERT_EQ(a.animations[0].tracks.size(), b.animations[0].tracks.size());
    for (size_t t = 0; t < a.animations[0].tracks.size(); ++t) {
        EXPECT_TRUE(a.animations[0].tracks[t].rotation.keys == b.animations[0].tracks[t].rotation.keys);
        EXPECT_TRUE(a.animations[0].tracks[t].translation.keys == b.animations[0].tracks[t].translation.keys);
    }
    // Warned about, naming the first such keyword and where it is.
    bool warned = false;
    for (const Finding& f : bvh.validate(b, ""))
        if (f.severity == Finding::Severity::Warning && f.message.find("'Hierarchy' where BVH spells 'HIERARCHY'") != std::string::npos) {
            warned = true;
            EXPECT_EQ(f.offset, text.find("Hierarchy"));
        }
    EXPECT_TRUE(warned);
    EXPECT_TRUE(bvh.validate(a, "").empty() || a.extra.as<BvhExtra>()->keywordCase.empty());
    // Saved unedited: the same bytes.
    EXPECT_EQ(bvh.write(b), bytes);
}

} // namespace
} // namespace bonescope
