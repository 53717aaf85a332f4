#include "core/model/content_hash.h"

#include <cstring>
#include <string_view>

namespace bonescope {

namespace {

// FNV-1a, 64 bit: fast, and enough to tell an edit from no edit.
struct Hasher {
    uint64_t h = 14695981039346656037ull;

    void bytes(const void* p, size_t n)
    {
        const auto* b = static_cast<const uint8_t*>(p);
        for (size_t i = 0; i < n; ++i) {
            h ^= b[i];
            h *= 1099511628211ull;
        }
    }
    void number(double v) { bytes(&v, sizeof v); }
    void integer(uint64_t v) { bytes(&v, sizeof v); }
    void text(std::string_view s)
    {
        integer(s.size());
        bytes(s.data(), s.size());
    }
    void value(const glm::dvec3& v) { number(v.x), number(v.y), number(v.z); }
    void value(const glm::dquat& q) { number(q.x), number(q.y), number(q.z), number(q.w); }
    void value(double v) { number(v); }

    template <class T>
    void channel(const Channel<T>& ch)
    {
        integer(ch.keys.size());
        for (const auto& k : ch.keys) {
            number(k.time);
            value(k.value);
            integer(k.flags);
        }
        for (const Tangents<T>& m : ch.tangents) // none but in cubic channels: other hashes unchanged
            value(m.in), value(m.out);
    }
};

} // namespace

uint64_t contentHash(const Skeleton& skeleton, const Animation& a)
{
    Hasher h;
    h.integer(skeleton.bones.size());
    for (const Bone& b : skeleton.bones) {
        h.text(b.name);
        h.integer(uint64_t(int64_t(b.parent)));
        h.value(b.restTranslation);
        h.value(b.restRotation);
        h.value(b.restScale);
        h.integer(b.flags);
    }
    h.text(a.name);
    h.number(a.fps);
    h.number(a.duration);
    h.integer(a.looping);
    h.integer(a.tracks.size());
    for (const Track& t : a.tracks) {
        h.text(t.name);
        h.integer(t.flags);
        if (t.bone >= 0)
            h.integer(uint64_t(t.bone));
        h.channel(t.translation);
        h.channel(t.rotation);
        h.channel(t.scale);
        h.channel(t.visibility);
    }
    h.integer(a.notes.size());
    for (const Note& n : a.notes) {
        h.number(n.time);
        h.text(n.name);
    }
    return h.h;
}

} // namespace bonescope
