#pragma once
// The float pose's form of a channel (Sampler::sample). Values and times are read from the
// animation's own keys when a segment is entered (a conversion to float per segment, not a copy of
// every key: the copy held as much memory as the model); for rotations each segment's slerp set-up
// (the scales that normalise its endpoints, flip, angle, 1/sin) is computed when playback first
// enters it, so that a segment played again costs a few loads and a frame a few SIMD operations. Which segment
// applies is still decided by locate() and its rules; segments that float cannot hold to float
// precision (keys about 180 degrees apart as rotations, long-way slerps, degenerate keys) are
// evaluated by the double code.
#include <cstdlib>
#include <cstring>
#include <memory>

#include "core/math/fast_math.h"
#include "core/math/float4.h"
#include "core/playback/segment_cache.h"

namespace bonescope {

// Key i's value as four floats (w = 0 for a vec3): loaded as is from a list held in float.
template <class T>
[[gnu::always_inline]] inline float4 keyFloat4(const KeyList<T>& keys, size_t i)
{
    constexpr int n = KeyParts<T>::n;
    if (keys.inFloat()) {
        const float* f = keys.floatValues() + i * n;
        if constexpr (n == 3)
            return float4{f[0], f[1], f[2], 0.f}; // by register: a 12-byte copy through memory stalls the load after it
        else
            return load4(f);
    }
    const double* d = keys.doubleValues() + i * n;
    if constexpr (n == 3)
        return __builtin_convertvector((double4{d[0], d[1], d[2], 0.0}), float4);
    else
        return __builtin_convertvector((double4{d[0], d[1], d[2], d[3]}), float4);
}

// Translation and scale: a + delta * f.
struct FloatValueCache {
    CachedRange range;
    float4 a{}, delta{};

    void build() { range = {}; }

    // Key k, blending towards key k + 1 or not.
    [[gnu::always_inline]] void setKeys(const Vec3Channel& ch, int k, bool blend)
    {
        a = keyFloat4(ch.keys, k);
        delta = blend ? keyFloat4(ch.keys, k + 1) - a : float4{};
    }
    // The values for a located segment (of this channel, or of one with the same times and rules).
    void set(const Vec3Channel& ch, const Segment& s)
    {
        if (s.applies)
            setKeys(ch, s.a, s.invDt != 0); // a blend is always from key a to key a + 1
    }
    float4 at(float f) const { return a + delta * f; }

    // The segment that holds at t, if it is not the current one.
    [[gnu::always_inline]] void refresh(const Vec3Channel& ch, double t)
    {
        if (!range.contains(t)) [[unlikely]] {
            if (range.step(ch, t))
                setKeys(ch, int(range.cursor), range.invDt != 0);
            else
                relocate(ch, t);
        }
    }
    [[gnu::always_inline]] bool sample(const Vec3Channel& ch, double t, float4& out)
    {
        refresh(ch, t);
        if (!range.applies)
            return false;
        out = at(float(range.factor(t)));
        return true;
    }

private:
    [[gnu::noinline]] void relocate(const Vec3Channel& ch, double t) { set(ch, range.relocate(ch, t)); }
};

// Rotation: q = a * w0 + b * w1 with the weights from x = x0 + dx * f, which holds the lerp weights
// (1 - f, f) (a held value: (1, 0)) or the slerp angles ((1 - f) theta, f theta).
struct FloatRotationCache {
    // One bit each, so that FloatLanes can ask whether any of four lanes is in a mode at once.
    enum Mode : uint8_t { Unprepared = 0, Held = 1, Lerp = 2, Nlerp = 4, Slerp = 8, Exact = 16 };
    // The segment from key i to key i + 1, as prepareSegment() and prepareRotation() would make it.
    // The endpoints are the keys as stored times scaleA and scaleB: their float copies normalised
    // (scaleB also holds the flip of the second key and keyflag::Negate). All zero: not made yet.
    struct Prepared {
        float theta; // Lerp, Nlerp: 1, so that x0 + dx * f gives the lerp weights
        float invSin;
        float scaleA, scaleB;
        Mode mode;
    };
    struct Free {
        void operator()(Prepared* p) const { std::free(p); }
    };

