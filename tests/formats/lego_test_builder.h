#pragma once
// Builds LEGO Island .ani bytes field by field for the tests, independently of the writer.
#include <cstdint>
#include <string>
#include <vector>

#include "formats/byte_writer.h"

namespace bonescope::test {

struct AniBuilder {
    ByteWriter w;

    // Header up to and including the duration; actors as (name, type).
    AniBuilder& header(int32_t cameraFlag, int32_t unused, const std::vector<std::pair<std::string, uint32_t>>& actors,
                       int32_t durationMs, float radius = 1.5f)
    {
        w.s32(0x11);
        w.f32(radius);
        w.f32(0.25f);
        w.f32(-0.5f);
        w.f32(2.0f);
        w.s32(cameraFlag);
        w.s32(unused);
        w.u32(uint32_t(actors.size()));
        for (const auto& [name, type] : actors) {
            name_(name);
            if (!name.empty())
                w.u32(type);
        }
        w.s32(durationMs);
        return *this;
    }
    void name_(const std::string& s)
    {
        w.u32(uint32_t(s.size()));
        w.bytes({reinterpret_cast<const uint8_t*>(s.data()), s.size()});
    }
    AniBuilder& count(uint16_t n) { w.u16(n); return *this; }
    AniBuilder& key(uint32_t ms, uint32_t flags) { w.u32(ms | flags << 24); return *this; }
    AniBuilder& vec(uint32_t ms, uint32_t flags, float x, float y, float z)
    {
        key(ms, flags);
        w.f32(x);
        w.f32(y);
        w.f32(z);
        return *this;
    }
    // Stored as (angle = w, x, y, z).
    AniBuilder& quat(uint32_t ms, uint32_t flags, float qw, float qx, float qy, float qz)
    {
        key(ms, flags);
        w.f32(qw);
        w.f32(qx);
        w.f32(qy);
        w.f32(qz);
        return *this;
    }
    AniBuilder& morph(uint32_t ms, uint32_t flags, uint8_t visible)
    {
        key(ms, flags);
        w.u8(visible);
        return *this;
    }
    AniBuilder& roll(uint32_t ms, uint32_t flags, float z)
    {
        key(ms, flags);
        w.f32(z);
        return *this;
    }
    AniBuilder& name(const std::string& s) { name_(s); return *this; }
    AniBuilder& children(uint32_t n) { w.u32(n); return *this; }
    // A node with no keys at all.
    AniBuilder& bareNode(const std::string& s, uint32_t childCount)
    {
        name(s);
        for (int i = 0; i < 4; ++i)
            count(0);
        return children(childCount);
    }
    AniBuilder& raw(std::initializer_list<uint8_t> b)
    {
        for (uint8_t x : b)
            w.u8(x);
        return *this;
    }
    std::vector<uint8_t> bytes() { return w.buffer(); }
};

} // namespace bonescope::test
