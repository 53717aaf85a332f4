// The graph editor's curves (core/playback/channel_curves.h): Euler angles unwrapped into continuous curves,
// and every drawn sample equal to what the sampler plays at its time, for stepped, linear and slerped
// channels and for Hold and Rest outside the keys.
#include <glm/gtc/constants.hpp>
#include <gtest/gtest.h>

#include "core/playback/channel_curves.h"
#include "core/math/euler_angles.h"
#include "core/playback/sampler.h"

using namespace bonescope;

namespace {

glm::dquat about(glm::dvec3 axis, double degrees)
{
    return glm::angleAxis(glm::radians(degrees), glm::normalize(axis));
}

// One track "j" spinning `total` degrees about `axis` with a key every `every` degrees, one per second.
Animation spin(glm::dvec3 axis, double total, double every)
{
    Animation a;
    a.fps = 30;
    Track t;
    t.name = "j";
    const int n = int(std::lround(total / every));
    for (int i = 0; i <= n; ++i)
        t.rotation.keys.push_back({double(i), about(axis, every * i)});
    a.duration = n;
    a.tracks.push_back(t);
    return a;
}

// The largest jump between consecutive values of component c, and whether they never decrease.
struct Spread {
    double maxStep = 0;
    bool monotone = true;
};
Spread spread(const std::vector<double>& v)
{
    Spread r;
    for (size_t i = 1; i < v.size(); ++i) {
        r.maxStep = std::max(r.maxStep, std::abs(v[i] - v[i - 1]));
        r.monotone = r.monotone && v[i] >= v[i - 1] - 1e-9;
    }
    return r;
}

std::vector<double> component(const std::vector<ChannelSample>& s, int c)
{
    std::vector<double> out;
    for (const auto& x : s)
        if (x.applies)
            out.push_back(x.value[c]);
    return out;
}

bool sameRotation(const glm::dquat& a, const glm::dquat& b, double eps = 1e-9)
{
    return std::abs(std::abs(glm::dot(glm::normalize(a), glm::normalize(b))) - 1.0) < eps;
}

} // namespace

TEST(EulerAngles, RoundTripAndEquivalentTriple)
{
    for (const glm::dvec3& e : {glm::dvec3(10, 20, 30), glm::dvec3(-170, 80, 95), glm::dvec3(0, -45, 179)}) {
        const glm::dquat q = quatFromEulerXYZDegrees(e);
        EXPECT_TRUE(sameRotation(quatFromEulerXYZDegrees(eulerXYZDegrees(q)), q));
        // X applied first: q = Rz Ry Rx.
        const glm::dquat composed = about({0, 0, 1}, e.z) * about({0, 1, 0}, e.y) * about({1, 0, 0}, e.x);
        EXPECT_TRUE(sameRotation(q, composed));
        // The other triple is the same rotation, and unwrapping towards it picks it.
        const glm::dvec3 other(e.x + 180, 180 - e.y, e.z + 180);
        EXPECT_TRUE(sameRotation(quatFromEulerXYZDegrees(other), q));
        const glm::dvec3 picked = nearestEquivalentEuler(e, other + glm::dvec3(1, 1, 1));
        EXPECT_NEAR(picked.x, other.x, 1e-9);
        EXPECT_NEAR(picked.y, other.y, 1e-9);
        EXPECT_NEAR(picked.z, other.z, 1e-9);
    }
    const glm::dvec3 shifted = nearestEquivalentEuler({10, 20, 30}, {700, 20, -330});
    EXPECT_NEAR(shifted.x, 730, 1e-9);
    EXPECT_NEAR(shifted.z, -330, 1e-9);
}

