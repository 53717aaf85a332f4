#pragma once
// One file format behind one small interface. Formats are Qt-free and registered in registry.cpp.
#include <algorithm>
#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <vector>

#include "core/model/scene.h"
#include "formats/byte_sink.h"
#include "formats/report_item.h"

namespace bonescope {

class ByteSource;

// What a format can carry; export uses it to list what the target would lose.
struct Capabilities {
    bool read = true;
    bool write = true;
    bool translation = true;
    bool rotation = true;
    bool scale = true;
    bool visibility = false;
    bool notes = false;
    bool embeddedSkeleton = false;  // the file carries its own skeleton
    bool fixedSkeleton = false;     // every file plays on the same built-in skeleton (Second Life's avatar)
    bool mesh = false;              // the file carries a mesh
    bool multipleAnimations = false;
    bool looping = false;           // a loop flag
    bool loopRange = false;         // a sub-range that loops (loop in / out points)
    bool fixedUpAxis = false;       // the format's own adapter sets the axes (--up does not apply)
    bool framed = false;            // keys sit on whole frames of the file's rate (BVH, SEAnim)
    bool everyFrame = false;        // the writer stores every bone at every frame: keys cannot be left out
    bool curves = false;            // keys keep cubic tangents (glTF's CUBICSPLINE): reduction can fit curves
};

// A problem found by validate(): never fatal by itself.
struct Finding {
    enum class Severity { Warning, Error } severity = Severity::Error;
    std::string message; // what is wrong and what to change, naming no command-line option or menu
    uint64_t offset = ~uint64_t(0);
    // For front ends that add what their reader can do about it (formats/report_item.h).
    ReportItem::Code code = ReportItem::Code::Said;
    std::vector<std::string> values{};
    size_t adviceAt = ReportItem::AtEnd;
    ReportItem item() const
    {
        ReportItem r(code, message, values, adviceAt);
        r.offset = offset;
        return r;
    }
};

// Key counts without the keys: what `info` prints. Readers may produce it without building the
// whole model, to read very large files in little memory.
struct TrackSummary {
    std::string name;
    size_t translation = 0, rotation = 0, scale = 0, visibility = 0;
    uint32_t flags = 0;
};
struct AnimationSummary {
    std::string name;
    double fps = 0;
    bool fpsFromKeys = false; // the file has no rate: fps derived from the key spacing
    double duration = 0;
    long long frames = 0;
    bool looping = false;
    std::vector<TrackSummary> tracks;
    size_t notes = 0;
};
struct FileSummary {
    std::string format;
    size_t skeletonBones = 0;
    size_t meshVertices = 0;
    std::vector<AnimationSummary> animations;
    std::vector<std::string> details; // "key: value" lines the format adds
};

// A write made for one destination: what writing there changes beyond fromCommon()'s report (one
// line each: images embedded), and the bytes, handed to a sink when wanted.
struct PlacedWrite {
    std::vector<std::string> report;
    std::function<void(const ByteSink&)> write;
};

class Format {
public:
    virtual ~Format() = default;

    virtual std::string id() const = 0;          // "seanim": used by --format and Scene::format
    virtual std::string displayName() const = 0; // "SEAnim v1"
    // Lower case, without the dot; the first is the one written (Assimp reads .fbx and .dae and writes
    // glTF binary, .glb: a file of another of them is never given its bytes).
    virtual std::vector<std::string> extensions() const = 0;
    std::string writtenExtension() const { return extensions().front(); }
    // A name this format reads but does not write (`ext` lower case, no dot: Assimp's fbx, dae, gltf).
    bool readOnlyExtension(const std::string& ext) const
    {
        const auto all = extensions();
        return ext != all.front() && std::find(all.begin(), all.end(), ext) != all.end();
    }
    virtual Capabilities capabilities() const = 0;

    // True when the bytes look like this format (magic or structure), whatever the extension.
    virtual bool detect(std::span<const uint8_t> head) const = 0;

    // Throws ParseError with the byte offset of the problem.
    virtual Scene read(std::span<const uint8_t> bytes) const = 0;
    // Throws WriteError when the scene does not fit the format.
    virtual std::vector<uint8_t> write(const Scene& scene) const = 0;
    // write()'s bytes handed to `out` in order. Formats whose files get big override it to hand them
    // on in pieces as they are made; the default hands on write()'s result whole.
    virtual void writeTo(const Scene& scene, const ByteSink& out) const { out(write(scene)); }
    // The write of the file at `path` (UTF-8), decided once, for formats whose bytes depend on where
    // the file goes: an unedited .glb naming images beside itself is its own bytes only where they are
    // found again (formats/gltf/gltf_standalone.h). write() and writeTo() write for a place not known.
    // The result refers to `scene`, which must outlive it.
    virtual PlacedWrite placeAt(const Scene& scene, const std::string& path) const
    {
        return {{}, [this, &scene](const ByteSink& out) { writeTo(scene, out); }};
    }
    void writeAt(const Scene& scene, const std::string& path, const ByteSink& out) const { placeAt(scene, path).write(out); }

    // Default: read() and count. Formats override it to avoid holding every key in memory.
    virtual FileSummary summarize(std::span<const uint8_t> bytes) const;
    // The same for bytes read from `path` (UTF-8), for formats whose files name files beside them (a
    // .gltf's external buffers). Defaults: read(bytes) and summarize(bytes).
    virtual Scene readFrom(std::span<const uint8_t> bytes, const std::string& path) const { return read(bytes); }
    virtual FileSummary summarizeFrom(std::span<const uint8_t> bytes, const std::string& path) const
    {
        return summarize(bytes);
    }

    // A format that can parse a file a piece at a time (formats/piece_reader.h) says so, and the
    // command line reads big files of it without holding their bytes (formats/file_io.h). Same results
    // and errors as read() and summarize(); the defaults cannot (readPieces throws std::logic_error).
    virtual bool readsInPieces() const { return false; }
    virtual Scene readPieces(ByteSource& source) const;
    virtual FileSummary summarizePieces(ByteSource& source) const;

    // Conversion (formats/convert/prepare.h). toCommon turns a scene this format read into the common
    // meaning: local translation / rotation / scale keys on scene.skeleton (or one bone per track),
    // right-handed, Y up, in the file's own units, times in seconds. fromCommon turns such a scene into
    // what this format's data means, adding a line to `report` for anything it has to give up. The
    // defaults change nothing (SEAnim and BVH data already mean that); a format whose data means
    // something else (Z up, left-handed, a built-in skeleton) overrides both.
    virtual void toCommon(Scene& scene) const {}
    virtual void fromCommon(Scene& scene, Report& report) const {}

    // Problems a file has beyond what stops read(): the default finds non-finite values and keys out
    // of order. `target` names a stricter rule set (e.g. "secondlife" upload rules) or is empty.
    virtual std::vector<Finding> validate(const Scene& scene, const std::string& target) const;

    // What writing `scene` in this format would drop or change, one message each (`convert` prints
    // them). The default compares the scene's content with capabilities(); formats add their own.
    virtual Report conversionLoss(const Scene& scene) const;

    // The fields of this format's own (its extra data) that `scene`, read from this format, uses and
    // no other format has a place for: one phrase each ("joint priorities (base 4)"). Converting to
    // another format reports each of them as lost (formats/convert/prepare.cpp). Default: none.
    virtual std::vector<std::string> ownFields(const Scene& scene) const { return {}; }
};

FileSummary summarizeScene(const Scene& scene);
std::vector<Finding> commonFindings(const Scene& scene);

} // namespace bonescope
