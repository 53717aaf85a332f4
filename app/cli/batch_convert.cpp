#include "app/cli/batch_convert.h"
#include "app/cli/batch_files.h"
#include "app/cli/clip_outputs.h"
#include "app/cli/convert_option_parse.h"
#include "app/cli/reduce_option.h"
#include "app/cli/report_words.h"

#include <algorithm>
#include <filesystem>

#include <nlohmann/json.hpp>

#include "formats/convert/convert_file.h"
#include "formats/file_io.h"
#include "formats/platform/utf8_path.h"
#include "formats/registry.h"
#include "formats/counted.h"

namespace fs = std::filesystem;

namespace bonescope::cli {

int parseConvertOptions(const Args& a, ConvertOptions& options, Io io)
{
    if (a.has("--max-memory"))
        options.maxMemory = *parseByteSize(a.get("--max-memory")); // range checked by run()
    if (const int status = parseKeyReduction(a, options.reduce, io); status != Ok)
        return status;
    for (const std::string& name : convertOptionNames()) {
        if (!a.has(name))
            continue;
        std::string error;
        bool usage = false;
        if (!setConvertOption(options, name, a.get(name), error, usage)) {
            if (usage)
                return usageError(io, error);
            io.err << error << "\n";
            return Invalid;
        }
    }
    return Ok;
}

namespace {

using Job = BatchJob;
using Plan = BatchPlan;
using Skipped = BatchSkipped;

// Writes a converted job's output (the part that waits for the disk).
void writeOutput(Job& job, const std::vector<uint8_t>& bytes)
{
    try {
        fs::create_directories(platform::utf8Path(job.out).parent_path());
        // Only a file that existed before the run, with --overwrite, is replaced: a name taken since
        // (another program, or a name that differs only in case on macOS and Windows) is not.
        writeFileAtomic(job.out, bytes, job.replaces ? Replace::Allowed : Replace::Never);
    } catch (const FileExistsError&) {
        job.error = job.out + ": exists; use --overwrite or another --out-dir";
    } catch (const std::exception& e) {
        job.error = e.what();
    }
}

// A file of several animations into SMD: each as OUT-<animation>.smd. These names are known only once
// the file is read, so an existing one is replaced only with --overwrite and kept otherwise.
std::function<void()> convertClips(Job& job, LoadedScene& loaded, const Format& target, const ConvertOptions& options,
                                   bool overwrite)
{
    std::vector<std::pair<std::string, std::vector<uint8_t>>> files;
    std::string outs;
    for (const ClipOutput& clip : clipOutputs(job.out, loaded.scene)) {
        Scene scene = loaded.scene;
        scene.current = clip.animation;
        files.push_back({clip.path, convertInWords(std::move(scene), target, options, job.report).bytes()});
        outs += (outs.empty() ? "" : ", ") + clip.path;
    }
    job.out = outs;
    return [&job, files = std::move(files), overwrite] {
        for (const auto& [path, bytes] : files) {
            Job one = job;
            one.out = path;
            one.replaces = overwrite;
            writeOutput(one, bytes);
            if (!one.error.empty())
                job.error += (job.error.empty() ? "" : "; ") + one.error;
        }
    };
}

// Reads and converts a job's input; returns the write of its output, or nothing when it failed.
std::function<void()> convertOne(Job& job, const Format& target, const ConvertOptions& options, bool overwrite)
{
    if (!job.error.empty())
        return {};
    try {
        LoadedScene loaded = loadScene(job.in);
        if (writesClipPerFile(loaded.scene, target))
            return convertClips(job, loaded, target, options, overwrite);
        ConvertedFile converted = convertInWords(std::move(loaded.scene), target, options, job.report);
        job.optimized = converted.optimized;
        job.reduced = converted.reduced;
        // Made here, on a computing thread; the writing threads only wait for the disk.
        PlacedWrite placed = converted.placeAt(job.out);
        for (std::string& line : placed.report)
            job.report.push_back(std::move(line));
        std::vector<uint8_t> bytes;
        placed.write([&bytes](std::span<const uint8_t> piece) { bytes.insert(bytes.end(), piece.begin(), piece.end()); });
        return [&job, bytes = std::move(bytes)] { writeOutput(job, bytes); };
    } catch (const std::exception& e) {
        job.error = cliWords(e);
        return {};
    }
}

void printSummary(const Plan& plan, const Format& target, const std::string& outDir, std::ostream& o)
{
    size_t failed = 0, renamed = 0, replaced = 0;
    for (const Job& j : plan.jobs) {
        failed += j.error.empty() ? 0 : 1;
        renamed += j.error.empty() && j.renamed;
        replaced += j.error.empty() && j.replaces;
    }
    o << "converted " << (plan.jobs.size() - failed) << " of " << counted(plan.jobs.size(), "file") << " to "
      << target.displayName() << " in " << outDir << "\n";
    if (renamed) {
        o << "renamed (" << renamed << "), their name was taken by another output of this run:\n";
        for (const Job& j : plan.jobs)
            if (j.error.empty() && j.renamed)
                o << "  " << j.in << " -> " << j.out << "\n";
    }
    if (replaced) {
        o << "replaced (" << replaced << "), files that existed before (--overwrite):\n";
        for (const Job& j : plan.jobs)
            if (j.error.empty() && j.replaces)
                o << "  " << j.out << "\n";
    }
    if (!plan.skipped.empty()) {
        o << "skipped (" << plan.skipped.size() << "):\n";
        for (const Skipped& s : plan.skipped)
            o << "  " << s.path << ": " << s.reason << "\n";
    }
    if (failed) {
        o << "failed (" << failed << "):\n";
        for (const Job& j : plan.jobs)
            if (!j.error.empty())
                o << "  " << failure(j) << "\n";
    }
}

void printJsonSummary(const Plan& plan, const Format& target, const std::string& outDir, std::ostream& o)
{
    nlohmann::json files = nlohmann::json::array();
    size_t failed = 0;
    for (const Job& j : plan.jobs) {
        nlohmann::json f = {{"input", j.in},
                            {"output", j.out},
                            {"status", j.error.empty() ? "converted" : "failed"},
                            {"renamed", j.renamed},
                            {"replaced", j.error.empty() && j.replaces},
                            {"losses", j.report}};
        if (!j.error.empty()) {
            f["error"] = failure(j);
            ++failed;
        } else if (j.optimized) {
            f["bytesBefore"] = j.optimized->bytesBefore;
            f["bytesAfter"] = j.optimized->bytesAfter;
            f["removedJoints"] = j.optimized->removedJoints;
            f["removedKeys"] = j.optimized->removedKeys;
        } else if (j.reduced) {
            f["keysBefore"] = j.reduced->keysBefore;
            f["keysAfter"] = j.reduced->keysAfter;
            f["bytesBefore"] = j.reduced->bytesBefore;
            f["bytesAfter"] = j.reduced->bytesAfter;
            f["largestErrorMm"] = j.reduced->largestErrorMm;
        }
        files.push_back(std::move(f));
    }
    nlohmann::json skipped = nlohmann::json::array();
    for (const Skipped& s : plan.skipped)
        skipped.push_back({{"path", s.path}, {"reason", s.reason}});
    const nlohmann::json summary = {{"format", target.id()},           {"outDir", outDir},
                                    {"total", plan.jobs.size()},       {"converted", plan.jobs.size() - failed},
                                    {"failed", failed},                {"files", std::move(files)},
                                    {"skipped", std::move(skipped)}};
    // Paths are bytes: ones that are not UTF-8 get U+FFFD rather than aborting the summary.
    o << summary.dump(1, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
}

} // namespace

int cmdBatchConvert(const Args& a, Io io)
{
    if (!a.has("--to") || !a.has("--out-dir"))
        return usageError(io, "batch convert needs both --to FORMAT and --out-dir DIR");
    if (a.positional.empty())
        return usageError(io, "convert --to/--out-dir needs at least one FILE or FOLDER");
    const Format* target = Registry::instance().byId(a.get("--to"));
    if (!target)
        return usageError(io, "unknown format '" + a.get("--to") + "' (see 'bonescope-cli formats')");
    if (!target->capabilities().write)
        return usageError(io, target->displayName() + " is read-only");
    ConvertOptions options;
    if (const int status = parseConvertOptions(a, options, io); status != Ok)
        return status;
    if (const auto why = optionsConflict(options, *target))
        return usageError(io, cliWords(*why));

    for (const std::string& p : a.positional)
        if (p == "-")
            return usageError(io, "a batch converts files and folders; standard input ('-') goes through "
                                  "'convert - OUT'");

    Plan plan = collectJobs(a.positional, platform::utf8Path(a.get("--out-dir")), target, a.has("--overwrite"));
    std::vector<Job>& jobs = plan.jobs;
    runJobs(jobs, [&](Job& job) { return convertOne(job, *target, options, a.has("--overwrite")); }, [&](const Job& job, size_t done) {
        io.err << "[" << done << "/" << jobs.size() << "] ";
        if (job.error.empty())
            io.err << job.in << " -> " << job.out << (job.replaces ? " (replaced)" : "") << "\n";
        else
            io.err << "FAILED " << failure(job) << "\n";
        for (const std::string& line : job.report)
            io.err << "    " << line << "\n";
        if (job.error.empty() && job.optimized)
            io.err << "    " << describe(*job.optimized) << "\n";
        if (job.error.empty() && job.reduced)
            io.err << "    " << cliWords(*job.reduced) << "\n";
    });

    if (a.has("--json"))
        printJsonSummary(plan, *target, a.get("--out-dir"), io.out);
    else
        printSummary(plan, *target, a.get("--out-dir"), io.out);
    const bool failed = std::any_of(jobs.begin(), jobs.end(), [](const Job& j) { return !j.error.empty(); });
    return failed ? Invalid : Ok;
}

} // namespace bonescope::cli