// A rotation spinning 720 degrees about one axis is one monotone curve, keys and samples alike,
// with no 360-degree jumps; about Y too, where the raw angles flip at +-90.
TEST(ChannelCurves, EulerUnwrapsA720DegreeSpin)
{
    struct Case {
        glm::dvec3 axis;
        int c;
        double every;
    };
    for (const Case& k : {Case{{1, 0, 0}, 0, 30}, Case{{0, 0, 1}, 2, 30}, Case{{0, 1, 0}, 1, 25}}) {
        const Animation a = spin(k.axis, 720, k.every);
        const Track& t = a.tracks[0];
        const auto keys = keyCurveValues(t, ChannelKind::Rotation, RotationDisplay::Euler);
        ASSERT_EQ(keys.size(), t.rotation.size());
        for (size_t i = 0; i < keys.size(); ++i)
            EXPECT_NEAR(keys[i][k.c], k.every * double(i), 1e-6) << "axis component " << k.c << " key " << i;
        const auto samples = sampleCurve(t, ChannelKind::Rotation, RotationDisplay::Euler, keys, 0, a.duration, 0.05);
        ASSERT_GT(samples.size(), 2 * keys.size());
        const Spread r = spread(component(samples, k.c));
        EXPECT_TRUE(r.monotone) << "axis component " << k.c;
        EXPECT_LT(r.maxStep, 10.0) << "axis component " << k.c;
        EXPECT_NEAR(samples.back().value[k.c], k.every * double(keys.size() - 1), 1e-6);
        for (int other = 0; other < 3; ++other)
            if (other != k.c) {
                const auto v = component(samples, other);
                EXPECT_LT(*std::max_element(v.begin(), v.end()) - *std::min_element(v.begin(), v.end()), 1e-6);
            }
    }
}

// Keys 150 degrees apart: the unwrapping follows the slerp's path, not the nearer-looking angle.
TEST(ChannelCurves, WideSegmentsUnwrapAlongTheirPath)
{
    const Animation a = spin({0, 0, 1}, 600, 150);
    const auto keys = keyCurveValues(a.tracks[0], ChannelKind::Rotation, RotationDisplay::Euler);
    for (size_t i = 0; i < keys.size(); ++i)
        EXPECT_NEAR(keys[i].z, 150.0 * double(i), 1e-6) << i;
}

namespace {

// Every sample against Sampler::sampleLocal (which applies the keys as the viewer plays them):
// where the curve applies, the bone's local value is the sample's; where it has a gap, the bone is
// at its rest value.
void expectMatchesSampler(const Animation& a, ChannelKind c, RotationDisplay r, double t0, double t1, double step)
{
    Skeleton s;
    Bone b;
    b.name = "j";
    b.restTranslation = {7, 8, 9};
    b.restRotation = about({1, 1, 0}, 33);
    b.restScale = {2, 2, 2};
    s.bones.push_back(b);
    Sampler sampler(a, s);
    const Track& t = a.tracks[0];
    const auto keys = keyCurveValues(t, c, r);
    const auto samples = sampleCurve(t, c, r, keys, t0, t1, step);
    ASSERT_FALSE(samples.empty());
    std::vector<LocalTransform> local;
    for (const ChannelSample& x : samples) {
        sampler.sampleLocal(x.time, local);
        const LocalTransform& l = local[0];
        if (c == ChannelKind::Rotation) {
            const glm::dquat played = x.applies ? (r == RotationDisplay::Euler ? quatFromEulerXYZDegrees(glm::dvec3(x.value))
                                                                               : glm::dquat(x.value.w, x.value.x, x.value.y, x.value.z))
                                                : b.restRotation;
            EXPECT_TRUE(sameRotation(played, l.rotation, 1e-9)) << "t = " << x.time;
        } else {
            const glm::dvec3 want = c == ChannelKind::Translation ? l.translation : l.scale;
            const glm::dvec3 got = x.applies ? glm::dvec3(x.value) : (c == ChannelKind::Translation ? b.restTranslation : b.restScale);
            EXPECT_NEAR(glm::length(got - want), 0, 1e-12) << "t = " << x.time;
        }
    }
    // Samples are ordered in time.
    for (size_t i = 1; i < samples.size(); ++i)
        EXPECT_LT(samples[i - 1].time, samples[i].time);
}

Animation threeKeys(Interpolation interp, OutsideKeys outside)
{
    Animation a;
    a.fps = 30;
    a.duration = 4;
    Track t;
    t.name = "j";
    for (int i = 0; i < 3; ++i) {
        const double time = 1.0 + i;
        t.translation.keys.push_back({time, {i * 2.0, -i * 1.0, 0.5 * i * i}});
        t.scale.keys.push_back({time, {1.0 + i, 1.0, 2.0 - 0.5 * i}});
        t.rotation.keys.push_back({time, about({0.2, 1, 0.3}, 70.0 * i + 10)});
    }
    for (Channel<glm::dvec3>* ch : {&t.translation, &t.scale}) {
        ch->rules.interpolation = interp;
        ch->rules.before = ch->rules.after = outside;
    }
    t.rotation.rules.interpolation = interp;
    t.rotation.rules.before = t.rotation.rules.after = outside;
    a.tracks.push_back(t);
    return a;
}

} // namespace

