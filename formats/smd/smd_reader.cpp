// Reading SMD. Liberal where writers differ (names unquoted, comments, a missing `end` at the end of
// the file, frames that list only some nodes, any `time` numbers), strict where the data would be
// wrong (unknown node ids, cycles, numbers that are not finite). Every error names the line.
// Nothing is allocated per frame and node: a node missing from a frame holds its previous value
// through the keys around the gap, so memory follows the file's size.
#include <map>
#include <unordered_map>

#include "core/model/content_hash.h"
#include "formats/model_build.h"
#include "formats/parse_error.h"
#include "formats/smd/smd_euler.h"
#include "formats/smd/smd_extra.h"
#include "formats/smd/smd_parse.h"
#include "formats/smd/smd_text.h"
#include "formats/counted.h"

namespace bonescope::smd {

namespace {

constexpr long long kMaxId = (1LL << 31) - 1;

struct Reader {
    Lines lines;
    Scene scene;
    SmdExtra* extra = nullptr;
    Layout* layout = nullptr;
    std::unordered_map<long long, int> boneOfId;
    std::vector<size_t> nodeLineNumber; // per bone, for cycle messages
    bool sawNodes = false, sawSkeleton = false, sawTriangles = false;

    explicit Reader(std::span<const uint8_t> bytes) : lines(bytes) {}

    void warn(const Line& l, const std::string& what)
    {
        extra->warnings.push_back({"line " + std::to_string(l.number) + ": " + what, l.offset});
    }

    // The statement lines of a block until `end` (false: the block is over). A file that ends inside
    // a block ends it, with a warning, as Blender Source Tools and Assimp read it.
    bool blockLine(Line& l, const char* block, bool skipBlank = true)
    {
        while (lines.next(l)) {
            if (equalsWord(l.text, "end"))
                return false;
            if ((skipBlank && l.text.find_first_not_of(" \t") == std::string_view::npos) || isComment(l.text))
                continue;
            return true;
        }
        Line eof{{}, lines.size(), l.number + 1};
        warn(eof, std::string("the file ends inside the ") + block + " block (no 'end')");
        return false;
    }

    void nodes(const Line& start)
    {
        if (sawNodes)
            fail(start, "a second 'nodes' block");
        sawNodes = true;
        std::vector<long long> parentIds;
        std::vector<Line> where;
        Line l;
        while (blockLine(l, "nodes")) {
            const auto t = tokens(l.text);
            if (t.size() < 3)
                fail(l, "a node needs an id, a name and a parent id: found '" + std::string(l.text.substr(0, 60)) + "'");
            const long long id = integer(l, t[0], "a node id", 0, kMaxId);
            const long long parent = integer(l, t.back(), "a parent id", -1, kMaxId);
            // The name: in double quotes, or (liberally) everything between the id and the parent.
            const size_t from = size_t(t[1].data() - l.text.data());
            const size_t to = size_t(t.back().data() - l.text.data());
            std::string_view name = l.text.substr(from, to - from);
            while (!name.empty() && (name.back() == ' ' || name.back() == '\t'))
                name.remove_suffix(1);
            if (name.size() >= 2 && name.front() == '"' && name.back() == '"') {
                name = name.substr(1, name.size() - 2);
            } else if (!name.empty() && name.front() == '"') {
                fail(l, "the node name has no closing quote");
            } else {
                warn(l, "node " + std::to_string(id) + "'s name is not in double quotes (studiomdl needs them)");
            }
            if (boneOfId.count(id))
                fail(l, "node id " + std::to_string(id) + " is used twice");
            boneOfId[id] = int(scene.skeleton.bones.size());
            Bone b;
            b.name = std::string(name);
            scene.skeleton.bones.push_back(std::move(b));
            parentIds.push_back(parent);
            where.push_back(l);
            if (layout) {
                layout->ids.push_back(int(id));
                layout->nodeLines.push_back({l.offset, l.offset + l.text.size()});
            }
        }
        for (size_t b = 0; b < parentIds.size(); ++b) {
            if (parentIds[b] < 0)
                continue;
            const auto it = boneOfId.find(parentIds[b]);
            if (it == boneOfId.end())
                fail(where[b], "parent id " + std::to_string(parentIds[b]) + " is not a node of the nodes block");
            scene.skeleton.bones[b].parent = it->second;
        }
        // A cycle: walk up from each node, at most as many steps as there are nodes.
        for (size_t b = 0; b < parentIds.size(); ++b) {
            int p = scene.skeleton.bones[b].parent;
            for (size_t steps = 0; p >= 0; ++steps, p = scene.skeleton.bones[size_t(p)].parent)
                if (p == int(b) || steps > parentIds.size())
                    fail(where[b], "node " + std::string(tokens(where[b].text)[0]) + " '" + scene.skeleton.bones[b].name +
                                       "' is its own ancestor (the parents form a cycle)");
        }
        // Names are how tracks find bones: a repeated name gets its node id.
        std::map<std::string, int> seen;
        for (size_t b = 0; b < where.size(); ++b)
            if (seen[scene.skeleton.bones[b].name]++) {
                warn(where[b], "the name '" + scene.skeleton.bones[b].name + "' is used twice; shown as '" +
                                   scene.skeleton.bones[b].name + "#" + std::string(tokens(where[b].text)[0]) + "'");
                scene.skeleton.bones[b].name += "#" + std::string(tokens(where[b].text)[0]);
            }
    }

