#pragma once
// std::filesystem paths from and to the UTF-8 strings Bonescope passes around. On Windows a path made
// from a plain std::string is decoded in the C library's narrow encoding (and .string() encodes back
// the same way), which cannot spell most names (Läufer_走る.seanim); char8_t strings are UTF-8 on
// every system. Use these wherever a path string meets std::filesystem.
#include <filesystem>
#include <string>
#include <string_view>

namespace bonescope::platform {

inline std::filesystem::path utf8Path(std::string_view s)
{
    return std::filesystem::path(std::u8string(s.begin(), s.end()));
}

inline std::string utf8String(const std::filesystem::path& p)
{
    const std::u8string u = p.u8string();
    return std::string(u.begin(), u.end());
}

} // namespace bonescope::platform
