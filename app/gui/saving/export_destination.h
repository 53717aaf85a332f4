#pragma once
// Where Export writes: a place a file goes (Second Life's uploader, Unreal, a Source or GoldSrc mod)
// with that place's rules, or a format as it is. A destination is a format and the conversion
// options `bonescope-cli convert` gives for it (--target secondlife, --optimize, --smd-flavour), so the
// window and the command line make the same bytes through the same library code (convertFile).
#include <string>
#include <vector>

#include <QString>

#include "formats/convert/convert_options.h"

namespace bonescope {
class Format;
struct Scene;
}

namespace bonescope::gui {

struct ExportDestination {
    std::string id;          // "sl-upload-bvh", ...; a plain format's own id ("bvh")
    QString name;            // what the dialog's list shows: "Second Life upload (BVH)"
    const Format* format = nullptr;
    ConvertOptions options;  // the destination's rules; none for a plain format
};

// The destinations first, then every writable format not already offered as one, in the registry's
// order.
std::vector<ExportDestination> exportDestinations();

// The destination or plain format of that id, or an empty one (null format). A format offered only
// through places (SMD) is still found by its own id, for a name typed with its extension.
ExportDestination destinationById(const std::string& id);

// The destination Export starts on for a document read as `scene`: its format's own entry, or the
// place that writes it as it is (an SMD's flavour); empty when its format is not written.
std::string destinationFor(const Scene& scene);

// The plain destination of `format` (its own id and name, no options).
ExportDestination plainDestination(const Format& format);

// Whether a destination writes for Second Life (its checks and priorities apply).
bool isSecondLifeDestination(const ExportDestination& d);

// The dialog's filter: "Second Life upload (BVH) (*.bvh)".
QString destinationFilter(const ExportDestination& d);

} // namespace bonescope::gui
