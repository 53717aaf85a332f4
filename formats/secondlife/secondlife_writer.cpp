// Second Life .anim v1.0 writing, in LLKeyframeMotion::serialize's layout. A key keeps the 16-bit
// codes read for it while they still decode to its time and value, so an unedited file comes back byte for
// byte; an edited time or value is encoded by rounding to nearest (the viewer floors, which drifts).
#include <array>
#include <bit>
#include <cmath>
#include <map>
#include <optional>
#include <vector>

#include "formats/byte_writer.h"
#include "formats/parse_error.h"
#include "formats/secondlife/secondlife_extra.h"
#include "formats/secondlife/secondlife_format.h"
#include "formats/secondlife/secondlife_quantize.h"

namespace bonescope {

namespace {

using namespace secondlife;

void writeCodes(ByteWriter& w, uint16_t time, const std::array<uint16_t, 3>& v)
{
    w.u16(time);
    for (uint16_t c : v)
        w.u16(c);
}

// A channel's codes as read. A key takes the time code and the value codes read at its own index
// where they decode to its time and value; failing that (keys inserted, deleted or moved shift the
// indices) the codes of its neighbours, then any code of the channel that does; failing that, new
// codes.
template <class T, class Decode, class Encode>
class ReadCodes {
public:
    ReadCodes(const std::vector<uint64_t>& codes, float duration, Decode decode, Encode encode)
        : codes_(codes), duration_(duration), decode_(decode), encode_(encode)
    {
    }

    uint16_t time(size_t i, double t)
    {
        if (const auto c = near(i, [&](const Codes& c) { return decodeTime(c[0], duration_) == t; }))
            return (*c)[0];
        fill();
        const auto it = times_.find(bitsOf(t));
        return it != times_.end() ? it->second : encodeTime(t, duration_);
    }
    std::array<uint16_t, 3> value(size_t i, const T& v)
    {
        if (const auto c = near(i, [&](const Codes& c) { return decodeValue(c) == v; }))
            return {(*c)[1], (*c)[2], (*c)[3]};
        fill();
        const auto it = values_.find(bitsOf(v));
        return it != values_.end() ? it->second : encode_(v);
    }

private:
    using Bits = std::array<uint64_t, 4>;
    static uint64_t bitsOf(double d) { return std::bit_cast<uint64_t>(d); }
    static Bits bitsOf(const glm::dvec3& v) { return {bitsOf(v.x), bitsOf(v.y), bitsOf(v.z), 0}; }
    static Bits bitsOf(const glm::dquat& q) { return {bitsOf(q.x), bitsOf(q.y), bitsOf(q.z), bitsOf(q.w)}; }

    T decodeValue(const Codes& c) const { return decode_(c[1], c[2], c[3]); }
    // The codes read at index i, i - 1 or i + 1 (in that order) that `match`; none when none does.
    template <class Match>
    std::optional<Codes> near(size_t i, Match match) const
    {
        for (size_t j : {i, i - 1, i + 1})
            if (j < codes_.size() && match(unpackCodes(codes_[j])))
                return unpackCodes(codes_[j]);
        return std::nullopt;
    }
    // Every code read, by what it decodes to (the first of equal ones), made once when needed.
    void fill()
    {
        if (filled_)
            return;
        filled_ = true;
        for (uint64_t packed : codes_) {
            const Codes c = unpackCodes(packed);
            times_.emplace(bitsOf(decodeTime(c[0], duration_)), c[0]);
            values_.emplace(bitsOf(decodeValue(c)), std::array<uint16_t, 3>{c[1], c[2], c[3]});
        }
    }