TEST(ChannelCurves, SamplesAreWhatTheSamplerPlays)
{
    for (Interpolation interp : {Interpolation::Step, Interpolation::Linear})
        for (OutsideKeys outside : {OutsideKeys::Hold, OutsideKeys::Rest}) {
            const Animation a = threeKeys(interp, outside);
            for (ChannelKind c : {ChannelKind::Translation, ChannelKind::Scale, ChannelKind::Rotation})
                for (RotationDisplay r : {RotationDisplay::Euler, RotationDisplay::Quaternion}) {
                    SCOPED_TRACE(testing::Message() << "interp " << int(interp) << " outside " << int(outside)
                                                    << " channel " << int(c) << " display " << int(r));
                    expectMatchesSampler(a, c, r, 0, 4, 0.1);
                    expectMatchesSampler(a, c, r, 1.3, 2.7, 0.01); // a zoomed view
                }
        }
}

TEST(ChannelCurves, StepsJumpAtKeysAndRestLeavesGaps)
{
    const Animation a = threeKeys(Interpolation::Step, OutsideKeys::Rest);
    const Track& t = a.tracks[0];
    const auto keys = keyCurveValues(t, ChannelKind::Translation, RotationDisplay::Euler);
    const auto s = sampleCurve(t, ChannelKind::Translation, RotationDisplay::Euler, keys, 0, 4, 0.5);
    // Just before the second key the first key's value, at it the second's: a stair.
    auto at = [&](double time) {
        const auto it = std::find_if(s.begin(), s.end(), [&](const ChannelSample& x) { return x.time == time; });
        EXPECT_NE(it, s.end()) << time;
        return it == s.end() ? ChannelSample{} : *it;
    };
    const ChannelSample before = at(std::nextafter(2.0, 0.0)), on = at(2.0);
    EXPECT_TRUE(before.applies && on.applies);
    EXPECT_EQ(before.value.x, 0.0);
    EXPECT_EQ(on.value.x, 2.0);
    EXPECT_FALSE(at(0.0).applies);
    EXPECT_FALSE(at(std::nextafter(1.0, 0.0)).applies);
    EXPECT_TRUE(at(3.0).applies);
    EXPECT_FALSE(at(std::nextafter(3.0, 4.0)).applies);
    EXPECT_FALSE(at(4.0).applies);
}

TEST(ChannelCurves, DenseKeysCostOneSamplePerStep)
{
    Animation a;
    Track t;
    for (int i = 0; i <= 5000; ++i)
        t.translation.keys.push_back({i / 30.0, {std::sin(i * 0.1), 0, 0}});
    a.tracks.push_back(t);
    const auto keys = keyCurveValues(a.tracks[0], ChannelKind::Translation, RotationDisplay::Euler);
    const double d = 5000 / 30.0;
    const auto s = sampleCurve(a.tracks[0], ChannelKind::Translation, RotationDisplay::Euler, keys, 0, d, d / 500);
    EXPECT_LT(s.size(), 1100u);
    EXPECT_GT(s.size(), 400u);
}

TEST(ChannelCurves, EditingAComponent)
{
    // Euler: the rebuilt rotation has the edited angles, on the stored key's side.
    const glm::dquat q = -quatFromEulerXYZDegrees({10, 20, 30});
    const glm::dvec4 stored(q.x, q.y, q.z, q.w);
    const glm::dvec4 shown(370, 20, 30, 0); // unwrapped: 10 + 360
    const glm::dvec4 v = keyValueWithComponent(ChannelKind::Rotation, RotationDisplay::Euler, stored, shown, 1, 25);
    const glm::dquat e(v.w, v.x, v.y, v.z);
    EXPECT_TRUE(sameRotation(e, quatFromEulerXYZDegrees({10, 25, 30})));
    EXPECT_GT(glm::dot(e, q), 0);
    // Quaternion: renormalised.
    const glm::dvec4 n = keyValueWithComponent(ChannelKind::Rotation, RotationDisplay::Quaternion, {0, 0, 0, 1}, {0, 0, 0, 1}, 0, 1);
    EXPECT_NEAR(n.x, std::sqrt(0.5), 1e-12);
    EXPECT_NEAR(n.w, std::sqrt(0.5), 1e-12);
    // Translation: just that component.
    const glm::dvec4 tr = keyValueWithComponent(ChannelKind::Translation, RotationDisplay::Euler, {1, 2, 3, 0}, {1, 2, 3, 0}, 2, 9);
    EXPECT_EQ(tr, glm::dvec4(1, 2, 9, 0));
}
