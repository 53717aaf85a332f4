#pragma once
// SEAnim v1 (game tools' animation interchange): every type, precision, field width, modifiers,
// notes, the custom block, longer headers and trailing bytes.
#include "formats/format.h"

namespace bonescope {

class SeanimFormat : public Format {
public:
    std::string id() const override { return "seanim"; }
    std::string displayName() const override { return "SEAnim v1"; }
    std::vector<std::string> extensions() const override { return {"seanim"}; }
    Capabilities capabilities() const override;
    bool detect(std::span<const uint8_t> head) const override;
    Scene read(std::span<const uint8_t> bytes) const override;
    std::vector<uint8_t> write(const Scene& scene) const override;
    void writeTo(const Scene& scene, const ByteSink& out) const override;
    FileSummary summarize(std::span<const uint8_t> bytes) const override;
    bool readsInPieces() const override { return true; }
    Scene readPieces(ByteSource& source) const override;
    FileSummary summarizePieces(ByteSource& source) const override;
    // Warns about a last note name without its NUL terminator (read to the end of the file).
    std::vector<Finding> validate(const Scene& scene, const std::string& target) const override;
    // Baked common keys are full local transforms: written as type ABSOLUTE (seanim_writer.cpp).
    void fromCommon(Scene& scene, Report& report) const override;
};

} // namespace bonescope
