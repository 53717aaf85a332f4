// The Assimp path: any bytes imported as glTF/GLB/FBX/COLLADA (Assimp guesses the type from the
// content), then converted to .glb as `bonescope-cli convert` does and read back. Assimp itself is
// not instrumented (the system library); Bonescope's import and export code is. Read in this process
// (readWithAssimp, what the import helper runs), not through the helper: the fuzzer sees the code.
#include <cstdio>
#include <cstdlib>

#include "formats/assimp/assimp_format.h"
#include "formats/assimp/assimp_import.h"
#include "formats/convert/prepare.h"
#include "formats/parse_error.h"

using namespace bonescope;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    static const AssimpFormat format;
    Scene scene;
    try {
        const std::string hint = assimpFormatHint({data, size});
        if (hint.empty())
            return 0;
        scene = readWithAssimp({data, size}, hint, "", true);
    } catch (const ParseError&) {
        return 0;
    }
    std::vector<uint8_t> glb;
    try {
        Report report;
        glb = format.write(prepareForTarget(scene, format, {}, report));
    } catch (const std::exception&) {
        return 0; // refused, with a message
    }
    try {
        (void)readWithAssimp(glb, assimpFormatHint(glb), "", true);
    } catch (const ParseError& e) {
        std::fprintf(stderr, "the .glb written does not read back: %s\n", e.what());
        std::abort();
    }
    return 0;
}
