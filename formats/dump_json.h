#pragma once
// The scene as JSON, as `bonescope-cli dump` prints it (documented in docs/dump-json.md).
#include <iosfwd>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/model/pose.h"
#include "core/model/scene.h"

namespace bonescope {

// Names are bytes; the JSON holds them as valid UTF-8 (invalid bytes become U+FFFD). Each name that
// had to change adds a line naming it to `warnings` (when given).

// One animation of the scene with the skeleton it carries. A changed bone, track or note name also
// gets its exact bytes as "nameBytes" (hex).
nlohmann::json dumpAnimation(const Scene& scene, int animationIndex, std::vector<std::string>* warnings = nullptr);
// The same JSON as jsonText(dumpAnimation(...), indent), written to `out` one bone at a time, so that
// the keys of the whole animation are never held as a JSON tree (a 100 MB file's dump would take
// gigabytes). `indent` < 0: compact.
void writeAnimationJson(std::ostream& out, const Scene& scene, int animationIndex, int indent,
                        std::vector<std::string>* warnings = nullptr);
// Local and world transforms of every bone (what `bonescope-cli pose` prints).
nlohmann::json dumpPose(const Skeleton& skeleton, const Pose& pose, double time,
                        std::vector<std::string>* warnings = nullptr);
// `name` as JSON text, with the same rule and warning ("bone 'x' ...": `what` says which kind).
nlohmann::json nameJson(const std::string& name, const char* what, std::vector<std::string>* warnings);

// The JSON as text; any other string that is not UTF-8 (a format's extra data) is written with
// U+FFFD instead of aborting.
std::string jsonText(const nlohmann::json& j, int indent);

} // namespace bonescope
