#pragma once
// The map from source bones to target bones, as a user saves it (docs/bone-map.md):
//   {"map": {"src": "dst", ...},
//    "chains": {"spine": {"source": ["Spine", "Spine1", "Spine2"], "target": ["spine_01", "spine_02"]}},
//    "settings": {"mode": "match-pose", "rootMotion": "keep", "legIk": false, "armIk": false, "footLock": false}}
// Only "map" is required (older files have nothing else). A bone is named by its name, or by its path
// from a root ("Armature/Hips/Spine") where two bones share a name. A chain pairs bones of two chains
// of different lengths, spread over each other (distributeChain()).
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/retarget/settings.h"
#include "core/model/skeleton.h"

namespace bonescope {

struct BoneChain {
    std::vector<std::string> source, target;
    bool operator==(const BoneChain&) const = default;
};

struct BoneMap {
    std::map<std::string, std::string> map;   // source bone -> target bone
    std::map<std::string, BoneChain> chains;  // by the user's name for the chain
    std::optional<RetargetSettings> settings; // the retarget's choices saved with the map

    static BoneMap fromJson(std::string_view text); // throws std::runtime_error saying what is wrong
    std::string toJson() const; // the file's text; formats/bone_map_file.h reads and writes files
};

// Pairs (source index, target index) for chains of `sourceCount` and `targetCount` bones, so that
// the last bones meet and the rest are spread evenly: a 3-bone spine onto 2 bones drives them from
// its 2nd and 3rd; a 2-bone spine onto 3 drives the 2nd and 3rd (the 1st follows the hips).
std::vector<std::pair<int, int>> distributeChain(int sourceCount, int targetCount);

// The bone `nameOrPath` names in `s`: a key of boneMapNames() ("A/B/C#2"), a path "A/B/C" from a
// root, else the exact name, else the name without case or namespace; -1 when none.
int resolveBone(const Skeleton& s, std::string_view nameOrPath);
// The path of bone `b` from its root ("Armature/Hips/Spine").
std::string bonePath(const Skeleton& s, int b);
// How a map names each bone of `s`: its name, or its path where another bone has the same name, and
// "#2", "#3"... after the path of a second, third sibling of one name: one key per bone.
std::vector<std::string> boneMapNames(const Skeleton& s);

// The map's bone pairs as indices (source bone, target bone), chains spread over each other. Throws
// std::runtime_error naming the bone when a name matches no bone of its rig, or a bone is mapped twice.
std::vector<std::pair<int, int>> resolveBoneMap(const BoneMap& map, const Skeleton& source, const Skeleton& target);

} // namespace bonescope
