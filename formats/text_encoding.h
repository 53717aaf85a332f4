#pragma once
// Names and notes are bytes in every binary format (exporters write Latin-1, CP-1252, Shift-JIS);
// every text Bonescope writes (dump, pose, Dash JSON, glTF, BVH) must still be valid UTF-8. The
// scene keeps the exact bytes; text writers pass them through validUtf8().
#include <string>
#include <string_view>

namespace bonescope {

// True when `s` is well-formed UTF-8 (no overlong forms, surrogates or code points past U+10FFFF).
bool isValidUtf8(std::string_view s);

// `s` with each byte that does not start or continue a well-formed UTF-8 sequence replaced by
// U+FFFD; valid text comes back unchanged.
std::string validUtf8(std::string_view s);

} // namespace bonescope
