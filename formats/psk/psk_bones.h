#pragma once
// REFSKELT (PSK) and BONENAMES (PSA) records <-> the skeleton, and Unreal's rotation rule: bone 0
// (the root) stores its parent-relative rotation q, every other bone stores conj(q); key tracks
// follow the same rule (track 0 is the root). Positions are parent-relative as they are.
#include <glm/gtc/quaternion.hpp>

#include "core/model/skeleton.h"
#include "formats/psk/psk_extra.h"

namespace bonescope::psk {

inline glm::dquat fromFileRotation(float x, float y, float z, float w, bool root)
{
    return root ? glm::dquat(w, x, y, z) : glm::dquat(w, -x, -y, -z);
}
// x, y, z, w as stored; conj is a sign flip, so an unedited value comes back bit for bit.
inline std::array<float, 4> toFileRotation(const glm::dquat& q, bool root)
{
    const float s = root ? 1.f : -1.f;
    return {s * float(q.x), s * float(q.y), s * float(q.z), float(q.w)};
}

// The bones of a REFSKELT or BONENAMES chunk. `mayBeFlat`: a PSA whose BONENAMES name bone 0 as
// every bone's parent while the root counts no children (UE Viewer's) gives no hierarchy: the
// skeleton returned is then empty (the animation plays on a PSK or another skeleton by name).
Skeleton readBones(std::span<const uint8_t> file, const ChunkView& c, PskExtra& x, bool mayBeFlat);
// The records for `skeleton`, reusing `x`'s as far as the skeleton still matches them.
void writeBones(ByteWriter& w, const Skeleton& skeleton, const PskExtra* x);

} // namespace bonescope::psk
