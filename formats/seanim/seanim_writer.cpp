// SEAnim v1 writing. Unedited files come back byte for byte: the header's raw fields, the field
// widths the file used, the custom block and trailing bytes are all kept in SeanimExtra. A new
// animation gets the narrowest legal widths.
#include <cmath>
#include <cstring>
#include <stdexcept>
#include <string>

#include "formats/byte_writer.h"
#include "formats/parse_error.h"
#include "formats/seanim/seanim_extra.h"
#include "formats/seanim/seanim_format.h"

namespace bonescope {

namespace {

using namespace seanim;

uint32_t frameOf(double time, double fps)
{
    const double f = std::round(time * fps);
    if (!(f >= 0) || f > 4294967295.0)
        throw WriteError("SEAnim: key time " + std::to_string(time) + " s is not a frame from 0 to 2^32-1");
    return uint32_t(f);
}

template <class T>
void maxFrameOf(const Channel<T>& ch, double fps, long long& maxFrame)
{
    for (const auto& k : ch.keys)
        maxFrame = std::max<long long>(maxFrame, frameOf(k.time, fps));
}

// A channel's count and keys, written in place: each key a frame of `fw` bytes and its values in
// file order (x y z, and w for a rotation) as float or, with `high`, double. Values held in float
// are copied as they are.
template <class T>
void writeKeys(ByteWriter& w, const KeyList<T>& keys, double fps, int fw, bool high)
{
    constexpr int Comps = KeyParts<T>::n;
    w.uint(uint32_t(keys.size()), fw);
    const size_t valueSize = high ? 8 : 4;
    uint8_t* p = w.extend(keys.size() * (size_t(fw) + Comps * valueSize));
    const float* floats = keys.inFloat() ? keys.floatValues() : nullptr;
    const double* doubles = keys.inFloat() ? nullptr : keys.doubleValues();
    for (size_t k = 0; k < keys.size(); ++k) {
        const uint32_t frame = frameOf(keys.time(k), fps);
        for (int i = 0; i < fw; ++i)
            *p++ = uint8_t(frame >> (8 * i));
        if (floats && !high) {
            std::memcpy(p, floats + k * Comps, Comps * sizeof(float));
            p += Comps * sizeof(float);
            continue;
        }
        for (int c = 0; c < Comps; ++c, p += valueSize) {
            const double v = floats ? double(floats[k * Comps + c]) : doubles[k * Comps + c];
            if (high) {
                std::memcpy(p, &v, 8);
            } else {
                const float f = float(v);
                std::memcpy(p, &f, 4);
            }
        }
    }
}

// Whether note `n` goes out without its NUL: a last name the file left unterminated at its end
// stays so (byte-exact re-save).
bool unterminated(const Animation& a, const SeanimExtra& x, uint8_t presence, const Note& n)
{
    return &n == &a.notes.back() && x.unterminatedNote == n.name && !(presence & PresenceCustom) && x.trailing.empty();
}

// The bytes after the header: the output is allocated once, and its size checked before it is written.
size_t bodySize(const Animation& a, const SeanimExtra& x, uint8_t presence, int fw, int bw, bool high)
{
    const size_t valueSize = high ? 8 : 4;
    auto keys = [&](size_t count, int comps) { return size_t(fw) + count * (size_t(fw) + comps * valueSize); };
    size_t n = 0;
    if (presence & PresenceBone) {
        n += a.modifiers.size() * (size_t(bw) + 1);
        for (const Track& t : a.tracks) {
            n += t.name.size() + 2; // the name's NUL and the flags byte
            if (presence & PresenceLoc)
                n += keys(t.translation.size(), 3);
            if (presence & PresenceRot)
                n += keys(t.rotation.size(), 4);
            if (presence & PresenceScale)
                n += keys(t.scale.size(), 3);
        }
    }
    if (presence & PresenceNote)
        for (const Note& note : a.notes)
            n += size_t(fw) + note.name.size() + (unterminated(a, x, presence, note) ? 0 : 1);
    if (presence & PresenceCustom)
        n += 4 + x.custom.size();
    return n + x.trailing.size();
}

bool fits(uint64_t v, int width) { return width >= 4 || v < (uint64_t(1) << (8 * width)); }

// The file into `w` (collecting or streaming).
void writeSeanim(const Scene& scene, ByteWriter& w)
{
    const Animation* anim = scene.currentAnimation();
    if (!anim)
        throw WriteError("SEAnim: the scene has no animation to write");
    const Animation& a = *anim;
    const SeanimExtra defaults;
    const SeanimExtra* x = a.extra.as<SeanimExtra>();
    if (!x)
        x = &defaults;
    const float fps = float(a.fps);
    if (!std::isfinite(fps) || fps <= 0)
        throw WriteError("SEAnim: the frame rate must be a positive number");

    // Frames the clip covers, from the keys, the notes and the duration.
    long long maxFrame = -1;
    for (const Track& t : a.tracks) {
        maxFrameOf(t.translation, fps, maxFrame);
        maxFrameOf(t.rotation, fps, maxFrame);
        maxFrameOf(t.scale, fps, maxFrame);
    }
    for (const Note& n : a.notes)
        maxFrame = std::max<long long>(maxFrame, frameOf(n.time, fps));
    const long long clip = std::max<long long>(maxFrame + 1, std::llround(a.duration * fps) + 1);

    // The file's own frameCount and widths while the clip length is what was read.
    const bool sameClip = a.extra && clip == (long long)x->clipFrames;
    if (clip > (long long)UINT32_MAX)
        throw WriteError("SEAnim: the clip is " + std::to_string(clip) + " frames long; frameCount holds at most " +
                         std::to_string(UINT32_MAX));
    const uint32_t frameCount = sameClip ? x->frameCount : uint32_t(clip);
    int fw = sameClip ? x->frameWidth : widthFor(frameCount);
    if (!fits(uint64_t(std::max<long long>(maxFrame, 0)), fw))
        fw = widthFor(uint64_t(maxFrame) + 1);
    const uint32_t boneCount = uint32_t(a.tracks.size());
    const bool sameBones = a.extra && boneCount == x->boneCountField;
    const int bw = sameBones ? x->boneWidth : widthFor(boneCount);
    if (a.modifiers.size() > 255)
        throw WriteError("SEAnim: at most 255 bone modifiers fit the header");

    uint8_t presence = x->presence & ~(PresenceNote | PresenceCustom);
    for (const Track& t : a.tracks) {
        if (!t.translation.empty()) presence |= PresenceLoc;
        if (!t.rotation.empty()) presence |= PresenceRot;
        if (!t.scale.empty()) presence |= PresenceScale;
    }
    if (!a.tracks.empty() && !(presence & PresenceBone))
        presence |= PresenceRot; // bones without keys still need the bone block to exist
    if (!a.notes.empty() || (x->presence & PresenceNote))
        presence |= PresenceNote;
    if (x->hasCustom)
        presence |= PresenceCustom;
    const bool high = x->property & PrecisionHigh;
    checkWriteLimits(scene, seanim::writeLimits(high));

    w.bytes({reinterpret_cast<const uint8_t*>("SEAnim"), 6});
    w.u16(x->version);
    w.u16(uint16_t(KnownHeaderSize + x->headerTail.size()));
    w.u8(typeForBlend(a.blend, x->animType));
    w.u8(uint8_t((x->animFlags & ~FlagLooped) | (a.looping ? FlagLooped : 0)));
    w.u8(presence);
    w.u8(x->property);
    w.u8(x->reserved1[0]);
    w.u8(x->reserved1[1]);
    w.f32(fps);
    w.u32(frameCount);
    // A file may carry a boneCount without a bone block; keep it while no bone was added.
    w.u32((presence & PresenceBone) ? boneCount : (a.tracks.empty() ? x->boneCountField : boneCount));
    w.u8(uint8_t(a.modifiers.size()));
    for (uint8_t b : x->reserved2)
        w.u8(b);
    w.u32(uint32_t(a.notes.size()));
    w.bytes(x->headerTail);
    const size_t fileSize = w.size() + bodySize(a, *x, presence, fw, bw, high);
    // The reader checks the declared frameCount and the clip up to the last key or note against the
    // file's size: checked before a byte of the body goes out.
    checkWrittenFrames(std::max<double>(frameCount, double(clip)), fileSize, "SEAnim", "the clip");
    w.reserve(fileSize);

    if (presence & PresenceBone) {
        for (const Track& t : a.tracks)
            w.cstr(t.name);
        for (const BlendModifier& m : a.modifiers) {
            if (m.track < 0 || m.track >= int(boneCount))
                throw WriteError("SEAnim: a bone modifier names no bone");
            w.uint(uint32_t(m.track), bw);
            w.u8(typeForBlend(m.mode, m.sourceValue));
        }
        for (const Track& t : a.tracks) {
            w.u8(uint8_t(t.flags));
            if (presence & PresenceLoc)
                writeKeys(w, t.translation.keys, fps, fw, high);
            if (presence & PresenceRot)
                writeKeys(w, t.rotation.keys, fps, fw, high);
            if (presence & PresenceScale)
                writeKeys(w, t.scale.keys, fps, fw, high);
        }
    }
    if (presence & PresenceNote)
        for (const Note& n : a.notes) {
            w.uint(frameOf(n.time, fps), fw);
            if (unterminated(a, *x, presence, n))
                w.bytes(std::span(reinterpret_cast<const uint8_t*>(n.name.data()), n.name.size()));
            else
                w.cstr(n.name);
        }
    if (presence & PresenceCustom) {
        w.u32(uint32_t(x->custom.size()));
        w.bytes(x->custom);
    }
    w.bytes(x->trailing);
    if (w.size() != fileSize)
        throw std::logic_error("SEAnim writer: wrote " + std::to_string(w.size()) + " bytes, planned " +
                               std::to_string(fileSize));
}

} // namespace

std::vector<uint8_t> SeanimFormat::write(const Scene& scene) const
{
    ByteWriter w;
    writeSeanim(scene, w);
    return w.take();
}

void SeanimFormat::writeTo(const Scene& scene, const ByteSink& out) const
{
    ByteWriter w(out);
    writeSeanim(scene, w);
    w.finish();
}

} // namespace bonescope
