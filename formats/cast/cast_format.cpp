// What `info` shows of a Cast file beyond the common summary (models, materials and their files, IK
// handles, constraints, blend shapes, curve modes), and what writing a scene to another format loses.
#include "formats/cast/cast_format.h"

#include <map>

#include "formats/byte_source.h"
#include "formats/cast/cast_extra.h"
#include "formats/counted.h"

namespace bonescope {

namespace {

using cast::Node;

std::string nameOr(const Node& n, const char* fallback)
{
    const std::string s = n.text("n");
    return s.empty() ? fallback : s;
}

// Bone names by hash, to show what IK handles and constraints link.
std::map<uint64_t, std::string> boneNames(const Node& skeleton)
{
    std::map<uint64_t, std::string> names;
    for (const Node& b : skeleton.children)
        if (b.id == cast::Bone)
            names[b.hash] = b.text("n");
    return names;
}

std::string linked(const Node& n, const char* prop, const std::map<uint64_t, std::string>& bones)
{
    const cast::Property* p = n.prop(prop);
    if (!p || p->type != cast::Int64 || p->count < 1)
        return "-";
    auto it = bones.find(p->integer(0));
    return it != bones.end() ? it->second : "#" + std::to_string(p->integer(0));
}

void describeModel(const Node& model, std::vector<std::string>& out)
{
    const std::string name = nameOr(model, "(unnamed)");
    std::map<uint64_t, std::string> bones;
    size_t meshes = 0, blendShapes = 0;
    for (const Node& c : model.children) {
        if (c.id == cast::Skeleton) {
            bones = boneNames(c);
            for (const Node& s : c.children) {
                if (s.id == cast::IKHandle)
                    out.push_back("ik handle " + nameOr(s, "(unnamed)") + ": " + linked(s, "sb", bones) + " -> " +
                                  linked(s, "eb", bones) + ", target " + linked(s, "tb", bones) + ", pole vector " +
                                  linked(s, "pv", bones));
                else if (s.id == cast::Constraint)
                    out.push_back("constraint " + nameOr(s, "(unnamed)") + ": " + s.text("ct", "?") + " of " +
                                  linked(s, "cb", bones) + " to " + linked(s, "tb", bones));
            }
        }
        meshes += c.id == cast::Mesh;
        blendShapes += c.id == cast::BlendShape;
    }
    out.push_back("model " + name + ": " + counted(bones.size(), "bone") + ", " + counted(meshes, "mesh", "meshes") +
                  ", " + counted(blendShapes, "blend shape"));
    for (const Node& m : model.children) {
        if (m.id != cast::Material)
            continue;
        std::map<uint64_t, std::string> files;
        for (const Node& f : m.children)
            if (f.id == cast::File)
                files[f.hash] = f.text("p");
        std::string line = "material " + nameOr(m, "(unnamed)") + " (" + m.text("t", "?") + ")";
        for (const cast::Property& p : m.props)
            if (p.type == cast::Int64 && p.count == 1 && files.count(p.integer(0)))
                line += ", " + p.name + ": " + files[p.integer(0)];
        out.push_back(line);
    }
}

} // namespace

FileSummary CastFormat::summarize(std::span<const uint8_t> bytes) const
{
    MemorySource source(bytes);
    return summarizePieces(source);
}

FileSummary CastFormat::summarizePieces(ByteSource& source) const
{
    const Scene scene = readPieces(source);
    FileSummary f = summarizeScene(scene);
    f.format = id();
    const auto* x = scene.extra.as<CastFileExtra>();
    for (const Node& root : x->file.roots)
        for (const Node& c : root.children)
            if (c.id == cast::Model)
                describeModel(c, f.details);
    for (const Animation& a : scene.animations) {
        const auto* ax = a.extra.as<CastAnimationExtra>();
        std::map<std::string, size_t> modes;
        size_t overrides = 0, otherCurves = 0;
        for (const CastTrackInfo& t : ax->tracks) {
            if (t.present[0] || t.present[1] || t.present[2])
                ++modes[cast::modeName(t.translationMode)];
            if (t.rotation)
                ++modes[cast::modeName(t.rotationMode)];
        }
        const auto index = ax->trackIndex();
        for (const Node& c : ax->node.children) {
            overrides += c.id == cast::CurveModeOverride;
            otherCurves += c.id == cast::Curve && !index.count(c.text("nn"));
        }
        std::string line = "animation " + (a.name.empty() ? std::string("(unnamed)") : a.name) + " curve modes:";
        for (const auto& [mode, n] : modes)
            line += " " + mode + " " + std::to_string(n);
        if (overrides)
            line += ", " + counted(overrides, "mode override");
        if (otherCurves)
            line += ", " + counted(otherCurves, "curve") + " kept but not played";
        f.details.push_back(line);
    }
    return f;
}

std::vector<std::string> CastFormat::ownFields(const Scene& scene) const
{
    std::vector<std::string> out;
    const auto* x = scene.extra.as<CastFileExtra>();
    if (!x)
        return out;
    size_t ik = 0, constraints = 0, blendShapes = 0, materials = 0, models = 0;
    for (const Node& root : x->file.roots)
        for (const Node& m : root.children) {
            if (m.id != cast::Model)
                continue;
            ++models;
            for (const Node& c : m.children) {
                blendShapes += c.id == cast::BlendShape;
                materials += c.id == cast::Material;
                if (c.id == cast::Skeleton)
                    for (const Node& s : c.children) {
                        ik += s.id == cast::IKHandle;
                        constraints += s.id == cast::Constraint;
                    }
            }
        }
    if (ik)
        out.push_back(counted(ik, "IK handle"));
    if (constraints)
        out.push_back(counted(constraints, "constraint"));
    if (blendShapes)
        out.push_back(counted(blendShapes, "blend shape"));
    if (materials)
        out.push_back(counted(materials, "material") + " and their texture links");
    if (models > 1)
        out.push_back(counted(models - 1, "model") + " past the first");
    size_t relative = 0, additive = 0, weighted = 0, unplayed = 0, overrides = 0;
    for (const Animation& a : scene.animations) {
        const auto* ax = a.extra.as<CastAnimationExtra>();
        if (!ax)
            continue;
        for (const CastTrackInfo& t : ax->tracks) {
            for (uint8_t m : {t.translationMode, t.rotationMode}) {
                relative += m == cast::Relative;
                additive += m == cast::Additive;
            }
            weighted += t.hasBlendWeight && t.blendWeight != 1.0f;
        }
        const auto index = ax->trackIndex();
        for (const Node& c : ax->node.children) {
            overrides += c.id == cast::CurveModeOverride;
            unplayed += c.id == cast::Curve && !index.count(c.text("nn"));
        }
    }
    if (relative + additive + overrides)
        out.push_back("curve modes (" + std::to_string(relative) + " relative, " + std::to_string(additive) +
                      " additive, " + counted(overrides, "override") +
                      ") baked into absolute keys on the rest pose");
    if (weighted)
        out.push_back(counted(weighted, "additive blend weight") + " other than 1 (written at full weight)");
    if (unplayed)
        out.push_back(counted(unplayed, "curve") + " Bonescope does not play (blend shape weights, other properties)");
    return out;
}

} // namespace bonescope