    const std::vector<uint64_t>& codes_;
    float duration_;
    Decode decode_;
    Encode encode_;
    bool filled_ = false;
    std::map<uint64_t, uint16_t> times_;
    std::map<Bits, std::array<uint16_t, 3>> values_;
};

// The count, then each key: the codes read for it where they still decode to its time / value, else
// new codes.
template <class T, class Decode, class Encode>
void writeKeys(ByteWriter& w, const Channel<T>& ch, const std::vector<uint64_t>& read, float duration,
               Decode decode, Encode encode)
{
    w.s32(int32_t(ch.keys.size()));
    ReadCodes<T, Decode, Encode> codes(read, duration, decode, encode);
    for (size_t i = 0; i < ch.keys.size(); ++i) {
        const uint16_t time = codes.time(i, ch.keys.time(i));
        writeCodes(w, time, codes.value(i, ch.keys.value(i)));
    }
}

void writeConstraint(ByteWriter& w, const SecondLifeConstraint& c)
{
    w.u8(c.chainLength);
    w.u8(c.type);
    w.bytes(c.sourceVolume);
    for (float v : c.sourceOffset)
        w.f32(v);
    w.bytes(c.targetVolume);
    for (float v : c.targetOffset)
        w.f32(v);
    for (float v : c.targetDir)
        w.f32(v);
    w.f32(c.easeInStart);
    w.f32(c.easeInStop);
    w.f32(c.easeOutStart);
    w.f32(c.easeOutStop);
}

// The format has no scale: refuse to drop real scaling silently.
void checkNoScale(const Track& t)
{
    for (const Vec3Key& k : t.scale.keys)
        if (std::abs(k.value.x - 1) > 1e-6 || std::abs(k.value.y - 1) > 1e-6 || std::abs(k.value.z - 1) > 1e-6)
            throw WriteError("Second Life .anim has no scale keys, and bone '" + t.name +
                             "' is scaled at " + std::to_string(k.time) + " s");
}

} // namespace

std::vector<uint8_t> SecondLifeFormat::write(const Scene& scene) const
{
    const Animation* anim = scene.currentAnimation();
    if (!anim)
        throw WriteError("Second Life .anim: the scene has no animation to write");
    const Animation& a = *anim;
    const SecondLifeExtra defaults;
    const SecondLifeExtra* x = a.extra.as<SecondLifeExtra>();
    if (!x)
        x = &defaults;
    if (!std::isfinite(a.duration))
        throw WriteError("Second Life .anim: the duration must be a finite number");
    checkWriteLimits(scene, secondlife::writeLimits());
    if (a.tracks.size() > uint32_t(INT32_MAX))
        throw WriteError("Second Life .anim: too many joints");
    for (const Track& t : a.tracks) {
        checkNoScale(t);
        if (t.name.find('\0') != std::string::npos)
            throw WriteError("Second Life .anim: joint names cannot hold a NUL byte");
    }
    const float duration = float(a.duration);
    const LoopRange loop = a.loopRange.value_or(LoopRange{0.0, a.duration});

    ByteWriter w;
    w.u16(x->version);
    w.u16(x->subVersion);
    w.s32(x->basePriority);
    w.f32(duration);
    w.cstr(x->emoteName);
    w.f32(float(loop.in));
    w.f32(float(loop.out));
    w.s32(a.looping ? (x->loopField != 0 ? x->loopField : 1) : 0);
    w.f32(x->easeIn);
    w.f32(x->easeOut);
    w.u32(x->handPose);
    w.u32(uint32_t(a.tracks.size()));
    for (size_t i = 0; i < a.tracks.size(); ++i) {
        const Track& t = a.tracks[i];
        w.cstr(t.name);
        w.s32(x->priorityOf(i, t.name));
        const SecondLifeKeyCodes* read = x->keyCodesOf(i, t.name);
        static const std::vector<uint64_t> none;
        writeKeys(w, t.rotation, read ? read->rotation : none, duration, decodeRotation, encodeRotation);
        writeKeys(w, t.translation, read ? read->position : none, duration, decodePosition, encodePosition);
    }
    if (x->constraintCount < 0 && x->constraints.empty()) {
        w.s32(x->constraintCount); // the viewer ignores a negative count; its bytes are in `trailing`
    } else {
        w.s32(int32_t(x->constraints.size()));
        for (const SecondLifeConstraint& c : x->constraints)
            writeConstraint(w, c);
    }
    w.bytes(x->trailing);
    return w.take();
}

} // namespace bonescope
