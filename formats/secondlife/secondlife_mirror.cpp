#include "formats/secondlife/secondlife_mirror.h"

#include <algorithm>
#include <cstring>

namespace bonescope::secondlife {

namespace {

// A volume name field: the mirrored name in place of the old one, the bytes after it kept when the
// name keeps its length (L_ and R_ do), zeros otherwise.
void mirrorVolume(std::array<uint8_t, VolumeNameBytes>& field, const std::vector<SidePair>& user)
{
    const auto nul = std::find(field.begin(), field.end(), uint8_t(0));
    const std::string name(field.begin(), nul);
    const std::string other = mirroredName(name, user);
    if (other == name)
        return;
    if (other.size() != name.size())
        field.fill(0);
    std::memcpy(field.data(), other.data(), std::min(other.size(), field.size()));
}

} // namespace

void mirrorExtra(SecondLifeExtra& x, int axis, const std::vector<SidePair>& user)
{
    for (SecondLifeConstraint& c : x.constraints) {
        mirrorVolume(c.sourceVolume, user);
        mirrorVolume(c.targetVolume, user);
        c.sourceOffset[axis] = -c.sourceOffset[axis];
        c.targetOffset[axis] = -c.targetOffset[axis];
        c.targetDir[axis] = -c.targetDir[axis];
    }
}

} // namespace bonescope::secondlife
