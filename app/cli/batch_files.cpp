#include "app/cli/batch_files.h"

#include <algorithm>
#include <atomic>
#include <mutex>
#include <semaphore>
#include <set>
#include <thread>
#include <utility>

#include "formats/platform/utf8_path.h"
#include "formats/registry.h"

namespace fs = std::filesystem;

namespace bonescope::cli {

namespace {

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
std::vector<fs::path> filesIn(const fs::path& root, const fs::path& outDir, std::vector<BatchSkipped>& skipped)
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

} // namespace

BatchPlan collectJobs(const std::vector<std::string>& inputs, const fs::path& outDir, const Format* target, bool overwrite)
{
    BatchPlan plan;
    std::error_code ec;
    const fs::path outCanonical = fs::weakly_canonical(outDir, ec);
    const std::string ext = target ? "." + target->extensions().front() : std::string();
    struct Found {
        fs::path file, out;
        std::string error;
    };
    std::vector<Found> found;
    auto natural = [&](const fs::path& relative) { return target ? (outDir / relative).replace_extension(ext) : outDir / relative; };
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
        if (!target || !f.error.empty() || !fs::equivalent(f.file, f.out, ec))
            return false;
        plan.skipped.push_back({platform::utf8String(f.file), "already " + target->displayName() + ": its output would be the file itself"});
        return true;
    });
    for (const Found& f : found) {
        std::string candidate = platform::utf8String(f.out);
        const std::string outExt = platform::utf8String(f.out.extension());
        bool renamed = false;
        for (int n = 2; taken.count(candidate); ++n, renamed = true)
            candidate = platform::utf8String(f.out.parent_path() /
                                             platform::utf8Path(platform::utf8String(f.out.stem()) + "-" + std::to_string(n) + outExt));
        taken.insert(candidate);
        BatchJob job;
        job.in = platform::utf8String(f.file);
        job.out = candidate;
        job.error = f.error;
        job.renamed = renamed;
        plan.jobs.push_back(std::move(job));
    }

    for (BatchJob& j : plan.jobs) {
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

BatchPlan collectInPlace(const std::vector<std::string>& inputs)
{
    BatchPlan plan;
    std::error_code ec;
    auto add = [&](const fs::path& file, std::string error) {
        const std::string path = platform::utf8String(file);
        BatchJob& job = plan.jobs.emplace_back();
        job.in = job.out = path;
        job.error = std::move(error);
    };
    for (const std::string& input : inputs) {
        const fs::path root = platform::utf8Path(input);
        if (fs::is_directory(root, ec)) {
            for (const fs::path& f : filesIn(root, {}, plan.skipped))
                add(f, {});
        } else {
            add(root, fs::exists(root, ec) ? std::string() : input + ": no such file or folder");
        }
    }
    return plan;
}

// Errors from reading and writing already start with a path; others get the input's in front.
std::string failure(const BatchJob& job)
{
    return job.error.rfind(job.in, 0) == 0 || job.error.rfind(job.out, 0) == 0 ? job.error : job.in + ": " + job.error;
}


void runJobs(std::vector<BatchJob>& jobs, const BatchWork& work,
             const std::function<void(const BatchJob&, size_t)>& done)
{
    // Twice as many threads as cores, at most one per core computing: a job that has called
    // computed() waits for the disk (its fsyncs) while the next one takes its core. With one thread
    // per core the cores stood idle through every fsync, which one core hides behind another thread.
    const size_t total = jobs.size();
    const size_t cores = std::max(1u, std::thread::hardware_concurrency());
    std::counting_semaphore<> computing{std::ptrdiff_t(cores)};
    std::atomic<size_t> next{0};
    size_t finished = 0;
    std::mutex reporting;
    auto worker = [&] {
        for (;;) {
            computing.acquire();
            const size_t i = next++;
            bool holding = true;
            const auto computed = [&] {
                if (std::exchange(holding, false))
                    computing.release();
            };
            if (i >= total)
                return computed();
            work(jobs[i], computed);
            computed();
            std::lock_guard lock(reporting);
            done(jobs[i], ++finished);
        }
    };
    const size_t threads = std::min<size_t>(2 * cores, total);
    std::vector<std::thread> pool;
    for (size_t t = 1; t < threads; ++t)
        pool.emplace_back(worker);
    worker();
    for (std::thread& t : pool)
        t.join();
}

} // namespace bonescope::cli
