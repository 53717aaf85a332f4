#include "app/gui/timeline/row_keys.h"

#include <algorithm>
#include <cmath>

namespace bonescope::gui {

namespace {

constexpr double kSameTime = 1e-9; // as the key editor's: keys this close are one key's time
constexpr ChannelKind kChannels[] = {ChannelKind::Translation, ChannelKind::Rotation, ChannelKind::Scale,
                                     ChannelKind::Visibility};

struct TimedRef {
    double time;
    KeyRef ref;
};

} // namespace

RowKeys::RowKeys(const Animation& a, int track, std::optional<ChannelKind> channel)
{
    std::vector<TimedRef> all;
    if (track < 0) {
        for (const Note& n : a.notes)
            all.push_back({n.time, {}});
    } else {
        for (ChannelKind c : kChannels) {
            if (channel && *channel != c)
                continue;
            const size_t n = channelSize(a.tracks[track], c);
            for (size_t i = 0; i < n; ++i)
                all.push_back({keyTime(a, {track, c, int(i)}), {track, c, int(i)}});
        }
    }
    // Channels are kept sorted, so one channel is usually sorted already; several are merged here.
    std::stable_sort(all.begin(), all.end(), [](const TimedRef& x, const TimedRef& y) { return x.time < y.time; });
    for (size_t i = 0; i < all.size(); ++i) {
        if (times_.empty() || std::abs(all[i].time - times_.back()) > kSameTime) {
            times_.push_back(all[i].time);
            starts_.push_back(uint32_t(refs_.size()));
        }
        if (track >= 0)
            refs_.push_back(all[i].ref);
    }
    starts_.push_back(uint32_t(refs_.size()));
}

std::span<const KeyRef> RowKeys::keysOf(size_t group) const
{
    if (group >= times_.size())
        return {};
    return std::span<const KeyRef>(refs_).subspan(starts_[group], starts_[group + 1] - starts_[group]);
}

size_t RowKeys::firstAtOrAfter(double time) const
{
    return size_t(std::lower_bound(times_.begin(), times_.end(), time) - times_.begin());
}

std::span<const KeyRef> RowKeys::keysAt(double time) const
{
    const size_t g = firstAtOrAfter(time - kSameTime);
    return g < times_.size() && std::abs(times_[g] - time) <= kSameTime ? keysOf(g) : std::span<const KeyRef>{};
}

} // namespace bonescope::gui
