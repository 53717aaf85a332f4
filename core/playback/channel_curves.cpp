#include "core/playback/channel_curves.h"

#include <algorithm>
#include <cmath>
#include <type_traits>

#include "core/playback/channel_access.h"
#include "core/playback/channel_eval.h"
#include "core/math/euler_angles.h"

namespace bonescope {

int curveComponents(ChannelKind c, RotationDisplay r)
{
    if (c == ChannelKind::Visibility)
        return 1;
    return c == ChannelKind::Rotation && r == RotationDisplay::Quaternion ? 4 : 3;
}

namespace {

// Degrees between two keys along the path the channel's rule takes from a to b.
double pathDegrees(const QuatChannel& ch, const glm::dquat& a, const glm::dquat& b)
{
    double d = glm::dot(glm::normalize(a), glm::normalize(b));
    if (ch.rules.rotation != RotationInterp::SlerpDirect)
        d = std::abs(d);
    return glm::degrees(2.0 * std::acos(std::clamp(d, -1.0, 1.0)));
}

// Keys less than 30 degrees apart on the channel's path (no acos: the cosine of half the angle).
bool closeKeys(const QuatChannel& ch, const glm::dquat& a, const glm::dquat& b)
{
    const double la = glm::length(a), lb = glm::length(b);
    if (!(la > 0 && lb > 0))
        return true;
    double d = glm::dot(a, b) / (la * lb);
    if (ch.rules.rotation != RotationInterp::SlerpDirect)
        d = std::abs(d);
    return d > 0.9659258262890683; // cos(15 degrees)
}

std::vector<glm::dvec4> rotationKeysAsEuler(const QuatChannel& ch)
{
    std::vector<glm::dvec4> out(ch.keys.size());
    glm::dvec3 prev(0.0);
    uint32_t cursor = 0;
    for (size_t k = 0; k < ch.keys.size(); ++k) {
        const glm::dvec3 raw = eulerXYZDegrees(glm::normalize(ch.keys.value(k)));
        if (k == 0) {
            prev = raw;
        } else {
            // Keys far apart: follow what plays between them in steps of at most 30 degrees.
            const double t0 = ch.keys.time(k - 1), t1 = ch.keys.time(k);
            const int n = closeKeys(ch, ch.keys.value(k - 1), ch.keys.value(k))
                              ? 1
                              : int(std::ceil(pathDegrees(ch, ch.keys.value(k - 1), ch.keys.value(k)) / 30.0));
            for (int j = 1; j < n; ++j) {
                glm::dquat q;
                if (sampleRotation(ch, t0 + (t1 - t0) * j / n, cursor, q))
                    prev = nearestEquivalentEuler(eulerXYZDegrees(q), prev);
            }
            prev = nearestEquivalentEuler(raw, prev);
        }
        out[k] = glm::dvec4(prev, 0.0);
    }
    return out;
}

// The first key at or after `t` from index `from` on. Keys are usually evenly spaced: a guess from
// the average spacing and a few steps either way find it touching one or two cache lines (the
// keys of a long clip are far bigger than the cache); otherwise a binary search.
template <class T>
size_t firstAtOrAfter(const KeyList<T>& keys, size_t from, double t)
{
    const size_t n = keys.size();
    if (from >= n)
        return n;
    const double spacing = n > 1 ? (keys.back().time - keys.front().time) / double(n - 1) : 0;
    size_t i = from;
    if (spacing > 0 && t > keys.time(from))
        i = std::min(n - 1, from + size_t((t - keys.time(from)) / spacing));
    for (int step = 0; step < 4; ++step) {
        if (i > from && keys.time(i - 1) >= t)
            --i;
        else if (i < n && keys.time(i) < t)
            ++i;
        else
            return i;
    }
    return size_t(std::lower_bound(keys.times() + from, keys.times() + n, t) - keys.times());
}

} // namespace

std::vector<glm::dvec4> keyCurveValues(const Track& t, ChannelKind c, RotationDisplay r)
{
    return withChannel(t, c, [&](const auto& ch) {
        using T = typename std::decay_t<decltype(ch.keys)>::value_type;
        if constexpr (std::is_same_v<decltype(T::value), glm::dquat>) {
            if (r == RotationDisplay::Euler)
                return rotationKeysAsEuler(ch);
        }
        std::vector<glm::dvec4> out;
        out.reserve(ch.keys.size());
        for (const auto& k : ch.keys)
            out.push_back(toAny(k.value));
        return out;
    });
}

std::vector<ChannelSample> sampleCurve(const Track& track, ChannelKind c, RotationDisplay r,
                                       const std::vector<glm::dvec4>& keyValues, double t0, double t1, double step)
{
    return withChannel(track, c, [&](const auto& ch) {
        using V = decltype(ch.keys.front().value);
        constexpr bool rotation = std::is_same_v<V, glm::dquat>;
        std::vector<ChannelSample> out;
        const auto& keys = ch.keys;
        if (keys.empty() || !(t1 >= t0))
            return out;
        const bool euler = rotation && r == RotationDisplay::Euler && keyValues.size() == keys.size();
        const bool grid = rotation && step > 0;
        const bool jumps = ch.rules.interpolation == Interpolation::Step || ch.rules.segmentFlags ||
                           std::is_same_v<V, double>;
        uint32_t cursor = 0, keyCursor = 0;
        double last = -HUGE_VAL;
        // At a key's own time a channel without per-key flags plays that key's value: its shown value
        // is known (for rotations, normalised and unwrapped by keyCurveValues) and needs no evaluation.
        const bool keysShown = !ch.rules.segmentFlags && (!rotation || euler);
        auto add = [&](double time, int atKey = -1) {
            ChannelSample s;
            s.time = time;
            const bool onKey = atKey >= 0 && (atKey + 1 == int(keys.size()) || keys.time(atKey + 1) > time);
            s.key = onKey ? atKey : findSegment(keys, time, keyCursor);
            if (keysShown && onKey) {
                s.applies = true;
                s.value = rotation ? keyValues[atKey] : toAny(keys.value(atKey));
                out.push_back(s);
                last = time;
                return;
            }
            V v{};
            s.applies = sampleChannelValue(ch, time, cursor, v);
            if (s.applies) {
                s.value = toAny(v);
                if constexpr (rotation) {
                    if (euler) {
                        // Unwrapped from the previous sample of the same segment, else from its key.
                        const ChannelSample* prev = out.empty() ? nullptr : &out.back();
                        const glm::dvec3 ref = prev && prev->applies && prev->key == s.key
                                                   ? glm::dvec3(prev->value)
                                                   : glm::dvec3(keyValues[std::max(0, s.key)]);
                        s.value = glm::dvec4(nearestEquivalentEuler(eulerXYZDegrees(v), ref), 0.0);
                    }
                }
            }
            out.push_back(s);
            last = time;
        };
        auto fillTo = [&](double until) { // grid samples up to `until`, none within step / 2 of it
            if (!grid || until - last < 2 * step)
                return; // keys a step or so apart are the samples
            for (double g = t0 + (std::floor((last - t0) / step) + 1) * step; g < until - step / 2; g += step)
                add(g);
        };
        add(t0);
        auto before = [](const auto& key, double t) { return key.time < t; };
        const size_t first = size_t(std::lower_bound(keys.begin(), keys.end(), t0, before) - keys.begin());
        for (size_t k = first; k < keys.size() && keys.time(k) <= t1; ++k) {
            const double tk = keys.time(k);
            const bool lastKey = k + 1 == keys.size();
            const bool restAfter = lastKey && ch.rules.after == OutsideKeys::Rest;
            if (tk - last < step && !restAfter) {
                // Dense keys: on to the first key a step after the last sample (or a last key after
                // which the channel gives rest), by binary search rather than key by key.
                size_t next = firstAtOrAfter(keys, k + 1, last + step);
                if (next >= keys.size() && ch.rules.after == OutsideKeys::Rest)
                    next = keys.size() - 1;
                k = std::max(next, k + 1) - 1;
                continue;
            }
            fillTo(tk);
            const bool jumpHere = jumps || (k == 0 && ch.rules.before == OutsideKeys::Rest);
            if (jumpHere && tk > last)
                add(std::nextafter(tk, -HUGE_VAL)); // the value coming into the key
            if (tk > last)
                add(tk, int(k));
            if (restAfter && std::nextafter(tk, HUGE_VAL) <= t1)
                add(std::nextafter(tk, HUGE_VAL));
        }
        fillTo(t1);
        if (t1 > last)
            add(t1);
        return out;
    });
}

glm::dvec4 keyValueWithComponent(ChannelKind c, RotationDisplay r, const glm::dvec4& keyValue,
                                 const glm::dvec4& keyShown, int component, double shown)
{
    glm::dvec4 v = keyValue;
    if (component < 0 || component > 3)
        return v;
    if (c != ChannelKind::Rotation) {
        v[component] = shown;
        return v;
    }
    if (r == RotationDisplay::Quaternion) {
        v[component] = shown;
        return glm::length(v) < 1e-12 ? keyValue : glm::normalize(v);
    }
    glm::dvec3 e(keyShown);
    if (component > 2)
        return v;
    e[component] = shown;
    glm::dquat q = quatFromEulerXYZDegrees(e);
    if (glm::dot(q, glm::dquat(keyValue.w, keyValue.x, keyValue.y, keyValue.z)) < 0)
        q = -q;
    return {q.x, q.y, q.z, q.w};
}

} // namespace bonescope
