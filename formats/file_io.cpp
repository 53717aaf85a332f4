#include "formats/file_io.h"

#include "formats/format.h"
#include "formats/parse_error.h"
#include "formats/registry.h"

namespace bonescope {

FileBytes FileBytes::open(const std::string& path) { return FileBytes(platform::readFile(path)); }

FileBytes FileBytes::standardInput() { return FileBytes(platform::readStandardInput()); }

const Format* formatForFile(std::span<const uint8_t> bytes, const std::string& path, std::string* why)
{
    const Registry& reg = Registry::instance();
    if (const Format* f = reg.detect(bytes, path))
        return f;
    // No content match: let the extension's reader say what is wrong with the bytes.
    if (const Format* f = reg.byExtension(path))
        return f;
    if (why)
        *why = "not a file of any supported format (unknown extension '" + extensionOf(path) +
               "' and no known signature)";
    return nullptr;
}

const Format& requireFormat(std::span<const uint8_t> bytes, const std::string& path)
{
    std::string why;
    const Format* f = formatForFile(bytes, path, &why);
    if (!f)
        throw ParseError(why, ParseError::NoOffset, path);
    return *f;
}

LoadedScene readScene(std::span<const uint8_t> bytes, const std::string& path)
{
    LoadedScene out;
    out.format = &requireFormat(bytes, path);
    out.scene = namingFile(path, [&] { return out.format->readFrom(bytes, path); });
    out.scene.format = out.format->id();
    return out;
}

LoadedScene loadScene(const std::string& path)
{
    const FileBytes file = FileBytes::open(path);
    return readScene(file.bytes(), path);
}

} // namespace bonescope
