#include "app/cli/batch_convert.h"

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <mutex>
#include <set>
#include <thread>

#include "formats/convert/prepare.h"
#include "formats/file_io.h"
#include "formats/platform/utf8_path.h"
#include "formats/registry.h"

namespace fs = std::filesystem;

namespace bonescope::cli {

int parseConvertOptions(const Args& a, ConvertOptions& options, Io io)
{
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
    std::string error;              // set when the job failed
    std::vector<std::string> report; // what the target could not carry
};

// Inputs: files as given, folders searched recursively for extensions some format reads. Output
// paths keep the folder structure below each given folder; a name already taken gets "-2", "-3"...
std::vector<Job> collectJobs(const std::vector<std::string>& inputs, const fs::path& outDir, const Format& target)
{
    std::vector<Job> jobs;
    std::set<std::string> taken;
    const std::string ext = "." + target.extensions().front();
    auto add = [&](const fs::path& file, const fs::path& relative) {
        fs::path out = outDir / relative;
        out.replace_extension(ext);
        std::string candidate = platform::utf8String(out);
        for (int n = 2; taken.count(candidate); ++n)
            candidate = platform::utf8String(out.parent_path() /
                                             platform::utf8Path(platform::utf8String(out.stem()) + "-" + std::to_string(n) + ext));
        taken.insert(candidate);
        jobs.push_back({platform::utf8String(file), candidate, {}, {}});
    };
    for (const std::string& input : inputs) {
        std::error_code ec;
        const fs::path root = platform::utf8Path(input);
        if (fs::is_directory(root, ec)) {
            std::vector<fs::path> found;
            for (auto it = fs::recursive_directory_iterator(root, fs::directory_options::skip_permission_denied, ec);
                 !ec && it != fs::recursive_directory_iterator(); it.increment(ec))
                if (it->is_regular_file(ec) && Registry::instance().byExtension(platform::utf8String(it->path())))
                    found.push_back(it->path());
            std::sort(found.begin(), found.end());
            for (const fs::path& f : found)
                add(f, f.lexically_relative(root));
        } else {
            add(root, root.filename());
            if (!fs::exists(root, ec))
                jobs.back().error = input + ": no such file or folder";
        }
    }
    return jobs;
}

// Errors from reading already start with the file's path; others get it in front.
std::string failure(const Job& job)
{
    return job.error.rfind(job.in, 0) == 0 ? job.error : job.in + ": " + job.error;
}

void convertOne(Job& job, const Format& target, const ConvertOptions& options)
{
    if (!job.error.empty())
        return;
    try {
        const LoadedScene loaded = loadScene(job.in);
        const Scene scene = prepareForTarget(loaded.scene, target, options, job.report);
        const auto bytes = target.write(scene);
        fs::create_directories(platform::utf8Path(job.out).parent_path());
        writeFileAtomic(job.out, bytes);
    } catch (const std::exception& e) {
        job.error = e.what();
    }
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

    std::vector<Job> jobs = collectJobs(a.positional, platform::utf8Path(a.get("--out-dir")), *target);
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
                io.err << job.in << " -> " << job.out << "\n";
            else
                io.err << "FAILED " << failure(job) << "\n";
            for (const std::string& line : job.report)
                io.err << "    " << line << "\n";
        }
    };
    const size_t threads = std::min<size_t>(std::max(1u, std::thread::hardware_concurrency()), total);
    std::vector<std::thread> pool;
    for (size_t t = 1; t < threads; ++t)
        pool.emplace_back(worker);
    worker();
    for (std::thread& t : pool)
        t.join();

    size_t failed = 0;
    for (const Job& j : jobs)
        failed += j.error.empty() ? 0 : 1;
    io.out << "converted " << (total - failed) << " of " << total << " file(s) to " << target->displayName()
           << " in " << a.get("--out-dir") << "\n";
    if (failed) {
        io.out << "failed (" << failed << "):\n";
        for (const Job& j : jobs)
            if (!j.error.empty())
                io.out << "  " << failure(j) << "\n";
    }
    return failed ? Invalid : Ok;
}

} // namespace bonescope::cli
