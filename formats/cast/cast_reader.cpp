// Cast tree -> common model. The first Model with a skeleton gives the scene's skeleton and mesh; each
// Animation node is one animation. Curves animate one component each (tx, ty, tz...): components are
// merged into the model's vector keys at the union of their frames, which plays the same. The tree
// is read a node at a time (cast_partial.h), each curve parsed into views of the bytes read and its
// keys decoded straight from them; the Animation node keeps every buffer except those its decoded keys
// re-encode exactly (CastElidedCurve), so that memory holds the model and not the file's bytes too.
#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>
#include <iterator>
#include <map>
#include <unordered_map>

#include "core/model/bone_name_index.h"
#include "core/model/content_hash.h"
#include "formats/byte_source.h"
#include "formats/cast/cast_extra.h"
#include "formats/cast/cast_fingerprint.h"
#include "formats/cast/cast_format.h"
#include "formats/cast/cast_model.h"
#include "formats/cast/cast_partial.h"
#include "formats/parse_error.h"
#include "formats/short_number.h"

namespace bonescope {

namespace {

using cast::Node;
using cast::Property;

[[noreturn]] void failAt(uint64_t offset, const std::string& why) { throw ParseError(why, offset); }

bool isInteger(uint16_t t) { return t == cast::Byte || t == cast::Short || t == cast::Int32 || t == cast::Int64; }

struct FrameValue {
    uint32_t frame;
    double value;
};

// Linear interpolation of one component at `frame`, holding the end values.
double valueAt(const std::vector<FrameValue>& keys, uint32_t frame)
{
    auto it = std::lower_bound(keys.begin(), keys.end(), frame, [](const FrameValue& k, uint32_t f) { return k.frame < f; });
    if (it == keys.end())
        return keys.back().value;
    if (it->frame == frame || it == keys.begin())
        return it->value;
    const FrameValue& a = *(it - 1);
    const double t = double(frame - a.frame) / double(it->frame - a.frame);
    return a.value + (it->value - a.value) * t;
}

// The key frame buffer of a curve or notification track.
const Property& keyFrames(const Node& n, const char* what)
{
    const Property* kb = n.prop("kb");
    if (!kb)
        failAt(n.offset, std::string(what) + " has no key frame buffer (kb)");
    if (kb->type != cast::Byte && kb->type != cast::Short && kb->type != cast::Int32)
        failAt(kb->offset, std::string(what) + " key frame buffer has type '" + cast::typeName(kb->type) +
                               "' (b, h or i expected)");
    return *kb;
}

// A b, h or i buffer into `out` (reused from curve to curve, so that it allocates once).
void decodeFrames(const Property& kb, std::vector<uint32_t>& out)
{
    out.resize(kb.count);
    const uint8_t* p = kb.bytes().data();
    uint32_t* o = out.data();
    const size_t n = out.size();
    if (kb.type == cast::Byte) {
        for (size_t i = 0; i < n; ++i)
            o[i] = p[i];
    } else if (kb.type == cast::Short) {
        for (size_t i = 0; i < n; ++i) {
            uint16_t v;
            std::memcpy(&v, p + 2 * i, 2);
            o[i] = v;
        }
    } else {
        std::memcpy(o, p, 4 * n);
    }
}

// A curve's keys as (frame, value) sorted by frame, for the general merge.
std::vector<FrameValue> componentKeys(const Node& c)
{
    const Property& kb = *c.prop("kb");
    const Property& kv = *c.prop("kv");
    std::vector<FrameValue> keys(kb.count);
    for (size_t k = 0; k < keys.size(); ++k)
        keys[k] = {uint32_t(kb.integer(k)), kv.number(k)};
    std::stable_sort(keys.begin(), keys.end(), [](const FrameValue& a, const FrameValue& b) { return a.frame < b.frame; });
    return keys;
}

// Three component curves -> vector keys at the union of their frames (the curves' frames differ, or
// are out of order, or a component has more than one curve: the last one counts).
void mergeComponents(const std::array<const Node*, 3>& curves, const double* fallback, double fps, Vec3Channel& out)
{
    std::array<std::vector<FrameValue>, 3> comps;
    for (int c = 0; c < 3; ++c)
        if (curves[c])
            comps[c] = componentKeys(*curves[c]);
    // Every curve of the three may still have the same frames once sorted.
    const std::vector<FrameValue>* shared = nullptr;
    bool same = true;
    for (const auto& keys : comps) {
        if (keys.empty())
            continue;
        if (!shared)
            shared = &keys;
        else
            same = same && keys.size() == shared->size() &&
                   std::equal(keys.begin(), keys.end(), shared->begin(),
                              [](const FrameValue& a, const FrameValue& b) { return a.frame == b.frame; });
    }
    std::vector<uint32_t> frames;
    if (shared && same) {
        for (const FrameValue& k : *shared)
            frames.push_back(k.frame);
    } else {
        for (const auto& keys : comps)
            for (const FrameValue& k : keys)
                frames.push_back(k.frame);
        std::sort(frames.begin(), frames.end());
        frames.erase(std::unique(frames.begin(), frames.end()), frames.end());
    }
    out.keys.clear();
    out.keys.reserve(frames.size());
    for (size_t k = 0; k < frames.size(); ++k) {
        glm::dvec3 v;
        for (int c = 0; c < 3; ++c)
            v[c] = comps[c].empty() ? fallback[c] : shared && same ? comps[c][k].value : valueAt(comps[c], frames[k]);
        out.keys.push_back({frames[k] / fps, v});
    }
}

// How the keys of a vector channel (translation, scale) are being built: straight from the curves'
// buffers while every curve of the three has the same frames in order (as exporters write them), or
// merged from the curves at the end otherwise.
enum class Layout : uint8_t { None, Direct, Merge };

// Curves are named by their index among the Animation node's children.
struct TrackBuild {
    CastTrackInfo info;
    Track track; // keys decoded into it as the curves are read
    std::array<uint32_t, 6> compChild{};  // the curve that counts for tx ty tz sx sy sz (the last)
    std::array<uint8_t, 6> compCurves{}; // how many curves name each component (1 or "more")
    std::array<Layout, 2> layout{};      // translation, scale
    std::vector<uint32_t> rotationCurves;
    uint32_t lastRotationFrame = 0;
    bool rotationInOrder = true;
    std::vector<FrameValue> visibility;
    bool anyTranslationMode = false, anyRotationMode = false;
    cast::TrackLanes lanes; // the fingerprint's lanes folded while decoding

