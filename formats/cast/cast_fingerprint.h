#pragma once
// The fingerprint that tells an unedited Cast animation (written back as read) from an edited one.
// It covers what core's contentHash covers (name, frame rate, duration, looping, every track's name,
// flags and keys' times, values and flags, the notes) but mixes whole 64-bit words in independent
// lanes instead of one byte at a time: contentHash took a fifth of the time of reading a 100 MB file.
// (Spelled bonescope::Animation: inside namespace cast, Animation is the node id.)
#include <cstdint>
#include <span>

#include "core/animation.h"

namespace bonescope::cast {

uint64_t trackFingerprint(const bonescope::Track& track);
// `trackPrints` holds trackFingerprint() of the first tracks when the caller has it already (the
// reader computes each while the track is still in the cache); the others are computed here.
uint64_t fingerprint(const bonescope::Animation& animation, std::span<const uint64_t> trackPrints = {});

} // namespace bonescope::cast
