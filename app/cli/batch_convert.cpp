#include "app/cli/batch_convert.h"

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <mutex>
#include <set>
#include <thread>

#include <nlohmann/json.hpp>

#include "formats/convert/convert_file.h"
#include "formats/file_io.h"
#include "formats/platform/utf8_path.h"
#include "formats/registry.h"

namespace fs = std::filesystem;

namespace bonescope::cli {

int parseConvertOptions(const Args& a, ConvertOptions& options, Io io)
{
    if (a.has("--max-memory"))
        options.maxMemory = *parseByteSize(a.get("--max-memory")); // range checked by run()
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

struct Job {
    std::string in, out;
    std::string error;               // set when the job failed
    std::vector<std::string> report; // what the target could not carry
    bool renamed = false;            // "-2", "-3"...: another output of this run had the name
    bool replaces = false;           // OUT existed before the run (written only with --overwrite)
    std::optional<OptimizeSummary> optimized; // with --optimize
};

struct Skipped {
    std::string path, reason;
};

struct Plan {
    std::vector<Job> jobs;
    std::vector<Skipped> skipped;
};

// Whether `child` is `root` or lies below it (both canonical).
bool inside(const fs::path& child, const fs::path& root)
{
    auto [r, c] = std::mismatch(root.begin(), root.end(), child.begin(), child.end());
    return r == root.end();
}

bool readable(const fs::path& p) { return Registry::instance().byExtension(platform::utf8String(p)) != nullptr; }

// Files of a folder, recursively, by the extensions some format reads. Symlinks to folders are not
// followed and symlinks to files are followed only when the file lies inside the folder: both are
// listed as skipped otherwise. The output folder, when it lies inside, is not searched: what this
// (or an earlier) run wrote there is never taken as input.
std::vector<fs::path> filesIn(const fs::path& root, const fs::path& outDir, std::vector<Skipped>& skipped)
{
    std::error_code ec;
    const fs::path canonicalRoot = fs::canonical(root, ec);
    std::vector<fs::path> found;
    for (auto it = fs::recursive_directory_iterator(root, fs::directory_options::skip_permission_denied, ec);
         !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
        const fs::path& p = it->path();
        std::error_code e;
        if (it->is_symlink(e)) {
            if (fs::is_directory(p, e))
                skipped.push_back({platform::utf8String(p), "a symlink to a folder (not followed)"});
            else if (!readable(p))
                continue;
            else if (!fs::exists(p, e))
                skipped.push_back({platform::utf8String(p), "a broken symlink"});
            else if (!inside(fs::canonical(p, e), canonicalRoot))
                skipped.push_back({platform::utf8String(p), "a symlink to a file outside " + platform::utf8String(root)});
            else if (!fs::is_regular_file(p, e))
                skipped.push_back({platform::utf8String(p), "not a regular file"});
            else
                found.push_back(p);
            continue;
        }
        if (it->is_directory(e)) {
            if (fs::weakly_canonical(p, e) == outDir) {
                skipped.push_back({platform::utf8String(p), "the output folder (not searched for inputs)"});
                it.disable_recursion_pending();
            }
            continue;
        }
        if (!readable(p))
            continue;
        if (it->is_regular_file(e))
            found.push_back(p);
        else
            skipped.push_back({platform::utf8String(p), "not a regular file"});
    }
    std::sort(found.begin(), found.end());
    return found;
}

// Inputs: files as given, folders searched recursively. Output paths keep the folder structure
// below each given folder; a name another output of this run already has gets "-2", "-3"... Then
// each output is checked against the disk: one of the inputs is never written over, a file that
// existed before the run only with --overwrite.
Plan collectJobs(const std::vector<std::string>& inputs, const fs::path& outDir, const Format& target, bool overwrite)
{
    Plan plan;
    std::error_code ec;
    const fs::path outCanonical = fs::weakly_canonical(outDir, ec);
    const std::string ext = "." + target.extensions().front();
    struct Found {
        fs::path file, out;
        std::string error;
    };
    std::vector<Found> found;
    auto natural = [&](const fs::path& relative) { return (outDir / relative).replace_extension(ext); };
    for (const std::string& input : inputs) {
        const fs::path root = platform::utf8Path(input);
        if (fs::is_directory(root, ec)) {
            for (const fs::path& f : filesIn(root, outCanonical, plan.skipped))
                found.push_back({f, natural(f.lexically_relative(root)), {}});
        } else {
            found.push_back({root, natural(root.filename()), {}});
            if (!fs::exists(root, ec))
                found.back().error = input + ": no such file or folder";
        }
    }
    // A file already in the target format whose output would be the file itself: nothing to do. Another
    // output that wants its name fails below (one of the inputs), so that a second run does the same.
    std::set<fs::path> inputFiles;
    for (const Found& f : found)
        if (f.error.empty())
            inputFiles.insert(fs::canonical(f.file, ec));
    std::set<std::string> taken;
    std::erase_if(found, [&](const Found& f) {
        if (!f.error.empty() || !fs::equivalent(f.file, f.out, ec))
            return false;
        plan.skipped.push_back({platform::utf8String(f.file), "already " + target.displayName() + ": its output would be the file itself"});
        return true;
    });
    for (const Found& f : found) {
        std::string candidate = platform::utf8String(f.out);
        bool renamed = false;
        for (int n = 2; taken.count(candidate); ++n, renamed = true)
            candidate = platform::utf8String(f.out.parent_path() /
                                             platform::utf8Path(platform::utf8String(f.out.stem()) + "-" + std::to_string(n) + ext));
        taken.insert(candidate);
        Job job{platform::utf8String(f.file), candidate, f.error, {}};
        job.renamed = renamed;
        plan.jobs.push_back(std::move(job));
    }

    for (Job& j : plan.jobs) {
        if (!j.error.empty() || !fs::exists(j.out, ec))
            continue;
        if (inputFiles.count(fs::canonical(j.out, ec)))
            j.error = j.out + ": is one of this run's inputs; give another --out-dir";
        else if (!overwrite)
            j.error = j.out + ": exists; use --overwrite or another --out-dir";
        else
            j.replaces = true;
    }
    return plan;
}

// Errors from reading and writing already start with a path; others get the input's in front.
std::string failure(const Job& job)
{
    return job.error.rfind(job.in, 0) == 0 || job.error.rfind(job.out, 0) == 0 ? job.error : job.in + ": " + job.error;
}

void convertOne(Job& job, const Format& target, const ConvertOptions& options)
{
    if (!job.error.empty())
        return;
    try {
        const LoadedScene loaded = loadScene(job.in);
        ConvertedFile converted = convertFile(loaded.scene, target, options, job.report);
        const auto& bytes = converted.bytes;
        job.optimized = converted.optimized;
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

void printSummary(const Plan& plan, const Format& target, const std::string& outDir, std::ostream& o)
{
    size_t failed = 0, renamed = 0, replaced = 0;
    for (const Job& j : plan.jobs) {
        failed += j.error.empty() ? 0 : 1;
        renamed += j.error.empty() && j.renamed;
        replaced += j.error.empty() && j.replaces;
    }
    o << "converted " << (plan.jobs.size() - failed) << " of " << plan.jobs.size() << " file(s) to "
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
    if (const std::string why = optionsConflict(options, *target); !why.empty())
        return usageError(io, why);

    for (const std::string& p : a.positional)
        if (p == "-")
            return usageError(io, "a batch converts files and folders; standard input ('-') goes through "
                                  "'convert - OUT'");

    Plan plan = collectJobs(a.positional, platform::utf8Path(a.get("--out-dir")), *target, a.has("--overwrite"));
    std::vector<Job>& jobs = plan.jobs;
    const size_t total = jobs.size();
    std::atomic<size_t> next{0};
    size_t done = 0;
    std::mutex printing;
    auto worker = [&] {
        for (size_t i = next++; i < total; i = next++) {
            Job& job = jobs[i];
            convertOne(job, *target, options);
            std::lock_guard lock(printing);
            io.err << "[" << ++done << "/" << total << "] ";
            if (job.error.empty())
                io.err << job.in << " -> " << job.out << (job.replaces ? " (replaced)" : "") << "\n";
            else
                io.err << "FAILED " << failure(job) << "\n";
            for (const std::string& line : job.report)
                io.err << "    " << line << "\n";
            if (job.error.empty() && job.optimized)
                io.err << "    " << describe(*job.optimized) << "\n";
        }
    };
    const size_t threads = std::min<size_t>(std::max(1u, std::thread::hardware_concurrency()), total);
    std::vector<std::thread> pool;
    for (size_t t = 1; t < threads; ++t)
        pool.emplace_back(worker);
    worker();
    for (std::thread& t : pool)
        t.join();

    if (a.has("--json"))
        printJsonSummary(plan, *target, a.get("--out-dir"), io.out);
    else
        printSummary(plan, *target, a.get("--out-dir"), io.out);
    const bool failed = std::any_of(jobs.begin(), jobs.end(), [](const Job& j) { return !j.error.empty(); });
    return failed ? Invalid : Ok;
}

} // namespace bonescope::cli
