#pragma once
// The binary layouts of DMF 1.5 ("DASH") and DMX 2.0 ("DMX"): header, six attribute rows, record
// sizes. Both versions share the shape; the readers and writers switch on `v2` per record.
#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "formats/dash/dash_doc.h"

namespace bonescope::dash {

enum Section { SecTex = 0, SecMat, SecVert, SecFace, SecBone, SecAnim, SectionCount };

constexpr size_t HeaderBytes = 0x10;
constexpr size_t RowBytes = 0x10;

// Lower-case labels of 1.5 ("tex\0", "mat\0", "vert", "face", "bone", "anim") and upper-case ones
// of 2.0 ("TEX\0", ... "SKEL", "ANIM"); either case is accepted on reading.
uint32_t defaultLabel(Section s, bool v2);
bool labelMatches(uint32_t label, Section s, bool v2);
const char* sectionName(Section s, bool v2);

size_t recordSize(Section s, bool v2);
constexpr size_t TrackBytes15 = 0x30;
constexpr size_t KeyframeBytes20 = 0x20;

DashDoc readBinary(std::span<const uint8_t> bytes, bool v2);
std::vector<uint8_t> writeBinary(const DashDoc& doc, bool v2);

} // namespace bonescope::dash
