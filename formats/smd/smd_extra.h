#pragma once
// What an SMD file says that the common model does not keep: the file itself (text cannot be
// re-printed to the same bytes), the vertex flavour, the triangles' materials, the vertexanimation
// block, and the reader's warnings.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/model/format_extra.h"
#include "formats/smd/smd_format.h"

namespace bonescope {

struct SmdWarning {
    std::string message; // starts with "line N: "
    uint64_t offset = 0;
};

struct SmdExtra : FormatExtra {
    // The file as read and the fingerprint of what it meant (core/model/content_hash.h).
    std::vector<uint8_t> source;
    uint64_t sourceHash = 0;
    std::string version = "1";                 // as written
    std::optional<smd::Flavour> fileFlavour;   // from the vertex lines; none without triangles
    std::optional<smd::Flavour> writeFlavour;  // asked for (--smd-flavour); else the file's, else Source
    // Per triangle, an index into materialNames (the material line as written, trailing blanks cut).
    std::vector<std::string> materialNames;
    std::vector<uint32_t> triangleMaterials;
    std::string vertexAnimation; // the `vertexanimation` block, keyword to `end`, as written
    std::vector<long long> timeNumbers; // each frame's `time` number as written
    std::vector<SmdWarning> warnings;

    smd::Flavour flavour() const { return writeFlavour.value_or(fileFlavour.value_or(smd::Flavour::Source)); }
    std::unique_ptr<FormatExtra> clone() const override { return std::make_unique<SmdExtra>(*this); }
    void toJson(nlohmann::json& out) const override;
};

} // namespace bonescope
