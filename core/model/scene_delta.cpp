#include "core/model/scene_delta.h"

#include <algorithm>
#include <cstring>
#include <type_traits>
#include <utility>

namespace bonescope {

namespace {

// KeyList's == compares each field's bytes, not its value: -0 against 0, or a NaN's payload, is a
// change (saving is byte-exact).
template <class T>
bool sameChannel(const Channel<T>& a, const Channel<T>& b)
{
    return a.rules == b.rules && a.keys == b.keys;
}

bool sameTrack(const Track& a, const Track& b)
{
    return a.name == b.name && a.flags == b.flags && sameChannel(a.translation, b.translation) &&
           sameChannel(a.rotation, b.rotation) && sameChannel(a.scale, b.scale) &&
           sameChannel(a.visibility, b.visibility);
}

template <class F>
void forEachChannel(Track& t, F f)
{
    f(t.translation.keys);
    f(t.rotation.keys);
    f(t.scale.keys);
    f(t.visibility.keys);
}

// Frees a track's keys (`keys = {}` would keep their memory: it assigns an empty list).
void dropKeys(Track& t)
{
    forEachChannel(t, [](auto& keys) { std::decay_t<decltype(keys)>().swap(keys); });
}

// Moves the keys of `from`'s channels into `to`'s (which have none).
void moveKeys(Track& from, Track& to)
{
    to.translation.keys = std::move(from.translation.keys);
    to.rotation.keys = std::move(from.rotation.keys);
    to.scale.keys = std::move(from.scale.keys);
    to.visibility.keys = std::move(from.visibility.keys);
    dropKeys(from);
}

bool sameShape(const Scene& a, const Scene& b)
{
    if (a.animations.size() != b.animations.size())
        return false;
    for (size_t i = 0; i < a.animations.size(); ++i)
        if (a.animations[i].tracks.size() != b.animations[i].tracks.size())
            return false;
    return true;
}

} // namespace

SceneDelta::SceneDelta(const Scene& before, Scene after) : other_(std::move(after))
{
    if (!sameShape(before, other_))
        return;
    shared_.resize(before.animations.size());
    for (size_t a = 0; a < before.animations.size(); ++a) {
        const auto& was = before.animations[a].tracks;
        const auto& now = other_.animations[a].tracks;
        shared_[a].resize(was.size());
        for (size_t t = 0; t < was.size(); ++t)
            shared_[a][t] = sameTrack(was[t], now[t]);
    }
}

SceneDelta SceneDelta::replacingTracks(int animation, std::vector<std::pair<int, Track>> tracks)
{
    SceneDelta d;
    d.animation_ = animation;
    d.tracks_ = std::move(tracks);
    return d;
}

void SceneDelta::apply(Scene& live)
{
    if (animation_ >= 0) {
        for (auto& [index, track] : tracks_)
            std::swap(live.animations.at(size_t(animation_)).tracks.at(size_t(index)), track);
        return;
    }
    std::swap(live, other_);
    for (size_t a = 0; a < shared_.size(); ++a) {
        auto& liveTracks = live.animations[a].tracks;
        auto& otherTracks = other_.animations[a].tracks;
        for (size_t t = 0; t < shared_[a].size(); ++t) {
            if (!shared_[a][t])
                continue;
            if (otherWhole_) // the first apply: both sides hold the track; keep the live one's
                dropKeys(otherTracks[t]);
            else
                moveKeys(otherTracks[t], liveTracks[t]);
        }
    }
    otherWhole_ = false;
}

bool SceneDelta::absorb(const SceneDelta& next)
{
    if (animation_ >= 0 || next.animation_ >= 0) {
        if (animation_ != next.animation_)
            return false;
        // A track only `next` replaced was, before this step, as `next` holds it.
        for (const auto& entry : next.tracks_) { // not a structured binding: clang 14 cannot capture one
            const bool mine = std::any_of(tracks_.begin(), tracks_.end(), [&](const auto& p) { return p.first == entry.first; });
            if (!mine)
                tracks_.push_back(entry);
        }
        return true;
    }
    // Both applied: this step holds the state before it, `next` the state between the two.
    if (otherWhole_ || next.otherWhole_ || shared_.empty() || shared_.size() != next.shared_.size())
        return false;
    for (size_t a = 0; a < shared_.size(); ++a)
        if (shared_[a].size() != next.shared_[a].size())
            return false;
    for (size_t a = 0; a < shared_.size(); ++a)
        for (size_t t = 0; t < shared_[a].size(); ++t)
            if (shared_[a][t] && !next.shared_[a][t]) {
                // Unchanged by this step, changed by the next: its state before this step is the
                // state `next` holds.
                Track& mine = other_.animations[a].tracks[t];
                const Track& between = next.other_.animations[a].tracks[t];
                mine.translation.keys = between.translation.keys;
                mine.rotation.keys = between.rotation.keys;
                mine.scale.keys = between.scale.keys;
                mine.visibility.keys = between.visibility.keys;
                shared_[a][t] = false;
            }
    return true;
}

size_t SceneDelta::keysHeld() const
{
    auto held = [](const Track& t) {
        return t.translation.keys.capacity() + t.rotation.keys.capacity() + t.scale.keys.capacity() +
               t.visibility.keys.capacity();
    };
    size_t n = 0;
    for (const auto& [index, track] : tracks_)
        n += held(track);
    for (const Animation& a : other_.animations)
        for (const Track& t : a.tracks)
            n += held(t);
    return n;
}

} // namespace bonescope
