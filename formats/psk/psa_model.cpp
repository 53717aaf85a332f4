// PSA: BONENAMES (the bones the keys are for), ANIMINFO (one record per sequence), ANIMKEYS (every
// bone at every frame: record (FirstRawFrame + frame) x bones + bone) and the optional SCALEKEYS in
// the same layout. Each sequence is one of the file's animations, every bone a track keyed on every
// frame; the root track's translation is the sequence's root motion, kept as it is.
#include <cmath>
#include <algorithm>
#include <cstring>
#include <optional>

#include "core/playback/binding.h"
#include "core/playback/sampler.h"
#include "formats/parse_error.h"
#include "formats/psk/psk_bones.h"
#include "formats/psk/psk_model.h"

namespace bonescope::psk {

namespace {

// Offsets inside a 168-byte ANIMINFO record.
constexpr size_t kGroup = 64, kTotalBones = 128, kKeyQuotum = 140, kTrackTime = 148,
                 kAnimRate = 152, kFirstFrame = 160, kFrames = 164;

int32_t s32At(const uint8_t* p) { int32_t v; std::memcpy(&v, p, 4); return v; }
float f32At(const uint8_t* p) { float v; std::memcpy(&v, p, 4); return v; }
void putS32(uint8_t* p, int32_t v) { std::memcpy(p, &v, 4); }
void putF32(uint8_t* p, float v) { std::memcpy(p, &v, 4); }

struct Sequence {
    std::string name;
    int32_t frames = 0, first = 0;
    float fps = 0;
    size_t offset = 0;
};

// One value per key, or one for all when they agree (UE Viewer and CUE4Parse write 1, the add-on 1/fps).
void keepTimes(std::vector<float>& times, float& uniform)
{
    uniform = times.empty() ? 1.f : times.front();
    for (float t : times)
        if (std::memcmp(&t, &uniform, 4) != 0)
            return;
    times.clear();
}

} // namespace

Scene readPsa(std::span<const uint8_t> bytes)
{
    auto x = std::make_unique<PskExtra>();
    x->animationFile = true;
    const std::vector<ChunkView> chunks = splitChunks(bytes, "ANIMHEAD", x->trailing);
    const ChunkView *names = nullptr, *info = nullptr, *keys = nullptr, *scales = nullptr;
    for (const ChunkView& c : chunks) {
        const std::string name = c.header.name();
        const ChunkView** slot = name == "BONENAMES" ? &names : name == "ANIMINFO" ? &info
                                 : name == "ANIMKEYS" ? &keys : name == "SCALEKEYS" ? &scales : nullptr;
        if (slot && !*slot)
            *slot = &c;
    }
    if (!info) // keys without sequences say nothing Bonescope can show: kept as bytes
        keys = scales = nullptr;
    for (const ChunkView& c : chunks) {
        PskKeptChunk kept{c.header, {}, false};
        kept.rebuilt = &c == names || &c == info || &c == keys || &c == scales;
        if (!kept.rebuilt)
            kept.payload.assign(c.data.begin(), c.data.end());
        x->chunks.push_back(std::move(kept));
    }
    if (!names)
        throw ParseError("this PSA has no BONENAMES chunk: its keys name no bones", chunks.front().offset);
    Scene s;
    s.format = "psa";
    s.skeleton = readBones(bytes, *names, *x, true);
    const std::vector<std::string> boneNames = x->namesRead;
    const size_t B = boneNames.size();
    if (!info) {
        s.extra = std::move(x);
        return s;
    }
    expectRecordSize(*info, InfoRecordBytes);
    const uint64_t K = keys ? uint64_t(keys->header.count) : 0;
    if (keys)
        expectRecordSize(*keys, KeyRecordBytes);
    if (scales && scales->header.count > 0) {
        expectRecordSize(*scales, ScaleRecordBytes);
        if (uint64_t(scales->header.count) != K)
            chunkFail(*scales, scales->offset + 28, "holds " + std::to_string(scales->header.count) +
                                                        " scale keys, but ANIMKEYS holds " + std::to_string(K) +
                                                        " keys (one scale key per key)");
    }
    std::vector<Sequence> seqs(size_t(info->header.count));
    ByteReader r = recordReader(bytes, *info);
    for (Sequence& q : seqs) {
        q.offset = r.pos();
        const auto rec = r.bytes(InfoRecordBytes, "ANIMINFO record");
        q.name = readName(rec.first(NameBytes));
        q.fps = f32At(rec.data() + kAnimRate);
        q.first = s32At(rec.data() + kFirstFrame);
        q.frames = s32At(rec.data() + kFrames);
        if (!std::isfinite(q.fps) || q.fps <= 0)
            chunkFail(*info, q.offset + kAnimRate, "sequence '" + q.name + "' has frame rate " + std::to_string(q.fps) +
                                                       " (AnimRate must be a positive number)");
        if (q.frames < 0 || q.first < 0)
            chunkFail(*info, q.offset + kFirstFrame, "sequence '" + q.name + "' has a negative first frame or frame count");
        r.checkFrames(uint64_t(q.frames), q.offset + kFrames, "sequence");
    }
    // Old CUE4Parse wrote FirstRawFrame = NumRawFrames: where the stated layout runs past the keys and
    // the sequences one after another fit, that is the layout (as the Blender add-on reads it).
    auto fits = [&](int64_t first, int64_t frames) { return uint64_t(first + frames) * B <= K; };
    bool stated = true;
    int64_t total = 0;
    for (const Sequence& q : seqs) {
        stated = stated && fits(q.first, q.frames);
        total += q.frames;
    }
    if (!stated && fits(0, total)) {
        int64_t next = 0;
        for (Sequence& q : seqs) {
            q.first = int32_t(next);
            next += q.frames;
        }
    }
    int64_t next = 0;
    for (const Sequence& q : seqs) {
        x->standardKeyLayout = x->standardKeyLayout && q.first == next;
        next += q.frames;
    }
    x->standardKeyLayout = x->standardKeyLayout && uint64_t(next) * B == K;
    for (const Sequence& q : seqs)
        if (!fits(q.first, q.frames))
            chunkFail(*info, q.offset + kFirstFrame,
                      "sequence '" + q.name + "' needs keys up to record " + std::to_string((int64_t(q.first) + q.frames) * int64_t(B)) +
                          ", but ANIMKEYS holds " + std::to_string(K) + " (" + std::to_string(B) + " bones a frame)");

    for (size_t si = 0; si < seqs.size(); ++si) {
        const Sequence& q = seqs[si];
        Animation a;
        a.name = q.name;
        a.fps = q.fps;
        a.duration = q.frames > 1 ? double(q.frames - 1) / a.fps : 0.0;
        auto ax = std::make_unique<PsaSequenceExtra>();
        std::memcpy(ax->info.data(), bytes.data() + q.offset, InfoRecordBytes);
        ax->bonesRead = int32_t(B);
        ax->framesRead = q.frames;
        ax->firstRead = q.first;
        ax->fpsRead = q.fps;
        ax->hadScaleKeys = scales && scales->header.count > 0;
        a.tracks.resize(B);
        for (size_t b = 0; b < B; ++b)
            a.tracks[b].name = boneNames[b];
        for (int32_t f = 0; f < q.frames && B > 0; ++f) { // B > 0: fits() found ANIMKEYS holding them
            ByteReader kr = recordReader(bytes, *keys);
            const double t = double(f) / a.fps;
            for (size_t b = 0; b < B; ++b) {
                Track& tr = a.tracks[b];
                kr.seek(size_t(keys->dataOffset() + ((uint64_t(q.first) + uint64_t(f)) * B + b) * KeyRecordBytes));
                glm::dvec3 p;
                for (int k = 0; k < 3; ++k)
                    p[k] = kr.finiteF32("key position");
                float v[4];
                for (float& c : v)
                    c = kr.finiteF32("key rotation");
                ax->keyTimes.push_back(kr.f32());
                tr.translation.keys.push_back({t, p});
                tr.rotation.keys.push_back({t, fromFileRotation(v[0], v[1], v[2], v[3], b == 0)});
                if (ax->hadScaleKeys) {
                    ByteReader sr = recordReader(bytes, *scales);
                    sr.seek(size_t(scales->dataOffset() + ((uint64_t(q.first) + uint64_t(f)) * B + b) * ScaleRecordBytes));
                    glm::dvec3 sc;
                    for (int k = 0; k < 3; ++k)
                        sc[k] = sr.finiteF32("scale key");
                    ax->scaleTimes.push_back(sr.f32());
                    tr.scale.keys.push_back({t, sc});
                }
            }
        }
        keepTimes(ax->keyTimes, ax->keyTime);
        keepTimes(ax->scaleTimes, ax->scaleTime);
        a.extra = std::move(ax);
        s.animations.push_back(std::move(a));
    }
    s.extra = std::move(x);
    return s;
}

namespace {

// The bones a PSA is written for: the scene's skeleton; a file read without a hierarchy, its own
// BONENAMES as read; else every track's bone, in order of appearance.
Skeleton bonesToWrite(const Scene& s, const PskExtra* x, bool& asRead)
{
    asRead = false;
    if (!s.skeleton.empty())
        return s.skeleton;
    Skeleton out;
    if (x && !x->namesRead.empty()) {
        bool all = true;
        for (const Animation& a : s.animations)
            for (const Track& t : a.tracks)
                all = all && std::find(x->namesRead.begin(), x->namesRead.end(), t.name) != x->namesRead.end();
        if (all) {
            asRead = true;
            for (size_t i = 0; i < x->namesRead.size(); ++i) {
                const uint8_t* rec = x->boneRecords[i].data();
                Bone b{.name = x->namesRead[i]};
                b.restRotation = fromFileRotation(f32At(rec + 76), f32At(rec + 80), f32At(rec + 84), f32At(rec + 88), i == 0);
                b.restTranslation = {f32At(rec + 92), f32At(rec + 96), f32At(rec + 100)};
                out.bones.push_back(b);
            }
            return out;
        }
    }
    for (const Animation& a : s.animations)
        for (const Track& t : a.tracks)
            if (out.find(t.name) < 0)
                out.bones.push_back(Bone{.name = t.name});
    return out;
}

struct FrameKey {
    glm::dvec3 position{0.0};
    glm::dquat rotation{1, 0, 0, 0};
    glm::dvec3 scale{1.0};
};

// Whether a channel holds exactly one plain key on each of `frames` frames: its values are written
// as they are (so an unedited key keeps its bytes); anything else is sampled.
template <class T>
bool onFrames(const Channel<T>& ch, int64_t frames, double fps)
{
    if (int64_t(ch.size()) != frames || !(ch.rules == ChannelRules{}))
        return false;
    for (size_t i = 0; i < ch.size(); ++i)
        if (std::abs(ch.keys.time(i) * fps - double(i)) > 1e-4)
            return false;
    return true;
}

// Every bone's local transform at every frame of `a`, frame-major.
std::vector<FrameKey> frameKeys(const Animation& a, const Skeleton& bones, int64_t frames)
{
    const size_t B = bones.size();
    std::vector<FrameKey> out(size_t(frames) * B);
    const bool plain = a.keyConvention.isIdentity() && a.blend == BlendMode{} && a.modifiers.empty();
    // Tracks go to bones as the sampler binds them (the k-th track of a repeated name to the k-th bone).
    const std::vector<int> track = Binding::bind(a, bones).trackOfBone;
    bool sample = !plain;
    for (size_t b = 0; b < B; ++b) {
        if (track[b] < 0)
            continue;
        const Track& t = a.tracks[size_t(track[b])];
        sample = sample || !onFrames(t.translation, frames, a.fps) || !onFrames(t.rotation, frames, a.fps) ||
                 (!t.scale.empty() && !onFrames(t.scale, frames, a.fps));
    }
    std::vector<LocalTransform> local;
    std::optional<Sampler> sampler;
    if (sample)
        sampler.emplace(a, bones);
    for (int64_t f = 0; f < frames; ++f) {
        if (sampler)
            sampler->sampleLocal(double(f) / a.fps, local);
        for (size_t b = 0; b < B; ++b) {
            FrameKey& k = out[size_t(f) * B + b];
            const Bone& bone = bones.bones[b];
            const Track* t = plain && track[b] >= 0 ? &a.tracks[size_t(track[b])] : nullptr;
            const size_t i = size_t(f);
            k.position = t && onFrames(t->translation, frames, a.fps) ? t->translation.keys.value(i)
                         : sampler ? local[b].translation : bone.restTranslation;
            k.rotation = t && onFrames(t->rotation, frames, a.fps) ? t->rotation.keys.value(i)
                         : sampler ? local[b].rotation : bone.restRotation;
            k.scale = t && onFrames(t->scale, frames, a.fps) ? t->scale.keys.value(i)
                      : sampler ? local[b].scale : bone.restScale;
        }
    }
    return out;
}

int64_t framesOf(const Animation& a)
{
    const auto* ax = a.extra.as<PsaSequenceExtra>();
    if (ax && ax->framesRead == 0 && a.keyCount() == 0)
        return 0;
    return std::max<int64_t>(1, a.frameCount());
}

} // namespace

std::vector<uint8_t> writePsa(const Scene& s)
{
    const PskExtra* x = s.extra.as<PskExtra>();
    if (x && !x->animationFile)
        x = nullptr;
    checkWriteLimits(s, writeLimits(true));
    bool asRead = false;
    const Skeleton bones = bonesToWrite(s, x, asRead);
    const size_t B = bones.size();
    if (B == 0)
        throw WriteError("a PSA needs at least one bone; this scene has no skeleton and no tracks");
    std::vector<std::vector<FrameKey>> keys;
    std::vector<int64_t> frames;
    int64_t totalFrames = 0;
    bool scale = false;
    for (const Animation& a : s.animations) {
        if (!(a.fps > 0) || !std::isfinite(a.fps))
            throw WriteError("animation '" + a.name + "' has no usable frame rate for a PSA");
        frames.push_back(framesOf(a));
        totalFrames += frames.back();
        if (uint64_t(totalFrames) * B > uint64_t(INT32_MAX))
            throw WriteError("too many keys for a PSA: the key count must fit in 31 bits");
        keys.push_back(frameKeys(a, bones, frames.back()));
        const auto* ax = a.extra.as<PsaSequenceExtra>();
        scale = scale || (ax && ax->hadScaleKeys);
        for (const FrameKey& k : keys.back())
            scale = scale || k.scale != glm::dvec3(1.0);
    }
    ByteWriter w;
    auto header = [&](const char* name, int32_t size, int64_t count) {
        ChunkHeader h = ChunkHeader::make(name, 0, size, int32_t(count));
        if (x)
            for (const PskKeptChunk& c : x->chunks)
                if (c.rebuilt && c.header.name() == name) {
                    h.id = c.header.id;
                    h.typeFlag = c.header.typeFlag;
                    if (c.header.count == 0 && count == 0)
                        h.dataSize = c.header.dataSize;
                }
        writeHeader(w, h);
    };
    auto boneNames = [&] {
        header("BONENAMES", BoneRecordBytes, int64_t(B));
        if (asRead)
            for (const auto& rec : x->boneRecords)
                w.bytes(rec);
        else
            writeBones(w, bones, x);
    };
    auto animInfo = [&] {
        header("ANIMINFO", InfoRecordBytes, int64_t(s.animations.size()));
        int64_t first = 0;
        for (size_t i = 0; i < s.animations.size(); ++i) {
            const Animation& a = s.animations[i];
            const auto* ax = a.extra.as<PsaSequenceExtra>();
            std::array<uint8_t, InfoRecordBytes> rec{};
            if (ax) {
                rec = ax->info;
            } else {
                const auto group = encodeName("None");
                std::memcpy(rec.data() + kGroup, group.data(), NameBytes); // the rest 0, as UE Viewer writes
            }
            // Unreal and the Blender add-on need a sequence name: an unnamed animation from another format
            // gets one (a PSA's own unnamed sequence stays as it was).
            const std::string named = a.name.empty() && !ax ? "Sequence" + (s.animations.size() > 1 ? std::to_string(i) : std::string()) : a.name;
            const auto name = nameField(named, ax ? ax->info.data() : nullptr);
            std::memcpy(rec.data(), name.data(), NameBytes);
            const int32_t n = int32_t(frames[i]);
            const bool sameBones = ax && ax->bonesRead == int32_t(B), sameFrames = ax && ax->framesRead == n;
            if (!sameBones)
                putS32(rec.data() + kTotalBones, int32_t(B));
            if (!(sameBones && sameFrames))
                putS32(rec.data() + kKeyQuotum, n * int32_t(B));
            if (!sameFrames) {
                putF32(rec.data() + kTrackTime, float(n));
                putS32(rec.data() + kFrames, n);
            }
            if (!(ax && float(a.fps) == ax->fpsRead))
                putF32(rec.data() + kAnimRate, float(a.fps));
            if (!(ax && ax->firstRead == first))
                putS32(rec.data() + kFirstFrame, int32_t(first));
            first += n;
            w.bytes(rec);
        }
    };
    // Time fields as read while the sequence keeps its size, else UE Viewer's 1.
    auto timeOf = [&](size_t ai, size_t i, bool ofScale) {
        const auto* ax = s.animations[ai].extra.as<PsaSequenceExtra>();
        if (!ax || ax->bonesRead != int32_t(B) || ax->framesRead != frames[ai])
            return 1.f;
        const auto& v = ofScale ? ax->scaleTimes : ax->keyTimes;
        return v.empty() ? (ofScale ? ax->scaleTime : ax->keyTime) : v[i];
    };
    auto animKeys = [&] {
        header("ANIMKEYS", KeyRecordBytes, totalFrames * int64_t(B));
        for (size_t ai = 0; ai < keys.size(); ++ai)
            for (size_t i = 0; i < keys[ai].size(); ++i) {
                const FrameKey& k = keys[ai][i];
                for (int c = 0; c < 3; ++c)
                    w.f32(float(k.position[c]));
                for (float c : toFileRotation(k.rotation, i % B == 0))
                    w.f32(c);
                w.f32(timeOf(ai, i, false));
            }
    };
    auto scaleKeys = [&] {
        header("SCALEKEYS", ScaleRecordBytes, scale ? totalFrames * int64_t(B) : 0);
        if (scale)
            for (size_t ai = 0; ai < keys.size(); ++ai)
                for (size_t i = 0; i < keys[ai].size(); ++i) {
                    for (int c = 0; c < 3; ++c)
                        w.f32(float(keys[ai][i].scale[c]));
                    w.f32(timeOf(ai, i, true));
                }
    };
    if (!x) {
        writeHeader(w, ChunkHeader::make("ANIMHEAD", WrittenTypeFlag, 0, 0));
        boneNames();
        animInfo();
        animKeys();
        if (scale)
            scaleKeys();
        return w.take();
    }
    bool wroteScale = false;
    for (const PskKeptChunk& c : x->chunks) {
        const std::string name = c.header.name();
        if (!c.rebuilt) {
            writeHeader(w, c.header);
            w.bytes(c.payload);
        } else if (name == "BONENAMES") {
            boneNames();
        } else if (name == "ANIMINFO") {
            animInfo();
        } else if (name == "ANIMKEYS") {
            animKeys();
        } else if (name == "SCALEKEYS") {
            scaleKeys();
            wroteScale = true;
        }
    }
    const auto has = [&](const char* n) {
        return std::any_of(x->chunks.begin(), x->chunks.end(), [&](const PskKeptChunk& c) { return c.rebuilt && c.header.name() == n; });
    };
    if (!has("ANIMINFO") && !s.animations.empty()) {
        animInfo();
        animKeys();
    }
    if (scale && !wroteScale)
        scaleKeys();
    w.bytes(x->trailing);
    return w.take();
}

} // namespace bonescope::psk
