#pragma once
// Unreal ActorX: PSK (and the .pskx FModel and UE Viewer write) models, PSA animations
// (docs/formats/psk-psa.md). Detected by the first chunk's name, ACTRHEAD or ANIMHEAD.
#include "formats/format.h"

namespace bonescope {

class PskFormat : public Format {
public:
    std::string id() const override { return "psk"; }
    std::string displayName() const override { return "Unreal PSK (ActorX model)"; }
    std::vector<std::string> extensions() const override { return {"psk", "pskx"}; }
    Capabilities capabilities() const override;
    bool detect(std::span<const uint8_t> head) const override;
    Scene read(std::span<const uint8_t> bytes) const override;
    std::vector<uint8_t> write(const Scene& scene) const override;
    FileSummary summarize(std::span<const uint8_t> bytes) const override;
    Report conversionLoss(const Scene& scene) const override;
    void fromCommon(Scene& scene, Report& report) const override; // psk_adapter.cpp
};

class PsaFormat : public Format {
public:
    std::string id() const override { return "psa"; }
    std::string displayName() const override { return "Unreal PSA (ActorX animations)"; }
    std::vector<std::string> extensions() const override { return {"psa"}; }
    Capabilities capabilities() const override;
    bool detect(std::span<const uint8_t> head) const override;
    Scene read(std::span<const uint8_t> bytes) const override;
    std::vector<uint8_t> write(const Scene& scene) const override;
    FileSummary summarize(std::span<const uint8_t> bytes) const override;
    Report conversionLoss(const Scene& scene) const override;
    void fromCommon(Scene& scene, Report& report) const override; // psk_adapter.cpp
};

} // namespace bonescope
