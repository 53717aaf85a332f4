#include "core/editing/mirror_pose.h"

#include <algorithm>
#include <set>

#include "core/math/axis_conversion.h"
#include "core/playback/binding.h"
#include "core/model/bone_name_index.h"
#include "core/playback/sampler.h"

namespace bonescope {

namespace {

unsigned animatedChannels(const Animation& a, const Binding& binding, int bone)
{
    const int track = bone < int(binding.trackOfBone.size()) ? binding.trackOfBone[size_t(bone)] : -1;
    if (track < 0)
        return 0;
    const Track& t = a.tracks[size_t(track)];
    return (t.translation.empty() ? 0u : posechannel::Translation) | (t.rotation.empty() ? 0u : posechannel::Rotation) |
           (t.scale.empty() ? 0u : posechannel::Scale);
}

} // namespace

std::vector<KeyRef> mirrorPose(Animation& a, const Skeleton& skeleton, double time, int axis,
                               const std::vector<int>& bones, const std::vector<SidePair>& user)
{
    const int n = int(skeleton.size());
    std::vector<int> counterpart(static_cast<size_t>(n));
    const BoneNameIndex names(skeleton);
    for (int b = 0; b < n; ++b) {
        const int other = names.find(mirroredName(skeleton.bones[size_t(b)].name, user));
        counterpart[size_t(b)] = other >= 0 ? other : b;
    }
    // Both sides of every chosen bone, so that the pose stays whole: left takes right's and right left's.
    std::set<int> chosen;
    for (int b = 0; b < n; ++b)
        if (bones.empty() || std::find(bones.begin(), bones.end(), b) != bones.end()) {
            chosen.insert(b);
            chosen.insert(counterpart[size_t(b)]);
        }

    // The whole pose first: keying one bone must not change what its counterpart reads.
    std::vector<LocalTransform> local;
    Sampler(a, skeleton).sampleLocal(time, local);
    const Binding before = Binding::bind(a, skeleton);
    const AxisConversion reflect = AxisConversion::mirror(std::clamp(axis, 0, 2));

    std::vector<KeyRef> out;
    for (int b : chosen) {
        const int from = counterpart[size_t(b)];
        const unsigned channels = animatedChannels(a, before, b) | animatedChannels(a, before, from);
        if (!channels)
            continue;
        const LocalTransform& src = local[size_t(from)];
        LocalTransform mirrored = src;
        mirrored.translation = reflect.point(src.translation);
        mirrored.rotation = reflect.rotation(src.rotation);
        mirrored.scale = reflect.scaleVector(src.scale);
        // A track made for a bone that had none binds only after the edit: bind as we go.
        for (const KeyRef& k : keyPose(a, skeleton, Binding::bind(a, skeleton), b, time, mirrored, channels))
            out.push_back(k);
    }
    return out;
}

} // namespace bonescope
