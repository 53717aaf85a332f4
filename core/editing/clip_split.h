#pragma once
// Cutting one clip into several: at given times, at its notes, or one range taken out. Each piece is
// trimClip() of the original over its range, so it plays as that part did, with its notes, frame
// rate, loop flag and format data (the animation's extra) carried over.
#include <string>
#include <vector>

#include "core/model/animation.h"
#include "core/model/scene.h"

namespace bonescope {

// The frame nearest `seconds` at the clip's rate, and the time of a frame.
long long frameAt(const Animation& a, double seconds);
double timeOfFrame(const Animation& a, long long frame);

// Why `cuts` (seconds) cannot split `a`, or "": each must lie strictly inside the clip (a cut at the
// start or the end would leave an empty piece), and they must increase.
std::string badCuts(const Animation& a, const std::vector<double>& cuts);

// The pieces between consecutive cuts (checked with badCuts first): piece i covers [cut i-1, cut i],
// and two neighbours share the frame at their cut. A note at a cut goes to the piece it starts. Piece
// i is named names[i] when given, else "<name>_<first frame>-<last frame>".
std::vector<Animation> splitClip(const Animation& a, const std::vector<double>& cuts,
                                 const std::vector<std::string>& names = {});

// Where the notes cut the clip: each time inside it that has notes, the piece from there named after
// its first note there; the piece before the first cut keeps the clip's name.
struct NoteCuts {
    std::vector<double> times;
    std::vector<std::string> names; // one more than times: the piece before the first cut first
};
NoteCuts noteCuts(const Animation& a);

// [start, end] seconds as a clip of its own, named "<name>_<first frame>-<last frame>".
Animation extractRange(const Animation& a, double start, double end);

// `scene` holding only `clip` (its skeleton, mesh and file-level data kept): one file per clip.
Scene sceneWithClip(const Scene& scene, Animation clip);

// `base`, or base with "_2", "_3"... when `taken` already has it; the name chosen is added to `taken`.
std::string uniqueName(const std::string& base, std::vector<std::string>& taken);

} // namespace bonescope
