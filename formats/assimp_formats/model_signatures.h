#pragma once
// How the files of the game and modelling formats Bonescope reads through Assimp begin (beyond glTF,
// FBX and COLLADA: formats/assimp/assimp_format.h). Each function gives Assimp's reader hint (the
// extension that picks its importer) for bytes of its family, or "" for others. Plain byte checks,
// compiled also in the build without Assimp, so that it can say such a file needs Assimp.
#include <cstdint>
#include <span>
#include <string>

namespace bonescope::signatures {

std::string md5(std::span<const uint8_t> head);       // "md5mesh" or "md5anim" (an .md5camera: "")
std::string iqm(std::span<const uint8_t> head);       // "iqm"
std::string directX(std::span<const uint8_t> head);   // "x": text, binary or compressed
std::string milkshape(std::span<const uint8_t> head); // "ms3d"
std::string blitz3d(std::span<const uint8_t> head);   // "b3d"
std::string pmx(std::span<const uint8_t> head);       // "pmx" (MikuMikuDance's PMX 2.x)
std::string ogre(std::span<const uint8_t> head);      // "mesh" (binary) or "mesh.xml"
std::string halfLife(std::span<const uint8_t> head);  // "mdl": a GoldSrc model (IDST, version 10)
std::string csm(std::span<const uint8_t> head);       // "csm": CharacterStudio motion capture

} // namespace bonescope::signatures