    // Whether the keys as laid out so far give back the buffers of the one curve of `slot` (tx..sz,
    // 6: rq) in the file: it alone names that slot and its keys went in as they are, in order.
    bool keysGiveBack(uint8_t slot) const
    {
        return slot == 6 ? rotationCurves.size() == 1 && rotationInOrder
                         : compCurves[slot] == 1 && layout[slot / 3] == Layout::Direct;
    }
};

// Value i of a float buffer (f or v4); whether every value read was finite is checked once per curve.
struct FloatValues {
    const uint8_t* p;
    bool bad = false;
    double operator()(size_t i)
    {
        uint32_t b;
        std::memcpy(&b, p + 4 * i, 4);
        bad |= (b & 0x7F800000u) == 0x7F800000u; // all exponent bits: infinite or NaN
        return std::bit_cast<float>(b);
    }
};

// Value i of a buffer of another type, decoded and checked before.
struct DecodedValues {
    const double* v;
    double operator()(size_t i) const { return v[i]; }
};

[[noreturn]] void failNotFinite(const Property& kv, const std::string& kp, const std::string& nodeName);

// Appends make(0) .. make(n - 1) to `keys`, with one allocation.
template <class T, class Make>
void appendKeys(KeyList<T>& keys, size_t n, const Make& make)
{
    keys.reserve(keys.size() + n);
    for (size_t k = 0; k < n; ++k)
        keys.push_back(make(k));
}

// One Animation node's curves, read in file order.
struct AnimationBuild {
    double fps = 30;
    // Where frame / fps * fps rounds back to the frame for every 32-bit frame (a relative error of
    // 2^-52 stays far below half a frame), so that the writer can re-encode the key frame buffers.
    bool framesRoundTrip = true;
    std::vector<TrackBuild> tracks;
    std::map<std::string, size_t, std::less<>> byName;
    uint8_t defaultMode = cast::Absolute;
    bool haveDefault = false;
    uint32_t maxFrame = 0;
    std::vector<uint32_t> frames; // reused from curve to curve
    std::vector<double> values;
    // Curves whose key buffers were left out of the tree as they were read, because the keys gave
    // them back exactly at that point (finish() reads them again where a later curve changed that).
    std::vector<CastElidedCurve> dropped;

