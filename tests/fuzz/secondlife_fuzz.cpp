// Any bytes into the Second Life .anim reader: it may throw ParseError, nothing else; what it reads
// must survive a write, a second read and the validator.
#include <cstddef>
#include <cstdint>

#include "formats/parse_error.h"
#include "formats/secondlife/secondlife_format.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    bonescope::SecondLifeFormat f;
    try {
        (void)f.detect({data, size});
        (void)f.summarize({data, size});
        bonescope::Scene s = f.read({data, size});
        (void)f.validate(s, "secondlife");
        const auto bytes = f.write(s);
        (void)f.read(bytes);
    } catch (const bonescope::ParseError&) {
    } catch (const bonescope::WriteError&) {
    }
    return 0;
}
