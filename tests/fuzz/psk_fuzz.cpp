// Any bytes into the PSK and PSA readers (the first byte picks which): they may throw ParseError,
// nothing else; what one reads saves back to the very same bytes and reads again, its mesh indices
// and joints stay inside the mesh and the skeleton.
#include <cstddef>
#include <cstdint>
#include <algorithm>
#include <cstdlib>
#include <vector>

#include "formats/parse_error.h"
#include "formats/psk/psk_extra.h"
#include "formats/psk/psk_format.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    if (size == 0)
        return 0;
    const bonescope::PskFormat psk;
    const bonescope::PsaFormat psa;
    const bonescope::Format& f = data[0] & 1 ? static_cast<const bonescope::Format&>(psa) : psk;
    const std::span<const uint8_t> bytes(data + 1, size - 1);
    try {
        (void)f.detect(bytes);
        const bonescope::Scene s = f.read(bytes);
        (void)f.summarize(bytes);
        for (uint32_t i : s.mesh.indices)
            if (i >= s.mesh.positions.size())
                std::abort();
        for (size_t v = 0; v < s.mesh.joints.size(); ++v)
            for (int k = 0; k < 4; ++k)
                if (s.mesh.joints[v][k] >= s.skeleton.size() && s.mesh.weights[v][k] != 0)
                    std::abort();
        const std::vector<uint8_t> out = f.write(s);
        const auto* x = s.extra.as<bonescope::PskExtra>();
        if (x && x->standardKeyLayout && !std::equal(out.begin(), out.end(), bytes.begin(), bytes.end()))
            std::abort(); // an unedited file saves byte for byte
        (void)f.read(out);
    } catch (const bonescope::ParseError&) {
    } catch (const bonescope::WriteError&) {
    }
    return 0;
}
