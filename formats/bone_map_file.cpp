#include "formats/bone_map_file.h"

#include <stdexcept>

#include "formats/file_io.h"

namespace bonescope {

BoneMap loadBoneMap(const std::string& path)
{
    const FileBytes file = FileBytes::open(path);
    const auto bytes = file.bytes();
    try {
        return BoneMap::fromJson(std::string_view(reinterpret_cast<const char*>(bytes.data()), bytes.size()));
    } catch (const std::exception& e) {
        throw std::runtime_error(path + ": " + e.what());
    }
}

void saveBoneMap(const BoneMap& map, const std::string& path)
{
    const std::string text = map.toJson();
    writeFileAtomic(path, {reinterpret_cast<const uint8_t*>(text.data()), text.size()});
}

} // namespace bonescope
