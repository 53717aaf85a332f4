#include "formats/assimp/collada_curved_keys.h"

#include <algorithm>
#include <cmath>
#include <string_view>
#include <vector>

#include <assimp/scene.h>

#include "formats/assimp/assimp_matrix.h"
#include "formats/assimp/collada_curves.h"
#include "formats/key_rate.h"

namespace bonescope {

namespace {

struct Pose {
    aiVector3D scaling, position;
    aiQuaternion rotation;
};

// Decomposed as Assimp decomposes its own keys, so that both readings compare like for like.
Pose decomposed(const glm::dmat4& m)
{
    const aiMatrix4x4 a = toAi(glm::mat4(m));
    Pose p;
    a.Decompose(p.scaling, p.rotation, p.position);
    return p;
}

bool near(const aiVector3D& a, const aiVector3D& b)
{
    return (a - b).Length() <= 1e-4f * (1.0f + b.Length());
}

bool sameKey(const Pose& p, const aiNodeAnim& ch, unsigned k)
{
    const aiQuaternion& q = ch.mRotationKeys[k].mValue;
    const float dot = std::abs(p.rotation.w * q.w + p.rotation.x * q.x + p.rotation.y * q.y + p.rotation.z * q.z);
    return near(p.position, ch.mPositionKeys[k].mValue) && near(p.scaling, ch.mScalingKeys[k].mValue) && dot > 1.0f - 1e-5f;
}

// Assimp gives a COLLADA node one time list for its three key kinds.
bool oneTimeList(const aiNodeAnim& ch)
{
    if (ch.mNumPositionKeys == 0 || ch.mNumRotationKeys != ch.mNumPositionKeys || ch.mNumScalingKeys != ch.mNumPositionKeys)
        return false;
    for (unsigned k = 0; k < ch.mNumPositionKeys; ++k)
        if (ch.mRotationKeys[k].mTime != ch.mPositionKeys[k].mTime || ch.mScalingKeys[k].mTime != ch.mPositionKeys[k].mTime)
            return false;
    return true;
}

// Straight lines between keys stand for the curve within this much: a ten-thousandth of the
// translation, a hundredth of a degree.
bool chordHolds(const Pose& a, const Pose& b, const Pose& middle)
{
    const aiVector3D position = (a.position + b.position) * 0.5f, scaling = (a.scaling + b.scaling) * 0.5f;
    aiQuaternion rotation;
    aiQuaternion::Interpolate(rotation, a.rotation, b.rotation, 0.5f);
    const float reach = std::max({a.position.Length(), b.position.Length(), 1e-3f});
    // The angle between the two turns from the vector part of one undone by the other (float keeps
    // that part, where 1 - cos of a hundredth of a degree is below its precision).
    const aiQuaternion between = aiQuaternion(rotation.w, -rotation.x, -rotation.y, -rotation.z) * middle.rotation;
    const float angle = 2 * std::sqrt(between.x * between.x + between.y * between.y + between.z * between.z);
    return (position - middle.position).Length() <= 1e-4f * reach && (scaling - middle.scaling).Length() <= 1e-4f &&
           angle <= 1.75e-4f;
}

// Whether a curved segment of one of the node's channels covers time t.
bool onCurve(const ColladaCurves& curves, const ColladaNodeCurves& node, double t)
{
    for (const ColladaNodeCurves::Channel& c : node.channels) {
        const ColladaSampler& s = curves.samplers[c.sampler];
        if (!(t > s.times.front() && t < s.times.back()))
            continue;
        const size_t k = size_t(std::upper_bound(s.times.begin(), s.times.end(), t) - s.times.begin()) - 1;
        if (s.curvedAfter(k))
            return true;
    }
    return false;
}

struct TimedPose {
    double time;
    Pose pose;
};

// Keys between a and b (not including them) until straight lines hold the curve, halving at most
// four times (sixteen pieces of a frame).
void refine(const ColladaCurves& curves, const ColladaNodeCurves& node, const TimedPose& a, const TimedPose& b, int depth,
            std::vector<TimedPose>& out)
{
    const double t = (a.time + b.time) / 2;
    const TimedPose middle{t, decomposed(curves.localAt(node, t))};
    if (depth == 0 || chordHolds(a.pose, b.pose, middle.pose))
        return;
    refine(curves, node, a, middle, depth - 1, out);
    out.push_back(middle);
    refine(curves, node, middle, b, depth - 1, out);
}

// Whether the node's keys were computed again.
bool recompute(aiNodeAnim& ch, const ColladaCurves& curves, const ColladaNodeCurves& node, double ticks, double rate)
{
    if (!oneTimeList(ch))
        return false;
    const unsigned last = ch.mNumPositionKeys - 1;
    for (const unsigned k : {0u, last})
        if (!sameKey(decomposed(curves.localAt(node, ch.mPositionKeys[k].mTime / ticks)), ch, k))
            return false;
    // Assimp's key times, and every frame inside a curved segment.
    std::vector<double> times;
    for (unsigned k = 0; k <= last; ++k)
        times.push_back(ch.mPositionKeys[k].mTime / ticks);
    const size_t most = std::max<size_t>(size_t(16) * times.size(), 100000);
    for (const ColladaNodeCurves::Channel& c : node.channels) {
        const ColladaSampler& s = curves.samplers[c.sampler];
        for (size_t k = 0; k + 1 < s.times.size(); ++k) {
            if (!s.curvedAfter(k))
                continue;
            const double first = std::floor(s.times[k] * rate) + 1, end = std::ceil(s.times[k + 1] * rate);
            if (end - first > double(most))
                return false;
            for (double f = first; f < end; ++f)
                times.push_back(f / rate);
            if (times.size() > most)
                return false;
        }
    }
    std::sort(times.begin(), times.end());
    times.erase(std::unique(times.begin(), times.end(), [](double a, double b) { return b - a < 1e-9; }), times.end());
    // Between them, more where the curve bends away from a straight line (keys are played straight).
    std::vector<TimedPose> keys;
    for (size_t k = 0; k < times.size(); ++k) {
        const TimedPose here{times[k], decomposed(curves.localAt(node, times[k]))};
        if (k > 0 && onCurve(curves, node, (times[k - 1] + times[k]) / 2)) {
            const TimedPose before = keys.back();
            refine(curves, node, before, here, 4, keys);
        }
        keys.push_back(here);
        if (keys.size() > 16 * most)
            return false;
    }
    const unsigned n = unsigned(keys.size());
    auto* positions = new aiVectorKey[n];
    auto* rotations = new aiQuatKey[n];
    auto* scalings = new aiVectorKey[n];
    for (unsigned k = 0; k < n; ++k) {
        Pose& p = keys[k].pose;
        if (k > 0) { // the same turn as the key before, not its opposite sign
            const aiQuaternion& before = rotations[k - 1].mValue;
            if (before.w * p.rotation.w + before.x * p.rotation.x + before.y * p.rotation.y + before.z * p.rotation.z < 0)
                p.rotation = aiQuaternion(-p.rotation.w, -p.rotation.x, -p.rotation.y, -p.rotation.z);
        }
        const double time = keys[k].time * ticks;
        positions[k] = aiVectorKey(time, p.position);
        rotations[k] = aiQuatKey(time, p.rotation);
        scalings[k] = aiVectorKey(time, p.scaling);
    }
    delete[] ch.mPositionKeys;
    delete[] ch.mRotationKeys;
    delete[] ch.mScalingKeys;
    ch.mPositionKeys = positions;
    ch.mRotationKeys = rotations;
    ch.mScalingKeys = scalings;
    ch.mNumPositionKeys = ch.mNumRotationKeys = ch.mNumScalingKeys = n;
    return true;
}

bool mentionsCurves(std::span<const uint8_t> bytes)
{
    const std::string_view text(reinterpret_cast<const char*>(bytes.data()), bytes.size());
    return text.find("BEZIER") != std::string_view::npos || text.find("HERMITE") != std::string_view::npos;
}

} // namespace

std::vector<double> playColladaCurves(aiScene& ai, std::span<const uint8_t> bytes)
{
    std::vector<double> rates(ai.mNumAnimations, 0.0);
    if (ai.mNumAnimations == 0 || !mentionsCurves(bytes))
        return rates;
    const std::optional<ColladaCurves> curves = readColladaCurves(bytes);
    if (!curves)
        return rates;
    for (unsigned a = 0; a < ai.mNumAnimations; ++a) {
        aiAnimation* anim = ai.mAnimations[a];
        if (!anim)
            continue;
        const double ticks = anim->mTicksPerSecond > 0 ? anim->mTicksPerSecond : 1.0;
        std::vector<std::vector<double>> keyTimes;
        for (unsigned c = 0; c < anim->mNumChannels; ++c)
            if (const aiNodeAnim* ch = anim->mChannels[c]) {
                std::vector<double>& times = keyTimes.emplace_back();
                for (unsigned k = 0; k < ch->mNumPositionKeys; ++k)
                    times.push_back(ch->mPositionKeys[k].mTime / ticks);
            }
        const double rate = rateFromKeyTimes(keyTimes);
        for (unsigned c = 0; c < anim->mNumChannels; ++c) {
            aiNodeAnim* ch = anim->mChannels[c];
            if (!ch)
                continue;
            const auto node = curves->nodes.find(ch->mNodeName.C_Str());
            if (node != curves->nodes.end() && recompute(*ch, *curves, node->second, ticks, rate))
                rates[a] = rate;
        }
    }
    return rates;
}

} // namespace bonescope
