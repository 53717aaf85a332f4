#include "formats/seanim/seanim_keys.h"

#include <cfloat>
#include <cstring>

namespace bonescope::seanim {

#if defined(__GNUC__) // GCC and Clang vector extensions: SSE2 on x86-64, NEON on arm64

namespace {

using f4 = float __attribute__((vector_size(16)));
using i4 = int32_t __attribute__((vector_size(16)));
using d2 = double __attribute__((vector_size(16)));
using l2 = int64_t __attribute__((vector_size(16)));

template <int Width>
inline uint32_t frameAt(const uint8_t* p)
{
    uint32_t v = 0;
    for (int i = 0; i < Width; ++i)
        v |= uint32_t(p[i]) << (8 * i);
    return v;
}

// The values are checked against 1e11 (not the reader's 1e12) and 0.009 (not 0.01) so that float's
// rounding of the squared length cannot hide a key the reader would count.
constexpr float kLimitF = 1e11f;
constexpr double kLimit = 1e11;
constexpr float kLengthSlackF = 0.009f;

// Keys of Comps floats. A mask of the lanes found good so far, tested once at the end. Each key's
// values are one 16-byte load: with 3 values its last 4 bytes are the next key's (a 12-byte copy
// would go through the stack and stall the load after it), and lane 3 is not looked at; the last key
// of the array is copied, so that nothing past the array is read.
template <int FrameWidth, int Comps>
bool plainFloat(const uint8_t* p, uint32_t count, KeyFrames& frames)
{
    constexpr size_t keySize = FrameWidth + Comps * 4;
    uint32_t max = frameAt<FrameWidth>(p), at = 0;
    i4 good = ~i4{};
    const auto visit = [&](uint32_t k, const uint8_t* key, f4 v) {
        const uint32_t frame = frameAt<FrameWidth>(key);
        if (frame > max) {
            max = frame;
            at = k;
        }
        good &= f4(i4(v) & 0x7fffffff) <= kLimitF; // false for NaN and infinity
        if constexpr (Comps == 4) {
            f4 s = v * v;
            s += __builtin_shufflevector(s, s, 1, 0, 3, 2);
            s += __builtin_shufflevector(s, s, 2, 3, 0, 1);
            good &= f4(i4(s - 1.f) & 0x7fffffff) <= kLengthSlackF;
        }
    };
    const uint32_t whole = Comps == 4 ? count : count - 1; // keys whose 16 bytes lie in the array
    uint32_t k = 0;
    for (; k < whole; ++k, p += keySize) {
        f4 v;
        std::memcpy(&v, p + FrameWidth, 16);
        visit(k, p, v);
    }
    if (k < count) {
        f4 v{};
        std::memcpy(&v, p + FrameWidth, Comps * 4);
        visit(k, p, v);
    }
    frames = {max, at};
    return good[0] & good[1] & good[2] & (Comps == 3 || good[3]);
}

// Keys of Comps doubles: in two pairs.
template <int FrameWidth, int Comps>
bool plainDouble(const uint8_t* p, uint32_t count, KeyFrames& frames)
{
    constexpr size_t keySize = FrameWidth + Comps * 8;
    uint32_t max = frameAt<FrameWidth>(p), at = 0;
    l2 bad{};
    const auto check = [&bad](d2 v) {
        const d2 size = d2(l2(v) & 0x7fffffffffffffff);
        bad |= ~(size <= kLimit) | ((size < DBL_MIN) & (size != 0)); // also NaN, infinity, subnormal
    };
    for (uint32_t k = 0; k < count; ++k, p += keySize) {
        const uint32_t frame = frameAt<FrameWidth>(p);
        if (frame > max) {
            max = frame;
            at = k;
        }
        d2 lo, hi{};
        std::memcpy(&lo, p + FrameWidth, 16);
        std::memcpy(&hi, p + FrameWidth + 16, (Comps - 2) * 8);
        check(lo);
        check(hi);
        if constexpr (Comps == 4) {
            d2 s = lo * lo + hi * hi;
            s += __builtin_shufflevector(s, s, 1, 0);
            const d2 off = d2(l2(s - 1.0) & 0x7fffffffffffffff);
            bad |= off > double(kLengthSlackF);
        }
    }
    frames = {max, at};
    return !(bad[0] | bad[1]);
}

template <int FrameWidth>
bool plainAtWidth(const uint8_t* p, uint32_t count, bool rotation, bool highPrecision, KeyFrames& frames)
{
    if (highPrecision)
        return rotation ? plainDouble<FrameWidth, 4>(p, count, frames) : plainDouble<FrameWidth, 3>(p, count, frames);
    return rotation ? plainFloat<FrameWidth, 4>(p, count, frames) : plainFloat<FrameWidth, 3>(p, count, frames);
}

} // namespace

bool keysPlain(const uint8_t* p, uint32_t count, int frameWidth, bool rotation, bool highPrecision, KeyFrames& frames)
{
    if (count == 0)
        return true;
    switch (frameWidth) {
    case 1: return plainAtWidth<1>(p, count, rotation, highPrecision, frames);
    case 2: return plainAtWidth<2>(p, count, rotation, highPrecision, frames);
    default: return plainAtWidth<4>(p, count, rotation, highPrecision, frames);
    }
}

#else // no vector extensions: every array is read key by key

bool keysPlain(const uint8_t*, uint32_t count, int, bool, bool, KeyFrames&) { return count == 0; }

#endif

} // namespace bonescope::seanim
