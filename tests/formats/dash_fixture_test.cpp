// The committed Dash fixtures are what the generator writes. Regenerate them with
//   BONESCOPE_WRITE_DASH_FIXTURES=1 build/bin/bonescope_tests --gtest_filter=DashFixtures.*
#include <cstdlib>

#include <gtest/gtest.h>

#include "tests/formats/dash_fixture_gen.h"
#include "tests/support/test_support.h"

using namespace bonescope;

TEST(DashFixtures, CommittedFilesMatchTheGenerator)
{
    const bool write = std::getenv("BONESCOPE_WRITE_DASH_FIXTURES") != nullptr;
    for (const auto& f : test::makeDashFixtures()) {
        const std::string path = test::fixturePath("dash/" + f.file);
        if (write)
            test::writeBytes(path, f.bytes);
        EXPECT_EQ(test::readBytes(path), f.bytes) << f.file;
    }
}