    CachedRange range;
    Mode mode = Held;
    float4 x0{}, dx{}, invSin{}, a{}, b{};
    Segment exact; // for Exact: the segment the double code evaluates
    // segments[i]: keys i to i + 1, each made when playback first enters it. Zeroed memory from
    // calloc, which the system hands out untouched: a segment costs memory once it has been played,
    // and opening a file prepares none of them. Null when the sampler's budget for them is spent
    // (a big animation): each segment is then made again whenever playback enters it.
    std::unique_ptr<Prepared[], Free> segments;

    // The memory keeping every segment of `ch` would take.
    static size_t bytesToKeep(const QuatChannel& ch) { return ch.keys.size() > 1 ? (ch.keys.size() - 1) * sizeof(Prepared) : 0; }
    // Forgets the prepared segments (after an edit of the keys); keeps those it makes from now on,
    // or not.
    void build(const QuatChannel& ch, bool keep);

    // Key k held, or the segment from key k to k + 1 over `range`'s times.
    [[gnu::always_inline]] void setKeys(const QuatChannel& ch, int k, bool blend, const CachedRange& over)
    {
        if (!blend)
            return hold(ch, k); // a single key, or a stepped segment
        const Prepared p = prepared(ch, k);
        mode = p.mode;
        if (mode == Held) {
            hold(ch, k); // keyflag::Hold
        } else if (mode == Exact) {
            exact.a = k;
            exact.b = k + 1;
            exact.t0 = over.t0;
            exact.invDt = over.invDt;
        } else {
            x0 = float4{p.theta, 0, 0, 0};
            dx = float4{-p.theta, p.theta, 0, 0};
            invSin = all(p.invSin);
            a = keyFloat4(ch.keys, k) * p.scaleA;
            b = keyFloat4(ch.keys, k + 1) * p.scaleB;
        }
    }
    void set(const QuatChannel& ch, const Segment& s, const CachedRange& over)
    {
        if (s.applies)
            setKeys(ch, s.a, s.invDt != 0, over);
    }

    [[gnu::always_inline]] float4 at(const QuatChannel& ch, double t, float f) const
    {
        float4 w = x0 + dx * f;
        if (mode == Slerp) [[likely]]
            w = fastmath::sinHalfPiF(w) * invSin;
        else if (mode == Exact)
            return evalExact(ch, t);
        const float4 q = a * splat<0>(w) + b * splat<1>(w);
        return mode == Nlerp ? q * (1.f / std::sqrt(dot4(q, q)[0])) : q;
    }

    [[gnu::always_inline]] void refresh(const QuatChannel& ch, double t)
    {
        if (!range.contains(t)) [[unlikely]] {
            if (range.step(ch, t))
                setKeys(ch, int(range.cursor), range.invDt != 0, range);
            else
                relocate(ch, t);
        }
    }
    [[gnu::always_inline]] bool sample(const QuatChannel& ch, double t, float4& out)
    {
        refresh(ch, t);
        if (!range.applies)
            return false;
        out = at(ch, t, float(range.factor(t)));
        return true;
    }

    // Holds `value` as is (a channel that does not apply gives its rest value).
    void holdValue(float4 value)
    {
        mode = Held;
        x0 = float4{1, 0, 0, 0};
        dx = float4{};
        a = value;
        b = float4{};
    }

private:
    [[gnu::always_inline]] Prepared prepared(const QuatChannel& ch, int k)
    {
        Prepared fresh;
        Prepared& p = segments ? segments[k] : fresh;
        if (!segments || p.mode == Unprepared) [[unlikely]]
            prepare(ch, k, p);
        return p;
    }
    [[gnu::cold, gnu::noinline]] static void prepare(const QuatChannel& ch, int k, Prepared& p);
    float4 evalExact(const QuatChannel& ch, double t) const;
    [[gnu::noinline]] void relocate(const QuatChannel& ch, double t) { set(ch, range.relocate(ch, t), range); }
    void hold(const QuatChannel& ch, int key) { holdValue(keyFloat4(ch.keys, key)); } // as stored, like prepareSegment()
};

} // namespace bonescope
