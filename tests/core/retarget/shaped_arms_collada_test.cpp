// The CMU walk's arms found by shape alone in its Blender COLLADA export, read through Assimp (so
// left out of builds without it, as the Windows cross-check): shaped_arms_test.cpp has the why.
#include <gtest/gtest.h>

#include "formats/assimp/assimp_format.h"
#include "tests/core/retarget/cmu_arms.h"
#include "tests/support/test_support.h"

namespace bonescope {
namespace {

TEST(ShapedArms, CmuColladaWithNamesThatSayNothingHasItsCollarsAsClavicles)
{
    const std::string path = test::fixturePath("rigs/cmu_walk_zup_cm.dae");
    test::expectCmuArms(AssimpFormat().readFrom(test::readBytes(path), path).skeleton, "Armature_");
}

} // namespace
} // namespace bonescope
