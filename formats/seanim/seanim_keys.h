#pragma once
// The check of a whole SEAnim key array at once, ahead of the key-by-key reading: whether any value
// would stop it or count as implausible. Arrays where it finds nothing (every real file's) are not
// walked value by value; the others are, which names the exact offset of a bad value.
#include <cstddef>
#include <cstdint>

namespace bonescope::seanim {

// The largest frame of a key array and the first key that has it.
struct KeyFrames {
    uint32_t max = 0;
    uint32_t maxAt = 0;
};

// `count` keys at `p` (already bounds-checked), each a frame of `frameWidth` (1, 2 or 4) bytes and
// 3 values (4 for rotations) of float or, with `highPrecision`, double. True when every value is
// finite, at most 1e11 in size and not subnormal, and every rotation's squared length within 0.009
// of 1: then the key-by-key checks (non-finite values, values over 1e12 or subnormal, rotations
// whose squared length is more than 0.01 from 1) find nothing. False may also mean only that
// this CPU or compiler has no vector form of the check. Sets `frames` when count > 0.
bool keysPlain(const uint8_t* p, uint32_t count, int frameWidth, bool rotation, bool highPrecision,
               KeyFrames& frames);

} // namespace bonescope::seanim
