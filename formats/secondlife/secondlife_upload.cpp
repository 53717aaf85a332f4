#include "formats/secondlife/secondlife_upload.h"

#include <algorithm>
#include <cmath>
#include <set>

#include "formats/secondlife/avatar_skeleton.h"
#include "formats/secondlife/secondlife_extra.h"

namespace bonescope::secondlife {

namespace {

// LLBVHLoader's ROTATION_MOTION_THRESHOLD, on |X*a - X*b| + |Y*a - Y*b| with the BVH's X and Y, which
// are the avatar's Y and Z.
constexpr double RotationMotionThreshold = 0.001;
// One 16-bit position step over [-5, 5] m.
constexpr double PositionStep = 10.0 / 65535.0;

bool rotationMoves(const glm::dquat& a, const glm::dquat& b)
{
    const glm::dvec3 y(0, 1, 0), z(0, 0, 1);
    return glm::length(a * y - b * y) + glm::length(a * z - b * z) > RotationMotionThreshold;
}

bool positionMoves(const glm::dvec3& a, const glm::dvec3& b)
{
    const glm::dvec3 d = glm::abs(a - b);
    return std::max({d.x, d.y, d.z}) > PositionStep * (1 + 1e-6);
}

size_t cstrBytes(const std::string& s) { return s.size() + 1; }

// Every key within `tolerance` of the first: that key alone plays the same (the viewer holds it).
template <class T, class Far>
size_t collapseConstant(Channel<T>& ch, Far far)
{
    if (ch.keys.size() < 2)
        return 0;
    for (const auto& k : ch.keys)
        if (far(ch.keys.front().value, k.value))
            return 0;
    const size_t removed = ch.keys.size() - 1;
    ch.keys.resize(1);
    return removed;
}

} // namespace

uint64_t encodedSize(const Animation& a, const SecondLifeExtra& x)
{
    // version, sub version, priority, duration, emote, loop in/out, loop, ease in/out, hand pose, joints
    uint64_t n = 2 + 2 + 4 + 4 + cstrBytes(x.emoteName) + 4 + 4 + 4 + 4 + 4 + 4 + 4;
    for (const Track& t : a.tracks)
        n += cstrBytes(t.name) + 4 + 4 + 8 * uint64_t(t.rotation.size()) + 4 + 8 * uint64_t(t.translation.size());
    n += 4 + ConstraintBytes * uint64_t(x.constraintCount < 0 && x.constraints.empty() ? 0 : x.constraints.size());
    return n + x.trailing.size();
}

bool isStaticJoint(const Track& t)
{
    const int j = findAvatarJoint(t.name);
    if (j < 0 || !isAnimatableJoint(t.name))
        return false;
    const Bone& rest = avatarSkeleton().bones[j];
    for (const QuatKey& k : t.rotation.keys)
        if (rotationMoves(k.value, rest.restRotation))
            return false;
    const glm::dvec3 restOffset = t.translation.rules.offsetFromRest ? glm::dvec3(0) : rest.restTranslation;
    for (const Vec3Key& k : t.translation.keys)
        if (positionMoves(k.value, restOffset))
            return false;
    return true;
}

std::vector<std::string> constraintJoints(const SecondLifeExtra& x)
{
    std::vector<std::string> out;
    if (x.constraintCount < 0 || x.constraintCount > MaxConstraints)
        return out;
    const Skeleton& avatar = avatarSkeleton();
    for (const SecondLifeConstraint& c : x.constraints) {
        int joint = findCollisionVolume(c.sourceName());
        for (int step = 0; joint >= 0 && step <= c.chainLength; ++step) {
            joint = avatar.bones[joint].parent;
            if (joint >= 0)
                out.push_back(avatar.bones[joint].name);
        }
    }
    return out;
}

UploadOptimization optimizeForUpload(Animation& a, const SecondLifeExtra& x, const ReductionTolerance& tolerance)
{
    UploadOptimization r;
    const std::vector<std::string> needed = constraintJoints(x);
    const std::set<std::string> keep(needed.begin(), needed.end());
    std::vector<Track> kept;
    for (Track& t : a.tracks) {
        if (isStaticJoint(t) && !keep.count(t.name))
            r.removedJoints.push_back(t.name);
        else
            kept.push_back(std::move(t));
    }
    if (kept.empty() && !a.tracks.empty()) { // all static: the file still needs one joint
        kept.push_back(std::move(a.tracks.front()));
        r.removedJoints.erase(r.removedJoints.begin());
    }
    a.tracks = std::move(kept);

    const auto farRotation = [&](const glm::dquat& p, const glm::dquat& q) {
        return rotationDistanceDegrees(p, q) > tolerance.rotationDegrees;
    };
    const auto farPosition = [&](const glm::dvec3& p, const glm::dvec3& q) {
        return glm::length(p - q) > tolerance.translation;
    };
    for (Track& t : a.tracks) {
        size_t n = collapseConstant(t.rotation, farRotation);
        r.removedKeys += n ? n : reduceChannel(t.rotation, tolerance.rotationDegrees);
        n = collapseConstant(t.translation, farPosition);
        r.removedKeys += n ? n : reduceChannel(t.translation, tolerance.translation);
    }
    return r;
}

LoopPointFaults loopPointFaults(const Animation& a)
{
    LoopPointFaults f;
    if (!a.loopRange)
        return f;
    const LoopRange& r = *a.loopRange;
    if (!std::isfinite(r.in) || !std::isfinite(r.out)) {
        f.notFinite = true;
        return f;
    }
    f.inOutside = r.in < 0 || r.in > a.duration;
    f.outOutside = r.out < 0 || r.out > a.duration;
    f.inAfterOut = r.in > r.out;
    return f;
}

} // namespace bonescope::secondlife
