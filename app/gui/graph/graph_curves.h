#pragma once
// The graph editor's curves: one per shown component of the translation, rotation and scale
// channels of the given tracks (the selected bones'), with each channel's shown key values and each
// curve's range cached until the next edit, and the samples drawn cached for one view (time range
// and resolution), so a repaint that only moves the time cursor or the value axis samples nothing.
#include <map>
#include <utility>
#include <vector>

#include <QColor>
#include <QString>

#include "core/playback/channel_curves.h"

namespace bonescope::gui {

struct CurveId {
    int track = -1;
    ChannelKind channel = ChannelKind::Translation;
    int component = 0; // x, y, z (w: quaternion)
    auto operator<=>(const CurveId&) const = default;
};

// A key's dot on one of its curves: what the graph editor selects and drags.
struct GraphKey {
    KeyRef key;
    int component = 0;
    CurveId curve() const { return {key.track, key.channel, component}; }
    auto operator<=>(const GraphKey&) const = default;
};

// From a curve's values to what is drawn: normalised curves are scaled to -1..1 over their keys.
struct CurveScale {
    double mid = 0, half = 1;
    double shown(double v) const { return (v - mid) / half; }
    double value(double shown) const { return mid + shown * half; }
};

class GraphCurves {
public:
    // The channels of `tracks` in `a` (which must outlive the next call), shown as `rotation`.
    void setTracks(const Animation* a, std::vector<int> tracks, RotationDisplay rotation);
    // After an edit: the animation may be another object, its keys other values (channels whose keys
    // and rules are unchanged keep their caches).
    void setAnimation(const Animation* a);

    const std::vector<CurveId>& curves() const { return curves_; }
    const std::vector<int>& tracks() const { return tracks_; }
    RotationDisplay rotationDisplay() const { return rotation_; }
    const Animation* animation() const { return anim_; }

    // The shown values of the channel's keys (keyCurveValues()).
    const std::vector<glm::dvec4>& keyValues(int track, ChannelKind c) const;
    double keyValue(const GraphKey& k) const;
    double keyTime(const KeyRef& k) const;
    // The lowest and highest key value of the curve.
    std::pair<double, double> range(const CurveId& c) const;
    CurveScale scale(const CurveId& c, bool normalised) const;
    // The channel's samples over [t0, t1] every `step` seconds (sampleCurve()).
    const std::vector<ChannelSample>& samples(int track, ChannelKind c, double t0, double t1, double step) const;

    static QColor colour(const CurveId& c);
    QString name(const CurveId& c) const;

private:
    struct ChannelCache {
        bool keysBuilt = false;
        uint64_t fingerprint = 0; // of the keys the values were made from
        std::vector<glm::dvec4> keys;
        std::pair<double, double> ranges[4];
        bool samplesBuilt = false;
        double t0 = 0, t1 = 0, step = 0;
        std::vector<ChannelSample> samples;
    };
    ChannelCache& cache(int track, ChannelKind c) const;

    const Animation* anim_ = nullptr;
    std::vector<int> tracks_;
    RotationDisplay rotation_ = RotationDisplay::Euler;
    std::vector<CurveId> curves_;
    mutable std::map<std::pair<int, ChannelKind>, ChannelCache> cache_;
};

} // namespace bonescope::gui
