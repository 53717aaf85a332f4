#include "core/editing/bone_edits.h"

#include <algorithm>

#include "core/model/bone_name_index.h"

namespace bonescope {

namespace {

template <class T>
void holdFirst(Channel<T>& ch, double duration)
{
    if (ch.keys.empty())
        return;
    Key<T> first = ch.keys.front();
    first.time = 0;
    // The end key repeats the value: a segment flag asking to negate or hold would change it.
    Key<T> last = first;
    last.time = duration;
    last.flags &= ~(keyflag::Negate | keyflag::Hold);
    ch.keys = {first};
    if (duration > 0)
        ch.keys.push_back(last);
}

int depth(const Skeleton& s, int bone)
{
    int d = 0;
    for (int b = bone; b >= 0 && b < int(s.size()) && d <= int(s.size()); b = s.bones[size_t(b)].parent)
        ++d;
    return d;
}

} // namespace

size_t dropTracks(Animation& a, const BonePattern& bones)
{
    std::vector<int> newIndex(a.tracks.size(), -1);
    std::vector<Track> kept;
    for (size_t i = 0; i < a.tracks.size(); ++i)
        if (!bones.matches(a.tracks[i].name)) {
            newIndex[i] = int(kept.size());
            kept.push_back(std::move(a.tracks[i]));
        }
    const size_t dropped = a.tracks.size() - kept.size();
    a.tracks = std::move(kept);
    std::erase_if(a.modifiers, [&](BlendModifier& m) {
        if (m.track < 0 || m.track >= int(newIndex.size()) || newIndex[size_t(m.track)] < 0)
            return true;
        m.track = newIndex[size_t(m.track)];
        return false;
    });
    return dropped;
}

size_t freezeTracks(Animation& a, const BonePattern& bones)
{
    size_t frozen = 0;
    for (Track& t : a.tracks) {
        if (!bones.matches(t.name))
            continue;
        holdFirst(t.translation, a.duration);
        holdFirst(t.rotation, a.duration);
        holdFirst(t.scale, a.duration);
        holdFirst(t.visibility, a.duration);
        ++frozen;
    }
    return frozen;
}

int rootTrack(const Animation& a, const Skeleton& skeleton)
{
    int best = -1, bestDepth = 0;
    const BoneNameIndex names(skeleton);
    for (size_t i = 0; i < a.tracks.size(); ++i) {
        const int bone = names.find(a.tracks[i].name);
        if (bone < 0)
            continue;
        const int d = depth(skeleton, bone);
        if (best < 0 || d < bestDepth) {
            best = int(i);
            bestDepth = d;
        }
    }
    if (best >= 0)
        return best;
    for (size_t i = 0; i < a.tracks.size(); ++i)
        if (!a.tracks[i].translation.empty())
            return int(i);
    return a.tracks.empty() ? -1 : 0;
}

int offsetRoot(Animation& a, const Skeleton& skeleton, const glm::dvec3& offset)
{
    const int root = rootTrack(a, skeleton);
    if (root < 0)
        return -1;
    Vec3Channel& ch = a.tracks[size_t(root)].translation;
    if (ch.keys.empty()) {
        // Keys that replace the rest translation start from it; keys added to it start from zero.
        const bool added = ch.rules.offsetFromRest || a.blend.translation == TranslationBlend::AddToRest;
        const int bone = skeleton.find(a.tracks[size_t(root)].name);
        const glm::dvec3 rest = bone >= 0 && !added ? skeleton.bones[size_t(bone)].restTranslation : glm::dvec3(0.0);
        Vec3Key k;
        k.value = rest + offset;
        k.flags = ch.rules.segmentFlags ? keyflag::Active : 0;
        ch.keys.push_back(k);
        if (a.duration > 0) {
            k.time = a.duration;
            ch.keys.push_back(k);
        }
        return root;
    }
    for (auto&& k : ch.keys.edit())
        k.value += offset;
    return root;
}

} // namespace bonescope
