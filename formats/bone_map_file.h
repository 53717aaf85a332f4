#pragma once
// Bone-map files (docs/bone-map.md) on disk. The JSON itself is core's (BoneMap::fromJson/toJson);
// reading and writing the file is here, through the platform layer, so that core/ makes no OS calls
// and a bone map is saved like every other file: atomically, with every write checked.
#include <string>

#include "core/retarget/retarget.h"

namespace bonescope {

BoneMap loadBoneMap(const std::string& path);                  // errors name the file
void saveBoneMap(const BoneMap& map, const std::string& path); // atomic; errors name the file once

} // namespace bonescope
