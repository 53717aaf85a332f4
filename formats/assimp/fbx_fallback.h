#pragma once
// Which reader reads an FBX file. Assimp (in the helper process) stays the reader of the 7.x files
// it reads; files older than 7000 go straight to Bonescope's own reader (formats/fbx: Assimp 5
// refuses every one of them, "FBX-DOM unsupported, old format version"), and a 7.x file Assimp
// cannot read (a parse error, a crash or abort, a time or memory limit) is read by Bonescope's
// reader instead. When both fail, the error names both readers' reasons.
// BONESCOPE_FBX_READER=bonescope reads every FBX file with Bonescope's reader, =assimp every one with
// Assimp (no fallback): for comparing the two, and a way round a file one of them misreads.
#include <cstdint>
#include <functional>
#include <span>
#include <string>

#include "core/model/scene.h"

namespace bonescope {

// `viaAssimp` reads the file through the helper. `animations` false: a skeleton mesh (no clips).
// `path` names the file in messages ("" for bytes from no file). The result's format is "assimp",
// as for every other FBX file, so that saving and the window treat it alike. Throws ParseError.
Scene readFbxWithFallback(std::span<const uint8_t> bytes, const std::string& path, bool animations,
                          const std::function<Scene()>& viaAssimp);

} // namespace bonescope
