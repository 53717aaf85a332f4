// runJobs (app/cli/batch_files.h): every job runs once and is reported once, after what it left to
// do; at most one job per core computes at a time, while others write.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <thread>

#include <gtest/gtest.h>

#include "app/cli/batch_files.h"

using namespace bonescope::cli;

namespace {

void noteMost(std::atomic<int>& now, std::atomic<int>& most)
{
    const int n = ++now;
    int m = most.load();
    while (n > m && !most.compare_exchange_weak(m, n)) {
    }
}

} // namespace

TEST(BatchJobs, EachJobOnceAtMostOneComputingPerCore)
{
    const size_t cores = std::max(1u, std::thread::hardware_concurrency());
    std::vector<BatchJob> jobs(60);
    for (size_t i = 0; i < jobs.size(); ++i)
        jobs[i].in = std::to_string(i);
    std::atomic<int> computing{0}, mostComputing{0}, writing{0}, mostWriting{0};
    std::vector<std::atomic<int>> computed(jobs.size()), written(jobs.size());
    std::vector<int> reported(jobs.size(), 0);
    size_t lastDone = 0;
    runJobs(
        jobs,
        [&](BatchJob& job) -> std::function<void()> {
            const size_t i = std::stoul(job.in);
            ++computed[i];
            noteMost(computing, mostComputing);
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
            --computing;
            if (i % 3 == 0)
                return {}; // nothing left to write
            return [&, i] {
                noteMost(writing, mostWriting);
                std::this_thread::sleep_for(std::chrono::milliseconds(2));
                ++written[i];
                --writing;
            };
        },
        [&](const BatchJob& job, size_t done) {
            const size_t i = std::stoul(job.in);
            ++reported[i];
            EXPECT_EQ(written[i], i % 3 == 0 ? 0 : 1) << i; // reported after its write
            EXPECT_EQ(done, lastDone + 1);
            lastDone = done;
        });
    EXPECT_EQ(lastDone, jobs.size());
    for (size_t i = 0; i < jobs.size(); ++i) {
        EXPECT_EQ(computed[i], 1) << i;
        EXPECT_EQ(written[i], i % 3 == 0 ? 0 : 1) << i;
        EXPECT_EQ(reported[i], 1) << i;
    }
    EXPECT_LE(size_t(mostComputing.load()), cores);
    EXPECT_LE(size_t(mostWriting.load()), 2 * cores); // writers mostly wait for the disk: two per core
}

TEST(BatchJobs, OneJobAndNone)
{
    std::vector<BatchJob> one(1);
    int ran = 0, wrote = 0, done = 0;
    runJobs(one, [&](BatchJob&) -> std::function<void()> { ++ran; return [&] { ++wrote; }; },
            [&](const BatchJob&, size_t) { ++done; });
    EXPECT_EQ(ran, 1);
    EXPECT_EQ(wrote, 1);
    EXPECT_EQ(done, 1);
    std::vector<BatchJob> none;
    runJobs(none, [&](BatchJob&) -> std::function<void()> { ++ran; return {}; },
            [&](const BatchJob&, size_t) { ++done; });
    EXPECT_EQ(ran, 1);
    EXPECT_EQ(done, 1);
}
