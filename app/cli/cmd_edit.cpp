// `edit [edits] (--in-place | --out-dir DIR [--overwrite]) FILE_OR_FOLDER...`: the same edits on many
// files on every core, each written back in its own format through a temporary file, with a summary.
#include <algorithm>
#include <filesystem>
#include <set>
#include <sstream>

#include "app/cli/batch_files.h"
#include "app/cli/cli.h"
#include "app/cli/file_edits.h"
#include "app/cli/report_words.h"
#include "formats/file_io.h"
#include "formats/format.h"
#include "formats/platform/utf8_path.h"
#include "formats/registry.h"
#include "formats/secondlife/secondlife_extra.h"
#include "formats/short_number.h"
#include "formats/counted.h"

namespace fs = std::filesystem;

namespace bonescope::cli {

namespace {

enum class Outcome { Failed, Edited, Unchanged };

// A line of the summary table: the file as written (or left).
struct Row {
    Outcome outcome = Outcome::Failed;
    std::string duration, frames, priority, loop, joints, size;
};

Row describe(const Scene& scene, size_t bytes, Outcome outcome)
{
    Row r;
    r.outcome = outcome;
    r.size = std::to_string(bytes);
    const Animation* a = scene.currentAnimation();
    if (!a)
        return r;
    r.duration = shortNumber(a->duration);
    r.frames = std::to_string(a->frameCount());
    if (const auto* x = a->extra.as<SecondLifeExtra>())
        r.priority = std::to_string(x->basePriority);
    r.loop = !a->looping ? "off" : a->loopRange ? shortNumber(a->loopRange->in) + ":" + shortNumber(a->loopRange->out) : "on";
    r.joints = std::to_string(a->tracks.size());
    return r;
}

void editOne(BatchJob& job, Row& row, const FileEdits& edits)
{
    if (!job.error.empty())
        return;
    try {
        LoadedScene loaded = loadScene(job.in);
        const Format& format = *loaded.format;
        if (!format.capabilities().write)
            throw std::runtime_error(job.in + ": " + format.displayName() + " files cannot be written");
        // A format of several extensions writes its first only (Assimp: .glb): a .fbx is never given
        // .glb bytes.
        if (format.extensions().size() > 1 && extensionOf(job.in) != format.writtenExtension())
            throw std::runtime_error(job.in + ": ." + extensionOf(job.in) + " files cannot be written (" +
                                     format.displayName() + " writes ." + format.writtenExtension() +
                                     "); convert it with 'convert --to " + format.id() + "'");
        std::set<std::string> known; // what was already wrong is not the edits' doing
        for (const Finding& f : format.validate(loaded.scene, {}))
            known.insert(f.message);
        if (applyFileEdits(loaded.scene, format.displayName(), edits, job.report) == 0) {
            row = describe(loaded.scene, fs::file_size(platform::utf8Path(job.in)), Outcome::Unchanged); // not read again
            return;
        }
        // What the edits made wrong by the format's own rules (a Second Life clip over 60 s, a pelvis
        // beyond 5 m): a warning is reported, an error keeps the file as it was.
        for (const Finding& f : format.validate(loaded.scene, {})) {
            if (known.count(f.message))
                continue;
            if (f.severity == Finding::Severity::Error)
                throw std::runtime_error(job.in + ": not written, the edits would make it invalid: " + cliWords(f));
            job.report.push_back("warning: " + cliWords(f));
        }
        // What Bonescope writes it can read back: an edit can make a file its own reader refuses (a
        // SEAnim's frame count grown past what its size allows). The writer refuses what it knows
        // its reader would; reading the bytes back catches the rest. Such a file is not written.
        std::vector<uint8_t> bytes;
        try {
            bytes = format.write(loaded.scene);
        } catch (const WriteError& e) {
            throw std::runtime_error(job.in + ": not written: " + e.what());
        }
        try {
            format.readFrom(bytes, job.in); // beside the input: what it refers to (Dash textures)
        } catch (const std::exception& e) {
            throw std::runtime_error(job.in + ": not written, the edited file could not be read back: " + e.what());
        }
        if (edits.reduce)
            job.report.push_back("size: " + std::to_string(fs::file_size(platform::utf8Path(job.in))) + " -> " +
                                 std::to_string(bytes.size()) + " bytes");
        const bool inPlace = job.in == job.out;
        if (!inPlace)
            fs::create_directories(platform::utf8Path(job.out).parent_path());
        writeFileAtomic(job.out, bytes, inPlace || job.replaces ? Replace::Allowed : Replace::Never);
        row = describe(loaded.scene, bytes.size(), Outcome::Edited);
    } catch (const FileExistsError&) {
        job.error = job.out + ": exists; use --overwrite or another --out-dir";
    } catch (const std::exception& e) {
        job.error = e.what();
    }
}

std::string csvField(const std::string& s)
{
    if (s.find_first_of(",\"\n\r") == std::string::npos)
        return s;
    std::string q = "\"";
    for (char c : s)
        q += c == '"' ? std::string("\"\"") : std::string(1, c);
    return q + "\"";
}

std::string markdownField(const std::string& s)
{
    std::string out;
    for (char c : s)
        out += c == '|' ? std::string("\\|") : c == '\n' || c == '\r' ? std::string(" ") : std::string(1, c);
    return out;
}

void printTable(const std::vector<BatchJob>& jobs, const std::vector<Row>& rows, bool csv, std::ostream& o)
{
    const char* header[] = {"name", "duration", "frames", "priority", "loop", "joints", "size"};
    auto line = [&](const std::vector<std::string>& cells) {
        for (size_t i = 0; i < cells.size(); ++i)
            o << (csv ? (i ? "," : "") : "| ") << (csv ? csvField(cells[i]) : markdownField(cells[i]) + " ");
        o << (csv ? "\n" : "|\n");
    };
    line({std::begin(header), std::end(header)});
    if (!csv)
        o << "|---|---:|---:|---:|---|---:|---:|\n";
    for (size_t i = 0; i < jobs.size(); ++i) {
        const Row& r = rows[i];
        if (r.outcome != Outcome::Failed)
            line({jobs[i].out, r.duration, r.frames, r.priority, r.loop, r.joints, r.size});
    }
}

void printText(const BatchPlan& plan, const std::vector<Row>& rows, const std::string& where, std::ostream& o)
{
    auto count = [&](Outcome w) { return size_t(std::count_if(rows.begin(), rows.end(), [&](const Row& r) { return r.outcome == w; })); };
    o << "edited " << count(Outcome::Edited) << " of " << counted(plan.jobs.size(), "file") << " " << where << "\n";
    auto list = [&](const char* title, size_t n, auto&& want, auto&& text) {
        if (!n)
            return;
        o << title << " (" << n << "):\n";
        for (size_t i = 0; i < plan.jobs.size(); ++i)
            if (want(i))
                o << "  " << text(i) << "\n";
    };
    list("unchanged, none of the edits applies to them", count(Outcome::Unchanged),
         [&](size_t i) { return rows[i].outcome == Outcome::Unchanged; }, [&](size_t i) { return plan.jobs[i].in; });
    const size_t replaced = size_t(std::count_if(plan.jobs.begin(), plan.jobs.end(), [](const BatchJob& j) { return j.error.empty() && j.replaces; }));
    list("replaced, files that existed before (--overwrite)", replaced,
         [&](size_t i) { return rows[i].outcome == Outcome::Edited && plan.jobs[i].replaces; }, [&](size_t i) { return plan.jobs[i].out; });
    if (!plan.skipped.empty()) {
        o << "skipped (" << plan.skipped.size() << "):\n";
        for (const BatchSkipped& s : plan.skipped)
            o << "  " << s.path << ": " << s.reason << "\n";
    }
    list("failed", count(Outcome::Failed), [&](size_t i) { return rows[i].outcome == Outcome::Failed; },
         [&](size_t i) { return failure(plan.jobs[i]); });
}

} // namespace

int cmdEdit(const Args& a, Io io)
{
    if (a.positional.empty())
        return usageError(io, "edit needs at least one FILE or FOLDER");
    if (a.has("--in-place") == a.has("--out-dir"))
        return usageError(io, "edit writes either --in-place (the files themselves) or into --out-dir DIR");
    if (a.has("--overwrite") && !a.has("--out-dir"))
        return usageError(io, "--overwrite goes with --out-dir");
    for (const std::string& p : a.positional)
        if (p == "-")
            return usageError(io, "edit works on files and folders, not standard input ('-')");
    const std::string summary = a.get("--summary");
    if (a.has("--summary") && summary != "csv" && summary != "markdown")
        return usageError(io, "--summary takes csv or markdown, not '" + summary + "'");
    FileEdits edits;
    if (const int status = parseFileEdits(a, edits, io); status != Ok)
        return status;
    if (!edits.any())
        return usageError(io, "edit: nothing to do (see 'bonescope-cli --help' for the edits)");

    BatchPlan plan = a.has("--in-place") ? collectInPlace(a.positional)
                                          : collectJobs(a.positional, platform::utf8Path(a.get("--out-dir")), nullptr,
                                                        a.has("--overwrite"));
    std::vector<Row> rows(plan.jobs.size());
    runJobs(plan.jobs,
            [&](BatchJob& job) {
                editOne(job, rows[size_t(&job - plan.jobs.data())], edits);
                return std::function<void()>(); // its write comes before the row it reports
            },
            [&](const BatchJob& job, size_t done) {
                const Row& row = rows[size_t(&job - plan.jobs.data())];
                io.err << "[" << done << "/" << plan.jobs.size() << "] ";
                if (!job.error.empty())
                    io.err << "FAILED " << failure(job) << "\n";
                else if (row.outcome == Outcome::Unchanged)
                    io.err << job.in << ": unchanged (none of the edits applies)\n";
                else
                    io.err << job.in << (job.in == job.out ? " edited in place" : " -> " + job.out)
                           << (job.replaces ? " (replaced)" : "") << "\n";
                for (const std::string& line : job.report)
                    io.err << "    " << line << "\n";
            });

    if (a.has("--summary"))
        printTable(plan.jobs, rows, summary == "csv", io.out);
    else
        printText(plan, rows, a.has("--in-place") ? "in place" : "into " + a.get("--out-dir"), io.out);
    const bool failed = std::any_of(rows.begin(), rows.end(), [](const Row& r) { return r.outcome == Outcome::Failed; });
    const bool edited = std::any_of(rows.begin(), rows.end(), [](const Row& r) { return r.outcome == Outcome::Edited; });
    return failed || !edited ? Invalid : Ok;
}

} // namespace bonescope::cli
