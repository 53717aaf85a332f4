// The answer of the import helper (formats/import_wire.h) as Bonescope decodes it: any bytes must
// give a scene or a ParseError, never a crash or a huge allocation; a scene decoded re-encodes to
// bytes that decode to the same encoding again. Requests are decoded too (the helper's side).
#include <cstdio>
#include <cstdlib>

#include "formats/import_wire.h"
#include "formats/parse_error.h"

using namespace bonescope;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    try {
        (void)wire::decodeRequest({data, size});
    } catch (const ParseError&) {
    }
    wire::ImportAnswer answer;
    try {
        answer = wire::decodeAnswer({data, size});
    } catch (const ParseError&) {
        return 0;
    }
    if (!answer.ok)
        return 0;
    const std::vector<uint8_t> once = wire::encodeScene(answer.scene);
    try {
        const std::vector<uint8_t> twice = wire::encodeScene(wire::decodeAnswer(once).scene);
        if (twice != once) {
            std::fprintf(stderr, "a decoded scene does not re-encode to the same bytes\n");
            std::abort();
        }
    } catch (const ParseError& e) {
        std::fprintf(stderr, "a decoded scene re-encoded does not decode: %s\n", e.what());
        std::abort();
    }
    return 0;
}