    void skeleton(const Line& start)
    {
        if (!sawNodes)
            fail(start, "the skeleton block comes before the nodes block");
        if (sawSkeleton)
            fail(start, "a second 'skeleton' block");
        sawSkeleton = true;
        const size_t n = scene.skeleton.size();
        Animation anim;
        anim.fps = DefaultFps;
        anim.tracks.resize(n);
        for (size_t b = 0; b < n; ++b)
            anim.tracks[b].name = scene.skeleton.bones[b].name;
        // Per bone: the value it holds and the frame it was last listed at.
        std::vector<glm::dvec3> heldPos(n, glm::dvec3(0.0));
        std::vector<glm::dquat> heldRot(n, glm::dquat(1, 0, 0, 0));
        std::vector<long long> listedAt(n, -1);
        std::vector<long long> seenInFrame(n, -1);
        long long frame = -1;
        size_t unlistedAtStart = 0;
        Line firstTime;
        auto endFrame = [&](size_t insertAt) {
            if (frame == 0)
                for (size_t b = 0; b < n; ++b)
                    if (listedAt[b] < 0)
                        ++unlistedAtStart;
            if (layout && frame >= 0)
                layout->frames.back().insertAt = insertAt;
        };
        Line l;
        size_t lastEnd = lines.position();
        while (blockLine(l, "skeleton")) {
            const auto t = tokens(l.text);
            if (equalsWord(t[0], "time")) {
                if (t.size() < 2)
                    fail(l, "'time' needs a frame number");
                if (t.size() > 2 && !t[2].starts_with("#") && !t[2].starts_with("//"))
                    fail(l, "unexpected '" + std::string(t[2]) + "' after the frame number");
                const long long number = integer(l, t[1], "a frame number", -kMaxId, kMaxId);
                endFrame(lastEnd);
                ++frame;
                if (frame == 0)
                    firstTime = l;
                extra->timeNumbers.push_back(number);
                if (layout)
                    layout->frames.push_back({});
                lastEnd = lines.position();
                continue;
            }
            if (frame < 0)
                fail(l, "a node line before the first 'time'");
            if (t.size() != 7)
                fail(l, "a skeleton line needs a node id, 3 position and 3 rotation numbers; found " +
                            std::to_string(t.size()) + " fields");
            const long long id = integer(l, t[0], "a node id", 0, kMaxId);
            const auto it = boneOfId.find(id);
            if (it == boneOfId.end())
                fail(l, "node " + std::to_string(id) + " is not in the nodes block");
            const int b = it->second;
            glm::dvec3 pos, euler;
            for (int i = 0; i < 3; ++i) {
                pos[i] = number(l, t[size_t(1 + i)], "a position");
                euler[i] = number(l, t[size_t(4 + i)], "a rotation");
            }
            const glm::dquat rot = rotationFromEuler(euler);
            Track& track = anim.tracks[size_t(b)];
            const double time = double(frame) / DefaultFps;
            if (seenInFrame[size_t(b)] == frame) {
                warn(l, "node " + std::to_string(id) + " is listed twice in this frame; the later line counts");
                track.translation.keys.setValue(track.translation.size() - 1, pos);
                track.rotation.keys.setValue(track.rotation.size() - 1, rot);
            } else {
                // Held through a gap: the held value keyed on the frame before this one.
                if (listedAt[size_t(b)] >= 0 && listedAt[size_t(b)] < frame - 1) {
                    const double before = double(frame - 1) / DefaultFps;
                    track.translation.keys.push_back({before, heldPos[size_t(b)]});
                    track.rotation.keys.push_back({before, heldRot[size_t(b)]});
                }
                track.translation.keys.push_back({time, pos});
                track.rotation.keys.push_back({time, rot});
            }
            seenInFrame[size_t(b)] = frame;
            listedAt[size_t(b)] = frame;
            heldPos[size_t(b)] = pos;
            heldRot[size_t(b)] = rot;
            if (frame == 0) {
                scene.skeleton.bones[size_t(b)].restTranslation = pos;
                scene.skeleton.bones[size_t(b)].restRotation = rot;
            }
            if (layout)
                layout->frames.back().lines.push_back({b, {l.offset, l.offset + l.text.size()}, euler});
            lastEnd = lines.position();
        }
        endFrame(lastEnd);
        if (frame < 0)
            return;
        if (unlistedAtStart)
            warn(firstTime, counted(unlistedAtStart, "node") + agree(unlistedAtStart, " is", " are") + " not listed in the first frame: their rest "
                            "pose is zero (studiomdl reads them so)");
        for (size_t i = 1; i < extra->timeNumbers.size(); ++i)
            if (extra->timeNumbers[i] != extra->timeNumbers[i - 1] + 1) {
                warn(firstTime, "the 'time' numbers are not consecutive (" + std::to_string(extra->timeNumbers[i - 1]) +
                                    " then " + std::to_string(extra->timeNumbers[i]) +
                                    "); frames are played in file order, one per number");
                break;
            }
        anim.duration = double(frame) / DefaultFps;
        scene.animations.push_back(std::move(anim));
    }

