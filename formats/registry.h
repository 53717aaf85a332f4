#pragma once
// Every format Bonescope knows, found by id, by extension or by content.
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "formats/format.h"

namespace bonescope {

class Registry {
public:
    static const Registry& instance();

    const std::vector<std::unique_ptr<Format>>& formats() const { return formats_; }
    const Format* byId(const std::string& id) const;
    // The format that writes a document `read` read: itself, except Assimp's, whose documents
    // Bonescope's own glTF writer writes (.glb); `--format assimp` still names Assimp's exporter.
    const Format* writerOf(const Format* read) const;
    const Format* byExtension(const std::string& path) const; // from the file name's extension
    // By content first (magic), then by extension: .dmf and .dmx are shared with other formats.
    const Format* detect(std::span<const uint8_t> bytes, const std::string& path) const;

private:
    Registry();
    std::vector<std::unique_ptr<Format>> formats_;
};

// Lower-cased extension of a path without the dot ("" when none).
std::string extensionOf(const std::string& path);

} // namespace bonescope
