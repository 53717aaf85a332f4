// SEAnim v1 reading. One parser serves both the full model and the key-count summary (a "sink"
// decides what is kept), so `info` on a huge file checks every byte without holding every key.
#include <cmath>
#include <cstring>

#include "formats/byte_reader.h"
#include "formats/piece_reader.h"
#include "formats/seanim/seanim_keys.h"
#include "formats/seanim/seanim_extra.h"
#include "formats/seanim/seanim_format.h"
#include "formats/counted.h"

namespace bonescope {

namespace {

using namespace seanim;

struct Header {
    SeanimExtra extra;
    float framerate = 0;
    uint32_t boneCount = 0;
    uint8_t modifierCount = 0;
    uint32_t noteCount = 0;
    size_t bodyOffset = 0;
};

template <class Reader>
Header readHeader(Reader& r)
{
    Header h;
    SeanimExtra& x = h.extra;
    const auto magic = r.bytes(6, "magic");
    if (std::memcmp(magic.data(), "SEAnim", 6) != 0)
        r.failAt(0, "not an SEAnim file: the magic is not 'SEAnim'");
    x.version = r.u16("version");
    if (x.version != 1)
        r.failAt(6, "unsupported SEAnim version " + std::to_string(x.version) + " (only version 1 is defined)");
    const size_t sizeAt = r.pos();
    x.headerSize = r.u16("headerSize");
    if (x.headerSize < KnownHeaderSize)
        r.failAt(sizeAt, "headerSize " + std::to_string(x.headerSize) + " is smaller than the 28 bytes of a v1 header");
    x.animType = r.u8("animType");
    if (x.animType > Delta)
        r.failAt(r.pos() - 1, "unknown animation type " + std::to_string(x.animType) + " (0..3 are defined)");
    x.animFlags = r.u8("animFlags");
    x.presence = r.u8("dataPresenceFlags");
    x.property = r.u8("dataPropertyFlags");
    x.reserved1[0] = r.u8("reserved");
    x.reserved1[1] = r.u8("reserved");
    const size_t fpsAt = r.pos();
    h.framerate = r.f32("framerate");
    if (!std::isfinite(h.framerate) || h.framerate <= 0)
        r.failAt(fpsAt, "framerate " + std::to_string(h.framerate) + " is not a positive finite number");
    const size_t countAt = r.pos();
    x.frameCount = r.u32("frameCount");
    r.checkFrames(x.frameCount, countAt, "frameCount");
    h.boneCount = r.u32("boneCount");
    x.boneCountField = h.boneCount;
    h.modifierCount = r.u8("boneAnimModifierCount");
    for (uint8_t& b : x.reserved2)
        b = r.u8("reserved");
    h.noteCount = r.u32("noteCount");
    const auto tail = r.bytes(x.headerSize - KnownHeaderSize, "header bytes past the known fields");
    x.headerTail.assign(tail.begin(), tail.end());
    h.bodyOffset = r.pos();
    return h;
}

enum class Which { Loc, Rot, Scale };

// Collects the whole model.
struct ModelSink {
    static constexpr bool keepsKeys = true;
    Animation anim;
    double fps = 30;
    std::vector<BlendModifier> modifiers;

    void bones(uint32_t n) { anim.tracks.resize(n); }
    void boneName(uint32_t i, std::string name) { anim.tracks[i].name = std::move(name); }
    void modifier(uint32_t bone, uint8_t type) { anim.modifiers.push_back({int(bone), blendForType(type), type}); }
    void boneFlags(uint32_t i, uint8_t flags) { anim.tracks[i].flags = flags; }
    // f(the key list of bone i's channel w).
    template <class F>
    void withKeys(uint32_t i, Which w, F f)
    {
        Track& t = anim.tracks[i];
        if (w == Which::Rot)
            f(t.rotation.keys);
        else
            f((w == Which::Loc ? t.translation : t.scale).keys);
    }
    void keys(uint32_t i, Which w, uint32_t count)
    {
        withKeys(i, w, [&](auto& keys) { keys.reserve(count); });
    }
    // A key's values in file order (x y z, and w for a rotation), the key list's own order. Values
    // read as floats stay in float there (each is exactly a float).
    void key(uint32_t i, Which w, uint32_t frame, const double* v)
    {
        withKeys(i, w, [&](auto& keys) {
            using Value = decltype(keys.value(0));
            keys.push_back({frame / fps, KeyParts<Value>::join(v)});
        });
    }
    // `count` keys of float values whose array has been checked whole (keysPlain): copied in bulk.
    void floatKeys(uint32_t i, Which w, const uint8_t* p, uint32_t count, int fw);
    void note(uint32_t frame, std::string name) { anim.notes.push_back({frame / fps, std::move(name)}); }
};

// Counts keys only.
struct SummarySink {
    static constexpr bool keepsKeys = false;
    AnimationSummary summary;

