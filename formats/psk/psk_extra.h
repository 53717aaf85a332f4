#pragma once
// What a PSK/PSA file holds beyond the common model, kept so that an unedited file saves byte for
// byte: the chunks in their order (those Bonescope does not rebuild, with their bytes), the bone
// records (bytes after a name's NUL, Length, Size), and each sequence's ANIMINFO record and key times.
#include <array>
#include <cstdint>
#include <vector>

#include "core/model/format_extra.h"
#include "formats/psk/psk_chunks.h"
#include "formats/write_limits.h"

namespace bonescope {

namespace psk {
constexpr int32_t BoneRecordBytes = 120, InfoRecordBytes = 168, KeyRecordBytes = 32, ScaleRecordBytes = 16;
constexpr int32_t PointBytes = 12, WedgeBytes = 16, FaceBytes = 12, Face32Bytes = 18, MaterialBytes = 88,
                  WeightBytes = 12;
// UE Viewer's header TypeFlag: UE3 reads SCALEKEYS only when the header's is at least 20090127.
constexpr uint32_t WrittenTypeFlag = 20100422;
constexpr int ParentUnknown = -2; // parentsRead: the file gives no hierarchy (UE Viewer's BONENAMES)
// What the readers take back: finite 32-bit floats, names that end at a NUL (char[64]), every
// sequence of a PSA, the mesh of a PSK.
inline WriteLimits writeLimits(bool animations)
{
    WriteLimits l{animations ? "Unreal PSA" : "Unreal PSK"};
    l.nulTerminatedNames = true;
    l.allAnimations = animations;
    l.mesh = !animations;
    return l;
}
} // namespace psk

struct PskKeptChunk {
    psk::ChunkHeader header;
    std::vector<uint8_t> payload; // the records as read; empty for chunks rebuilt from the model
    bool rebuilt = false;         // REFSKELT, BONENAMES, ANIMINFO, ANIMKEYS, SCALEKEYS: made from the model
};

struct PskExtra : FormatExtra {
    bool animationFile = false;           // PSA (ANIMHEAD), else PSK
    std::vector<PskKeptChunk> chunks;     // in file order
    std::vector<uint8_t> trailing;        // fewer than 32 bytes after the last chunk
    std::vector<std::array<uint8_t, psk::BoneRecordBytes>> boneRecords; // REFSKELT / BONENAMES as read
    std::vector<int> parentsRead;         // the skeleton's parents as the reader gave them
    std::vector<std::string> namesRead;   // the bone names as read
    // PSA: the sequences' keys lie one after another from the first record and fill ANIMKEYS, as every
    // known writer lays them out. Other layouts are read, and saved in that one.
    bool standardKeyLayout = true;
    uint64_t meshFingerprint = 0;         // of the mesh the reader built (unchanged: chunks written as read)
    // For info and the dump.
    size_t points = 0, wedges = 0, faces = 0, materials = 0, morphTargets = 0, extraUvSets = 0;
    bool vertexColors = false, wideFaces = false;

    std::unique_ptr<FormatExtra> clone() const override { return std::make_unique<PskExtra>(*this); }
    void toJson(nlohmann::json& out) const override;
};

// One PSA sequence's ANIMINFO record and what the reader made of it; each field is written as read
// while the animation still says the same.
struct PsaSequenceExtra : FormatExtra {
    std::array<uint8_t, psk::InfoRecordBytes> info{};
    int32_t bonesRead = 0, framesRead = 0, firstRead = 0; // firstRead: the FirstRawFrame used (fixed when wrong)
    float fpsRead = 0;
    std::vector<float> keyTimes;   // ANIMKEYS Time per key (frame-major), empty when all are keyTime
    float keyTime = 1.0f;
    std::vector<float> scaleTimes; // the same for SCALEKEYS
    float scaleTime = 1.0f;
    bool hadScaleKeys = false;

    std::unique_ptr<FormatExtra> clone() const override { return std::make_unique<PsaSequenceExtra>(*this); }
    void toJson(nlohmann::json& out) const override;
};

} // namespace bonescope
