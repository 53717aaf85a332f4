#pragma once
// What Bonescope and its import helper (bonescope-import, app/import/) say to each other through the
// helper's standard input and output: the request (the file's bytes and how to read them) and the
// answer (the scene read, or the reader's error), each in a frame of its own on the pipes (its length
// first, formats/platform/child_process.h), as one helper answers one request after another. A versioned little-endian binary form, every count
// checked against the bytes left before anything is allocated: the answer comes from a process that
// may have been reading a hostile file, so it is parsed as carefully as a file is.
//
// Request: "BSIQ", u32 version, u8 flags (1: with animations), string hint, string folder, string name,
// u64 size, the file's bytes (version 2 added the name). Answer: "BSIA", u32 version, u8 kind: 0 a scene (below), 1 a failure (string
// reason, u64 byte offset or ~0). Strings are u32 length + UTF-8 bytes; arrays u64 count + items.
// A scene: string format, s32 current, u8 stated up axis (0 none, 1 Y, 2 Z), the skeleton, the mesh,
// the animations. It carries every plain field of core/model/scene.h; formats' extra data (FormatExtra) is not
// carried: the readers behind the helper (formats/assimp) make none.
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "core/model/scene.h"

namespace bonescope::wire {

// 2: the request carries the file's name (files beside it); 3: bone kinds for cameras, lights and
// empties, and the up axis the file states.
constexpr uint32_t kVersion = 3;

struct ImportRequest {
    std::string hint;   // the reader's hint: "glb", "fbx", an extension
    std::string folder; // UTF-8; where the file may find files it names ("": nowhere)
    bool animations = true; // false: skeleton and mesh only
    std::span<const uint8_t> bytes;
    // The file's own name (UTF-8, no folder), for readers that find the files beside it by its name
    // (an MD5 mesh's animation, an MDL's textures); "": Assimp knows it as "bonescope-input.HINT".
    std::string name;
};

std::vector<uint8_t> encodeRequest(const ImportRequest& request);
// The request's bytes point into `data`. Throws ParseError with the byte offset.
ImportRequest decodeRequest(std::span<const uint8_t> data);

std::vector<uint8_t> encodeScene(const Scene& scene);
std::vector<uint8_t> encodeFailure(const std::string& reason, uint64_t offset);

struct ImportAnswer {
    bool ok = false;
    Scene scene;          // ok
    std::string reason;   // !ok: the reader's reason
    uint64_t offset = ~uint64_t(0); // !ok: where in the file, or ~0
};
// Throws ParseError (offset into the answer) when the answer is damaged, of another version, or
// describes a scene that breaks the model's rules (a parent after its child, a joint or index out of
// range, an enumeration value that does not exist).
ImportAnswer decodeAnswer(std::span<const uint8_t> data);

} // namespace bonescope::wire
