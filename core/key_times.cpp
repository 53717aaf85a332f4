#include "core/key_times.h"

#include <algorithm>

namespace bonescope {

namespace {

template <class T>
bool sortedTimes(const Channel<T>& ch)
{
    return std::is_sorted(ch.keys.begin(), ch.keys.end(), [](const auto& x, const auto& y) { return x.time < y.time; });
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
        sorted = sorted && sortedTimes(ch);
    });
    // Merging costs a pass over what is merged so far per channel; when channels hold different
    // times that grows with their number, so past a budget (or on unsorted keys) one sort does it.
    size_t work = 0;
    const size_t budget = 32 * total + 1024;
    if (sorted) {
        each([&](const auto& ch) {
            if (work > budget)
                return;
            channelTimes.clear();
            for (const auto& k : ch.keys)
                if (channelTimes.empty() || channelTimes.back() != k.time)
                    channelTimes.push_back(k.time);
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
        for (const auto& k : ch.keys)
            out.push_back(k.time);
    });
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

} // namespace bonescope
