#pragma once
// The fingerprint that tells an unedited Cast animation (written back as read) from an edited one.
// It covers what core's contentHash covers that a Cast file can hold (name, frame rate, duration,
// looping, every track's name and flags, every key's time and value, the notes; not per-key flags,
// which Cast does not store), but mixes whole 64-bit words in independent lanes instead of one byte
// at a time: contentHash took a fifth of the time of reading a 100 MB file.
// (Spelled bonescope::Animation: inside namespace cast, Animation is the node id.)
#include <array>
#include <bit>
#include <cstdint>
#include <span>

#include "core/model/animation.h"

namespace bonescope::cast {

// A channel's fingerprint is made of lanes, one per word of a key (lane 0 the time, then each
// component of the value), each folded over the keys in order. The lanes are independent, so that
// the reader can fold them while it decodes the curves, a component at a time.
enum ChannelId { TranslationLanes = 1, RotationLanes = 2, ScaleLanes = 3, VisibilityLanes = 4 };
uint64_t laneSeed(int channel, int lane);
inline uint64_t laneStep(uint64_t lane, double value)
{
    // A bijection of the lane for each value, so that a changed value always changes the lane; the
    // rotation carries high bits (sign, exponent) down so that later steps spread them.
    return std::rotl((lane ^ std::bit_cast<uint64_t>(value)) * 0x9E3779B97F4A7C15ull, 29);
}

// Lanes of a channel folded already: used when all of them are (`known` has a bit per lane).
struct KnownLanes {
    std::array<uint64_t, 5> lane{};
    uint8_t known = 0;
};
struct TrackLanes {
    KnownLanes translation, rotation, scale;
};

uint64_t trackFingerprint(const bonescope::Track& track, const TrackLanes* lanes = nullptr);
// `trackPrints` holds trackFingerprint() of the first tracks when the caller has it already (the
// reader makes each while the track is still in the cache); the others are computed here.
uint64_t fingerprint(const bonescope::Animation& animation, std::span<const uint64_t> trackPrints = {});

} // namespace bonescope::cast
