#pragma once
// A build without Assimp (BONESCOPE_ASSIMP=OFF, e.g. the Windows command line checked under Wine):
// FBX and COLLADA files are still recognised, by extension and signature, so that opening one says
// why it cannot be done instead of "unknown format". glTF is read and written by formats/gltf.
#include <memory>

#include "formats/format.h"

namespace bonescope {

// "built without Assimp: FBX/COLLADA are not available"
extern const char* const kWithoutAssimp;

// Registered in place of AssimpFormat: id "assimp"; read and write throw with kWithoutAssimp.
std::unique_ptr<Format> assimpAbsentFormat();

} // namespace bonescope
