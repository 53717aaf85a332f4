#pragma once
// Files a document names beside itself (a .gltf's external buffers): only plain relative files inside
// the document's own folder or below it. Never absolute paths, "..", URLs or drive letters, symbolic
// links or anything but a regular file: a crafted file must not copy the user's other files into
// what they convert and share. Used by the glTF reader and by Assimp's IO layer alike.
#include <optional>
#include <string>

#include "formats/platform/file_system.h"

namespace bonescope {

// Why a reference may not be opened, or "" when it may (a relative path of plain names, UTF-8).
std::string referenceRefusal(const std::string& name);

// The file `name` names inside `folder` (both UTF-8), or nothing with the reason in `why` (refused,
// missing, not a regular file, unreadable). An empty folder: the document may name no other file.
std::optional<platform::FileContents> readBesideFile(const std::string& folder, const std::string& name, std::string& why);
// Whether it exists as readBesideFile would open it.
bool besideFileExists(const std::string& folder, const std::string& name);

// The folder that holds `path` (UTF-8), "." for a bare file name.
std::string folderOf(const std::string& path);
// Its last part, the file's name (UTF-8): for messages that name a file without its folders.
std::string fileNameOf(const std::string& path);

} // namespace bonescope
