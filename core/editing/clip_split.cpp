#include "core/editing/clip_split.h"

#include <algorithm>
#include <cmath>

#include "core/editing/clip_editing.h"

namespace bonescope {

namespace {

constexpr double kSameTime = 1e-9;

std::string baseName(const Animation& a) { return a.name.empty() ? std::string("clip") : a.name; }

std::string rangeName(const Animation& a, double start, double end)
{
    return baseName(a) + "_" + std::to_string(frameAt(a, start)) + "-" + std::to_string(frameAt(a, end));
}

// The part [start, end] of `a`; `lastPiece` keeps a note at `end` (otherwise it starts the next piece).
Animation piece(const Animation& a, double start, double end, bool lastPiece)
{
    Animation p = a;
    trimClip(p, start, end);
    if (!lastPiece)
        std::erase_if(p.notes, [&](const Note& n) { return n.time >= p.duration - kSameTime; });
    // A loop range that lay wholly outside the piece would leave an empty loop: the piece loops whole.
    if (a.loopRange && p.loopRange && !(p.loopRange->out > p.loopRange->in) && a.loopRange->out > a.loopRange->in)
        p.loopRange = LoopRange{0, p.duration};
    return p;
}

} // namespace

long long frameAt(const Animation& a, double seconds)
{
    return a.fps > 0 && std::isfinite(seconds) ? std::llround(seconds * a.fps) : 0;
}

double timeOfFrame(const Animation& a, long long frame) { return a.fps > 0 ? double(frame) / a.fps : 0; }

std::string badCuts(const Animation& a, const std::vector<double>& cuts)
{
    const auto frame = [&](double t) { return "frame " + std::to_string(frameAt(a, t)); };
    const std::string clip = "the clip '" + baseName(a) + "' has frames 0 to " + std::to_string(a.frameCount() - 1);
    if (cuts.empty())
        return "no place to cut the clip '" + baseName(a) + "' at";
    for (size_t i = 0; i < cuts.size(); ++i) {
        if (!std::isfinite(cuts[i]) || cuts[i] <= kSameTime || cuts[i] >= a.duration - kSameTime)
            return "cannot cut at " + frame(cuts[i]) + ": " + clip + ", and a cut must lie strictly inside it";
        if (i > 0 && cuts[i] <= cuts[i - 1] + kSameTime)
            return "cannot cut at " + frame(cuts[i]) + " after " + frame(cuts[i - 1]) + ": give the cuts in increasing order, each once";
    }
    return {};
}

std::vector<Animation> splitClip(const Animation& a, const std::vector<double>& cuts, const std::vector<std::string>& names)
{
    std::vector<double> bounds = {0.0};
    bounds.insert(bounds.end(), cuts.begin(), cuts.end());
    bounds.push_back(a.duration);
    std::vector<Animation> pieces;
    std::vector<std::string> taken;
    for (size_t i = 0; i + 1 < bounds.size(); ++i) {
        Animation p = piece(a, bounds[i], bounds[i + 1], i + 2 == bounds.size());
        const std::string wanted = i < names.size() && !names[i].empty() ? names[i] : rangeName(a, bounds[i], bounds[i + 1]);
        p.name = uniqueName(wanted, taken);
        pieces.push_back(std::move(p));
    }
    return pieces;
}

NoteCuts noteCuts(const Animation& a)
{
    NoteCuts c;
    c.names.push_back(a.name);
    std::vector<Note> notes = a.notes;
    std::stable_sort(notes.begin(), notes.end(), [](const Note& x, const Note& y) { return x.time < y.time; });
    for (const Note& n : notes) {
        if (n.time <= kSameTime || n.time >= a.duration - kSameTime) {
            if (n.time <= kSameTime && c.times.empty() && c.names.front() == a.name && !n.name.empty())
                c.names.front() = n.name; // a note at the start names the first piece
            continue;
        }
        if (!c.times.empty() && n.time <= c.times.back() + kSameTime)
            continue; // another note at the same cut
        c.times.push_back(n.time);
        c.names.push_back(n.name);
    }
    return c;
}

Animation extractRange(const Animation& a, double start, double end)
{
    Animation p = piece(a, start, end, true);
    p.name = rangeName(a, start, end);
    return p;
}

Scene sceneWithClip(const Scene& scene, Animation clip)
{
    Scene s;
    s.format = scene.format;
    s.skeleton = scene.skeleton;
    s.mesh = scene.mesh;
    s.extra = scene.extra;
    s.animations.push_back(std::move(clip));
    s.current = 0;
    return s;
}

std::string uniqueName(const std::string& base, std::vector<std::string>& taken)
{
    std::string name = base;
    for (int n = 2; std::find(taken.begin(), taken.end(), name) != taken.end(); ++n)
        name = base + "_" + std::to_string(n);
    taken.push_back(name);
    return name;
}

} // namespace bonescope
