#include "app/gui/graph/graph_curves.h"

#include <algorithm>
#include <bit>
#include <cmath>

#include <QCoreApplication>

#include "core/playback/channel_access.h"

namespace bonescope::gui {

namespace {

constexpr ChannelKind kShown[] = {ChannelKind::Translation, ChannelKind::Rotation, ChannelKind::Scale};

uint64_t mix(uint64_t h, uint64_t v) { return (h ^ (v + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2))) * 0xff51afd7ed558ccdull; }
uint64_t mix(uint64_t h, double v) { return mix(h, std::bit_cast<uint64_t>(v)); }
uint64_t mixValue(uint64_t h, const glm::dvec3& v) { return mix(mix(mix(h, v.x), v.y), v.z); }
uint64_t mixValue(uint64_t h, const glm::dquat& q) { return mix(mix(mix(mix(h, q.x), q.y), q.z), q.w); }
uint64_t mixValue(uint64_t h, double v) { return mix(h, v); }

// A fingerprint of a channel's keys and rules, word by word (a few microseconds for thousands of
// keys): after an edit, channels with the same fingerprint keep their cached curves.
uint64_t fingerprint(const Track& t, ChannelKind c)
{
    return withChannel(t, c, [](const auto& ch) {
        const ChannelRules& r = ch.rules;
        uint64_t h = mix(uint64_t(ch.keys.size()), uint64_t(r.interpolation) | uint64_t(r.rotation) << 8 |
                                                       uint64_t(r.before) << 16 | uint64_t(r.after) << 24 |
                                                       uint64_t(r.segmentFlags) << 32 | uint64_t(r.activeFromValue) << 33);
        for (const auto& k : ch.keys)
            h = mix(mixValue(mix(h, k.time), k.value), uint64_t(k.flags));
        return h;
    });
}

} // namespace

void GraphCurves::setTracks(const Animation* a, std::vector<int> tracks, RotationDisplay rotation)
{
    tracks_ = std::move(tracks);
    if (rotation != rotation_)
        cache_.clear();
    rotation_ = rotation;
    setAnimation(a);
}

void GraphCurves::setAnimation(const Animation* a)
{
    anim_ = a;
    curves_.clear();
    // Channels whose keys and rules did not change keep their shown values and samples.
    std::erase_if(cache_, [&](const auto& entry) {
        const int t = entry.first.first;
        return !a || t < 0 || t >= int(a->tracks.size()) || !entry.second.keysBuilt ||
               fingerprint(a->tracks[t], entry.first.second) != entry.second.fingerprint;
    });
    if (!a)
        return;
    std::erase_if(tracks_, [&](int t) { return t < 0 || t >= int(a->tracks.size()); });
    for (int t : tracks_)
        for (ChannelKind c : kShown)
            if (channelSize(a->tracks[t], c))
                for (int i = 0; i < curveComponents(c, rotation_); ++i)
                    curves_.push_back({t, c, i});
}

GraphCurves::ChannelCache& GraphCurves::cache(int track, ChannelKind c) const { return cache_[{track, c}]; }

const std::vector<glm::dvec4>& GraphCurves::keyValues(int track, ChannelKind c) const
{
    ChannelCache& ch = cache(track, c);
    if (!ch.keysBuilt && anim_ && track >= 0 && track < int(anim_->tracks.size())) {
        ch.keys = keyCurveValues(anim_->tracks[track], c, rotation_);
        ch.fingerprint = fingerprint(anim_->tracks[track], c);
        for (int i = 0; i < 4; ++i) {
            double lo = HUGE_VAL, hi = -HUGE_VAL;
            for (const glm::dvec4& v : ch.keys)
                if (std::isfinite(v[i])) {
                    lo = std::min(lo, v[i]);
                    hi = std::max(hi, v[i]);
                }
            ch.ranges[i] = lo <= hi ? std::pair{lo, hi} : std::pair{0.0, 0.0};
        }
        ch.keysBuilt = true;
    }
    return ch.keys;
}

double GraphCurves::keyValue(const GraphKey& k) const
{
    const auto& v = keyValues(k.key.track, k.key.channel);
    return k.key.index >= 0 && k.key.index < int(v.size()) ? v[k.key.index][k.component] : 0.0;
}

double GraphCurves::keyTime(const KeyRef& k) const { return anim_ ? bonescope::keyTime(*anim_, k) : 0.0; }

std::pair<double, double> GraphCurves::range(const CurveId& c) const
{
    keyValues(c.track, c.channel);
    return cache(c.track, c.channel).ranges[c.component];
}

CurveScale GraphCurves::scale(const CurveId& c, bool normalised) const
{
    if (!normalised)
        return {};
    const auto [lo, hi] = range(c);
    CurveScale s;
    s.mid = (lo + hi) / 2;
    s.half = hi - lo > 1e-12 ? (hi - lo) / 2 : 1.0;
    return s;
}

const std::vector<ChannelSample>& GraphCurves::samples(int track, ChannelKind c, double t0, double t1, double step) const
{
    const auto& keys = keyValues(track, c);
    ChannelCache& ch = cache(track, c);
    if (!ch.samplesBuilt || ch.t0 != t0 || ch.t1 != t1 || ch.step != step) {
        ch.samples = sampleCurve(anim_->tracks[track], c, rotation_, keys, t0, t1, step);
        ch.t0 = t0;
        ch.t1 = t1;
        ch.step = step;
        ch.samplesBuilt = true;
    }
    return ch.samples;
}

QColor GraphCurves::colour(const CurveId& c)
{
    // As Blender: x red, y green, z blue, w grey; rotation and scale a shade lighter than translation.
    static const QColor base[4] = {QColor(230, 70, 70), QColor(110, 200, 70), QColor(70, 130, 240), QColor(170, 170, 170)};
    const QColor b = base[std::clamp(c.component, 0, 3)];
    switch (c.channel) {
    case ChannelKind::Rotation: return b.lighter(125);
    case ChannelKind::Scale: return b.darker(125);
    default: return b;
    }
}

QString GraphCurves::name(const CurveId& c) const
{
    auto tr = [](const char* s) { return QCoreApplication::translate("GraphCurves", s); };
    const char* channel = c.channel == ChannelKind::Translation ? "translation"
                          : c.channel == ChannelKind::Rotation ? (rotation_ == RotationDisplay::Euler ? "rotation" : "quaternion")
                                                               : "scale";
    static const char* axis[] = {"x", "y", "z", "w"};
    const QString bone = anim_ && c.track >= 0 && c.track < int(anim_->tracks.size())
                             ? QString::fromStdString(anim_->tracks[c.track].name)
                             : QString();
    const bool degrees = c.channel == ChannelKind::Rotation && rotation_ == RotationDisplay::Euler;
    return QString("%1 %2 %3%4").arg(bone, tr(channel), axis[std::clamp(c.component, 0, 3)], degrees ? " (°)" : "");
}

} // namespace bonescope::gui
