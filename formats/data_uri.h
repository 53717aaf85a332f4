#pragma once
// "data:MIME;base64,..." URIs: Dash JSON textures, glTF buffers.
#include <cstdint>
#include <string>
#include <vector>

namespace bonescope {

std::string encodeDataUri(const std::string& mime, const std::vector<uint8_t>& data);
// False when `uri` is not a base64 data URI or its payload is not base64.
bool decodeDataUri(const std::string& uri, std::string& mime, std::vector<uint8_t>& data);

} // namespace bonescope
