#pragma once
// A fingerprint of everything a skeleton and an animation mean (names, hierarchy, rest pose, every
// key's time, value and flags, notes, frame rate, duration). Formats that cannot re-encode a file
// byte for byte (text formats) keep the original bytes and its fingerprint, and write the original
// back while the content still has that fingerprint.
#include <cstdint>

#include "core/model/animation.h"
#include "core/model/skeleton.h"

namespace bonescope {

uint64_t contentHash(const Skeleton& skeleton, const Animation& animation);

} // namespace bonescope
