#include "formats/registry.h"

#include <algorithm>
#include <cctype>

#ifdef BONESCOPE_WITHOUT_ASSIMP
#include "formats/assimp/assimp_absent.h"
#else
#include "formats/assimp/assimp_format.h"
#endif
#include "formats/assimp_formats/assimp_formats.h"
#include "formats/bvh/bvh_format.h"
#include "formats/cast/cast_format.h"
#include "formats/dash/dash_format.h"
#include "formats/gltf/gltf_format.h"
#include "formats/fbx/fbx_format.h"
#include "formats/lego/lego_format.h"
#include "formats/platform/utf8_path.h"
#include "formats/psk/psk_format.h"
#include "formats/seanim/seanim_format.h"
#include "formats/secondlife/secondlife_format.h"
#include "formats/semodel/semodel_format.h"
#include "formats/smd/smd_format.h"

namespace bonescope {

Registry::Registry()
{
    // One line per format; detection tries them in this order.
    formats_.push_back(std::make_unique<SeanimFormat>());
    formats_.push_back(std::make_unique<SecondLifeFormat>());
    formats_.push_back(std::make_unique<LegoFormat>());
    for (auto& f : dashFormats()) // DMF 1.5 / DMX 2.0, binary and JSON
        formats_.push_back(std::move(f));
    formats_.push_back(std::make_unique<BvhFormat>());
    formats_.push_back(std::make_unique<CastFormat>());
    formats_.push_back(std::make_unique<SemodelFormat>());
    formats_.push_back(std::make_unique<SmdFormat>());
    formats_.push_back(std::make_unique<PskFormat>()); // Unreal ActorX model (ACTRHEAD)
    formats_.push_back(std::make_unique<PsaFormat>()); // Unreal ActorX animations (ANIMHEAD)
    // glTF by Bonescope's own reader; Assimp ("assimp") still reads it when asked by id.
    formats_.push_back(std::make_unique<GltfFormat>());
    for (auto& f : assimpReadFormats()) // MD5, IQM, DirectX .x, MilkShape, ...: after our own readers
        formats_.push_back(std::move(f));
    // Bonescope's own FBX reader: after Assimp, which stays the FBX reader of the files it reads and
    // hands the others to this one (assimp_format.cpp); chosen by `--format fbx`. Without Assimp it
    // is the FBX reader, before the format that says glTF and COLLADA are not in this build.
#ifdef BONESCOPE_WITHOUT_ASSIMP
    formats_.push_back(std::make_unique<FbxFormat>());
    formats_.push_back(assimpAbsentFormat()); // says glTF, FBX and COLLADA are not in this build
#else
    formats_.push_back(std::make_unique<AssimpFormat>()); // glTF, FBX, COLLADA; after our own formats
    formats_.push_back(std::make_unique<FbxFormat>());
#endif
}

const Registry& Registry::instance()
{
    static const Registry r;
    return r;
}

std::string extensionOf(const std::string& path)
{
    std::string ext = platform::utf8String(platform::utf8Path(path).extension());
    if (!ext.empty() && ext[0] == '.')
        ext.erase(0, 1);
    std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    return ext;
}

const Format* Registry::byId(const std::string& id) const
{
    for (const auto& f : formats_)
        if (f->id() == id)
            return f.get();
    return nullptr;
}

const Format* Registry::writerOf(const Format* read) const
{
    if (read && read->id() == "assimp")
        return byId("gltf");
    return read;
}

const Format* Registry::byExtension(const std::string& path) const
{
    const std::string ext = extensionOf(path);
    for (const auto& f : formats_)
        for (const auto& e : f->extensions())
            if (e == ext)
                return f.get();
    return nullptr;
}

const Format* Registry::detect(std::span<const uint8_t> bytes, const std::string& path) const
{
    const std::string ext = extensionOf(path);
    // A format claiming both the extension and the content wins over one claiming the content only.
    const Format* contentOnly = nullptr;
    for (const auto& f : formats_) {
        if (!f->detect(bytes))
            continue;
        const auto exts = f->extensions();
        if (std::find(exts.begin(), exts.end(), ext) != exts.end())
            return f.get();
        if (!contentOnly)
            contentOnly = f.get();
    }
    return contentOnly;
}

} // namespace bonescope
