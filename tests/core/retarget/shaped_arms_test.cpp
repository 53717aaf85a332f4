// A humanoid found by the shape of its hierarchy alone (joint names that say nothing): the arms'
// upper arm, forearm and hand. CMU's left collar (3.4 units, 19 cm) and upper arm (4.3) outweigh its
// upper arm and forearm (4.3 + 3.3) as the two longest consecutive segments, so the collar was
// taken for the upper arm; the hand, where fingers and thumb part (CMU's LeftWrist: lhand and
// LThumb), settles it. On the real walk (CMU 131_01, BVH) and its Blender COLLADA export.
#include <gtest/gtest.h>

#include "formats/bvh/bvh_format.h"
#include "tests/core/retarget/cmu_arms.h"
#include "tests/support/test_support.h"

namespace bonescope {
namespace {

TEST(ShapedArms, CmuBvhWithNamesThatSayNothingHasItsCollarsAsClavicles)
{
    const Scene s = BvhFormat().read(test::readBytes(test::fixturePath("rigs/cmu_131_01_walk.bvh")));
    test::expectCmuArms(s.skeleton, "");
}

} // namespace
} // namespace bonescope
