// Any bytes into the Cast reader: it may throw ParseError, nothing else; what it reads must survive
// a write and a second read, and an unedited scene must write back the bytes it came from, whole and
// streamed. The partial reader of the game-model search (cast_partial.h) on the same bytes:
// ParseError or the whole read's skeleton.
#include <algorithm>
#include <cstdint>
#include <cstddef>
#include <cstdlib>
#include <vector>

#include "formats/byte_source.h"
#include "formats/cast/cast_format.h"
#include "formats/cast/cast_partial.h"
#include "formats/parse_error.h"

namespace {

bool sameBones(const bonescope::Skeleton& a, const bonescope::Skeleton& b)
{
    if (a.size() != b.size())
        return false;
    for (size_t i = 0; i < a.size(); ++i)
        if (a.bones[i].name != b.bones[i].name || a.bones[i].parent != b.bones[i].parent)
            return false;
    return true;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    bonescope::CastFormat f;
    bonescope::Skeleton whole;
    try {
        bonescope::Scene s = f.read({data, size});
        whole = s.skeleton;
        const auto bytes = f.write(s);
        if (bytes.size() != size || !std::equal(bytes.begin(), bytes.end(), data))
            std::abort();
        std::vector<uint8_t> streamed; // the streamed writer (convert, the window's save) gives the same
        const bonescope::ByteSink sink = [&](std::span<const uint8_t> piece) { streamed.insert(streamed.end(), piece.begin(), piece.end()); };
        f.writeTo(s, sink);
        if (streamed != bytes)
            std::abort();
        (void)f.read(bytes);
    } catch (const bonescope::ParseError&) {
    } catch (const bonescope::WriteError&) {
    }
    try {
        bonescope::MemorySource source({data, size});
        const auto partial = bonescope::cast::readModelSkeleton(source);
        // The whole read takes the first model with a skeleton or a mesh; the partial one the first
        // with a skeleton: the same model whenever the whole read found bones.
        if (!whole.empty() && (!partial || !sameBones(*partial, whole)))
            std::abort();
    } catch (const bonescope::ParseError&) {
    }
    return 0;
}
