#include "formats/write_limits.h"

#include <algorithm>
#include <cmath>
#include <sstream>

#include "core/math/array_checks.h"
#include "formats/byte_reader.h"
#include "formats/parse_error.h"
#include "formats/text_encoding.h"

namespace bonescope {

namespace {

std::string number(double v)
{
    std::ostringstream s;
    s << v;
    return s.str();
}

struct Checker {
    const WriteLimits& limits;

    [[noreturn]] void fail(const std::string& what) const { throw WriteError(limits.format + ": " + what); }

    void value(double v, const std::string& where) const
    {
        check(v, [&] { return where; });
    }

    // `where` makes the description only when the value fails: a channel has millions of keys.
    template <class Where>
    void check(double v, Where&& where) const
    {
        if (std::isfinite(v) && std::abs(v) <= limits.maxMagnitude)
            return;
        if (!std::isfinite(v))
            fail(where() + " is not a finite number");
        fail(where() + ": " + number(v) + " is beyond the largest value the format holds (" +
             number(limits.maxMagnitude) + ")");
    }

    void name(const std::string& n, const std::string& what) const
    {
        if (limits.nulTerminatedNames && n.find('\0') != std::string::npos)
            fail(what + " '" + validUtf8(n.substr(0, n.find('\0'))) +
                 "...' holds a NUL byte, which ends a name in this format");
    }

    // The arrays are checked whole; only a failure is described, for the first key that has one.
    template <class T>
    void channel(const Channel<T>& ch, const std::string& bone, const char* kind) const
    {
        const KeyList<T>& keys = ch.keys;
        constexpr size_t parts = KeyParts<T>::n;
        const size_t count = keys.size(), values = count * parts;
        const size_t badTime = firstBeyond(keys.times(), count, limits.maxMagnitude);
        const size_t badPart = keys.inFloat() ? firstBeyond(keys.floatValues(), values, limits.maxMagnitude)
                                              : firstBeyond(keys.doubleValues(), values, limits.maxMagnitude);
        const size_t k = std::min(badTime, badPart / parts);
        if (k == count)
            return;
        auto where = [&] { return "bone '" + validUtf8(bone) + "' " + kind + " key " + std::to_string(k); };
        check(keys.time(k), [&] { return where() + " time"; });
        const double part = keys.inFloat() ? double(keys.floatValues()[badPart]) : keys.doubleValues()[badPart];
        check(part, [&] { return where() + " (" + number(keys.time(k)) + " s)"; });
    }

    void animation(const Animation& a) const
    {
        name(a.name, "animation");
        value(a.duration, "animation '" + validUtf8(a.name) + "' duration");
        for (const Track& t : a.tracks) {
            name(t.name, "bone");
            channel(t.translation, t.name, "translation");
            channel(t.rotation, t.name, "rotation");
            channel(t.scale, t.name, "scale");
            channel(t.visibility, t.name, "visibility");
        }
        for (const Note& n : a.notes) {
            name(n.name, "note");
            value(n.time, "note '" + validUtf8(n.name) + "' time");
        }
    }

    // Depth of every bone without recursion: walk up to a bone whose depth is known, then back down.
    void depth(const Skeleton& s) const
    {
        const size_t n = s.size();
        std::vector<size_t> depth(n, 0);
        std::vector<size_t> path;
        for (size_t i = 0; i < n; ++i) {
            path.clear();
            size_t at = i, d = 0;
            while (true) {
                if (depth[at] != 0) {
                    d = depth[at];
                    break;
                }
                if (path.size() > n)
                    return; // a cycle: the writer's own tree check names it
                path.push_back(at);
                const int p = s.bones[at].parent;
                if (p < 0 || size_t(p) >= n)
                    break;
                at = size_t(p);
            }
            for (auto it = path.rbegin(); it != path.rend(); ++it)
                depth[*it] = ++d;
            if (depth[i] > limits.maxDepth)
                fail("bone '" + validUtf8(s.bones[i].name) + "' is " + std::to_string(depth[i]) +
                     " levels deep; the format (as Bonescope reads it) holds at most " +
                     std::to_string(limits.maxDepth) + " levels");
        }
    }
};

} // namespace

void checkWriteLimits(const Scene& scene, const WriteLimits& limits)
{
    const Checker c{limits};
    for (const Bone& b : scene.skeleton.bones) {
        c.name(b.name, "bone");
        const std::string where = "bone '" + validUtf8(b.name) + "' rest ";
        for (int k = 0; k < 3; ++k) {
            c.value(b.restTranslation[k], where + "translation");
            c.value(b.restScale[k], where + "scale");
        }
        for (int k = 0; k < 4; ++k)
            c.value(b.restRotation[k], where + "rotation");
    }
    c.depth(scene.skeleton);
    const Mesh& m = limits.mesh ? scene.mesh : Mesh{};
    auto vertex = [](size_t v, const char* what) { return "mesh vertex " + std::to_string(v) + " " + what; };
    for (size_t v = 0; v < m.positions.size(); ++v)
        for (int k = 0; k < 3; ++k)
            c.value(m.positions[v][k], vertex(v, "position"));
    for (size_t v = 0; v < m.normals.size(); ++v)
        for (int k = 0; k < 3; ++k)
            c.value(m.normals[v][k], vertex(v, "normal"));
    for (size_t v = 0; v < m.uvs.size(); ++v)
        for (int k = 0; k < 2; ++k)
            c.value(m.uvs[v][k], vertex(v, "texture coordinate"));
    for (size_t v = 0; v < m.weights.size(); ++v)
        for (int k = 0; k < 4; ++k)
            c.value(m.weights[v][k], vertex(v, "weight"));
    if (limits.allAnimations) {
        for (const Animation& a : scene.animations)
            c.animation(a);
    } else if (const Animation* a = scene.currentAnimation()) {
        c.animation(*a);
    }
}

void checkWrittenFrames(double frames, size_t fileBytes, const std::string& format, const std::string& what)
{
    const double limit = double(ByteReader::FreeFrames) + double(ByteReader::FramesPerByte) * double(fileBytes);
    if (!(std::floor(frames) <= limit)) // the reader counts whole frames
        throw WriteError(format + ": " + what + " is " + number(frames) + " frames, more than a file of " +
                         std::to_string(fileBytes) + " bytes may declare (at most " + number(limit) +
                         "); Bonescope would refuse to read it back");
}

} // namespace bonescope
