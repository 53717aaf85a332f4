// Cast tree -> common model. The first Model with a skeleton gives the scene's skeleton and mesh; each
// Animation node is one animation. Curves animate one component each (tx, ty, tz...): components are
// merged into the model's vector keys at the union of their frames, which plays the same.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <map>

#include "core/content_hash.h"
#include "formats/cast/cast_extra.h"
#include "formats/cast/cast_format.h"
#include "formats/cast/cast_model.h"
#include "formats/parse_error.h"

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

struct Component {
    std::vector<FrameValue> keys;
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

struct TrackBuild {
    CastTrackInfo info;
    std::array<Component, 6> comps; // tx ty tz sx sy sz
    std::vector<std::pair<uint32_t, glm::dquat>> rotation;
    std::vector<FrameValue> visibility;
    bool anyTranslationMode = false, anyRotationMode = false;
};

// The key frame buffer of a curve or notification track.
std::vector<uint32_t> keyFrames(const Node& n, const char* what)
{
    const Property* kb = n.prop("kb");
    if (!kb)
        failAt(n.offset, std::string(what) + " has no key frame buffer (kb)");
    if (kb->type != cast::Byte && kb->type != cast::Short && kb->type != cast::Int32)
        failAt(kb->offset, std::string(what) + " key frame buffer has type '" + cast::typeName(kb->type) +
                               "' (b, h or i expected)");
    std::vector<uint32_t> frames(kb->count);
    for (size_t i = 0; i < frames.size(); ++i)
        frames[i] = uint32_t(kb->integer(i));
    return frames;
}

template <class T>
void sortByFrame(std::vector<T>& v)
{
    std::stable_sort(v.begin(), v.end(), [](const T& a, const T& b) { return a.frame < b.frame; });
}

void readCurve(const Node& c, std::vector<TrackBuild>& tracks, std::map<std::string, size_t>& byName,
               uint8_t& defaultMode, bool& haveDefault, uint32_t& maxFrame)
{
    const std::string nodeName = c.text("nn");
    const std::string kp = c.text("kp");
    if (!c.prop("nn"))
        failAt(c.offset, "curve has no node name (nn)");
    const std::vector<uint32_t> frames = keyFrames(c, "curve");
    const Property* kv = c.prop("kv");
    if (!kv)
        failAt(c.offset, "curve of '" + nodeName + "' has no key value buffer (kv)");
    if (kv->count != frames.size())
        failAt(kv->offset, "curve of '" + nodeName + "' has " + std::to_string(frames.size()) + " key frames but " +
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
    for (uint32_t f : frames)
        maxFrame = std::max(maxFrame, f);

    const size_t valueSize = cast::elementSize(kv->type) / cast::componentsOf(kv->type);
    auto checkFinite = [&](size_t i, double v) {
        if (!std::isfinite(v))
            failAt(kv->offset + cast::PropertyHeaderSize + kv->name.size() + i * valueSize,
                   "curve " + kp + " of '" + nodeName + "': value " + std::to_string(i) + " is not a finite number");
    };
    if (rotation) {
        t.info.rotation = true;
        t.info.rotationMode = uint8_t(mode);
        t.anyRotationMode = true;
        t.rotation.reserve(frames.size());
        for (size_t k = 0; k < frames.size(); ++k) {
            double v[4];
            for (int i = 0; i < 4; ++i)
                checkFinite(k * 4 + i, v[i] = kv->number(k * 4 + i));
            t.rotation.push_back({frames[k], glm::dquat(v[3], v[0], v[1], v[2])});
        }
        std::stable_sort(t.rotation.begin(), t.rotation.end(),
                         [](const auto& a, const auto& b) { return a.first < b.first; });
        return;
    }
    std::vector<FrameValue> keys(frames.size());
    for (size_t k = 0; k < frames.size(); ++k) {
        keys[k] = {frames[k], kv->number(k)};
        checkFinite(k, keys[k].value);
    }
    sortByFrame(keys);
    if (visibility) {
        t.info.visibility = true;
        t.visibility = std::move(keys);
        return;
    }
    t.info.present[comp] = true;
    t.comps[comp].keys = std::move(keys);
    if (comp < 3) {
        t.info.translationMode = uint8_t(mode);
        t.anyTranslationMode = true;
    } else {
        t.info.scaleMode = uint8_t(mode);
    }
}

// Three component curves -> vector keys at the union of their frames.
void mergeComponents(const TrackBuild& t, int first, double fps, Vec3Channel& out)
{
    // Usual case: every curve of the three has the same frames (exporters key them together).
    const std::vector<FrameValue>* shared = nullptr;
    bool same = true;
    for (int c = first; c < first + 3 && same; ++c) {
        const auto& keys = t.comps[c].keys;
        if (keys.empty())
            continue;
        if (!shared)
            shared = &keys;
        else
            same = keys.size() == shared->size() &&
                   std::equal(keys.begin(), keys.end(), shared->begin(),
                              [](const FrameValue& a, const FrameValue& b) { return a.frame == b.frame; });
    }
    if (shared && same) {
        out.keys.reserve(shared->size());
        for (size_t k = 0; k < shared->size(); ++k) {
            glm::dvec3 v;
            for (int c = 0; c < 3; ++c) {
                const auto& keys = t.comps[first + c].keys;
                v[c] = keys.empty() ? t.info.fallback[first + c] : keys[k].value;
            }
            out.keys.push_back({(*shared)[k].frame / fps, v});
        }
        return;
    }
    std::vector<uint32_t> frames;
    for (int c = first; c < first + 3; ++c)
        for (const FrameValue& k : t.comps[c].keys)
            frames.push_back(k.frame);
    std::sort(frames.begin(), frames.end());
    frames.erase(std::unique(frames.begin(), frames.end()), frames.end());
    out.keys.reserve(frames.size());
    for (uint32_t f : frames) {
        glm::dvec3 v;
        for (int c = 0; c < 3; ++c) {
            const auto& keys = t.comps[first + c].keys;
            v[c] = keys.empty() ? t.info.fallback[first + c] : valueAt(keys, f);
        }
        out.keys.push_back({f / fps, v});
    }
}

BlendMode blendFor(uint8_t translationMode, uint8_t rotationMode)
{
    return {translationMode == cast::Absolute ? TranslationBlend::Replace : TranslationBlend::AddToRest,
            rotationMode == cast::Absolute ? RotationBlend::Replace : RotationBlend::AfterRest};
}

Animation readAnimation(Node& n, const Skeleton& skeleton)
{
    Animation a;
    auto extra = std::make_unique<CastAnimationExtra>();
    a.name = n.text("n");
    const Property* fr = n.prop("fr");
    if (!fr || fr->count < 1 || (fr->type != cast::Float && fr->type != cast::Double))
        failAt(n.offset, "animation '" + a.name + "' has no framerate (fr, a float)");
    a.fps = fr->number(0);
    if (!std::isfinite(a.fps) || a.fps <= 0)
        failAt(fr->offset, "animation '" + a.name + "' framerate " + std::to_string(a.fps) +
                               " is not a positive finite number");
    if (const Property* lo = n.prop("lo"); lo && lo->count > 0 && isInteger(lo->type))
        a.looping = lo->integer(0) >= 1;

    std::vector<TrackBuild> tracks;
    std::map<std::string, size_t> byName;
    uint8_t defaultMode = cast::Absolute;
    bool haveDefault = false;
    uint32_t maxFrame = 0;
    for (const Node& c : n.children)
        if (c.id == cast::Curve)
            readCurve(c, tracks, byName, defaultMode, haveDefault, maxFrame);
    for (const Node& c : n.children) {
        if (c.id != cast::NotificationTrack)
            continue;
        const std::string name = c.text("n");
        for (uint32_t f : keyFrames(c, "notification track")) {
            a.notes.push_back({f / a.fps, name});
            maxFrame = std::max(maxFrame, f);
        }
    }
    std::stable_sort(a.notes.begin(), a.notes.end(), [](const Note& x, const Note& y) { return x.time < y.time; });

    a.blend = blendFor(defaultMode, defaultMode);
    for (TrackBuild& t : tracks) {
        // A component without a curve keeps its rest value (absolute) or adds nothing.
        const int bone = skeleton.find(t.info.name);
        for (int c = 0; c < 3; ++c)
            t.info.fallback[c] = t.info.translationMode == cast::Absolute && bone >= 0 ? skeleton.bones[bone].restTranslation[c] : 0.0;
        for (int c = 0; c < 3; ++c)
            t.info.fallback[3 + c] = t.info.scaleMode == cast::Absolute && bone >= 0 ? skeleton.bones[bone].restScale[c] : 1.0;
        if (!t.anyTranslationMode)
            t.info.translationMode = defaultMode;
        if (!t.anyRotationMode)
            t.info.rotationMode = defaultMode;

        Track track;
        track.name = t.info.name;
        if (t.info.present[0] || t.info.present[1] || t.info.present[2])
            mergeComponents(t, 0, a.fps, track.translation);
        if (t.info.present[3] || t.info.present[4] || t.info.present[5])
            mergeComponents(t, 3, a.fps, track.scale);
        for (const auto& [f, q] : t.rotation)
            track.rotation.keys.push_back({f / a.fps, q});
        for (const FrameValue& k : t.visibility)
            track.visibility.keys.push_back({k.frame / a.fps, k.value >= 1 ? 1.0 : 0.0});
        const BlendMode mode = blendFor(t.info.translationMode, t.info.rotationMode);
        if (!(mode == a.blend))
            a.modifiers.push_back({int(a.tracks.size()), mode,
                                   uint8_t(t.info.translationMode != cast::Absolute ? t.info.translationMode
                                                                                     : t.info.rotationMode)});
        a.tracks.push_back(std::move(track));
        extra->tracks.push_back(t.info);
        t = TrackBuild{}; // the per-curve copies are no longer needed: keep the peak memory down
    }

    // Overrides: the named node and its descendants use the override's mode (BlendModifier's rule).
    for (const Node& c : n.children) {
        if (c.id != cast::CurveModeOverride)
            continue;
        const std::string name = c.text("nn");
        const int mode = cast::modeFromName(c.text("m"));
        if (mode < 0)
            failAt(c.offset, "curve mode override of '" + name + "' has unknown mode '" + c.text("m") + "'");
        auto flag = [&](const char* p) {
            const Property* f = c.prop(p);
            return f && f->count > 0 && isInteger(f->type) && f->integer(0) >= 1;
        };
        int track = a.findTrack(name);
        if (track < 0) {
            track = int(a.tracks.size());
            a.tracks.push_back({});
            a.tracks.back().name = name;
        }
        BlendMode m = a.blend;
        for (const BlendModifier& old : a.modifiers)
            if (old.track == track)
                m = old.mode;
        const BlendMode over = blendFor(uint8_t(mode), uint8_t(mode));
        if (flag("ot"))
            m.translation = over.translation;
        if (flag("or"))
            m.rotation = over.rotation;
        std::erase_if(a.modifiers, [&](const BlendModifier& old) { return old.track == track; });
        a.modifiers.push_back({track, m, uint8_t(mode)});
    }

    a.duration = maxFrame / a.fps;
    extra->node = std::move(n); // the tree keeps an empty Animation node in its place
    extra->readName = a.name;
    extra->readFps = a.fps;
    extra->readLooping = a.looping;
    extra->readHash = contentHash(Skeleton{}, a);
    a.extra = std::move(extra);
    return a;
}

} // namespace

bool CastFormat::detect(std::span<const uint8_t> head) const
{
    return head.size() >= cast::HeaderSize && std::memcmp(head.data(), "cast", 4) == 0;
}

Scene CastFormat::read(std::span<const uint8_t> bytes) const
{
    auto extra = std::make_unique<CastFileExtra>();
    extra->file = cast::parse(bytes);
    Scene scene;
    scene.format = id();

    // The model first: absolute curves fall back to its rest pose.
    for (size_t r = 0; r < extra->file.roots.size() && extra->modelRoot < 0; ++r) {
        const auto& children = extra->file.roots[r].children;
        for (size_t c = 0; c < children.size(); ++c)
            if (children[c].id == cast::Model && readCastModel(children[c], scene.skeleton, scene.mesh, extra->meshRanges)) {
                extra->modelRoot = int(r);
                extra->modelChild = int(c);
                break;
            }
    }
    extra->skeletonHash = contentHash(scene.skeleton, Animation{});

    for (cast::Node& root : extra->file.roots)
        for (cast::Node& child : root.children)
            if (child.id == cast::Animation) {
                scene.animations.push_back(readAnimation(child, scene.skeleton));
                child = cast::Node{}; // the animation's extra holds it; the tree keeps its place
                child.id = cast::Animation;
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
