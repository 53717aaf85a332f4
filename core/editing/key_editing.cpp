#include "core/editing/key_editing.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

#include "core/playback/channel_access.h"

namespace bonescope {

namespace {

// Two times are the same key's within a thousandth of a frame: a key typed or snapped at frame 5 meets
// the file's key at frame 5 even where the format stores times quantised (Second Life: 1/65535 of the
// duration), instead of landing a few microseconds beside it.
double sameTime(const Animation& a)
{
    return a.fps > 0 && std::isfinite(a.fps) ? std::max(1e-9, 1e-3 / a.fps) : 1e-9;
}

bool validRef(const Animation& a, const KeyRef& k)
{
    return k.track >= 0 && k.track < int(a.tracks.size()) && k.index >= 0 &&
           size_t(k.index) < channelSize(a.tracks[k.track], k.channel);
}

// A key at the same time (within `same`) is replaced, keeping its own time.
template <class T>
int insertSorted(KeyList<T>& keys, Key<T> key, double same)
{
    const double* times = keys.times();
    const size_t i = size_t(std::lower_bound(times, times + keys.size(), key.time - same) - times);
    if (i < keys.size() && std::abs(keys.time(i) - key.time) <= same) {
        key.time = keys.time(i);
        keys.set(i, key);
        return int(i);
    }
    keys.insert(keys.begin() + std::ptrdiff_t(i), key);
    return int(i);
}

// Index of the key at time t (within sameTime), or -1.
int indexAtTime(const Animation& a, int track, ChannelKind c, double t)
{
    const double same = sameTime(a);
    return withChannel(a.tracks[track], c, [&](const auto& ch) {
        for (size_t k = 0; k < ch.keys.size(); ++k)
            if (std::abs(ch.keys.time(k) - t) <= same)
                return int(k);
        return -1;
    });
}

} // namespace

size_t channelSize(const Track& t, ChannelKind c)
{
    return withChannel(t, c, [](const auto& ch) { return ch.keys.size(); });
}

double keyTime(const Animation& a, const KeyRef& k)
{
    if (!validRef(a, k))
        return 0;
    return withChannel(a.tracks[k.track], k.channel, [&](const auto& ch) { return ch.keys.time(k.index); });
}

std::optional<AnyKeyValue> readKey(const Animation& a, const KeyRef& k)
{
    if (!validRef(a, k))
        return std::nullopt;
    return withChannel(a.tracks[k.track], k.channel, [&](const auto& ch) {
        const auto& key = ch.keys[k.index];
        return std::optional<AnyKeyValue>(AnyKeyValue{key.time, toAny(key.value), key.flags});
    });
}

std::vector<int> tracksOf(const std::vector<KeyRef>& keys)
{
    std::vector<int> out;
    out.reserve(keys.size());
    for (const KeyRef& k : keys)
        out.push_back(k.track);
    return out;
}

void setKeyValue(Animation& a, const KeyRef& k, const glm::dvec4& value)
{
    if (!validRef(a, k))
        return;
    withChannel(a.tracks[k.track], k.channel, [&](auto& ch) {
        auto v = ch.keys.value(k.index);
        fromAny(value, v);
        ch.keys.setValue(k.index, v);
    });
}

int insertKey(Animation& a, int track, ChannelKind c, double time, const glm::dvec4& value, uint32_t flags)
{
    if (track < 0 || track >= int(a.tracks.size()))
        return -1;
    return withChannel(a.tracks[track], c, [&](auto& ch) {
        typename std::decay_t<decltype(ch.keys)>::value_type key;
        key.time = time;
        fromAny(value, key.value);
        key.flags = flags;
        return insertSorted(ch.keys, key, sameTime(a));
    });
}

void deleteKeys(Animation& a, std::vector<KeyRef> keys)
{
    std::sort(keys.begin(), keys.end());
    keys.erase(std::unique(keys.begin(), keys.end()), keys.end());
    // Highest index first, so earlier indices stay valid.
    for (auto it = keys.rbegin(); it != keys.rend(); ++it)
        if (validRef(a, *it))
            withChannel(a.tracks[it->track], it->channel,
                        [&](auto& ch) { ch.keys.erase(ch.keys.begin() + it->index); });
}

std::vector<KeyRef> moveKeys(Animation& a, const std::vector<KeyRef>& keys, double dt, double snapFps)
{
    // Take the moved keys out of their channels, then put them back at their new times.
    struct Moving {
        size_t order;
        KeyRef ref;
        AnyKeyValue key;
    };
    std::vector<Moving> moving;
    std::set<KeyRef> seen;
    for (size_t i = 0; i < keys.size(); ++i) {
        if (!validRef(a, keys[i]) || !seen.insert(keys[i]).second)
            continue;
        moving.push_back({i, keys[i], *readKey(a, keys[i])});
    }
    std::vector<KeyRef> refs;
    for (const Moving& m : moving)
        refs.push_back(m.ref);
    deleteKeys(a, refs);

    std::vector<KeyRef> out(keys.size());
    std::vector<double> newTimes(keys.size(), 0);
    for (Moving& m : moving) {
        double t = std::max(0.0, m.key.time + dt);
        if (snapFps > 0)
            t = std::round(t * snapFps) / snapFps;
        const int index = insertKey(a, m.ref.track, m.ref.channel, t, m.key.value, m.key.flags);
        out[m.order] = {m.ref.track, m.ref.channel, index};
        newTimes[m.order] = t;
    }
    // Later insertions shift earlier ones: look the keys up again by time.
    for (size_t i = 0; i < out.size(); ++i)
        if (out[i].track >= 0)
            out[i].index = indexAtTime(a, out[i].track, out[i].channel, newTimes[i]);
    return out;
}

KeyClipboard copyKeys(const Animation& a, const std::vector<KeyRef>& keys)
{
    KeyClipboard clip;
    double earliest = HUGE_VAL;
    for (const KeyRef& k : keys)
        if (validRef(a, k))
            earliest = std::min(earliest, keyTime(a, k));
    for (const KeyRef& k : keys) {
        if (!validRef(a, k))
            continue;
        AnyKeyValue v = *readKey(a, k);
        v.time -= earliest;
        clip.items.push_back({a.tracks[k.track].name, k.channel, v});
    }
    return clip;
}

std::vector<KeyRef> pasteKeys(Animation& a, const KeyClipboard& clip, double time)
{
    std::vector<KeyRef> out;
    for (const auto& item : clip.items) {
        int track = a.findTrack(item.trackName);
        if (track < 0) {
            Track t;
            t.name = item.trackName;
            a.tracks.push_back(t);
            track = int(a.tracks.size()) - 1;
        }
        insertKey(a, track, item.channel, time + item.key.time, item.key.value, item.key.flags);
        out.push_back({track, item.channel, -1});
    }
    for (size_t i = 0; i < out.size(); ++i) // indices settle once every key is in
        out[i].index = indexAtTime(a, out[i].track, out[i].channel, time + clip.items[i].key.time);
    return out;
}

void setKeyFlags(Animation& a, const KeyRef& k, uint32_t flags)
{
    if (!validRef(a, k))
        return;
    withChannel(a.tracks[k.track], k.channel, [&](auto& ch) { ch.keys.setFlags(k.index, flags); });
}

PoseKeyValues keyValuesForPose(const Bone& bone, BlendMode mode, const KeyConvention& convention,
                               const LocalTransform& local)
{
    PoseKeyValues out;
    glm::dvec3 t = local.translation;
    if (mode.translation == TranslationBlend::AddToRest)
        t -= bone.restTranslation;
    glm::dquat q = local.rotation;
    if (mode.rotation == RotationBlend::AfterRest)
        q = q * glm::inverse(bone.restRotation);
    // The convention only flips signs, so it is its own inverse.
    out.translation = convention.apply(t);
    out.rotation = glm::normalize(convention.apply(q));
    out.scale = local.scale;
    return out;
}

namespace {

// Flags for a new key at `time`: those of the key before it, else after it, else Active when the
// channel reads flags.
template <class T>
uint32_t flagsForNewKey(const Channel<T>& ch, double time)
{
    if (ch.keys.empty())
        return ch.rules.segmentFlags ? keyflag::Active : 0;
    auto it = std::upper_bound(ch.keys.begin(), ch.keys.end(), time, [](double t, const Key<T>& k) { return t < k.time; });
    return it == ch.keys.begin() ? it->flags : std::prev(it)->flags;
}

} // namespace

std::vector<KeyRef> keyPose(Animation& a, const Skeleton& skeleton, const Binding& binding, int bone, double time,
                            const LocalTransform& local, unsigned channels)
{
    std::vector<KeyRef> out;
    if (bone < 0 || bone >= int(skeleton.size()))
        return out;
    int track = bone < int(binding.trackOfBone.size()) ? binding.trackOfBone[bone] : -1;
    if (track < 0) {
        Track t;
        t.name = skeleton.bones[bone].name;
        // New channels play like the animation's other channels of the same kind.
        for (const Track& other : a.tracks) {
            t.translation.rules = other.translation.rules;
            t.translation.rules.offsetFromRest = false; // a rule of that one bone, not of the kind
            t.rotation.rules = other.rotation.rules;
            t.scale.rules = other.scale.rules;
            break;
        }
        a.tracks.push_back(std::move(t));
        track = int(a.tracks.size()) - 1;
    }
    const BlendMode mode = bone < int(binding.blendOfBone.size()) ? binding.blendOfBone[bone] : a.blend;
    const PoseKeyValues v = keyValuesForPose(skeleton.bones[bone], mode, a.keyConvention, local);
    Track& t = a.tracks[track];
    if (channels & posechannel::Existing) {
        channels = 0;
        if (!t.translation.empty()) channels |= posechannel::Translation;
        if (!t.rotation.empty()) channels |= posechannel::Rotation;
        if (!t.scale.empty()) channels |= posechannel::Scale;
        if (!channels)
            channels = posechannel::Translation | posechannel::Rotation;
    }
    if (channels & posechannel::Translation)
        out.push_back({track, ChannelKind::Translation,
                       insertKey(a, track, ChannelKind::Translation, time, glm::dvec4(v.translation, 0),
                                 flagsForNewKey(a.tracks[track].translation, time))});
    if (channels & posechannel::Rotation)
        out.push_back({track, ChannelKind::Rotation,
                       insertKey(a, track, ChannelKind::Rotation, time,
                                 {v.rotation.x, v.rotation.y, v.rotation.z, v.rotation.w},
                                 flagsForNewKey(a.tracks[track].rotation, time))});
    if (channels & posechannel::Scale)
        out.push_back({track, ChannelKind::Scale,
                       insertKey(a, track, ChannelKind::Scale, time, glm::dvec4(v.scale, 0),
                                 flagsForNewKey(a.tracks[track].scale, time))});
    return out;
}

} // namespace bonescope