    explicit AnimationBuild(double fps) : fps(fps), framesRoundTrip(fps >= 1e-3 && fps <= 1e6) {}
    void readCurve(Node& c, uint32_t child);

private:
    // Where a curve's keys go.
    struct Placement {
        uint32_t child;
        int comp; // tx..sz, or -1 for rotation and visibility
        bool rotation;
        uint8_t mode;
        bool inOrder;
    };
    // Decodes the keys of the curve whose frames are in `frames` into the track; `Values` gives
    // value i of the curve (vectors flattened).
    template <class Values>
    void place(TrackBuild& t, const Placement& at, Values& v);
    void decodeValues(const Property& kv); // a buffer that is not of floats, into `values`
    // Whether the curve just decoded has the frames of the keys already laid out in `keys`.
    bool sameFrames(const KeyList<glm::dvec3>& keys) const;
};

void AnimationBuild::readCurve(Node& c, uint32_t child)
{
    const std::string nodeName = c.text("nn");
    const std::string kp = c.text("kp");
    if (!c.prop("nn"))
        failAt(c.offset, "curve has no node name (nn)");
    const Property& kb = keyFrames(c, "curve");
    const Property* kv = c.prop("kv");
    if (!kv)
        failAt(c.offset, "curve of '" + nodeName + "' has no key value buffer (kv)");
    if (kv->count != kb.count)
        failAt(kv->offset, "curve of '" + nodeName + "' has " + std::to_string(kb.count) + " key frames but " +
                               std::to_string(kv->count) + " values");
    const std::string modeText = c.text("m", "absolute");
    const int mode = cast::modeFromName(modeText);
    if (mode < 0)
        failAt(c.prop("m")->offset, "curve of '" + nodeName + "' has unknown mode '" + modeText +
                                        "' (absolute, relative or additive)");

    static const char* compNames[] = {"tx", "ty", "tz", "sx", "sy", "sz"};
    int comp = -1;
    for (int i = 0; i < 6; ++i)
        if (kp == compNames[i])
            comp = i;
    const bool rotation = kp == "rq", visibility = kp == "vb";
    if (comp < 0 && !rotation && !visibility)
        return; // bs, euler or unknown curves: kept in the Animation node, not played
    if (rotation && kv->type != cast::Vec4)
        failAt(kv->offset, "rotation curve of '" + nodeName + "' has values of type '" + cast::typeName(kv->type) +
                               "' (v4 expected)");
    if (visibility && !isInteger(kv->type))
        failAt(kv->offset, "visibility curve of '" + nodeName + "' has values of type '" + cast::typeName(kv->type) +
                               "' (b, h or i expected)");
    if (comp >= 0 && kv->type != cast::Float && kv->type != cast::Double && !isInteger(kv->type))
        failAt(kv->offset, "curve " + kp + " of '" + nodeName + "' has values of type '" + cast::typeName(kv->type) +
                               "' (f expected)");

    auto [it, added] = byName.try_emplace(nodeName, tracks.size());
    if (added) {
        tracks.emplace_back();
        tracks.back().info.name = nodeName;
    }
    TrackBuild& t = tracks[it->second];
    if (!haveDefault) {
        defaultMode = uint8_t(mode);
        haveDefault = true;
    }
    if (const Property* ab = c.prop("ab"); ab && ab->count > 0 && ab->type == cast::Float) {
        t.info.blendWeight = float(ab->number(0));
        t.info.hasBlendWeight = true;
    }
    decodeFrames(kb, frames);
    const uint32_t* fr = frames.data();
    const size_t n = frames.size();
    bool inOrder = true;
    uint32_t last = 0;
    for (size_t k = 0; k < n; ++k) {
        inOrder &= last <= fr[k];
        last = fr[k];
    }
    // In order, the last frame is the largest.
    maxFrame = std::max(maxFrame, inOrder ? last : *std::max_element(fr, fr + n));

    const Placement at{child, comp, rotation, uint8_t(mode), inOrder};
    if (kv->type == cast::Float || kv->type == cast::Vec4) {
        FloatValues v{kv->bytes().data()};
        place(t, at, v);
        if (v.bad)
            failNotFinite(*kv, kp, nodeName);
    } else {
        decodeValues(*kv);
        if (!std::ranges::all_of(values, [](double x) { return std::isfinite(x); }))
            failNotFinite(*kv, kp, nodeName);
        DecodedValues v{values.data()};
        place(t, at, v);
    }
    // Buffers the track's keys give back exactly, as it stands, are left out of the tree.
    const uint8_t slot = uint8_t(rotation ? 6 : comp);
    if (framesRoundTrip && n > 0 && (rotation || (comp >= 0 && kv->type == cast::Float)) && t.keysGiveBack(slot)) {
        c.prop("kb")->view = {};
        c.prop("kv")->view = {};
        dropped.push_back({child, uint32_t(it->second), slot});
    }
}

bool AnimationBuild::sameFrames(const KeyList<glm::dvec3>& keys) const
{
    // frame / fps is one to one over 32-bit frames where frames round-trip; elsewhere the curves
    // are merged, which gives the same keys when the frames are the same.
    if (!framesRoundTrip || keys.size() != frames.size())
        return false;
    for (size_t k = 0; k < frames.size(); ++k)
        if (frames[k] / fps != keys.time(k))
            return false;
    return true;
}

template <class Values>
void AnimationBuild::place(TrackBuild& t, const Placement& at, Values& v)
{
    const uint32_t* fr = frames.data();
    const size_t n = frames.size();
    if (at.rotation) {
        t.info.rotation = true;
        t.info.rotationMode = at.mode;
        t.anyRotationMode = true;
        auto& keys = t.track.rotation.keys;
        if (n > 0) {
            t.rotationInOrder = t.rotationInOrder && at.inOrder && (keys.empty() || t.lastRotationFrame <= fr[0]);
            t.lastRotationFrame = fr[n - 1];
        }
        t.rotationCurves.push_back(at.child);
        // The fingerprint's lanes (cast_fingerprint.h) are folded over each curve's keys just made.
        cast::KnownLanes& print = t.lanes.rotation;
        if (keys.empty())
            for (int i = 0; i < 5; ++i)
                print.lane[i] = cast::laneSeed(cast::RotationLanes, i);
        uint64_t lt = print.lane[0], lx = print.lane[1], ly = print.lane[2], lz = print.lane[3], lw = print.lane[4];
        const size_t old = keys.size();
        if constexpr (std::is_same_v<Values, FloatValues>) // x y z w, as the key list holds them
            keys.appendFloats(n, [&](size_t k) { return fr[k] / fps; }, [&](size_t k, float* out) {
                for (size_t c = 0; c < 4; ++c)
                    out[c] = float(v(4 * k + c));
            });
        else
            appendKeys(keys, n, [&](size_t k) {
                return QuatKey{fr[k] / fps, glm::dquat(v(4 * k + 3), v(4 * k), v(4 * k + 1), v(4 * k + 2))};
            });
        // Folded over the new keys while they are in the cache.
        for (size_t k = old; k < keys.size(); ++k) {
            const glm::dquat q = keys.value(k);
            lt = cast::laneStep(lt, keys.time(k));
            lx = cast::laneStep(lx, q.x);
            ly = cast::laneStep(ly, q.y);
            lz = cast::laneStep(lz, q.z);
            lw = cast::laneStep(lw, q.w);
        }
        print.lane = {lt, lx, ly, lz, lw};
        print.known = 0x1F; // dropped at the end if the keys are sorted again
        return;
    }
    if (at.comp < 0) { // visibility
        std::vector<FrameValue> keys(n);
        for (size_t k = 0; k < n; ++k)
            keys[k] = {fr[k], v(k)};
        std::stable_sort(keys.begin(), keys.end(), [](const FrameValue& a, const FrameValue& b) { return a.frame < b.frame; });
        t.info.visibility = true;
        t.visibility = std::move(keys);
        return;
    }
    const int comp = at.comp, group = comp / 3, axis = comp % 3;
    t.info.present[comp] = true;
    if (comp < 3) {
        t.info.translationMode = at.mode;
        t.anyTranslationMode = true;
    } else {
        t.info.scaleMode = at.mode;
    }
    t.compChild[comp] = at.child;
    t.compCurves[comp] = uint8_t(std::min(t.compCurves[comp] + 1, 2));
    Layout& layout = t.layout[group];
    auto& keys = group == 0 ? t.track.translation.keys : t.track.scale.keys;
    cast::KnownLanes& print = group == 0 ? t.lanes.translation : t.lanes.scale;
    double glm::dvec3::*component = axis == 0 ? &glm::dvec3::x : axis == 1 ? &glm::dvec3::y : &glm::dvec3::z;
    if (t.compCurves[comp] > 1 || !at.inOrder) {
        layout = Layout::Merge; // from the curves at the end
    } else if (n > 0 && layout == Layout::Direct && !sameFrames(keys)) {
        layout = Layout::Merge;
    } else if (n > 0 && layout == Layout::None) {
        layout = Layout::Direct;
        const int channel = group == 0 ? cast::TranslationLanes : cast::ScaleLanes;
        uint64_t lt = cast::laneSeed(channel, 0), lc = cast::laneSeed(channel, 1 + axis);
        if constexpr (std::is_same_v<Values, FloatValues>)
            keys.appendFloats(n, [&](size_t k) { return fr[k] / fps; }, [&](size_t k, float* out) {
                out[0] = out[1] = out[2] = 0.f;
                out[axis] = float(v(k));
            });
        else
            appendKeys(keys, n, [&](size_t k) {
                glm::dvec3 value(0);
                value.*component = v(k);
                return Vec3Key{fr[k] / fps, value};
            });
        for (const Vec3Key& k : keys) {
            lt = cast::laneStep(lt, k.time);
            lc = cast::laneStep(lc, k.value.*component);
        }
        print.lane[0] = lt;
        print.lane[1 + axis] = lc;
        print.known = uint8_t(1 | 2 << axis);
        return;
    }
    if (layout == Layout::Direct && n > 0) {
        uint64_t lc = cast::laneSeed(group == 0 ? cast::TranslationLanes : cast::ScaleLanes, 1 + axis);
        for (size_t k = 0; k < n; ++k) {
            const double x = v(k);
            keys.setPart(k, axis, x);
            lc = cast::laneStep(lc, x);
        }
        print.lane[1 + axis] = lc;
        print.known |= uint8_t(2 << axis);
    } else {
        for (size_t k = 0; k < n; ++k)
            (void)v(k); // merged at the end; a bad value is still reported in file order
    }
}

void AnimationBuild::decodeValues(const Property& kv)
{
    values.resize(kv.components());
    for (size_t i = 0; i < values.size(); ++i)
        values[i] = kv.number(i);
}

[[noreturn]] void failNotFinite(const Property& kv, const std::string& kp, const std::string& nodeName)
{
    size_t i = 0;
    while (std::isfinite(kv.number(i)))
        ++i;
    const size_t valueSize = cast::elementSize(kv.type) / cast::componentsOf(kv.type);
    failAt(kv.offset + cast::PropertyHeaderSize + kv.name.size() + i * valueSize,
           "curve " + kp + " of '" + nodeName + "': value " + std::to_string(i) + " is not a finite number");
}

BlendMode blendFor(uint8_t translationMode, uint8_t rotationMode)
{
    return {translationMode == cast::Absolute ? TranslationBlend::Replace : TranslationBlend::AddToRest,
            rotationMode == cast::Absolute ? RotationBlend::Replace : RotationBlend::AfterRest};
}

// A curve's key buffers read again from the file, where they were left out while it was read.
void readBuffersAgain(Node& curve, ByteSource& source)
{
    for (const char* name : {"kb", "kv"}) {
        Property& p = *curve.prop(name);
        p.data.resize(size_t(p.count) * cast::elementSize(p.type));
        source.readAt(p.offset + cast::PropertyHeaderSize + p.name.size(), p.data.data(), p.data.size());
    }
}

// An Animation node's own properties, before its curves.
Animation beginAnimation(const Node& n)
{
    Animation a;
    a.name = n.text("n");
    const Property* fr = n.prop("fr");
    if (!fr || fr->count < 1 || (fr->type != cast::Float && fr->type != cast::Double))
        failAt(n.offset, "animation '" + a.name + "' has no framerate (fr, a float)");
    a.fps = fr->number(0);
    if (!std::isfinite(a.fps) || a.fps <= 0)
        failAt(fr->offset, "animation '" + a.name + "' framerate " + shortNumber(a.fps) +
                               " is not a positive finite number");
    if (const Property* lo = n.prop("lo"); lo && lo->count > 0 && isInteger(lo->type))
        a.looping = lo->integer(0) >= 1;
    return a;
}

// A curve mode override: the node it names and every node below it play their translation and/or
// rotation curves in its mode, whatever their own.
struct Override {
    std::string node;
    uint8_t mode = cast::Absolute;
    bool translation = false, rotation = false;

