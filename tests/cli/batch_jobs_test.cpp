// runJobs (app/cli/batch_files.h): every job runs once and is reported once; at most one job per
// core computes at a time, while jobs that have called computed() may still be writing.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <thread>

#include <gtest/gtest.h>

#include "app/cli/batch_files.h"

using namespace bonescope::cli;

TEST(BatchJobs, EachJobOnceAtMostOneComputingPerCore)
{
    const size_t cores = std::max(1u, std::thread::hardware_concurrency());
    std::vector<BatchJob> jobs(60);
    for (size_t i = 0; i < jobs.size(); ++i)
        jobs[i].in = std::to_string(i);
    std::atomic<int> computing{0}, mostComputing{0}, writing{0}, mostWriting{0};
    std::vector<std::atomic<int>> runs(jobs.size());
    std::vector<int> reported(jobs.size(), 0);
    size_t lastDone = 0;
    const auto note = [](std::atomic<int>& now, std::atomic<int>& most) {
        const int n = ++now;
        int m = most.load();
        while (n > m && !most.compare_exchange_weak(m, n)) {
        }
    };
    runJobs(
        jobs,
        [&](BatchJob& job, const std::function<void()>& computed) {
            const size_t i = std::stoul(job.in);
            ++runs[i];
            note(computing, mostComputing);
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
            --computing;
            if (i % 3 == 0)
                return; // never says so: counts as computing to the end
            computed();
            computed(); // a second call changes nothing
            note(writing, mostWriting);
            std::this_thread::sleep_for(std::chrono::milliseconds(2));
            --writing;
        },
        [&](const BatchJob& job, size_t done) {
            ++reported[std::stoul(job.in)];
            EXPECT_EQ(done, lastDone + 1);
            lastDone = done;
        });
    EXPECT_EQ(lastDone, jobs.size());
    for (size_t i = 0; i < jobs.size(); ++i) {
        EXPECT_EQ(runs[i], 1) << i;
        EXPECT_EQ(reported[i], 1) << i;
    }
    EXPECT_LE(size_t(mostComputing.load()), cores);
    EXPECT_LE(size_t(mostWriting.load()), cores * 2);
}

TEST(BatchJobs, FewerJobsThanThreadsAndNone)
{
    std::vector<BatchJob> one(1);
    int ran = 0, done = 0;
    runJobs(one, [&](BatchJob&, const std::function<void()>& computed) { ++ran; computed(); },
            [&](const BatchJob&, size_t) { ++done; });
    EXPECT_EQ(ran, 1);
    EXPECT_EQ(done, 1);
    std::vector<BatchJob> none;
    runJobs(none, [&](BatchJob&, const std::function<void()>&) { ++ran; }, [&](const BatchJob&, size_t) { ++done; });
    EXPECT_EQ(ran, 1);
    EXPECT_EQ(done, 1);
}
