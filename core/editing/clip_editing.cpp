#include "core/editing/clip_editing.h"

#include <algorithm>
#include <cmath>

#include "core/playback/channel_eval.h"

namespace bonescope {

namespace {

template <class F>
void forEachChannel(Track& t, F&& f)
{
    f(t.translation);
    f(t.rotation);
    f(t.scale);
    f(t.visibility);
}

template <class T>
bool hasKeyAt(const Channel<T>& ch, double t)
{
    for (const auto& k : ch.keys)
        if (std::abs(k.time - t) <= 1e-9)
            return true;
    return false;
}

// Keeps the keys in [start, end], adding sampled keys at both ends where the channel has motion
// crossing them.
template <class T>
void cutChannel(Channel<T>& ch, double start, double end)
{
    if (ch.keys.empty())
        return;
    std::optional<Key<T>> atStart, atEnd;
    if (!hasKeyAt(ch, start) && ch.keys.front().time < start)
        atStart = sampleKeyAt(ch, start);
    if (!hasKeyAt(ch, end) && ch.keys.back().time > end)
        atEnd = sampleKeyAt(ch, end);
    std::vector<Key<T>> kept;
    if (atStart)
        kept.push_back(*atStart);
    for (const auto& k : ch.keys)
        if (k.time >= start - 1e-9 && k.time <= end + 1e-9)
            kept.push_back(k);
    if (atEnd)
        kept.push_back(*atEnd);
    ch.keys = std::move(kept);
}

} // namespace

void scaleTime(Animation& a, double k)
{
    if (!(k > 0) || !std::isfinite(k))
        return;
    for (Track& t : a.tracks)
        forEachChannel(t, [&](auto& ch) {
            for (auto&& key : ch.keys.edit())
                key.time *= k;
        });
    for (Note& n : a.notes)
        n.time *= k;
    a.duration *= k;
    if (a.loopRange) {
        a.loopRange->in *= k;
        a.loopRange->out *= k;
    }
}

void setFrameRate(Animation& a, double fps, bool rescaleTimes)
{
    if (!(fps > 0) || !std::isfinite(fps))
        return;
    if (rescaleTimes && a.fps > 0)
        scaleTime(a, a.fps / fps);
    a.fps = fps;
}

bool keptByTrim(double time, double start, double end) { return time >= start - 1e-9 && time <= end + 1e-9; }

void trimClip(Animation& a, double start, double end)
{
    start = std::max(0.0, start);
    if (!(end > start))
        return;
    for (Track& t : a.tracks)
        forEachChannel(t, [&](auto& ch) {
            cutChannel(ch, start, end);
            for (auto&& k : ch.keys.edit())
                k.time = std::max(0.0, k.time - start);
        });
    std::vector<Note> notes;
    for (Note n : a.notes)
        if (keptByTrim(n.time, start, end)) {
            n.time = std::max(0.0, n.time - start);
            notes.push_back(n);
        }
    a.notes = std::move(notes);
    a.duration = end - start;
    if (a.loopRange) {
        a.loopRange->in = std::clamp(a.loopRange->in - start, 0.0, a.duration);
        a.loopRange->out = std::clamp(a.loopRange->out - start, 0.0, a.duration);
    }
}

void setDuration(Animation& a, double duration)
{
    if (!(duration >= 0) || !std::isfinite(duration))
        return;
    for (Track& t : a.tracks)
        forEachChannel(t, [&](auto& ch) { cutChannel(ch, 0.0, duration); });
    std::erase_if(a.notes, [&](const Note& n) { return n.time > duration + 1e-9; });
    a.duration = duration;
}

void reverseClip(Animation& a)
{
    const double d = a.duration;
    for (Track& t : a.tracks)
        forEachChannel(t, [&](auto& ch) {
            if (ch.rules.segmentFlags) {
                // Hold/Negate sit on the second key of their segment: after reversal that is the
                // key before it.
                constexpr uint32_t segmentBits = keyflag::Hold | keyflag::Negate;
                for (size_t i = 0; i + 1 < ch.keys.size(); ++i) {
                    const uint32_t moved = ch.keys.flags(i + 1) & segmentBits;
                    ch.keys.setFlags(i, (ch.keys.flags(i) & ~segmentBits) | moved);
                }
                if (!ch.keys.empty())
                    ch.keys.setFlags(ch.keys.size() - 1, ch.keys.back().flags & ~segmentBits);
            }
            ch.keys.reverse();
            for (auto&& k : ch.keys.edit())
                k.time = std::max(0.0, d - k.time);
        });
    for (Note& n : a.notes)
        n.time = std::max(0.0, d - n.time);
    std::reverse(a.notes.begin(), a.notes.end());
    if (a.loopRange)
        *a.loopRange = {d - a.loopRange->out, d - a.loopRange->in};
}

void resampleClip(Animation& a, double fps)
{
    if (!(fps > 0) || !std::isfinite(fps))
        return;
    const long long frames = std::llround(a.duration * fps) + 1;
    for (Track& t : a.tracks)
        forEachChannel(t, [&](auto& ch) {
            if (ch.keys.empty())
                return;
            std::remove_reference_t<decltype(ch.keys)> keys;
            keys.reserve(size_t(frames));
            for (long long f = 0; f < frames; ++f)
                if (auto k = sampleKeyAt(ch, f / fps))
                    keys.push_back(*k);
            ch.keys = std::move(keys);
        });
    a.fps = fps;
}

int addNote(Animation& a, double time, std::string name)
{
    auto it = std::upper_bound(a.notes.begin(), a.notes.end(), time, [](double t, const Note& n) { return t < n.time; });
    it = a.notes.insert(it, Note{time, std::move(name)});
    return int(it - a.notes.begin());
}

int renameNote(Animation& a, int index, std::string name)
{
    if (index < 0 || index >= int(a.notes.size()))
        return -1;
    a.notes[index].name = std::move(name);
    return index;
}

int moveNote(Animation& a, int index, double time)
{
    if (index < 0 || index >= int(a.notes.size()))
        return -1;
    std::string name = std::move(a.notes[index].name);
    a.notes.erase(a.notes.begin() + index);
    return addNote(a, std::max(0.0, time), std::move(name));
}

void deleteNote(Animation& a, int index)
{
    if (index >= 0 && index < int(a.notes.size()))
        a.notes.erase(a.notes.begin() + index);
}

} // namespace bonescope
