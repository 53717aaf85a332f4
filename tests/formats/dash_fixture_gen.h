#pragma once
// Builds the Dash fixtures (tests/fixtures/dash/) from the spec with the project's own writers: a
// skinned quad on a four-bone skeleton with two animations, in each of the four variants.
#include <cstdint>
#include <string>
#include <vector>

namespace bonescope::test {

struct DashFixture {
    std::string file; // name under tests/fixtures/dash/
    std::vector<uint8_t> bytes;
};

std::vector<DashFixture> makeDashFixtures();

// The 31-byte bone name the fixtures use (the longest a char[32] field holds with its NUL).
inline const char* dashLongName() { return "head_bone_with_a_31_byte_name__"; }

} // namespace bonescope::test
