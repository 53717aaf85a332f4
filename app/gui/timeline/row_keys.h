#pragma once
// The keys of one dope-sheet row, sorted by time and grouped where their times agree within 1e-9
// (a bone's summary row shows one mark for its channels' keys at one time). Painting and hit tests
// look keys up by binary search here instead of scanning the whole row, so their cost does not grow
// with the keys outside the visible range.
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "core/model/animation.h"
#include "core/editing/key_editing.h"

namespace bonescope::gui {

class RowKeys {
public:
    // track -1 is the notes row: its groups are the notes' times and hold no keys.
    RowKeys(const Animation& a, int track, std::optional<ChannelKind> channel);

    // One time per group, ascending.
    const std::vector<double>& times() const { return times_; }
    std::span<const KeyRef> keysOf(size_t group) const;
    // The first group at or after `time` (times_.size() when none).
    size_t firstAtOrAfter(double time) const;
    // The keys of the group at `time` (within 1e-9), or none.
    std::span<const KeyRef> keysAt(double time) const;

private:
    std::vector<double> times_;
    std::vector<uint32_t> starts_; // group g holds refs_[starts_[g], starts_[g + 1])
    std::vector<KeyRef> refs_;
};

} // namespace bonescope::gui