    static Override of(const Node& c)
    {
        Override o;
        o.node = c.text("nn");
        const int mode = cast::modeFromName(c.text("m"));
        if (mode < 0)
            failAt(c.offset, "curve mode override of '" + o.node + "' has unknown mode '" + c.text("m") + "'");
        o.mode = uint8_t(mode);
        auto flag = [&](const char* p) {
            const Property* f = c.prop(p);
            return f && f->count > 0 && isInteger(f->type) && f->integer(0) >= 1;
        };
        o.translation = flag("ot");
        o.rotation = flag("or");
        return o;
    }
};

// The translation mode each track plays in on the file's own skeleton: its curves' own, then the
// overrides, the last one in file order at or above its bone deciding (as the binding applies them
// when it plays). Linear in tracks, bones and overrides.
std::vector<uint8_t> playedTranslationModes(const std::vector<Override>& overrides, const std::vector<TrackBuild>& tracks,
                                            const Skeleton& skeleton, const BoneNameIndex& boneByName)
{
    std::vector<uint8_t> modes;
    for (const TrackBuild& t : tracks)
        modes.push_back(t.info.translationMode);
    std::unordered_map<std::string, size_t> lastByName; // node name -> its last translation override
    for (size_t i = 0; i < overrides.size(); ++i)
        if (overrides[i].translation)
            lastByName[overrides[i].node] = i;
    if (lastByName.empty())
        return modes;
    std::vector<int> last(skeleton.size(), -1); // the last override at or above each bone
    for (const auto& [name, index] : lastByName)
        if (const int bone = boneByName.find(name); bone >= 0)
            last[size_t(bone)] = int(index);
    if (const auto order = skeleton.evaluationOrder())
        for (int i : *order)
            if (const int parent = skeleton.bones[size_t(i)].parent; parent >= 0)
                last[size_t(i)] = std::max(last[size_t(i)], last[size_t(parent)]);
    for (size_t i = 0; i < tracks.size(); ++i) {
        const std::string& name = tracks[i].info.name;
        const int bone = boneByName.find(name);
        int over = -1;
        if (bone >= 0)
            over = last[size_t(bone)];
        else if (const auto own = lastByName.find(name); own != lastByName.end())
            over = int(own->second); // not in the skeleton: only an override naming it
        if (over >= 0)
            modes[i] = overrides[size_t(over)].mode;
    }
    return modes;
}

// The animation from the curves `b` has read, once the whole Animation node `n` is: notes, curves
// merged where their frames differ, modes and overrides; `source` gives back dropped buffers.
Animation finishAnimation(Node& n, Animation a, AnimationBuild& b, const Skeleton& skeleton, ByteSource& source)
{
    auto extra = std::make_unique<CastAnimationExtra>();
    // A buffer left out stays out if its track kept the layout it had then (no second curve for
    // the component or rotation, the same frames in order); otherwise the tree keeps it.
    std::ranges::stable_sort(b.dropped, {}, [](const CastElidedCurve& d) { return std::pair(d.track, d.slot); });
    for (const CastElidedCurve& d : b.dropped) {
        if (b.tracks[d.track].keysGiveBack(d.slot))
            extra->elided.push_back(d);
        else
            readBuffersAgain(n.children[d.child], source);
    }
    for (const Node& c : n.children) {
        if (c.id != cast::NotificationTrack)
            continue;
        const std::string name = c.text("n");
        decodeFrames(keyFrames(c, "notification track"), b.frames);
        for (uint32_t f : b.frames) {
            a.notes.push_back({f / a.fps, name});
            b.maxFrame = std::max(b.maxFrame, f);
        }
    }
    std::stable_sort(a.notes.begin(), a.notes.end(), [](const Note& x, const Note& y) { return x.time < y.time; });

    std::vector<uint64_t> prints;
    a.blend = blendFor(b.defaultMode, b.defaultMode);
    for (TrackBuild& t : b.tracks) {
        if (!t.anyTranslationMode)
            t.info.translationMode = b.defaultMode;
        if (!t.anyRotationMode)
            t.info.rotationMode = b.defaultMode;
    }
    const BoneNameIndex boneByName(skeleton);
    std::vector<Override> overrides; // in file order
    for (const Node& c : n.children)
        if (c.id == cast::CurveModeOverride)
            overrides.push_back(Override::of(c));
    const std::vector<uint8_t> translationModes = playedTranslationModes(overrides, b.tracks, skeleton, boneByName);
    bool modesDiffer = false;
    for (size_t ti = 0; ti < b.tracks.size(); ++ti) {
        TrackBuild& t = b.tracks[ti];
        // A component without a curve keeps its rest value (absolute) or adds nothing, by the mode
        // the track plays in.
        const int bone = boneByName.find(t.info.name);
        for (int c = 0; c < 3; ++c)
            t.info.fallback[c] = translationModes[ti] == cast::Absolute && bone >= 0 ? skeleton.bones[bone].restTranslation[c] : 0.0;
        for (int c = 0; c < 3; ++c)
            t.info.fallback[3 + c] = t.info.scaleMode == cast::Absolute && bone >= 0 ? skeleton.bones[bone].restScale[c] : 1.0;

        Track track = std::move(t.track);
        track.name = t.info.name;
        auto curve = [&](int comp) { return t.info.present[comp] ? &n.children[t.compChild[comp]] : nullptr; };
        for (int group = 0; group < 2; ++group) {
            Vec3Channel& ch = group == 0 ? track.translation : track.scale;
            const int first = 3 * group;
            if (t.layout[group] != Layout::Direct)
                (group == 0 ? t.lanes.translation : t.lanes.scale).known = 0;
            if (t.layout[group] == Layout::Merge) {
                mergeComponents({curve(first), curve(first + 1), curve(first + 2)}, &t.info.fallback[first], a.fps, ch);
                continue;
            }
            if (t.layout[group] == Layout::None)
                continue; // no curve, or only curves without keys
            for (int axis = 0; axis < 3; ++axis) {
                const int comp = first + axis;
                if (!curve(comp) || curve(comp)->prop("kb")->count == 0)
                    for (auto&& k : ch.keys.edit())
                        k.value[axis] = t.info.fallback[comp];
            }
        }
        if (!t.rotationInOrder) {
            t.lanes.rotation.known = 0;
            std::vector<std::pair<uint32_t, glm::dquat>> keys;
            for (uint32_t i : t.rotationCurves) {
                const Property& kb = *n.children[i].prop("kb");
                const Property& kv = *n.children[i].prop("kv");
                for (size_t k = 0; k < kb.count; ++k)
                    keys.push_back({uint32_t(kb.integer(k)), glm::dquat(kv.number(4 * k + 3), kv.number(4 * k),
                                                                        kv.number(4 * k + 1), kv.number(4 * k + 2))});
            }
            std::stable_sort(keys.begin(), keys.end(), [](const auto& x, const auto& y) { return x.first < y.first; });
            track.rotation.keys.clear();
            for (const auto& [f, q] : keys)
                track.rotation.keys.push_back({f / a.fps, q});
        }
        for (const FrameValue& k : t.visibility)
            track.visibility.keys.push_back({k.frame / a.fps, k.value >= 1 ? 1.0 : 0.0});
        const BlendMode mode = blendFor(t.info.translationMode, t.info.rotationMode);
        modesDiffer = modesDiffer || !(mode == a.blend);
        a.modifiers.push_back({int(a.tracks.size()), mode,
                               uint8_t(t.info.translationMode != cast::Absolute ? t.info.translationMode
                                                                                 : t.info.rotationMode),
                               BlendModifier::Reach::Own});
        prints.push_back(cast::trackFingerprint(track, &t.lanes));
        a.tracks.push_back(std::move(track));
        extra->tracks.push_back(t.info);
        t = TrackBuild{};
    }

    // Every track has its own mode (a modifier each, reaching no other bone), unless all play in
    // the animation's.
    if (!modesDiffer)
        a.modifiers.clear();
    // The overrides, in file order (a node without curves gets an empty track to name).
    std::unordered_map<std::string, int> trackByName;
    for (size_t i = 0; i < a.tracks.size(); ++i)
        trackByName.try_emplace(a.tracks[i].name, int(i));
    for (const Override& o : overrides) {
        const auto [it, added] = trackByName.try_emplace(o.node, int(a.tracks.size()));
        const int track = it->second;
        if (added) {
            a.tracks.push_back({});
            a.tracks.back().name = o.node;
        }
        a.modifiers.push_back({track, blendFor(o.mode, o.mode), o.mode, BlendModifier::Reach::Override, o.translation,
                               o.rotation});
    }

    a.duration = b.maxFrame / a.fps;
    extra->node = std::move(n); // the tree keeps an empty Animation node in its place
    extra->readName = a.name;
    extra->readFps = a.fps;
    extra->readLooping = a.looping;
    extra->readHash = cast::fingerprint(a, prints);
    a.extra = std::move(extra);
    return a;
}

// Metadata's "up": "y" or "z" (either case); "x", which Bonescope cannot show, and anything else
// state nothing.
std::optional<UpAxis> castUpAxis(std::string_view up)
{
    if (up == "y" || up == "Y")
        return UpAxis::Y;
    if (up == "z" || up == "Z")
        return UpAxis::Z;
    return std::nullopt;
}

} // namespace

bool CastFormat::detect(std::span<const uint8_t> head) const
{
    return head.size() >= cast::HeaderSize && std::memcmp(head.data(), "cast", 4) == 0;
}

Scene CastFormat::read(std::span<const uint8_t> bytes) const
{
    MemorySource source(bytes);
    return readPieces(source);
}

Scene CastFormat::readPieces(ByteSource& file) const
{
    // A node at a time: roots and Animation nodes are opened, every other node is read whole, and
    // each curve is decoded as it arrives, so that the file's bytes are never all held at once.
    ReadAheadSource source(file);
    auto extra = std::make_unique<CastFileExtra>();
    Scene scene;
    scene.format = id();
    struct Reading {
        size_t root, child; // where its node is in the tree
        Animation animation;
        AnimationBuild build;
    };
    std::vector<Reading> animations;
    size_t roots = 0, children = 0;
    bool metadataSeen = false;
    uint32_t curves = 0; // children of the Animation node being read so far
    cast::Visitor visit;
    visit.anyCount = true;
    visit.opened = [&](Node& n, int depth) {
        if (depth == 0)
            children = 0;
        if (depth == 1 && n.id == cast::Animation) {
            Animation a = beginAnimation(n);
            const double fps = a.fps;
            animations.push_back({roots, children, std::move(a), AnimationBuild(fps)});
            curves = 0;
        }
    };
    visit.taken = [&](Node& n, int depth) {
        if (depth == 2) { // only Animation nodes are opened at depth 1: a child of the last one
            if (n.id == cast::Curve)
                animations.back().build.readCurve(n, curves);
            ++curves;
        } else if (depth == 1) {
            // The first model with a skeleton: absolute curves fall back to its rest pose.
            if (n.id == cast::Model && extra->modelRoot < 0 &&
                readCastModel(n, scene.skeleton, scene.mesh, extra->meshRanges)) {
                extra->modelRoot = int(roots);
                extra->modelChild = int(children);
            }
            // The first Metadata node's up axis is the file's (the specification's rule for hints).
            if (n.id == cast::Metadata && !metadataSeen) {
                metadataSeen = true;
                scene.statedUp = castUpAxis(n.text("up"));
            }
            ++children;
        } else if (depth == 0) {
            ++roots;
        }
    };
    extra->file = cast::parsePartly(
        source, [](uint32_t id, int depth) { return depth == 0 || (depth == 1 && id == cast::Animation) ? cast::Take::Open : cast::Take::Whole; },
        visit);
    extra->skeletonHash = contentHash(scene.skeleton, Animation{});

    for (Reading& r : animations) {
        Node& node = extra->file.roots[r.root].children[r.child];
        scene.animations.push_back(finishAnimation(node, std::move(r.animation), r.build, scene.skeleton, source));
        node = cast::Node{}; // the animation's extra holds it; the tree keeps its place
        node.id = cast::Animation;
    }
    scene.extra = std::move(extra);
    return scene;
}

Capabilities CastFormat::capabilities() const
{
    Capabilities c;
    c.visibility = true;
    c.notes = true;
    c.embeddedSkeleton = true;
    c.mesh = true;
    c.multipleAnimations = true;
    c.looping = true; // the Animation node's "lo"
    c.framed = true;  // key frame buffers hold whole frames
    return c;
}

} // namespace bonescope
