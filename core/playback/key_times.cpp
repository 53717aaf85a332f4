#include "core/playback/key_times.h"

#include <algorithm>
#include <span>

namespace bonescope {

namespace {

// The channel's key times where the key list holds them (iterating the keys would make each key's
// value too: most of the time on a big animation).
template <class T>
std::span<const double> timesOf(const Channel<T>& ch)
{
    return {ch.keys.times(), ch.keys.size()};
}

} // namespace

std::vector<double> distinctKeyTimes(const std::vector<const Track*>& tracks)
{
    std::vector<double> out, merged, channelTimes;
    size_t total = 0;
    bool sorted = true;
    auto each = [&](auto&& fn) {
        for (const Track* t : tracks) {
            fn(t->translation);
            fn(t->rotation);
            fn(t->scale);
            fn(t->visibility);
        }
    };
    each([&](const auto& ch) {
        total += ch.keys.size();
        sorted = sorted && std::ranges::is_sorted(timesOf(ch));
    });
    // Merging costs a pass over what is merged so far per channel; when channels hold different
    // times that grows with their number, so past a budget (or on unsorted keys) one sort does it.
    size_t work = 0;
    const size_t budget = 32 * total + 1024;
    if (sorted) {
        each([&](const auto& ch) {
            if (work > budget)
                return;
            // Most channels of an animation are keyed at the same times: one compare each.
            const std::span<const double> times = timesOf(ch);
            if (std::ranges::equal(times, out)) {
                work += times.size();
                return;
            }
            channelTimes.clear();
            for (double t : times)
                if (channelTimes.empty() || channelTimes.back() != t)
                    channelTimes.push_back(t);
            if (std::includes(out.begin(), out.end(), channelTimes.begin(), channelTimes.end())) {
                work += channelTimes.size();
                return;
            }
            merged.clear();
            std::set_union(out.begin(), out.end(), channelTimes.begin(), channelTimes.end(), std::back_inserter(merged));
            work += merged.size();
            out.swap(merged);
        });
        if (work <= budget)
            return out;
    }
    out.clear();
    out.reserve(total);
    each([&](const auto& ch) {
        const std::span<const double> times = timesOf(ch);
        out.insert(out.end(), times.begin(), times.end());
    });
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

} // namespace bonescope