    void bones(uint32_t n) { summary.tracks.resize(n); }
    void boneName(uint32_t i, std::string name) { summary.tracks[i].name = std::move(name); }
    void modifier(uint32_t, uint8_t) {}
    void boneFlags(uint32_t i, uint8_t flags) { summary.tracks[i].flags = flags; }
    void keys(uint32_t i, Which w, uint32_t count)
    {
        TrackSummary& t = summary.tracks[i];
        (w == Which::Loc ? t.translation : w == Which::Rot ? t.rotation : t.scale) = count;
    }
    void key(uint32_t, Which, uint32_t, const double*) {}
    void note(uint32_t, std::string) { ++summary.notes; }
};

inline uint32_t loadUint(const uint8_t* p, int width)
{
    switch (width) {
    case 1: return p[0];
    case 2: return uint32_t(p[0]) | uint32_t(p[1]) << 8;
    default: return uint32_t(p[0]) | uint32_t(p[1]) << 8 | uint32_t(p[2]) << 16 | uint32_t(p[3]) << 24;
    }
}

void ModelSink::floatKeys(uint32_t i, Which w, const uint8_t* p, uint32_t count, int fw)
{
    const size_t comps = w == Which::Rot ? 4 : 3, keySize = size_t(fw) + comps * sizeof(float);
    const auto time = [&](size_t k) { return loadUint(p + k * keySize, fw) / fps; };
    const auto values = [&](size_t k, float* out) { std::memcpy(out, p + k * keySize + fw, comps * sizeof(float)); };
    withKeys(i, w, [&](auto& keys) { keys.appendFloats(count, time, values); });
}

// What a parse saw, to judge whether a guessed field width was right.
struct BodyStats {
    long long maxFrame = -1;
    size_t maxFrameAt = 0;
    // Signs of a wrong width: rotation keys far from unit length, denormal or absurd values, names
    // with control characters.
    size_t implausible = 0;
    bool unterminatedNote = false; // the last note name runs to the end of the file without its NUL
    // The first bone modifier whose type is no animation type (io_anim_seanim writes 7): its type and
    // offset; -1 when there is none.
    int oddModifierType = -1;
    size_t oddModifierAt = 0;
};

bool implausibleValue(double v)
{
    return std::fpclassify(v) == FP_SUBNORMAL || std::abs(v) > 1e12;
}

bool implausibleName(const std::string& s)
{
    for (unsigned char c : s)
        if (c < 0x20)
            return true;
    return false;
}

// Decodes `count` keys of `comps` components at `p` (already bounds-checked) into the sink. Checked:
// every value must be finite (the error names the key's offset), and the frames, implausible values
// and rotation lengths go into `stats`. Unchecked: keysPlain() has already seen all of that.
template <bool Checked, class Reader, class Sink>
void decodeKeys(Reader& r, const uint8_t* p, size_t base, Sink& sink, uint32_t bone, Which w, uint32_t count,
                int fw, bool highPrecision, const char* what, BodyStats& stats)
{
    const int comps = w == Which::Rot ? 4 : 3;
    const size_t keySize = size_t(fw) + comps * (highPrecision ? 8 : 4);
    double v[4];
    for (uint32_t k = 0; k < count; ++k, p += keySize) {
        const uint32_t frame = loadUint(p, fw);
        if (Checked && frame > stats.maxFrame) {
            stats.maxFrame = frame;
            stats.maxFrameAt = base + k * keySize;
        }
        const uint8_t* q = p + fw;
        bool finite = true;
        for (int c = 0; c < comps; ++c) {
            if (highPrecision) {
                std::memcpy(&v[c], q + c * 8, 8);
            } else {
                float f;
                std::memcpy(&f, q + c * 4, 4);
                v[c] = f;
            }
            if constexpr (Checked) {
                finite &= std::isfinite(v[c]);
                stats.implausible += implausibleValue(v[c]);
            }
        }
        if (Checked && !finite)
            r.failAt(base + k * keySize + fw, std::string(what) + " value of bone " + std::to_string(bone) +
                                                  ", key " + std::to_string(k) + " is not a finite number");
        if (Checked && w == Which::Rot) {
            const double len2 = v[0] * v[0] + v[1] * v[1] + v[2] * v[2] + v[3] * v[3];
            stats.implausible += std::abs(len2 - 1.0) > 0.01;
        }
        sink.key(bone, w, frame, v);
    }
}

// Reads `count` keys of `comps` components in one bounds check; values must be finite. The values
// of the whole array are checked at once first (keysPlain); only an array where that finds something
// (a non-finite or implausible value, a rotation far from unit length) is walked key by key, which
// names the exact offset and counts what it finds.
template <class Reader, class Sink>
void readKeys(Reader& r, Sink& sink, uint32_t bone, Which w, int fw, bool highPrecision,
              const char* what, BodyStats& stats)
{
    const uint32_t count = r.uint(fw, what);
    const int comps = w == Which::Rot ? 4 : 3;
    const size_t valueSize = highPrecision ? 8 : 4;
    const size_t keySize = size_t(fw) + comps * valueSize;
    r.checkCount(count, keySize, what);
    sink.keys(bone, w, count);
    const size_t base = r.pos();
    const uint8_t* p = r.bytes(size_t(count) * keySize, what).data();
    KeyFrames frames;
    if (!keysPlain(p, count, fw, w == Which::Rot, highPrecision, frames)) {
        decodeKeys<true>(r, p, base, sink, bone, w, count, fw, highPrecision, what, stats);
        return;
    }
    if (count > 0 && frames.max > stats.maxFrame) {
        stats.maxFrame = frames.max;
        stats.maxFrameAt = base + frames.maxAt * keySize;
    }
    if constexpr (Sink::keepsKeys) {
        if (highPrecision)
            decodeKeys<false>(r, p, base, sink, bone, w, count, fw, highPrecision, what, stats);
        else
            sink.floatKeys(bone, w, p, count, fw);
    }
}

// Parses everything after the header with the given field widths.
template <class Reader, class Sink>
BodyStats readBody(Reader& r, const Header& h, int fw, int bw, Sink& sink, SeanimExtra* keep)
{
    const SeanimExtra& x = h.extra;
    const bool high = x.property & PrecisionHigh;
    BodyStats stats;
    if (x.presence & PresenceBone) {
        r.checkCount(h.boneCount, 2, "bone"); // a name of at least its terminator, a flags byte
        sink.bones(h.boneCount);
        for (uint32_t i = 0; i < h.boneCount; ++i) {
            std::string name = r.cstr("bone name");
            stats.implausible += implausibleName(name);
            sink.boneName(i, std::move(name));
        }
        for (uint32_t m = 0; m < h.modifierCount; ++m) {
            const size_t at = r.pos();
            const uint32_t bone = r.uint(bw, "modifier bone index");
            if (bone >= h.boneCount)
                r.failAt(at, "modifier bone index " + std::to_string(bone) + " is not below the bone count " +
                                 std::to_string(h.boneCount));
            const uint8_t type = r.u8("modifier type");
            if (type > Delta && stats.oddModifierType < 0) { // a known writer's fault: warned, kept
                stats.oddModifierType = type;
                stats.oddModifierAt = at + bw;
            }
            sink.modifier(bone, type);
        }
        for (uint32_t i = 0; i < h.boneCount; ++i) {
            sink.boneFlags(i, r.u8("bone flags"));
            if (x.presence & PresenceLoc)
                readKeys(r, sink, i, Which::Loc, fw, high, "translation key", stats);
            if (x.presence & PresenceRot)
                readKeys(r, sink, i, Which::Rot, fw, high, "rotation key", stats);
            if (x.presence & PresenceScale)
                readKeys(r, sink, i, Which::Scale, fw, high, "scale key", stats);
        }
    }
    if (x.presence & PresenceNote) {
        r.checkCount(h.noteCount, size_t(fw) + 1, "note");
        for (uint32_t n = 0; n < h.noteCount; ++n) {
            const size_t at = r.pos();
            const uint32_t frame = r.uint(fw, "note frame");
            if (frame > stats.maxFrame) {
                stats.maxFrame = frame;
                stats.maxFrameAt = at;
            }
            // A popular Blender exporter drops the NUL of a last, non-ASCII note name at the end of
            // the file: read it to the end (warned about, and written back the same way).
            const bool lastAtEnd = n + 1 == h.noteCount && !(x.presence & PresenceCustom) && r.remaining() > 0 &&
                                   !std::memchr(r.peekRest().data(), 0, r.remaining());
            std::string name;
            if (lastAtEnd) {
                const auto rest = r.bytes(r.remaining(), "note name");
                name.assign(rest.begin(), rest.end());
                stats.unterminatedNote = true;
            } else {
                name = r.cstr("note name");
            }
            stats.implausible += implausibleName(name);
            sink.note(frame, std::move(name));
        }
    }
    if (keep)
        keep->hasCustom = x.presence & PresenceCustom;
    if (x.presence & PresenceCustom) {
        const uint32_t size = r.u32("custom block size");
        const auto custom = r.bytes(size, "custom block");
        if (keep)
            keep->custom.assign(custom.begin(), custom.end());
    }
    // What follows is kept as opaque trailing bytes; the reader stays at their start.
    if (keep) {
        const auto trailing = r.peekRest();
        keep->trailing.assign(trailing.begin(), trailing.end());
    }
    return stats;
}

// Widths to try for a count: the spec's, then (at the edges where old writers were off by one)
// the neighbouring width.
std::vector<int> widthsToTry(uint64_t count)
{
    const int w = widthFor(count);
    if (count == 0xFF || count == 0x100)
        return {w, w == 1 ? 2 : 1};
    if (count == 0xFFFF || count == 0x10000)
        return {w, w == 2 ? 4 : 2};
    return {w};
}

struct Parsed {
    int fw = 1, bw = 1;
    long long maxFrame = -1;
    size_t maxFrameAt = 0;
    bool unterminatedNote = false;
    int oddModifierType = -1;
    size_t oddModifierAt = 0;
};

// Parses with the spec's widths and, at the edges where old writers were off by one, with the
// neighbouring widths too, and keeps the most plausible result. A neighbouring width must be
// flawless (plausible values, frames below frameCount, every byte accounted for): a wrong width can
// "parse" garbage and call the rest a trailer. Ties go to the spec. No parse: the spec's error.
// `r` is the reader that read the header; each parse starts from its body offset.
template <class Reader, class Sink>
Parsed parseWithWidths(Reader& r, const Header& h, Sink& out, SeanimExtra* keep)
{
    const auto frameWidths = widthsToTry(h.extra.frameCount);
    const auto boneWidths = widthsToTry(h.boneCount);
    std::optional<ParseError> specError;
    struct Best {
        int score = -1;
        Parsed parsed;
        std::optional<Sink> sink;
        SeanimExtra kept;
    } best;
    for (int fw : frameWidths) {
        for (int bw : boneWidths) {
            const bool specWidths = fw == frameWidths[0] && bw == boneWidths[0];
            r.seek(h.bodyOffset);
            Sink sink = out;
            SeanimExtra kept;
            try {
                const BodyStats stats = readBody(r, h, fw, bw, sink, keep ? &kept : nullptr);
                const int score = (stats.implausible == 0 ? 4 : 0) +
                                  (stats.maxFrame < (long long)h.extra.frameCount ? 2 : 0) + (r.atEnd() ? 1 : 0);
                // Another width must fit perfectly, and not by reading a note name to the end.
                if (!specWidths && (score != 7 || stats.unterminatedNote || stats.oddModifierType >= 0))
                    continue;
                if (score > best.score) {
                    best.score = score;
                    best.parsed = {fw,
                                   bw,
                                   stats.maxFrame,
                                   stats.maxFrameAt,
                                   stats.unterminatedNote,
                                   stats.oddModifierType,
                                   stats.oddModifierAt};
                    best.sink = std::move(sink);
                    best.kept = std::move(kept);
                }
                if (score == 7)
                    break;
            } catch (const ParseError& e) {
                if (specWidths)
                    specError = e;
            }
        }
        if (best.score == 7)
            break;
    }
    if (best.score < 0)
        throw *specError;
    out = std::move(*best.sink);
    if (keep)
        *keep = std::move(best.kept);
    return best.parsed;
}

std::string unterminatedNoteWarning()
{
    return "the last note name has no NUL terminator (it runs to the end of the file); read up to the end";
}

std::string oddModifierWarning(int type, uint64_t at)
{
    return "a bone modifier at byte " + std::to_string(at) + " has type " + std::to_string(type) +
           ", which is no animation type (0..3; io_anim_seanim writes 7): played as absolute; the byte is kept and "
           "written back";
}

// The clip runs to the last key or note even past frameCount; that frame is a declared length too.
template <class Reader>
uint32_t clipFramesOf(const Reader& r, const Header& h, const Parsed& p)
{
    r.checkFrames(uint64_t(p.maxFrame + 1), p.maxFrameAt, "the clip up to its last key or note");
    return uint32_t(std::max<long long>(h.extra.frameCount, p.maxFrame + 1));
}

} // namespace

bool SeanimFormat::detect(std::span<const uint8_t> head) const
{
    return head.size() >= 8 && std::memcmp(head.data(), "SEAnim", 6) == 0;
}

namespace {

template <class Reader>
Scene readWith(Reader& r, const std::string& formatId)
{
    Header h = readHeader(r);
    ModelSink sink;
    sink.fps = h.framerate;
    SeanimExtra kept;
    const Parsed p = parseWithWidths(r, h, sink, &kept);

    auto extra = std::make_unique<SeanimExtra>(std::move(h.extra));
    extra->frameWidth = p.fw;
    extra->boneWidth = p.bw;
    extra->hasCustom = kept.hasCustom;
    extra->custom = std::move(kept.custom);
    extra->trailing = std::move(kept.trailing);
    extra->clipFrames = clipFramesOf(r, h, p);
    if (p.unterminatedNote)
        extra->unterminatedNote = sink.anim.notes.back().name;
    extra->oddModifierType = p.oddModifierType;
    extra->oddModifierAt = p.oddModifierAt;

    Animation& a = sink.anim;
    a.fps = h.framerate;
    a.duration = extra->clipFrames > 0 ? (extra->clipFrames - 1) / double(h.framerate) : 0.0;
    a.looping = extra->animFlags & FlagLooped;
    a.blend = blendForType(extra->animType);
    a.extra = std::move(extra);

    Scene scene;
    scene.format = formatId;
    scene.animations.push_back(std::move(a));
    return scene;
}

template <class Reader>
FileSummary summarizeWith(Reader& r, const std::string& formatId)
{
    Header h = readHeader(r);
    SummarySink sink;
    const Parsed p = parseWithWidths(r, h, sink, nullptr);
    AnimationSummary& s = sink.summary;
    const uint32_t clip = clipFramesOf(r, h, p);
    s.fps = h.framerate;
    s.frames = clip;
    s.duration = clip > 0 ? (clip - 1) / double(h.framerate) : 0.0;
    s.looping = h.extra.animFlags & FlagLooped;

    FileSummary f;
    f.format = formatId;
    f.animations.push_back(std::move(s));
    static const char* typeNames[] = {"absolute", "additive", "relative", "delta"};
    f.details.push_back(std::string("type: ") + typeNames[h.extra.animType]);
    f.details.push_back(std::string("precision: ") + (h.extra.property & PrecisionHigh ? "double" : "float"));
    f.details.push_back("frame_t width: " + counted(p.fw, "byte"));
    f.details.push_back("bone modifiers: " + std::to_string(h.modifierCount));
    if (p.unterminatedNote)
        f.details.push_back("warning: " + unterminatedNoteWarning());
    if (p.oddModifierType >= 0)
        f.details.push_back("warning: " + oddModifierWarning(p.oddModifierType, p.oddModifierAt));
    return f;
}

} // namespace

Scene SeanimFormat::read(std::span<const uint8_t> bytes) const
{
    ByteReader r(bytes);
    return readWith(r, id());
}

Scene SeanimFormat::readPieces(ByteSource& source) const
{
    PieceReader r(source);
    return readWith(r, id());
}

FileSummary SeanimFormat::summarize(std::span<const uint8_t> bytes) const
{
    ByteReader r(bytes);
    return summarizeWith(r, id());
}

FileSummary SeanimFormat::summarizePieces(ByteSource& source) const
{
    PieceReader r(source);
    return summarizeWith(r, id());
}

std::vector<Finding> SeanimFormat::validate(const Scene& scene, const std::string& target) const
{
    std::vector<Finding> out = Format::validate(scene, target);
    for (const Animation& a : scene.animations)
        if (const auto* x = a.extra.as<SeanimExtra>(); x && x->unterminatedNote)
            out.push_back({Finding::Severity::Warning, unterminatedNoteWarning()});
    for (const Animation& a : scene.animations)
        if (const auto* x = a.extra.as<SeanimExtra>(); x && x->oddModifierType >= 0)
            out.push_back({Finding::Severity::Warning, oddModifierWarning(x->oddModifierType, x->oddModifierAt),
                           x->oddModifierAt});
    return out;
}

Capabilities SeanimFormat::capabilities() const
{
    Capabilities c;
    c.framed = true;
    c.notes = true;
    c.looping = true; // the LOOPED flag
    return c;
}

} // namespace bonescope
