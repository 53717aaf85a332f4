#pragma once
// A scene as binary glTF 2.0 (.glb), written by Bonescope itself: every bone a node (in skeleton
// order, so node i is bone i and reads back as it), one skinned mesh on a node of its own (several
// root bones under one node that is no bone), and every
// animation with its keys at their times and their interpolation (cubic splines with their
// tangents). Everything it writes passes the Khronos validator (tests/gltf_validator).
#include <cstdint>
#include <string>
#include <vector>

#include "core/model/scene.h"

namespace bonescope::gltf {

// glTF key times are never negative: a clip starting before 0 (an FBX take) is written shifted by
// -earliestKey() to start at 0, and reported. 0 when no key is before 0.
double earliestKey(const Animation& a);

// Throws WriteError for what glTF cannot hold (non-finite values, more than 65535 joints).
std::vector<uint8_t> writeGlb(const Scene& scene);

// A .glb file of JSON text and BIN chunk bytes (each padded to 4 bytes as the container asks).
// Throws WriteError beyond 4 GB.
std::vector<uint8_t> glbContainer(std::string json, std::vector<uint8_t> bin);

// What writeGlb() changes or leaves out, one sentence each (renamed bones, tracks that animate no
// bone, keys that fall on the same float time, visibility keys, normals that are not finite).
std::vector<std::string> glbWriteReport(const Scene& scene);

// The node extras that mark the node Bonescope hangs its mesh on, and the node it puts above several
// root bones (a skin's joints must share a root), which the reader leaves out.
constexpr const char* kMeshNodeMark = "bonescope-mesh";
constexpr const char* kSkinRootMark = "bonescope-skin-root";

} // namespace bonescope::gltf
