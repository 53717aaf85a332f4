// BoneNameIndex must answer exactly as Skeleton::find / findLoose (the linear searches it replaces in
// loops), including repeated names, names that differ only by case or namespace, and misses.
#include <gtest/gtest.h>

#include <random>

#include "core/model/bone_name_index.h"

namespace bonescope {
namespace {

Skeleton skeletonOf(std::initializer_list<const char*> names)
{
    Skeleton s;
    for (const char* n : names)
        s.bones.push_back(Bone{n});
    return s;
}

TEST(BoneNameIndex, FirstBoneOfARepeatedName)
{
    const Skeleton s = skeletonOf({"root", "INFOGRON", "arm", "INFOGRON"});
    const BoneNameIndex index(s);
    EXPECT_EQ(index.find("INFOGRON"), 1);
    EXPECT_EQ(index.find("root"), 0);
    EXPECT_EQ(index.find("missing"), -1);
    EXPECT_EQ(index.find(""), -1);
}

TEST(BoneNameIndex, LooseMatchesPrefixAndCaseButExactWins)
{
    // "Hips" exactly is bone 2 although the loose "hips" of bone 0 comes first.
    const Skeleton s = skeletonOf({"mixamorig:Hips", "Armature|spine", "Hips"});
    const BoneNameIndex index(s);
    EXPECT_EQ(index.findLoose("Hips"), 2);
    EXPECT_EQ(index.findLoose("HIPS"), 0);
    EXPECT_EQ(index.findLoose("other:hips"), 0);
    EXPECT_EQ(index.findLoose("Spine"), 1);
    EXPECT_EQ(index.find("Spine"), -1);
    EXPECT_EQ(index.findLoose("neck"), -1);
}

TEST(BoneNameIndex, AgreesWithTheLinearSearchOnRandomNames)
{
    // Short names from a small alphabet with prefixes, so that exact and loose collisions are common.
    std::mt19937 rng(14);
    const char* prefixes[] = {"", "a:", "B|", "x:y|"};
    auto randomName = [&] {
        std::string n = prefixes[rng() % 4];
        const int len = 1 + int(rng() % 3);
        for (int i = 0; i < len; ++i)
            n += "abAB"[rng() % 4];
        return n;
    };
    Skeleton s;
    for (int i = 0; i < 300; ++i)
        s.bones.push_back(Bone{randomName()});
    const BoneNameIndex index(s);
    for (int i = 0; i < 2000; ++i) {
        const std::string name = randomName();
        ASSERT_EQ(index.find(name), s.find(name)) << name;
        ASSERT_EQ(index.findLoose(name), s.findLoose(name)) << name;
    }
}

} // namespace
} // namespace bonescope
