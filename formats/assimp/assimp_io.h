#pragma once
// Every Assimp read goes through here, with an IOSystem that opens only the file being read and, for
// a .gltf opened from disk, plain relative files inside the .gltf's own folder (its external buffers).
// Never absolute paths, "..", URLs (data: URIs Assimp decodes itself), symlinks or anything but a
// regular file: a crafted file must not copy the user's other files into what they convert and share.
#include <cstdint>
#include <span>
#include <string>

#include <assimp/Importer.hpp>

#include "formats/confined_file.h" // folderOf, for AssimpSource::folder

struct aiScene;

namespace bonescope {

struct AssimpSource {
    std::span<const uint8_t> bytes; // the file being read
    std::string extension;          // Assimp's hint: "glb", "gltf", "fbx", "dae", "obj", ...
    std::string folder;             // UTF-8; empty: the file may name no other file
    // The file's own name (UTF-8, no folder) or "". Readers that look for files beside it by its name
    // (an MD5 mesh's .md5anim, a Half-Life MDL's T.mdl and sequence files) find them in `folder`.
    std::string name;
};

// Reads with `importer` (which owns the result). Throws ParseError: a refused or missing reference
// names its uri and why; otherwise Assimp's own reason.
const aiScene& readConfined(Assimp::Importer& importer, const AssimpSource& source, unsigned flags);

} // namespace bonescope
