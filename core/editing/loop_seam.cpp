#include "core/editing/loop_seam.h"

#include <algorithm>
#include <cmath>
#include <iomanip>
#include <sstream>

#include <glm/gtc/constants.hpp>

#include "core/playback/binding.h"
#include "core/playback/channel_eval.h"
#include "core/retarget/root_motion.h"
#include "core/playback/sampler.h"

namespace bonescope {

namespace {

constexpr double kEps = 1e-9;

double frameStep(const Animation& a) { return a.fps > 0 && std::isfinite(a.fps) ? 1.0 / a.fps : 1.0 / 30; }

// A rotation as axis times angle (radians), taking the shorter way round.
glm::dvec3 rotationVector(glm::dquat q)
{
    if (q.w < 0)
        q = -q;
    const glm::dvec3 v(q.x, q.y, q.z);
    const double s = glm::length(v);
    if (s < 1e-15)
        return glm::dvec3(0.0);
    return v * (2.0 * std::atan2(s, q.w) / s);
}

glm::dquat fromRotationVector(const glm::dvec3& v)
{
    const double angle = glm::length(v);
    return angle < 1e-15 ? glm::dquat(1, 0, 0, 0) : glm::angleAxis(angle, v / angle);
}

// The step from `from` to `to` (to = step * from), as a rotation vector.
glm::dvec3 turn(const glm::dquat& from, const glm::dquat& to) { return rotationVector(to * glm::inverse(from)); }

double degrees(double radians) { return radians * 180.0 / glm::pi<double>(); }

struct Poses {
    std::vector<LocalTransform> local;
    std::vector<glm::dvec3> world;
};

Poses poseAt(Sampler& sampler, const std::vector<int>& order, double t)
{
    Poses p;
    sampler.sampleLocal(t, p.local);
    const Skeleton& s = sampler.skeleton();
    std::vector<glm::dmat4> world(s.size());
    p.world.resize(s.size());
    for (int b : order) {
        const LocalTransform& l = p.local[size_t(b)];
        const glm::dmat4 m = composeTRS(l.translation, l.rotation, l.scale);
        world[size_t(b)] = s.bones[size_t(b)].parent >= 0 ? world[size_t(s.bones[size_t(b)].parent)] * m : m;
        p.world[size_t(b)] = glm::dvec3(world[size_t(b)][3]);
    }
    return p;
}

void keepWorst(SeamWorst& w, double value, const std::string& bone)
{
    if (value > w.value) {
        w.value = value;
        w.bone = bone;
    }
}

// The travel bone and the bones above it: their move over the ground is travel.
std::vector<uint8_t> travelBones(const Skeleton& s, int hips)
{
    std::vector<uint8_t> on(s.size(), 0);
    for (int b = hips; b >= 0; b = s.bones[size_t(b)].parent)
        on[size_t(b)] = 1;
    return on;
}

// Hermite weights that bend a curve by `offset` at the end of the blend and change its slope there by
// `slope` (per unit of s), leaving its value and slope at the blend's start alone.
double endValue(double s) { return s * s * (3 - 2 * s); }
double endSlope(double s) { return s * s * (s - 1); }

// The blend region's keys: the channel's own, and one on each frame of (start, end] that has none,
// sampled by its rules, with `bend(time, value)` applied to every key in the region.
template <class T, class Bend>
void reshape(Channel<T>& ch, double start, double end, double fps, Bend&& bend)
{
    std::vector<Key<T>> keys = ch.keys.toVector();
    // A key within a hundredth of a frame is on that frame already: formats that store times in
    // steps (Second Life's 16-bit times) keep their keys, not a near twin beside each.
    const double near = 0.01 / fps;
    const auto has = [&](double t) {
        return std::any_of(keys.begin(), keys.end(), [&](const Key<T>& k) { return std::abs(k.time - t) <= near; });
    };
    std::vector<double> times;
    for (long long f = (long long)std::floor(start * fps) + 1; double(f) / fps <= end + kEps; ++f)
        times.push_back(std::min(end, double(f) / fps));
    times.push_back(end);
    for (double t : times)
        if (t > start + kEps && !has(t))
            if (auto k = sampleKeyAt(ch, t))
                keys.push_back(*k);
    std::stable_sort(keys.begin(), keys.end(), [](const Key<T>& a, const Key<T>& b) { return a.time < b.time; });
    for (Key<T>& k : keys)
        if (k.time > start + kEps && k.time <= end + kEps)
            k.value = bend(k.time, k.value);
    ch.keys = keys;
}

template <class T>
bool valueAt(const Channel<T>& ch, double t, T& out)
{
    uint32_t cursor = 0;
    return !ch.keys.empty() && sampleChannelValue(ch, t, cursor, out);
}

// One translation or scale channel; `up` (key space) set for a travel bone's translation.
bool closeVec3(Vec3Channel& ch, double in, double out, double dt, double span, double fps, const glm::dvec3* up)
{
    glm::dvec3 vIn, vIn1, vOut, vOut0;
    if (!valueAt(ch, in, vIn) || !valueAt(ch, in + dt, vIn1) || !valueAt(ch, out, vOut) || !valueAt(ch, out - dt, vOut0))
        return false;
    glm::dvec3 offset = vIn - vOut;
    if (up)
        offset = *up * glm::dot(offset, *up); // the move over the ground is travel
    const glm::dvec3 slope = ((vIn1 - vIn) - (vOut - vOut0)) / dt * span;
    if (glm::length(offset) < kEps && glm::length(slope) < kEps)
        return false;
    const double start = out - span;
    reshape(ch, start, out, fps, [&](double t, const glm::dvec3& v) {
        const double s = (t - start) / span;
        return v + endValue(s) * offset + endSlope(s) * slope;
    });
    return true;
}

bool closeRotation(QuatChannel& ch, double in, double out, double dt, double span, double fps)
{
    glm::dquat qIn, qIn1, qOut, qOut0;
    if (!valueAt(ch, in, qIn) || !valueAt(ch, in + dt, qIn1) || !valueAt(ch, out, qOut) || !valueAt(ch, out - dt, qOut0))
        return false;
    const glm::dvec3 offset = turn(qOut, qIn);
    const glm::dvec3 slope = (turn(qIn, qIn1) - turn(qOut0, qOut)) / dt * span;
    if (glm::length(offset) < kEps && glm::length(slope) < kEps)
        return false;
    const double start = out - span;
    reshape(ch, start, out, fps, [&](double t, const glm::dquat& q) {
        const double s = (t - start) / span;
        glm::dquat r = fromRotationVector(endValue(s) * offset + endSlope(s) * slope) * q;
        return glm::dot(r, q) < 0 ? -r : r; // the stored hemisphere kept
    });
    return true;
}

} // namespace

void loopSpan(const Animation& a, double& in, double& out)
{
    in = 0;
    out = a.duration;
    if (a.loopRange && a.loopRange->out > a.loopRange->in && a.loopRange->in >= 0) {
        in = a.loopRange->in;
        out = std::min(a.loopRange->out, a.duration);
    }
}

LoopSeam measureSeam(const Animation& a, const Skeleton& skeleton)
{
    LoopSeam seam;
    loopSpan(a, seam.in, seam.out);
    seam.fromLoopRange = a.loopRange && a.loopRange->out > a.loopRange->in && a.loopRange->in >= 0;
    Sampler sampler(a, skeleton);
    const Skeleton& s = sampler.skeleton();
    const auto order = s.evaluationOrder();
    if (!order || s.empty() || !(seam.out > seam.in))
        return seam;
    const glm::dvec3 up = rigUp(s);
    double lo = 1e300, hi = -1e300;
    for (const glm::dmat4& m : s.restWorld()) {
        lo = std::min(lo, glm::dot(glm::dvec3(m[3]), up));
        hi = std::max(hi, glm::dot(glm::dvec3(m[3]), up));
    }
    seam.height = hi - lo;

    const double dt = frameStep(a);
    const bool speeds = seam.out - seam.in >= 2 * dt - kEps;
    const Poses pIn = poseAt(sampler, *order, seam.in), pOut = poseAt(sampler, *order, seam.out);
    Poses pIn1, pOut0;
    if (speeds) {
        pIn1 = poseAt(sampler, *order, seam.in + dt);
        pOut0 = poseAt(sampler, *order, seam.out - dt);
    }
    const int hips = travelBone(a, s);
    glm::dvec3 travel(0.0);
    if (hips >= 0) {
        const glm::dvec3 d = pOut.world[size_t(hips)] - pIn.world[size_t(hips)];
        travel = d - up * glm::dot(d, up);
        seam.travelBone = s.bones[size_t(hips)].name;
        seam.travel = glm::length(travel);
    }
    // The bones the travel carries: the hips, an ancestor of theirs that is keyed to move, and every
    // bone below those.
    std::vector<uint8_t> carried(s.size(), 0);
    if (hips >= 0) {
        const std::vector<uint8_t> above = travelBones(s, hips);
        for (int b : *order) {
            const int t = sampler.binding().trackOfBone[size_t(b)];
            const int parent = s.bones[size_t(b)].parent;
            carried[size_t(b)] = b == hips || (above[size_t(b)] && t >= 0 && !a.tracks[size_t(t)].translation.empty()) ||
                                 (parent >= 0 && carried[size_t(parent)]);
        }
    }
    for (size_t b = 0; b < s.size(); ++b) {
        const std::string& name = s.bones[b].name;
        keepWorst(seam.rotation, degrees(glm::length(turn(pOut.local[b].rotation, pIn.local[b].rotation))), name);
        keepWorst(seam.position, glm::length(pOut.world[b] - (carried[b] ? travel : glm::dvec3(0.0)) - pIn.world[b]), name);
        if (!speeds)
            continue;
        const glm::dvec3 spinIn = turn(pIn.local[b].rotation, pIn1.local[b].rotation) / dt;
        const glm::dvec3 spinOut = turn(pOut0.local[b].rotation, pOut.local[b].rotation) / dt;
        keepWorst(seam.angularJump, degrees(glm::length(spinIn - spinOut)), name);
        const glm::dvec3 velIn = (pIn1.world[b] - pIn.world[b]) / dt, velOut = (pOut.world[b] - pOut0.world[b]) / dt;
        keepWorst(seam.velocityJump, glm::length(velIn - velOut), name);
    }
    return seam;
}

int maxCloseFrames(const Animation& a)
{
    double in = 0, out = 0;
    loopSpan(a, in, out);
    return std::max(1, int(std::floor((out - in) / frameStep(a) + 1e-6)) - 1);
}

int defaultCloseFrames(const LoopSeam& seam, const Animation& a)
{
    const double byTurn = seam.rotation.value / 1.0;
    const double byMove = seam.height > 0 ? seam.position.value / (0.005 * seam.height) : 0;
    const int wanted = std::max(3, int(std::ceil(std::min(1e6, std::max(byTurn, byMove)))));
    return std::max(1, std::min(wanted, maxCloseFrames(a) / 2));
}

size_t closeLoop(Animation& a, const Skeleton& skeleton, int frames)
{
    double in = 0, out = 0;
    loopSpan(a, in, out);
    const double dt = frameStep(a);
    const double span = std::min(std::max(1, frames) * dt, out - in - dt);
    if (!(span > kEps))
        return 0;
    const Skeleton flat = skeleton.empty() ? flatSkeleton(a) : Skeleton{};
    const Skeleton& s = skeleton.empty() ? flat : skeleton;
    const Binding binding = Binding::bind(a, s);
    const int hips = travelBone(a, s);
    const std::vector<uint8_t> travels = hips >= 0 ? travelBones(s, hips) : std::vector<uint8_t>(s.size(), 0);
    const double fps = 1.0 / dt;
    size_t changed = 0;
    for (size_t b = 0; b < s.size(); ++b) {
        const int t = binding.trackOfBone[b];
        if (t < 0)
            continue;
        Track& track = a.tracks[size_t(t)];
        glm::dvec3 up(0.0);
        if (travels[b])
            up = glm::normalize(upInParent(s, int(b)) * a.keyConvention.translation);
        changed += closeVec3(track.translation, in, out, dt, span, fps, travels[b] ? &up : nullptr);
        changed += closeRotation(track.rotation, in, out, dt, span, fps);
        changed += closeVec3(track.scale, in, out, dt, span, fps, nullptr);
    }
    return changed;
}

namespace {

// A number as a person reads it: no exponent ("8.88e-09" read as noise), two or three digits.
std::string readable(double v)
{
    std::ostringstream o;
    o << std::fixed;
    const double a = std::abs(v);
    if (a >= 100)
        o << std::setprecision(0) << v;
    else if (a >= 10)
        o << std::setprecision(1) << v;
    else if (a == 0)
        return "0";
    else if (a >= 0.01)
        o << std::setprecision(a >= 1 ? 2 : 3) << v;
    else
        return v < 0 ? "-0.00" : "less than 0.01";
    return o.str();
}

} // namespace

std::string describeSeam(const LoopSeam& seam, const std::string& unit)
{
    const auto at = [](const SeamWorst& w) { return w.bone.empty() ? std::string() : " (" + w.bone + ")"; };
    // Distances as a share of the character's height where it has one: the file's unit is not known
    // here, and "0.224" alone does not say of what.
    const auto distance = [&](const SeamWorst& w, const char* perSecond) {
        if (seam.height > 0)
            return readable(100 * w.value / seam.height) + "% of the height" + perSecond + at(w);
        return readable(w.value) + (unit.empty() ? std::string(" units") : unit) + perSecond + at(w);
    };
    const double share = seam.height > 0 ? seam.position.value / seam.height : seam.position.value;
    const double speedShare = seam.height > 0 ? seam.velocityJump.value / seam.height : seam.velocityJump.value;
    const bool poseMeets = seam.rotation.value < 0.05 && share < 1e-4;
    const bool speedMeets = seam.angularJump.value < 5 && speedShare < 0.01;
    std::string out = poseMeets ? "seamless: the last frame meets the first (within 0.05 deg and 0.01% of the height)"
                                : "pose " + readable(seam.rotation.value) + " deg apart" + at(seam.rotation) + " and " +
                                      distance(seam.position, "");
    if (poseMeets && speedMeets)
        return out + ", at the same speed";
    return out + "; speed jump " + readable(seam.angularJump.value) + " deg/s" + at(seam.angularJump) + " and " +
           distance(seam.velocityJump, " per second");
}

} // namespace bonescope
