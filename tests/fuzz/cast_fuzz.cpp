// Any bytes into the Cast reader: it may throw ParseError, nothing else; what it reads must survive
// a write and a second read, and an unedited scene must write back the bytes it came from.
#include <algorithm>
#include <cstdint>
#include <cstddef>
#include <cstdlib>

#include "formats/cast/cast_format.h"
#include "formats/parse_error.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    bonescope::CastFormat f;
    try {
        bonescope::Scene s = f.read({data, size});
        const auto bytes = f.write(s);
        if (bytes.size() != size || !std::equal(bytes.begin(), bytes.end(), data))
            std::abort();
        (void)f.read(bytes);
    } catch (const bonescope::ParseError&) {
    } catch (const bonescope::WriteError&) {
    }
    return 0;
}
