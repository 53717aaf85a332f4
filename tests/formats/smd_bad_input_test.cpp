// Bad SMD input: a clear error naming the line, never a crash or a huge allocation.
#include <gtest/gtest.h>

#include "formats/parse_error.h"
#include "tests/formats/smd_support.h"

namespace bonescope {
namespace {

// The message of the error reading `text`, or "" when it reads.
std::string errorOf(const std::string& text)
{
    try {
        (void)SmdFormat().read(test::bytesOf(text));
    } catch (const ParseError& e) {
        return e.what();
    }
    return "";
}

const std::string kHead = "version 1\nnodes\n0 \"root\" -1\n1 \"arm\" 0\nend\nskeleton\ntime 0\n";

TEST(SmdBadInput, NodeCycle)
{
    const std::string e = errorOf("version 1\nnodes\n0 \"a\" 1\n1 \"b\" 0\nend\n");
    EXPECT_NE(e.find("line 3: node 0 'a' is its own ancestor"), std::string::npos) << e;
}

TEST(SmdBadInput, TimeLineForUnknownNode)
{
    const std::string e = errorOf(kHead + "0 0 0 0 0 0 0\n7 0 0 0 0 0 0\nend\n");
    EXPECT_NE(e.find("line 9: node 7 is not in the nodes block"), std::string::npos) << e;
}

TEST(SmdBadInput, NotFinite)
{
    EXPECT_NE(errorOf(kHead + "0 0 nan 0 0 0 0\nend\n").find("line 8: a position 'nan' is not a finite number"),
              std::string::npos);
    EXPECT_NE(errorOf(kHead + "0 0 0 0 0 1e999 0\nend\n").find("line 8: a rotation '1e999' is not a finite number"),
              std::string::npos);
}

TEST(SmdBadInput, HugeIds)
{
    const std::string e = errorOf("version 1\nnodes\n99999999999999999999 \"a\" -1\nend\n");
    EXPECT_NE(e.find("line 3: a node id"), std::string::npos) << e;
    EXPECT_NE(e.find("is outside 0..2147483647"), std::string::npos) << e;
    // A big id that fits is only a key, not a size: nothing is allocated for it.
    EXPECT_EQ(errorOf("version 1\nnodes\n2000000000 \"a\" -1\nend\nskeleton\ntime 0\n2000000000 0 0 0 0 0 0\nend\n"), "");
}

TEST(SmdBadInput, Truncated)
{
    // Cut inside a triangle: the message names the material line of the incomplete triangle.
    const std::string e = errorOf(kHead + "0 0 0 0 0 0 0\nend\ntriangles\nmat\n0 0 0 0 0 0 1 0 0\n");
    EXPECT_NE(e.find("line 11: the triangle that starts at line 11 has 1 of its 3 vertices"), std::string::npos) << e;
    const std::string short7 = errorOf(kHead + "0 0 0 0 0 0\n");
    EXPECT_NE(short7.find("line 8: a skeleton line needs"), std::string::npos) << short7;
}

TEST(SmdBadInput, Structure)
{
    EXPECT_NE(errorOf("").find("empty"), std::string::npos);
    EXPECT_NE(errorOf("version 1\n").find("no nodes block"), std::string::npos);
    EXPECT_NE(errorOf("version 1\nnodes\n0 \"a\" -1\n0 \"b\" -1\nend\n").find("line 4: node id 0 is used twice"),
              std::string::npos);
    EXPECT_NE(errorOf("version 1\nnodes\n0 \"a\" 5\nend\n").find("line 3: parent id 5 is not a node"), std::string::npos);
    EXPECT_NE(errorOf("version 1\nbones\n").find("line 2: expected a block"), std::string::npos);
    EXPECT_NE(errorOf(kHead + "0 0 0 0 0 0 0\nend\ntriangles\nmat\n0 0 0 0 0 0 1 0 0 3 0 1\n")
                  .find("line 12: a link count"),
              std::string::npos);
    EXPECT_NE(errorOf("version 1\nnodes\n0 \"a\" -1\nend\nskeleton\n0 0 0 0 0 0 0\nend\n").find("line 6: a node line before"),
              std::string::npos);
}

} // namespace
} // namespace bonescope
