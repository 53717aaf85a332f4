#pragma once
// What the batch commands (convert --out-dir, edit) share: the files a run works on (folders searched
// recursively, outputs that never replace an input nor, without --overwrite, an existing file) and
// running the work on every core.
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "formats/convert/convert_file.h"

namespace bonescope {
class Format;
}

namespace bonescope::cli {

struct BatchJob {
    std::string in, out;
    std::string error;               // set when the job failed
    std::vector<std::string> report; // what the target could not carry, what an edit could not do
    bool renamed = false;            // "-2", "-3"...: another output of this run had the name
    bool replaces = false;           // OUT existed before the run (written only with --overwrite)
    std::optional<OptimizeSummary> optimized; // convert --optimize: the sizes before and after
    std::optional<KeyReductionSummary> reduced; // convert --reduce-keys: keys, sizes, largest error
};

struct BatchSkipped {
    std::string path, reason;
};

struct BatchPlan {
    std::vector<BatchJob> jobs;
    std::vector<BatchSkipped> skipped;
};

// Inputs: files as given, folders searched recursively. Output paths keep the folder structure below
// each given folder, with `target`'s extension (null: each input's own name); a name another output of
// this run already has gets "-2", "-3"... Then each output is checked against the disk: one of the
// inputs is never written over, a file that existed before the run only with --overwrite.
BatchPlan collectJobs(const std::vector<std::string>& inputs, const std::filesystem::path& outDir, const Format* target,
                      bool overwrite);
// The same inputs, each its own output (edit --in-place).
BatchPlan collectInPlace(const std::vector<std::string>& inputs);

// Errors from reading and writing already start with a path; others get the input's in front.
std::string failure(const BatchJob& job);

// A job's work: what needs a core (reading, converting), returning what is left that waits for the
// disk rather than a core (writing the output), or nothing.
using BatchWork = std::function<std::function<void()>(BatchJob& job)>;

// Runs `work` on every job, one job computing per core, and what each leaves on twice as many writing
// threads; `done` is called after each job, one at a time, with the number of jobs finished so far.
void runJobs(std::vector<BatchJob>& jobs, const BatchWork& work, const std::function<void(const BatchJob&, size_t)>& done);

} // namespace bonescope::cli
