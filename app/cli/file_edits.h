#pragma once
// `edit`'s operations on one file, in a fixed order whatever the command line's: drop joints, freeze
// joints, trim, time scale, mirror, offset, then the Second Life fields (priority, joint priorities,
// loop, ease in/out, hand pose), so that loop times are those of the finished clip; close loop then,
// on the clip's final loop; key reduction (--reduce-keys) last, on the finished keys.
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <glm/vec3.hpp>

#include "app/cli/cli.h"
#include "core/model/animation.h"
#include "core/editing/mirror.h"
#include "core/model/scene.h"
#include "formats/convert/reduce_keys.h"

namespace bonescope::cli {

struct FileEdits {
    std::optional<std::string> drop, freeze;                // bone name patterns (core/editing/bone_pattern.h)
    std::optional<std::pair<double, double>> trim;          // seconds
    std::optional<double> timeScale;
    bool mirror = false;
    int mirrorAxis = 0;                                     // of the common frame: 0 x (left/right)
    std::vector<SidePair> sidePairs;
    std::optional<glm::dvec3> offset;
    std::optional<std::string> rootMotion;                  // in-place | extract | restore (core/retarget/root_motion.h)
    std::optional<int> priority;                            // Second Life only, from here on
    std::vector<std::pair<std::string, int>> jointPriorities; // pattern, priority
    std::optional<LoopRange> loop;
    std::optional<double> easeIn, easeOut;
    std::optional<int> handPose;
    std::optional<KeyReductionRequest> reduce;
    std::optional<int> closeLoop;                           // frames to blend; 0: from the seam (core/editing/loop_seam.h)

    bool any() const;
};

// Reads the edit options; Ok, or Usage after writing the message.
int parseFileEdits(const Args& a, FileEdits& edits, Io io);

// Applies every edit that the file's format holds to each of its animations. A line per edit that
// could not be applied ("--priority: not in this format (SEAnim v1)", "--drop-joints 'x*': no joint
// matches") goes to `report`. Returns the number of edits applied. Throws std::runtime_error when an
// edit is refused as a whole (a mirror that would give two tracks one name).
size_t applyFileEdits(Scene& scene, const std::string& formatName, const FileEdits& edits,
                      std::vector<std::string>& report);

} // namespace bonescope::cli
