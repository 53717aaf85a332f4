// Any bytes into the LEGO Island .ani reader: it may throw ParseError, nothing else; what it reads
// must survive a write and a second read, and the camera must sample.
#include <cstddef>
#include <cstdint>

#include "formats/lego/lego_camera.h"
#include "formats/lego/lego_format.h"
#include "formats/parse_error.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    bonescope::LegoFormat f;
    try {
        (void)f.detect({data, size});
        (void)f.summarize({data, size});
        bonescope::Scene s = f.read({data, size});
        if (const auto* x = s.animations.front().extra.as<bonescope::LegoExtra>())
            (void)bonescope::sampleCamera(*x, 0.5);
        const auto bytes = f.write(s);
        (void)f.read(bytes);
    } catch (const bonescope::ParseError&) {
    } catch (const bonescope::WriteError&) {
    }
    return 0;
}
