#include "formats/json_parse.h"

namespace bonescope {

void checkJsonNesting(std::span<const uint8_t> bytes)
{
    size_t depth = 0;
    bool inString = false;
    for (size_t i = 0; i < bytes.size(); ++i) {
        const uint8_t c = bytes[i];
        if (inString) {
            if (c == '\\')
                ++i;
            else if (c == '"')
                inString = false;
        } else if (c == '"') {
            inString = true;
        } else if (c == '[' || c == '{') {
            if (++depth > kMaxJsonNesting)
                throw ParseError("JSON nested deeper than " + std::to_string(kMaxJsonNesting) + " levels", i);
        } else if ((c == ']' || c == '}') && depth > 0) {
            --depth;
        }
    }
}

} // namespace bonescope
