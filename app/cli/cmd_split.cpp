// `split IN --out-dir DIR [--to FORMAT] [--at FRAMES | --at-notes | --range A:B] [--animation N|NAME]
// [--overwrite]`: one file per clip of IN, or per piece of a clip cut at frames or at its notes, or one
// range taken out. Everything is read, cut, converted and checked before the first file is written.
#include <cmath>
#include <filesystem>

#include "app/cli/cli.h"
#include "app/cli/clip_outputs.h"
#include "app/cli/load.h"
#include "app/cli/report_words.h"
#include "core/editing/clip_split.h"
#include "formats/convert/convert_file.h"
#include "formats/platform/utf8_path.h"
#include "formats/registry.h"
#include "formats/counted.h"

namespace fs = std::filesystem;

namespace bonescope::cli {

namespace {

// "30,60,90" (or "10:40" with sep ':'): whole frame numbers.
bool parseFrames(const std::string& s, char sep, std::vector<long long>& out)
{
    std::vector<double> v;
    out.clear();
    if (!parseNumbers(s, sep, v))
        return false;
    for (double f : v) {
        if (!(f >= 0 && f <= 1e9 && f == std::floor(f)))
            return false;
        out.push_back((long long)f);
    }
    return true;
}

// The format pieces are written in: --to's, else the input's where Bonescope writes it.
const Format* splitTarget(const Args& a, const LoadedScene& loaded, const std::string& in, Io io, int& status)
{
    status = Ok;
    if (a.has("--to")) {
        const Format* f = Registry::instance().byId(a.get("--to"));
        if (!f)
            status = usageError(io, "unknown format '" + a.get("--to") + "' (see 'bonescope-cli formats')");
        else if (!f->capabilities().write)
            status = usageError(io, f->displayName() + " is read-only; give --to a format Bonescope writes");
        return status == Ok ? f : nullptr;
    }
    const Format* f = loaded.format;
    const std::string ext = extensionOf(in);
    // A .gltf's pieces are glTF too (written binary, .glb); an .fbx or .dae would become another format.
    if (!f->capabilities().write || (f->readOnlyExtension(ext) && ext != "gltf")) {
        status = usageError(io, inputName(in) + ": Bonescope reads ." + ext + " but does not write it; give --to FORMAT" +
                                    (f->capabilities().write ? " (--to " + f->id() + " writes ." + f->writtenExtension() + ")" : ""));
        return nullptr;
    }
    return f;
}

struct Piece {
    Animation clip;
    std::string path;
};

// The pieces of one animation as the options ask; an error message when they cannot be cut.
std::string cutAnimation(const Args& a, const Animation& anim, std::vector<Animation>& out)
{
    const std::string last = std::to_string(anim.frameCount() - 1);
    const std::string clip = "'" + (anim.name.empty() ? std::string("clip") : anim.name) + "'";
    if (a.has("--at")) {
        std::vector<long long> frames;
        parseFrames(a.get("--at"), ',', frames); // checked before
        std::vector<double> cuts;
        for (long long f : frames)
            cuts.push_back(timeOfFrame(anim, f));
        if (std::string why = badCuts(anim, cuts); !why.empty())
            return why;
        out = splitClip(anim, cuts);
    } else if (a.has("--at-notes")) {
        const NoteCuts cuts = noteCuts(anim);
        if (cuts.times.empty())
            return "the clip " + clip + " has no note inside it to cut at (" + counted(anim.notes.size(), "note") + ")";
        out = splitClip(anim, cuts.times, cuts.names);
    } else if (a.has("--range")) {
        std::vector<long long> r;
        parseFrames(a.get("--range"), ':', r);
        if (r[1] > anim.frameCount() - 1)
            return "--range " + a.get("--range") + " is outside the clip " + clip + " (frames 0 to " + last + ")";
        out = {extractRange(anim, timeOfFrame(anim, r[0]), timeOfFrame(anim, r[1]))};
    } else {
        out = {anim};
    }
    return {};
}

} // namespace

int cmdSplit(const Args& a, Io io)
{
    if (a.positional.size() != 1)
        return usageError(io, "split takes one IN file");
    if (!a.has("--out-dir"))
        return usageError(io, "split needs --out-dir DIR");
    const int ways = int(a.has("--at")) + int(a.has("--at-notes")) + int(a.has("--range"));
    if (ways > 1)
        return usageError(io, "give one of --at, --at-notes and --range");
    std::vector<long long> frames;
    if (a.has("--at") && !parseFrames(a.get("--at"), ',', frames))
        return usageError(io, "--at takes frame numbers separated by commas (30,60), not '" + a.get("--at") + "'");
    if (a.has("--range") && (!parseFrames(a.get("--range"), ':', frames) || frames.size() != 2 || frames[0] >= frames[1]))
        return usageError(io, "--range takes FIRST:LAST frames, FIRST < LAST (10:40), not '" + a.get("--range") + "'");
    const std::string& in = a.positional[0];
    auto loaded = load(in, io);
    if (!loaded)
        return Invalid;
    int status = Ok;
    const Format* target = splitTarget(a, *loaded, in, io, status);
    if (!target)
        return status;
    const Scene& scene = loaded->scene;
    if (scene.animations.empty()) {
        io.err << inputName(in) << ": has no animation to split\n";
        return Invalid;
    }
    std::vector<int> chosen;
    if (a.has("--animation")) {
        const int index = selectAnimation(scene, a, io);
        if (index < 0)
            return Invalid;
        chosen.push_back(index);
    } else {
        for (size_t i = 0; i < scene.animations.size(); ++i)
            chosen.push_back(int(i));
    }
    if (ways == 0 && chosen.size() < 2) {
        io.err << inputName(in) << ": holds one animation; give --at FRAMES, --at-notes or --range FIRST:LAST to cut it\n";
        return Invalid;
    }

    // Every piece and its file name first: a bad cut or a taken name stops the run before any write.
    const fs::path dir = platform::utf8Path(a.get("--out-dir"));
    const std::string stem = safeFileName(platform::utf8String(platform::utf8Path(in).stem()));
    std::vector<Piece> pieces;
    std::vector<std::string> taken;
    for (int index : chosen) {
        std::vector<Animation> cut;
        if (const std::string why = cutAnimation(a, scene.animations[size_t(index)], cut); !why.empty()) {
            io.err << inputName(in) << ": " << why << "\n";
            return Invalid;
        }
        for (Animation& clip : cut) {
            const std::string name = uniqueName(stem + "-" + safeFileName(clip.name.empty() ? std::to_string(index) : clip.name), taken);
            pieces.push_back({std::move(clip), platform::utf8String(dir / platform::utf8Path(name + "." + target->writtenExtension()))});
        }
    }
    std::error_code ec;
    std::vector<std::string> existing;
    for (const Piece& p : pieces) {
        if (in != "-" && fs::equivalent(platform::utf8Path(p.path), platform::utf8Path(in), ec))
            return usageError(io, p.path + " is the input; give another --out-dir");
        if (fs::exists(platform::utf8Path(p.path), ec))
            existing.push_back(p.path);
    }
    if (!existing.empty() && !a.has("--overwrite")) {
        io.err << "not written: " << counted(existing.size(), "output") << agree(existing.size(), " exists", " exist") << " (use --overwrite or another --out-dir):\n";
        for (const std::string& p : existing)
            io.err << "  " << p << "\n";
        return Invalid;
    }
    std::vector<ConvertedFile> files;
    for (Piece& p : pieces) {
        std::vector<std::string> report;
        try {
            files.push_back(convertInWords(sceneWithClip(scene, p.clip), *target, ConvertOptions{}, report));
            files.back().made = files.back().bytes(); // a writer's refusal comes here, before any file is written
        } catch (const std::exception& e) {
            io.err << p.path << ": not written (nor any other piece): " << cliWords(e) << "\n";
            return Invalid;
        }
        for (const std::string& line : report)
            io.err << "warning: " << p.path << ": " << line << "\n";
    }
    fs::create_directories(dir, ec);
    int result = Ok;
    for (size_t i = 0; i < pieces.size(); ++i) {
        const Animation& clip = pieces[i].clip;
        try {
            writeFileAtomic(pieces[i].path, *files[i].made, a.has("--overwrite") ? Replace::Allowed : Replace::Never);
            const size_t size = files[i].made->size();
            io.out << "wrote " << pieces[i].path << " (" << target->displayName() << ", " << size << " bytes): '" << clip.name
                   << "', " << clip.frameCount() << " frames, " << clip.duration << " s, " << counted(clip.notes.size(), "note") << "\n";
        } catch (const FileExistsError&) {
            io.err << pieces[i].path << ": exists; use --overwrite or another --out-dir\n";
            result = Invalid;
        } catch (const std::exception& e) {
            io.err << e.what() << "\n";
            result = Invalid;
        }
    }
    return result;
}

} // namespace bonescope::cli
