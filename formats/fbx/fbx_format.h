#pragma once
// FBX read by Bonescope itself (formats/fbx), without Assimp: binary and ASCII, 6.x and 7.x.
// Registered after the Assimp format, which stays the reader of the FBX files it reads: this one
// reads what Assimp refuses or crashes on (assimp_format.cpp), is chosen with `--format fbx`, and
// is the FBX reader of a build without Assimp. It writes nothing.
#include "formats/format.h"

namespace bonescope {

class FbxFormat : public Format {
public:
    std::string id() const override { return "fbx"; }
    std::string displayName() const override { return "FBX (Bonescope's reader)"; }
    std::vector<std::string> extensions() const override { return {"fbx"}; }
    Capabilities capabilities() const override;
    bool detect(std::span<const uint8_t> head) const override;
    Scene read(std::span<const uint8_t> bytes) const override;
    std::vector<uint8_t> write(const Scene& scene) const override;
    FileSummary summarize(std::span<const uint8_t> bytes) const override;
};

// The FBX version in the header (binary) or header block / first comment line (ASCII); 0 if none.
uint32_t fbxVersionOf(std::span<const uint8_t> bytes);

} // namespace bonescope
