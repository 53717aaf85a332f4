#include "formats/cast/cast_fingerprint.h"

#include <bit>
#include <cstring>
#include <string_view>

namespace bonescope::cast {

namespace {

constexpr uint64_t Odd = 0x9E3779B97F4A7C15ull;

// One lane step: a bijection of the lane for each word, so that a changed word always changes the
// lane, and the rotation carries high bits down so that later steps spread every bit.
inline uint64_t step(uint64_t lane, uint64_t word) { return std::rotl((lane ^ word) * Odd, 29); }

inline uint64_t bits(double v) { return std::bit_cast<uint64_t>(v); }

// The end mix of splitmix64.
inline uint64_t finish(uint64_t h)
{
    h = (h ^ (h >> 30)) * 0xBF58476D1CE4E5B9ull;
    h = (h ^ (h >> 27)) * 0x94D049BB133111EBull;
    return h ^ (h >> 31);
}

struct Chain {
    uint64_t h;
    explicit Chain(uint64_t seed) : h(seed) {}
    void word(uint64_t w) { h = step(h, w); }
    void text(std::string_view s)
    {
        word(s.size());
        size_t i = 0;
        for (; i + 8 <= s.size(); i += 8) {
            uint64_t w;
            std::memcpy(&w, s.data() + i, 8);
            word(w);
        }
        uint64_t tail = 0;
        std::memcpy(&tail, s.data() + i, s.size() - i);
        word(tail);
    }
};

// Each key's words go to lanes of their own (time, components, flags), which run in parallel.
template <class T>
uint64_t channelPrint(const Channel<T>& ch, uint64_t seed)
{
    constexpr int N = std::is_same_v<T, double> ? 1 : std::is_same_v<T, glm::dvec3> ? 3 : 4;
    uint64_t lane[N + 2];
    for (int i = 0; i < N + 2; ++i)
        lane[i] = seed + uint64_t(i) * Odd;
    for (const auto& k : ch.keys) {
        lane[0] = step(lane[0], bits(k.time));
        if constexpr (N == 1) {
            lane[1] = step(lane[1], bits(k.value));
        } else {
            for (int i = 0; i < N; ++i)
                lane[1 + i] = step(lane[1 + i], bits(k.value[i])); // dquat[i]: x, y, z, w
        }
        lane[N + 1] = step(lane[N + 1], k.flags);
    }
    Chain c(finish(seed ^ ch.keys.size()));
    for (uint64_t l : lane)
        c.word(l);
    return finish(c.h);
}

} // namespace

uint64_t trackFingerprint(const bonescope::Track& t)
{
    Chain c(0x74726B);
    c.text(t.name);
    c.word(t.flags);
    c.word(channelPrint(t.translation, 1));
    c.word(channelPrint(t.rotation, 2));
    c.word(channelPrint(t.scale, 3));
    c.word(channelPrint(t.visibility, 4));
    return finish(c.h);
}

uint64_t fingerprint(const bonescope::Animation& a, std::span<const uint64_t> trackPrints)
{
    Chain c(0x616E696D);
    c.text(a.name);
    c.word(bits(a.fps));
    c.word(bits(a.duration));
    c.word(a.looping);
    c.word(a.tracks.size());
    for (size_t i = 0; i < a.tracks.size(); ++i)
        c.word(i < trackPrints.size() ? trackPrints[i] : trackFingerprint(a.tracks[i]));
    c.word(a.notes.size());
    for (const Note& n : a.notes) {
        c.word(bits(n.time));
        c.text(n.name);
    }
    return finish(c.h);
}

} // namespace bonescope::cast
