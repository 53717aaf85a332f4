#pragma once
// The JSON forms of DMF 1.5 ({"format": "DASH", "version": "1.5", ...}) and DMX 2.0
// ({"type": "DashModelExchange", ...}). Keys the model does not hold are kept and written back.
#include <cstdint>
#include <span>
#include <vector>

#include "formats/dash/dash_doc.h"

namespace bonescope::dash {

// Parses the text; JSON syntax errors name the byte offset, wrong types and missing fields name the
// JSON path (e.g. animations[0].tracks[3].time).
DashDoc readJson(std::span<const uint8_t> bytes, bool v2);
std::vector<uint8_t> writeJson(const DashDoc& doc, bool v2);

// True when the text is a JSON object of that form (checked on the first bytes only).
bool looksLikeJson(std::span<const uint8_t> head, bool v2);

} // namespace bonescope::dash
