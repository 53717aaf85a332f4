// Second Life .anim v1.0 writing, in LLKeyframeMotion::serialize's layout. A key keeps its raw
// 16-bit codes while they still decode to its time and value, so an unedited file comes back byte for
// byte; an edited time or value is encoded by rounding to nearest (the viewer floors, which drifts).
#include <cmath>

#include "formats/byte_writer.h"
#include "formats/parse_error.h"
#include "formats/secondlife/secondlife_extra.h"
#include "formats/secondlife/secondlife_format.h"
#include "formats/secondlife/secondlife_quantize.h"

namespace bonescope {

namespace {

using namespace secondlife;

uint16_t timeCode(double time, const Codes& raw, bool hasRaw, float duration)
{
    if (hasRaw && decodeTime(raw[0], duration) == time)
        return raw[0];
    return encodeTime(time, duration);
}

void writeCodes(ByteWriter& w, uint16_t time, const std::array<uint16_t, 3>& v)
{
    w.u16(time);
    for (uint16_t c : v)
        w.u16(c);
}

// The count, then each key: its raw codes where they still decode to its time / value, else new codes.
template <class T, class Decode, class Encode>
void writeKeys(ByteWriter& w, const Channel<T>& ch, float duration, Decode decode, Encode encode)
{
    w.s32(int32_t(ch.keys.size()));
    for (const Key<T>& k : ch.keys) {
        const Codes raw = unpackCodes(k.raw);
        std::array<uint16_t, 3> v{raw[1], raw[2], raw[3]};
        if (!k.hasRaw || decode(raw[1], raw[2], raw[3]) != k.value)
            v = encode(k.value);
        writeCodes(w, timeCode(k.time, raw, k.hasRaw, duration), v);
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
        writeKeys(w, t.rotation, duration, decodeRotation, encodeRotation);
        writeKeys(w, t.translation, duration, decodePosition, encodePosition);
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
