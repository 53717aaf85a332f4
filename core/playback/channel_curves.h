#pragma once
// What the graph editor draws for a channel: its values exactly as the sampler plays them
// (channel_eval.h) at the times a drawing needs, shown as numbers per component: translation and
// scale x, y, z; rotation as Euler degrees (euler_angles.h, XYZ with X applied first) unwrapped into
// continuous curves, or as quaternion x, y, z, w; visibility as one value. And the key value an edit
// of one shown component makes.
#include <cstdint>
#include <vector>

#include <glm/vec4.hpp>

#include "core/model/animation.h"
#include "core/editing/key_editing.h"

namespace bonescope {

enum class RotationDisplay : uint8_t { Euler, Quaternion };

// How many curves the channel shows: 3 (x, y, z), 4 (quaternion x, y, z, w) or 1 (visibility).
int curveComponents(ChannelKind c, RotationDisplay r);

// The shown values of every key of the channel. Euler angles are unwrapped from the first key on:
// each key takes the equivalent angles nearest the previous key's, followed through the rotations
// the sampler plays between keys far apart (so a spin of more than 180 degrees between two keys
// keeps its direction). Quaternions are the stored components.
std::vector<glm::dvec4> keyCurveValues(const Track& t, ChannelKind c, RotationDisplay r);

struct ChannelSample {
    double time = 0;
    bool applies = false; // false: the channel gives the bone's rest value here (the curve has a gap)
    int key = -1;         // the last key at or before `time` (-1: before the first)
    glm::dvec4 value{0.0}; // shown values, when it applies
};

// The channel over [t0, t1] for drawing: its values at t0, at t1, at each key time in between (and
// just before a key where the value may jump: stepped or flagged channels, a channel that gives rest
// before its first key) and just after a last key that gives rest after it; rotations also about
// every `step` seconds between keys, as they are not straight lines. Keys closer than `step` to
// the previous sample are left out, so dense keys cost one sample per step. Every value is what
// the sampler plays at that time; Euler angles are unwrapped from `keyValues` (keyCurveValues()).
std::vector<ChannelSample> sampleCurve(const Track& t, ChannelKind c, RotationDisplay r,
                                       const std::vector<glm::dvec4>& keyValues, double t0, double t1, double step);

// The stored value of a key after one of its shown components is set to `shown`. `keyValue`: the key's
// value as readKey() gives it; `keyShown`: its shown values (keyCurveValues()). Euler: the rotation
// rebuilt from the edited angles, on the stored quaternion's side (so a slerp that does not take the
// shortest path keeps its direction); quaternion: the edited components renormalised (unchanged when
// they would be zero).
glm::dvec4 keyValueWithComponent(ChannelKind c, RotationDisplay r, const glm::dvec4& keyValue,
                                 const glm::dvec4& keyShown, int component, double shown);

} // namespace bonescope
