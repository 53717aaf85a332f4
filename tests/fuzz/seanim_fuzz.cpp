// Any bytes into the SEAnim reader: it may throw ParseError, nothing else; what it reads must
// survive a write and a second read.
#include <cstdint>
#include <cstddef>

#include "formats/parse_error.h"
#include "formats/seanim/seanim_format.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    bonescope::SeanimFormat f;
    try {
        (void)f.summarize({data, size});
        bonescope::Scene s = f.read({data, size});
        const auto bytes = f.write(s);
        (void)f.read(bytes);
    } catch (const bonescope::ParseError&) {
    } catch (const bonescope::WriteError&) {
    }
    return 0;
}
