#pragma once
// A conversion down to the bytes of the output file, with the Second Life options: --optimize (an .anim
// with its static joints stripped and its keys reduced, and the sizes before and after) and --target
// secondlife (a BVH as the viewer's uploader expects it). Both bonescope-cli convert modes use it.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "formats/convert/convert_options.h"
#include "formats/format.h"

namespace bonescope {

struct OptimizeSummary {
    uint64_t bytesBefore = 0; // what the same conversion writes without --optimize
    uint64_t bytesAfter = 0;
    std::vector<std::string> removedJoints;
    size_t removedKeys = 0;
    double toleranceDegrees = 0, toleranceMetres = 0;
};

struct ConvertedFile {
    std::optional<OptimizeSummary> optimized; // with options.optimize
    std::optional<KeyReductionSummary> reduced; // with options.reduce

    // The write of the output file at `path` (UTF-8; "" when not known), decided once: what writing
    // there changes beyond the conversion's report (Format::placeAt: images embedded) and the bytes,
    // handed to a sink as the target's writer makes them (in pieces for formats whose files get big;
    // platform::writeFileAtomic writes each as it comes). The write throws WriteError.
    PlacedWrite placeAt(const std::string& path) const;
    // The whole output at once (for the file at `path`, when known).
    std::vector<uint8_t> bytes(const std::string& path = "") const;

    // What placeAt() writes: the target's writer on `scene`, or bytes already made (--optimize
    // measures its output, so it has them).
    const Format* target = nullptr;
    Scene scene;
    std::optional<std::vector<uint8_t>> made;
};

// Why `options` cannot make `target`'s files (optimising wants Second Life .anim, the upload BVH a
// BVH or .anim), or nothing when they can: a usage error, found before any file is read. The item's
// code says which choices clash, so that the command line names its options.
std::optional<ReportItem> optionsConflict(const ConvertOptions& options, const Format& target);

// prepareForTarget(), ready for the target's writer (`source` by value: a caller done with it moves it in). With options.optimize, --tolerance T (default 0.1) keeps
// rotations within T degrees and positions within T centimetres (0.1: 1 mm): one number for both, in
// proportions that suit an avatar, rather than T metres. Throws what those throw.
ConvertedFile convertFile(Scene source, const Format& target, const ConvertOptions& options,
                          Report& report);

// "optimized: 41125 -> 9876 bytes (saved 31249, 76%): 4 static joint(s) removed (a, b), 3900 key(s) ..."
std::string describe(const OptimizeSummary& s);

} // namespace bonescope
