#include "formats/base_layer_file.h"

#include <charconv>
#include <stdexcept>
#include <system_error>

#include "formats/file_io.h"
#include "formats/format.h"
#include "formats/platform/utf8_path.h"

namespace bonescope {

BaseSpec splitBaseSpec(const std::string& spec)
{
    const size_t colon = spec.rfind(':');
    std::error_code ec;
    if (colon == std::string::npos || colon == 0 || std::filesystem::exists(platform::utf8Path(spec), ec) ||
        spec.find_first_of("/\\", colon) != std::string::npos)
        return {spec, {}};
    return {spec.substr(0, colon), spec.substr(colon + 1)};
}

int findAnimation(const Scene& scene, const std::string& which)
{
    if (which.empty())
        return scene.animations.empty() ? -1 : 0;
    for (size_t i = 0; i < scene.animations.size(); ++i)
        if (scene.animations[i].name == which)
            return int(i);
    size_t n = 0;
    const char* end = which.data() + which.size();
    if (auto [p, ec] = std::from_chars(which.data(), end, n); ec == std::errc() && p == end && n < scene.animations.size())
        return int(n);
    return -1;
}

BaseLayer loadBaseLayer(const std::string& spec, double weight, bool common)
{
    const BaseSpec parts = splitBaseSpec(spec);
    LoadedScene loaded = loadScene(parts.file);
    if (common)
        loaded.format->toCommon(loaded.scene);
    const int index = findAnimation(loaded.scene, parts.animation);
    if (index < 0)
        throw std::runtime_error(parts.file + ": " +
                                 (loaded.scene.animations.empty()
                                      ? std::string("the base file holds no animation")
                                      : "no animation '" + parts.animation + "' (the file has " +
                                            std::to_string(loaded.scene.animations.size()) + ")"));
    BaseLayer layer;
    layer.animation = std::move(loaded.scene.animations[index]);
    layer.label = parts.animation.empty() && loaded.scene.animations.size() == 1
                      ? parts.file
                      : parts.file + ":" + (layer.animation.name.empty() ? std::to_string(index) : layer.animation.name);
    layer.weight = weight;
    return layer;
}

} // namespace bonescope
