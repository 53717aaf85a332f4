#pragma once
// The Dash Model Format in its four variants, one Format each: DMF 1.5 binary ("DASH" magic) and
// JSON ({"format": "DASH"}), DMX 2.0 binary ("DMX" magic) and JSON ({"type": "DashModelExchange"}).
// Detection is by content: .dmf and .dmx are shared with unrelated formats.
#include <memory>

#include "formats/dash/dash_extra.h"
#include "formats/format.h"

namespace bonescope {

class DashFormat : public Format {
public:
    explicit DashFormat(dash::Variant v) : v_(v) {}

    std::string id() const override;
    std::string displayName() const override;
    std::vector<std::string> extensions() const override;
    Capabilities capabilities() const override;
    bool detect(std::span<const uint8_t> head) const override;
    Scene read(std::span<const uint8_t> bytes) const override;
    std::vector<uint8_t> write(const Scene& scene) const override;
    FileSummary summarize(std::span<const uint8_t> bytes) const override;
    std::vector<Finding> validate(const Scene& scene, const std::string& target) const override;
    Report conversionLoss(const Scene& scene) const override;

private:
    dash::Variant v_;
};

// All four, in detection order, for the registry.
std::vector<std::unique_ptr<Format>> dashFormats();

} // namespace bonescope
