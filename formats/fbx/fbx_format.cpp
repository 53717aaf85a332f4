#include "formats/fbx/fbx_format.h"

#include <string_view>

#include "formats/fbx/fbx_document.h"
#include "formats/fbx/fbx_scene.h"
#include "formats/parse_error.h"

namespace bonescope {

Capabilities FbxFormat::capabilities() const
{
    Capabilities c;
    c.write = false;
    c.embeddedSkeleton = true;
    c.mesh = true;
    c.multipleAnimations = true;
    return c;
}

bool FbxFormat::detect(std::span<const uint8_t> head) const
{
    if (fbx::isBinaryFbx(head))
        return true;
    const std::string_view t(reinterpret_cast<const char*>(head.data()), std::min<size_t>(head.size(), 4096));
    return t.find("FBXHeaderExtension:") != std::string_view::npos;
}

Scene FbxFormat::read(std::span<const uint8_t> bytes) const { return fbx::readFbx(bytes); }

std::vector<uint8_t> FbxFormat::write(const Scene&) const
{
    throw WriteError("FBX is read only: save as glTF (.glb) or another format Bonescope writes");
}

FileSummary FbxFormat::summarize(std::span<const uint8_t> bytes) const
{
    std::vector<std::string> warnings;
    FileSummary s = summarizeScene(fbx::readFbx(bytes, &warnings));
    s.details.push_back("FBX version: " + std::to_string(fbxVersionOf(bytes)));
    for (const std::string& w : warnings)
        s.details.push_back("warning: " + w);
    return s;
}

uint32_t fbxVersionOf(std::span<const uint8_t> bytes) { return fbx::versionOf(bytes); }

} // namespace bonescope
