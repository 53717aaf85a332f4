#pragma once
// Valid COLLADA that Assimp 5.2 refuses, read anyway (be liberal in what is read).
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

namespace bonescope {

// A document without a <visual_scene> (an <asset> block only, as in Khronos' conformance files):
// valid, and holds nothing to show. Assimp says "File came out empty"; Bonescope opens it empty.
bool colladaHoldsNoScene(std::span<const uint8_t> bytes);

// Assimp's number lists refuse spaces before the first number ("<color>  0.0 0.0 0.0 1.0</color>",
// written by the Godot/Blender 2.6 COLLADA exporter): the same document with the spaces between a tag
// and a number taken out, or nothing when there are none. Whitespace before a number list means
// nothing in COLLADA, so the copy reads as the file says.
std::optional<std::vector<uint8_t>> colladaNumbersTrimmed(std::span<const uint8_t> bytes);

} // namespace bonescope