    void triangles(const Line& start)
    {
        if (!sawNodes)
            fail(start, "the triangles block comes before the nodes block");
        if (sawTriangles)
            fail(start, "a second 'triangles' block");
        sawTriangles = true;
        Mesh& mesh = scene.mesh;
        std::map<std::string, uint32_t, std::less<>> materialIndex;
        bool anyLinks = false, anyPlain = false;
        Line l;
        while (blockLine(l, "triangles", false)) {
            // The material line; a blank one is a material (MilkShape) only when vertices follow.
            if (l.text.find_first_not_of(" \t") == std::string_view::npos) {
                Line next;
                if (!lines.peek(next) || tokens(next.text).size() < 9 || !isInteger(tokens(next.text)[0]))
                    continue;
            }
            std::string_view material = l.text;
            auto [mit, added] = materialIndex.try_emplace(std::string(material), uint32_t(extra->materialNames.size()));
            if (added)
                extra->materialNames.emplace_back(material);
            extra->triangleMaterials.push_back(mit->second);
            for (int v = 0; v < 3; ++v) {
                Line vl;
                const bool got = lines.next(vl);
                if (!got || equalsWord(vl.text, "end"))
                    fail(got ? vl : l, "the triangle that starts at line " + std::to_string(l.number) + " has " +
                                           std::to_string(v) + " of its 3 vertices");
                vertex(vl, anyLinks, anyPlain);
            }
        }
        if (!extra->triangleMaterials.empty())
            extra->fileFlavour = anyLinks ? Flavour::Source : Flavour::GoldSrc;
        mesh.indices.resize(mesh.positions.size());
        for (size_t i = 0; i < mesh.indices.size(); ++i)
            mesh.indices[i] = uint32_t(i);
    }

    int boneOf(const Line& l, std::string_view token, const char* what)
    {
        const long long id = integer(l, token, what, 0, kMaxId);
        const auto it = boneOfId.find(id);
        if (it == boneOfId.end())
            fail(l, std::string(what) + " " + std::to_string(id) + " is not in the nodes block");
        return it->second;
    }

