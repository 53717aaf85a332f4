#include "formats/cast/cast_fingerprint.h"

#include <algorithm>
#include <bit>
#include <cstring>
#include <string_view>

namespace bonescope::cast {

namespace {

constexpr uint64_t Odd = 0x9E3779B97F4A7C15ull;

inline uint64_t bits(double v) { return std::bit_cast<uint64_t>(v); }

// The end mix of splitmix64.
inline uint64_t finish(uint64_t h)
{
    h = (h ^ (h >> 30)) * 0xBF58476D1CE4E5B9ull;
    h = (h ^ (h >> 27)) * 0x94D049BB133111EBull;
    return h ^ (h >> 31);
}

// Words folded one after the other (headers, names, the lanes of a channel).
struct Chain {
    uint64_t h;
    explicit Chain(uint64_t seed) : h(seed) {}
    void word(uint64_t w) { h = std::rotl((h ^ w) * Odd, 29); }
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

template <class T>
constexpr int componentsOf = std::is_same_v<T, double> ? 1 : std::is_same_v<T, glm::dvec3> ? 3 : 4;

template <class T>
uint64_t channelPrint(const Channel<T>& ch, int channel, const KnownLanes* known)
{
    constexpr int N = componentsOf<T>;
    uint64_t lane[N + 1];
    if (known && known->known == (1u << (N + 1)) - 1) {
        std::copy_n(known->lane.begin(), N + 1, lane);
    } else {
        // All lanes in one pass: their chains run in parallel.
        for (int i = 0; i <= N; ++i)
            lane[i] = laneSeed(channel, i);
        for (const auto& k : ch.keys) {
            lane[0] = laneStep(lane[0], k.time);
            if constexpr (N == 1) {
                lane[1] = laneStep(lane[1], k.value);
            } else {
                for (int i = 0; i < N; ++i)
                    lane[1 + i] = laneStep(lane[1 + i], k.value[i]); // dquat[i]: x, y, z, w
            }
        }
    }
    Chain c(finish(uint64_t(channel) ^ ch.keys.size()));
    for (uint64_t l : lane)
        c.word(l);
    return finish(c.h);
}

} // namespace

uint64_t laneSeed(int channel, int lane) { return finish(uint64_t(channel) * 8 + uint64_t(lane)); }

uint64_t trackFingerprint(const bonescope::Track& t, const TrackLanes* lanes)
{
    Chain c(0x74726B);
    c.text(t.name);
    c.word(t.flags);
    c.word(channelPrint(t.translation, TranslationLanes, lanes ? &lanes->translation : nullptr));
    c.word(channelPrint(t.rotation, RotationLanes, lanes ? &lanes->rotation : nullptr));
    c.word(channelPrint(t.scale, ScaleLanes, lanes ? &lanes->scale : nullptr));
    c.word(channelPrint(t.visibility, VisibilityLanes, nullptr));
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
