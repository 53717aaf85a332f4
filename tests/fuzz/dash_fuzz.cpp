// libFuzzer target for the Dash readers: DMF 1.5 and DMX 2.0 binaries (and their JSON forms, which
// the same input reaches when it starts with '{'). Any input must give a Scene or a ParseError.
#include <cstddef>
#include <cstdint>
#include <span>

#include "formats/dash/dash_format.h"
#include "formats/parse_error.h"

using namespace bonescope;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    static const auto formats = dashFormats();
    const std::span<const uint8_t> bytes(data, size);
    for (const auto& f : formats) {
        try {
            const Scene scene = f->read(bytes);
            (void)f->write(scene); // what was read must also write
        } catch (const ParseError&) {
        } catch (const WriteError&) {
        }
    }
    return 0;
}