    void vertex(const Line& l, bool& anyLinks, bool& anyPlain)
    {
        const auto t = tokens(l.text);
        if (t.size() < 9)
            fail(l, "a vertex needs a bone, 3 position, 3 normal and 2 texture numbers; found " +
                        std::to_string(t.size()) + " fields");
        const int parent = boneOf(l, t[0], "the vertex bone");
        double v[8];
        static const char* const what[] = {"a position", "a position", "a position", "a normal",
                                           "a normal",   "a normal",   "a texture coordinate", "a texture coordinate"};
        for (int i = 0; i < 8; ++i)
            v[i] = number(l, t[size_t(1 + i)], what[i]);
        Mesh& mesh = scene.mesh;
        mesh.positions.push_back(glm::vec3(v[0], v[1], v[2]));
        mesh.normals.push_back(glm::vec3(v[3], v[4], v[5]));
        mesh.uvs.push_back(glm::vec2(v[6], v[7]));
        std::vector<std::pair<uint32_t, float>> links;
        if (t.size() > 9) {
            // Source: a link count, then (bone weight) pairs that replace the parent bone.
            const long long count = integer(l, t[9], "a link count", 0, (long long)(t.size() - 10) / 2);
            if (t.size() != size_t(10 + 2 * count))
                fail(l, "the vertex declares " + std::to_string(count) + " links but has " +
                            std::to_string(t.size() - 10) + " fields after the count");
            for (long long k = 0; k < count; ++k) {
                const int bone = boneOf(l, t[size_t(10 + 2 * k)], "the link bone");
                const double w = number(l, t[size_t(11 + 2 * k)], "a weight");
                if (w < 0)
                    fail(l, "a negative weight");
                links.push_back({uint32_t(bone), float(w)});
            }
            anyLinks = true;
        } else {
            anyPlain = true;
        }
        if (links.empty())
            links.push_back({uint32_t(parent), 1.f});
        appendSkinWeights(links, mesh);
    }

    void vertexAnimation(const Line& start)
    {
        // Kept as written (flex shapes, .vta): from the keyword line to its `end` line.
        Line l;
        size_t stop = lines.size();
        while (lines.next(l))
            if (equalsWord(l.text, "end")) {
                stop = lines.position();
                break;
            }
        if (stop == lines.size() && !(equalsWord(l.text, "end")))
            warn(start, "the file ends inside the vertexanimation block (no 'end')");
        extra->vertexAnimation.assign(reinterpret_cast<const char*>(extra->source.data()) + start.offset,
                                      stop - start.offset);
    }

    void run()
    {
        Line l;
        bool version = false;
        while (lines.next(l)) {
            if (l.text.find_first_not_of(" \t") == std::string_view::npos || isComment(l.text))
                continue;
            const auto t = tokens(l.text);
            if (!version) {
                if (!equalsWord(t[0], "version") || t.size() != 2)
                    fail(l, "an SMD file starts with 'version 1', found '" + std::string(l.text.substr(0, 40)) + "'");
                integer(l, t[1], "a version number", 0, kMaxId);
                if (t[1] != "1")
                    warn(l, "version " + std::string(t[1]) + " (SMD has only version 1; read as version 1)");
                extra->version = std::string(t[1]);
                version = true;
                continue;
            }
            if (t.size() == 1 && equalsWord(t[0], "nodes"))
                nodes(l);
            else if (t.size() == 1 && equalsWord(t[0], "skeleton"))
                skeleton(l);
            else if (t.size() == 1 && equalsWord(t[0], "triangles"))
                triangles(l);
            else if (t.size() == 1 && equalsWord(t[0], "vertexanimation"))
                vertexAnimation(l);
            else
                fail(l, "expected a block (nodes, skeleton, triangles or vertexanimation), found '" +
                            std::string(l.text.substr(0, 40)) + "'");
        }
        if (!version)
            throw ParseError("the file is empty (an SMD file starts with 'version 1')", 0);
        if (!sawNodes)
            throw ParseError("the file has no nodes block", lines.size());
    }
};

} // namespace

Scene parse(std::span<const uint8_t> bytes, Layout* layout)
{
    Reader r(bytes);
    auto extra = std::make_unique<SmdExtra>();
    extra->source.assign(bytes.begin(), bytes.end());
    r.extra = extra.get();
    r.layout = layout;
    if (layout)
        layout->newline = r.lines.crlf() ? "\r\n" : "\n";
    r.scene.format = "smd";
    r.run();
    const Animation none;
    extra->sourceHash = contentHash(r.scene.skeleton, r.scene.animations.empty() ? none : r.scene.animations[0]);
    r.scene.extra = std::move(extra);
    return std::move(r.scene);
}

} // namespace bonescope::smd
