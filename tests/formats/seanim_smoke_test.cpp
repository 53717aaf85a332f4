#include <gtest/gtest.h>

#include "formats/file_io.h"
#include "tests/support/test_support.h"

using namespace bonescope;

TEST(SeanimSmoke, ReadsSample)
{
    auto s = loadScene(test::samplePath("seanim/synth_abs_lrs_loop_notes.seanim"));
    ASSERT_EQ(s.scene.animations.size(), 1u);
}
