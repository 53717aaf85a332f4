#include "app/cli/batch_files.h"

#include <algorithm>
#include <atomic>
#include <mutex>
#include <condition_variable>
#include <deque>
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
    const std::string ext = target ? "." + target->writtenExtension() : std::string();
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
    // One thread per core computes (reads, converts); what a job leaves to do (its write, which waits
    // for the file's and the folder's fsync) goes to one of twice as many writing threads, so that no
    // core stands idle through an fsync: a writer spends most of its time waiting for the disk, and
    // with one per core the computing threads waited for a free writer (0.95 against 1.04 s for 200
    // files on 2 cores, docs/performance.md). At most one write per writer waits its turn: a slow disk
    // holds the computing back instead of piling outputs up in memory. Only the computing threads
    // allocate models, so glibc keeps no more per-thread heaps than before.
    const size_t total = jobs.size();
    const size_t cores = std::max(1u, std::thread::hardware_concurrency());
    const size_t computers = std::min(cores, total);
    const size_t writers = 2 * computers;
    std::atomic<size_t> next{0};
    size_t finished = 0;
    std::mutex reporting;
    const auto report = [&](size_t i) {
        std::lock_guard lock(reporting);
        done(jobs[i], ++finished);
    };
    struct Pending {
        size_t index;
        std::function<void()> rest;
    };
    std::mutex queueLock;
    std::condition_variable queued, taken;
    std::deque<Pending> queue;
    size_t computing = computers;
    auto compute = [&] {
        for (size_t i = next++; i < total; i = next++) {
            std::function<void()> rest = work(jobs[i]);
            if (!rest) {
                report(i);
                continue;
            }
            std::unique_lock lock(queueLock);
            taken.wait(lock, [&] { return queue.size() < writers; });
            queue.push_back({i, std::move(rest)});
            queued.notify_one();
        }
        std::lock_guard lock(queueLock);
        if (--computing == 0)
            queued.notify_all();
    };
    auto write = [&] {
        for (;;) {
            std::unique_lock lock(queueLock);
            queued.wait(lock, [&] { return !queue.empty() || computing == 0; });
            if (queue.empty())
                return;
            Pending p = std::move(queue.front());
            queue.pop_front();
            taken.notify_one();
            lock.unlock();
            p.rest();
            p.rest = nullptr; // the output's bytes go before the next wait
            report(p.index);
        }
    };
    std::vector<std::thread> pool;
    for (size_t t = 0; t < writers; ++t)
        pool.emplace_back(write);
    for (size_t t = 1; t < computers; ++t)
        pool.emplace_back(compute);
    if (computers > 0)
        compute();
    for (std::thread& t : pool)
        t.join();
}

} // namespace bonescope::cli
