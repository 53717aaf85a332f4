// Common model -> Cast. A file Bonescope read keeps its tree: each animation whose content is
// unchanged writes its Animation node as read, an edited one gets new curves and notification tracks
// (with the modes and components the file had) beside the nodes it does not edit.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <set>
#include <unordered_map>
#include <unordered_set>

#include "core/model/content_hash.h"
#include "formats/byte_writer.h"
#include "formats/cast/cast_extra.h"
#include "formats/cast/cast_fingerprint.h"
#include "formats/cast/cast_format.h"
#include "formats/cast/cast_model.h"
#include "formats/parse_error.h"

namespace bonescope {

namespace {

using cast::Node;
using cast::Property;

// New node hashes count up from here, like the reference library's.
constexpr uint64_t FirstHash = 0x534E495752545250ull;

uint64_t frameOf(double time, double fps)
{
    const double f = std::round(time * fps);
    if (!(f >= 0) || f > 4294967295.0)
        throw WriteError("Cast: key time " + std::to_string(time) + " s is not a frame from 0 to 2^32-1");
    return uint64_t(f);
}

uint8_t translationModeOf(const BlendMode& m, const CastTrackInfo* info)
{
    if (m.translation == TranslationBlend::Replace)
        return cast::Absolute;
    if (info && info->translationMode != cast::Absolute)
        return info->translationMode;
    return m.rotation == RotationBlend::AfterRest ? cast::Additive : cast::Relative;
}

uint8_t rotationModeOf(const BlendMode& m, const CastTrackInfo* info)
{
    if (m.rotation == RotationBlend::Replace)
        return cast::Absolute;
    if (info && info->rotationMode != cast::Absolute)
        return info->rotationMode;
    return cast::Additive;
}

Node makeCurve(const std::string& nodeName, const char* kp, const Property& frames, Property values, uint8_t mode,
               const CastTrackInfo* info, uint64_t& nextHash)
{
    Node c;
    c.id = cast::Curve;
    c.hash = nextHash++;
    c.set(Property::ofString("nn", nodeName));
    c.set(Property::ofString("kp", kp));
    c.set(frames);
    values.name = "kv";
    c.set(std::move(values));
    c.set(Property::ofString("m", cast::modeName(mode)));
    if (info && info->hasBlendWeight)
        c.set(Property::ofFloats("ab", cast::Float, std::span(&info->blendWeight, 1)));
    return c;
}

// A channel's key frames, from its times array.
template <class T>
std::vector<uint64_t> frameNumbers(const KeyList<T>& keys, double fps)
{
    std::vector<uint64_t> frames(keys.size());
    const double* times = keys.times();
    for (size_t k = 0; k < frames.size(); ++k)
        frames[k] = frameOf(times[k], fps);
    return frames;
}

// The same as a new curve's "kb", in the smallest type that holds them (made once for a vector's
// three curves).
template <class T>
Property framesOf(const KeyList<T>& keys, double fps)
{
    return castIndexProperty("kb", frameNumbers(keys, fps));
}

// Parts [first, first + n) of every key's value as floats at `out`, little-endian (the file's order):
// a curve's "kv", read from the arrays as the list holds them.
template <class T>
void putFloats(const KeyList<T>& keys, int first, int n, uint8_t* out)
{
    constexpr size_t parts = KeyParts<T>::n;
    auto put = [&](const auto* values) {
        for (size_t k = 0; k < keys.size(); ++k)
            for (int c = 0; c < n; ++c) {
                const float f = float(values[k * parts + size_t(first + c)]);
                std::memcpy(out + 4 * (k * size_t(n) + size_t(c)), &f, 4);
            }
    };
    keys.inFloat() ? put(keys.floatValues()) : put(keys.doubleValues());
}

template <class T>
std::vector<float> floatsOf(const KeyList<T>& keys, int first, int n)
{
    std::vector<float> v(keys.size() * size_t(n));
    putFloats(keys, first, n, reinterpret_cast<uint8_t*>(v.data()));
    return v;
}

void addVectorCurves(std::vector<Node>& out, const Track& t, const Vec3Channel& ch, int first, double fps,
                     uint8_t mode, const CastTrackInfo* info, uint64_t& nextHash)
{
    static const char* names[] = {"tx", "ty", "tz", "sx", "sy", "sz"};
    if (ch.empty())
        return;
    const Property frames = framesOf(ch.keys, fps);
    for (int c = 0; c < 3; ++c) {
        // A component the file had no curve for stays without one while it keeps its fallback value.
        bool needed = !info || info->present[first + c];
        for (size_t k = 0; k < ch.keys.size() && !needed; ++k)
            needed = ch.keys.value(k)[c] != info->fallback[first + c];
        if (!needed)
            continue;
        out.push_back(makeCurve(t.name, names[first + c], frames,
                                Property::ofFloats("kv", cast::Float, floatsOf(ch.keys, c, 1)), mode, info, nextHash));
    }
}

// Each track's own blend mode (the mode overrides are written as such, not into the curves).
std::vector<BlendMode> trackBlends(const Animation& a)
{
    std::vector<BlendMode> blends(a.tracks.size(), a.blend);
    for (const BlendModifier& mod : a.modifiers)
        if (mod.track >= 0 && size_t(mod.track) < blends.size() && mod.reach != BlendModifier::Reach::Override)
            blends[size_t(mod.track)] = mod.mode;
    return blends;
}

// The curves and notification tracks of an animation.
std::vector<Node> makeCurves(const Animation& a, const CastAnimationExtra* x, uint64_t& nextHash)
{
    std::vector<Node> out;
    const auto infos = x ? x->trackIndex() : std::unordered_map<std::string_view, const CastTrackInfo*>();
    const std::vector<BlendMode> blends = trackBlends(a);
    for (size_t i = 0; i < a.tracks.size(); ++i) {
        const Track& t = a.tracks[i];
        const auto found = infos.find(t.name);
        const CastTrackInfo* info = found == infos.end() ? nullptr : found->second;
        const BlendMode blend = blends[i];
        const uint8_t tMode = translationModeOf(blend, info), rMode = rotationModeOf(blend, info);
        if (!t.rotation.empty()) {
            const KeyList<glm::dquat>& keys = t.rotation.keys; // x y z w, as the file holds them
            out.push_back(makeCurve(t.name, "rq", framesOf(keys, a.fps), Property::ofFloats("kv", cast::Vec4, floatsOf(keys, 0, 4)),
                                    rMode, info, nextHash));
        }
        addVectorCurves(out, t, t.translation, 0, a.fps, tMode, info, nextHash);
        addVectorCurves(out, t, t.scale, 3, a.fps, info ? info->scaleMode : uint8_t(cast::Absolute), info, nextHash);
        if (!t.visibility.empty()) {
            std::vector<uint64_t> values;
            for (const auto& k : t.visibility.keys)
                values.push_back(k.value >= 0.5 ? 1 : 0);
            out.push_back(makeCurve(t.name, "vb", framesOf(t.visibility.keys, a.fps),
                                    Property::ofIntegers("kv", cast::Byte, values), tMode, info, nextHash));
        }
    }
    // One notification track per note name, in order of first appearance.
    std::vector<std::string> names;
    for (const Note& n : a.notes)
        if (std::find(names.begin(), names.end(), n.name) == names.end())
            names.push_back(n.name);
    for (const std::string& name : names) {
        Node nt;
        nt.id = cast::NotificationTrack;
        nt.hash = nextHash++;
        nt.set(Property::ofString("n", name));
        std::vector<uint64_t> frames;
        for (const Note& n : a.notes)
            if (n.name == name)
                frames.push_back(frameOf(n.time, a.fps));
        nt.set(castIndexProperty("kb", frames));
        out.push_back(std::move(nt));
    }
    return out;
}

// A key frame buffer in the type it was read in (b, h or i).
void encodeFrames(const Property& kb, const auto& keys, double fps, ByteWriter& w)
{
    const size_t size = cast::elementSize(kb.type);
    cast::putIntegers(frameNumbers(keys, fps), size, w.extend(keys.size() * size));
}

// A key buffer the reader left out (CastElidedCurve), encoded again from the unedited animation's
// keys: the bytes it was read from. Written as the file is, a curve at a time.
void encodeElided(const CastElidedCurve& e, const Animation& a, const Property& p, ByteWriter& w)
{
    const Track& t = a.tracks.at(e.track);
    const bool frames = p.name == "kb";
    if (e.slot == 6) {
        if (frames)
            return encodeFrames(p, t.rotation.keys, a.fps, w);
        return putFloats(t.rotation.keys, 0, 4, w.extend(t.rotation.size() * 16));
    }
    const Vec3Channel& ch = e.slot < 3 ? t.translation : t.scale;
    if (frames)
        return encodeFrames(p, ch.keys, a.fps, w);
    putFloats(ch.keys, e.slot % 3, 1, w.extend(ch.size() * 4));
}

// Whether the animation is as read: its Animation node is then written as it was.
const CastAnimationExtra* unedited(const Animation& a)
{
    const auto* x = a.extra.as<CastAnimationExtra>();
    const bool same = x && cast::fingerprint(a) == x->readHash && a.name == x->readName && a.fps == x->readFps &&
                      a.looping == x->readLooping;
    return same ? x : nullptr;
}

// The nodes whose mode override the reader made of the file's the animation still has. An override
// not among them (a bake or a retarget wrote the motion as absolute keys) would play those keys in its
// mode again, so it is not written.
std::unordered_set<std::string_view> overriddenNodes(const Animation& a)
{
    std::unordered_set<std::string_view> nodes;
    for (const BlendModifier& m : a.modifiers)
        if (m.reach == BlendModifier::Reach::Override && m.track >= 0 && size_t(m.track) < a.tracks.size())
            nodes.insert(a.tracks[size_t(m.track)].name);
    return nodes;
}

Node animationNode(const Animation& a, uint64_t& nextHash)
{
    if (!std::isfinite(a.fps) || a.fps <= 0)
        throw WriteError("Cast: the frame rate must be a positive number");
    if (const CastAnimationExtra* same = unedited(a))
        return same->node; // exactly as read, the buffers left out encoded as it is written
    const auto* x = a.extra.as<CastAnimationExtra>();
    Node n;
    if (x) {
        n = x->node; // the elided curves are played curves, all replaced below
    } else {
        n.id = cast::Animation;
        n.hash = nextHash++;
    }
    if (!a.name.empty() || n.prop("n"))
        n.set(Property::ofString("n", a.name));
    const float fps = float(a.fps);
    n.set(Property::ofFloats("fr", cast::Float, std::span(&fps, 1)));
    const uint64_t loop = a.looping ? 1 : 0;
    n.set(Property::ofIntegers("lo", cast::Byte, std::span(&loop, 1)));

    // Curves Bonescope plays are rewritten where the first of them was; the others stay.
    static const std::set<std::string> played = {"rq", "tx", "ty", "tz", "sx", "sy", "sz", "vb"};
    std::vector<Node> kept;
    size_t insertAt = SIZE_MAX;
    const auto overridden = overriddenNodes(a);
    for (Node& c : n.children) {
        const bool replaced = c.id == cast::NotificationTrack || (c.id == cast::Curve && played.count(c.text("kp")));
        if (replaced && insertAt == SIZE_MAX)
            insertAt = kept.size();
        if (!replaced && !(c.id == cast::CurveModeOverride && !overridden.count(c.text("nn"))))
            kept.push_back(std::move(c));
    }
    if (insertAt == SIZE_MAX)
        insertAt = kept.size();
    std::vector<Node> curves = makeCurves(a, x, nextHash);
    kept.insert(kept.begin() + std::ptrdiff_t(insertAt), std::make_move_iterator(curves.begin()),
                std::make_move_iterator(curves.end()));
    n.children = std::move(kept);
    return n;
}

uint64_t maxHash(const Node& n)
{
    uint64_t m = n.hash;
    for (const Node& c : n.children)
        m = std::max(m, maxHash(c));
    return m;
}

// The scene as a Cast file, written to `w` node by node.
void writeCast(const Scene& scene, ByteWriter& w)
{
    checkWriteLimits(scene, cast::writeLimits());
    uint64_t nextHash = FirstHash;
    const auto* x = scene.extra.as<CastFileExtra>();
    cast::Tree file;
    size_t nextAnimation = 0;
    if (x) {
        file = x->file;
        // New nodes must not take a hash the file already uses (hashes link nodes together).
        for (const Node& root : file.roots)
            nextHash = std::max(nextHash, maxHash(root) + 1);
        for (const Animation& a : scene.animations)
            if (const auto* ax = a.extra.as<CastAnimationExtra>())
                nextHash = std::max(nextHash, maxHash(ax->node) + 1);
        if (x->modelRoot >= 0 && contentHash(scene.skeleton, Animation{}) != x->skeletonHash)
            updateCastModel(file.roots[x->modelRoot].children[x->modelChild], scene.skeleton, scene.mesh,
                            x->meshRanges, nextHash);
        // The placeholders take the scene's animations in order; extra ones are dropped.
        for (Node& root : file.roots) {
            std::vector<Node> children;
            for (Node& c : root.children) {
                if (c.id != cast::Animation)
                    children.push_back(std::move(c));
                else if (nextAnimation < scene.animations.size())
                    children.push_back(animationNode(scene.animations[nextAnimation++], nextHash));
            }
            root.children = std::move(children);
        }
    } else {
        Node root;
        root.id = cast::Root;
        root.hash = nextHash++;
        if (!scene.skeleton.empty() || !scene.mesh.empty())
            root.children.push_back(makeCastModel(scene.skeleton, scene.mesh, nextHash));
        file.roots.push_back(std::move(root));
    }
    if (file.roots.empty() && nextAnimation < scene.animations.size()) {
        file.roots.push_back({});
        file.roots.back().hash = nextHash++;
    }
    for (; nextAnimation < scene.animations.size(); ++nextAnimation)
        file.roots.back().children.push_back(animationNode(scene.animations[nextAnimation], nextHash));
    uint64_t total = cast::HeaderSize + file.trailing.size();
    for (const Node& root : file.roots) {
        const uint64_t size = cast::serializedSize(root);
        if (size > UINT32_MAX)
            throw WriteError("Cast: a root node would be larger than 4 GiB, the most a node size can say");
        total += size;
    }

    // The roots' Animation nodes are the scene's animations in order: the curves of the unedited
    // ones whose buffers were left out get them from the animation's keys.
    std::unordered_map<const Node*, std::pair<const CastElidedCurve*, const Animation*>> elided;
    size_t k = 0;
    for (const Node& root : file.roots)
        for (const Node& n : root.children)
            if (n.id == cast::Animation) {
                const Animation& a = scene.animations.at(k++);
                if (const CastAnimationExtra* same = unedited(a))
                    for (const CastElidedCurve& e : same->elided)
                        elided[&n.children.at(e.child)] = {&e, &a};
            }
    w.reserve(size_t(total));
    cast::serializeTo(file, w, [&](const Node& curve, const Property& p, ByteWriter& out) {
        if (const auto it = elided.find(&curve); it != elided.end())
            encodeElided(*it->second.first, *it->second.second, p, out);
    });
}

} // namespace

std::vector<uint8_t> CastFormat::write(const Scene& scene) const
{
    ByteWriter w;
    writeCast(scene, w);
    return w.take();
}

void CastFormat::writeTo(const Scene& scene, const ByteSink& out) const
{
    ByteWriter w(out);
    writeCast(scene, w);
    w.finish();
}

} // namespace bonescope
