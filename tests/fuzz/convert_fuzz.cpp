// Read -> convert -> re-read across every pair of formats: any bytes are read by the format the first
// byte picks; what was read is prepared for every format (as `bonescope-cli convert` does), written,
// and read back by that format. A conversion may refuse (an exception, as the CLI reports it); what
// Bonescope writes it must read back, so a ParseError from the second read is a finding (abort).
#include <cstdio>
#include <cstdlib>

#include "formats/convert/prepare.h"
#include "tests/fuzz/fuzz_input.h"

using namespace bonescope;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    const auto in = fuzz::read(data, size);
    if (!in)
        return 0;
    for (const auto& target : Registry::instance().formats()) {
        std::vector<uint8_t> written;
        try {
            Report report;
            written = target->write(prepareForTarget(in->scene, *target, {}, report));
        } catch (const std::exception&) {
            continue; // refused, with a message (WriteError or a conversion error)
        }
        try {
            (void)target->read(written);
        } catch (const ParseError& e) {
            std::fprintf(stderr, "%s -> %s: the output does not read back: %s\n", in->format->id().c_str(),
                         target->id().c_str(), e.what());
            std::abort();
        }
    }
    return 0;
}
