#include "formats/cast/cast_extra.h"

#include <nlohmann/json.hpp>

#include "formats/hex.h"

namespace bonescope {

namespace cast {

std::string modeName(uint8_t mode)
{
    switch (mode) {
    case Additive: return "additive";
    case Relative: return "relative";
    default: return "absolute";
    }
}

int modeFromName(const std::string& name)
{
    if (name == "absolute")
        return Absolute;
    if (name == "additive")
        return Additive;
    if (name == "relative")
        return Relative;
    return -1;
}

} // namespace cast

namespace {

// Arrays longer than this are summarised by their length in the dump.
constexpr size_t MaxDumpedValues = 64;

nlohmann::json propertyToJson(const cast::Property& p)
{
    nlohmann::json j;
    j["name"] = p.name;
    j["type"] = cast::typeName(p.type);
    j["count"] = p.count;
    if (p.type == cast::String) {
        j["value"] = p.text();
        return j;
    }
    if (p.components() > MaxDumpedValues)
        return j;
    nlohmann::json values = nlohmann::json::array();
    const bool integral = p.type == cast::Byte || p.type == cast::Short || p.type == cast::Int32 || p.type == cast::Int64;
    for (size_t i = 0; i < p.components(); ++i) {
        if (integral)
            values.push_back(p.integer(i));
        else
            values.push_back(p.number(i));
    }
    j["values"] = std::move(values);
    return j;
}

} // namespace

void castNodeToJson(const cast::Node& n, nlohmann::json& out)
{
    out["node"] = cast::nodeName(n.id);
    out["hash"] = n.hash;
    nlohmann::json props = nlohmann::json::array();
    for (const cast::Property& p : n.props)
        props.push_back(propertyToJson(p));
    out["properties"] = std::move(props);
    if (!n.children.empty()) {
        nlohmann::json children = nlohmann::json::array();
        for (const cast::Node& c : n.children) {
            nlohmann::json cj;
            castNodeToJson(c, cj);
            children.push_back(std::move(cj));
        }
        out["children"] = std::move(children);
    }
    if (!n.slack.empty())
        out["slack"] = toHex(n.slack);
}

const CastTrackInfo* CastAnimationExtra::track(const std::string& name) const
{
    for (const CastTrackInfo& t : tracks)
        if (t.name == name)
            return &t;
    return nullptr;
}

std::unordered_map<std::string_view, const CastTrackInfo*> CastAnimationExtra::trackIndex() const
{
    std::unordered_map<std::string_view, const CastTrackInfo*> index;
    for (const CastTrackInfo& t : tracks)
        index.try_emplace(t.name, &t);
    return index;
}

void CastAnimationExtra::renameTracks(const std::map<std::string, std::string>& to)
{
    for (CastTrackInfo& t : tracks)
        t.name = renamed(t.name, to);
    // The curves the writer keeps as read (those it does not play) and the mode overrides name their
    // bone too.
    for (cast::Node& c : node.children)
        if (const cast::Property* nn = c.prop("nn"); nn && to.count(nn->text()))
            c.set(cast::Property::ofString("nn", to.at(nn->text())));
}

void CastAnimationExtra::dropTracks(const std::set<std::string>& names)
{
    std::erase_if(tracks, [&](const CastTrackInfo& t) { return names.count(t.name) != 0; });
    // The curves kept for those nodes and their mode overrides go; an elided curve keeps its index
    // among the children that stay.
    std::vector<cast::Node> children;
    std::vector<int64_t> newIndex(node.children.size(), -1);
    for (size_t i = 0; i < node.children.size(); ++i) {
        cast::Node& c = node.children[i];
        const cast::Property* nn = c.prop("nn");
        if (nn && names.count(nn->text()))
            continue;
        newIndex[i] = int64_t(children.size());
        children.push_back(std::move(c));
    }
    node.children = std::move(children);
    std::erase_if(elided, [&](CastElidedCurve& e) {
        if (e.child >= newIndex.size() || newIndex[e.child] < 0)
            return true;
        e.child = uint32_t(newIndex[e.child]);
        return false;
    });
}

void CastAnimationExtra::toJson(nlohmann::json& out) const
{
    nlohmann::json curves = nlohmann::json::array();
    static const char* comps[] = {"tx", "ty", "tz", "sx", "sy", "sz"};
    for (const CastTrackInfo& t : tracks) {
        nlohmann::json j;
        j["node"] = t.name;
        nlohmann::json props = nlohmann::json::array();
        for (int c = 0; c < 6; ++c)
            if (t.present[c])
                props.push_back(comps[c]);
        if (t.rotation)
            props.push_back("rq");
        if (t.visibility)
            props.push_back("vb");
        j["properties"] = std::move(props);
        j["translationMode"] = cast::modeName(t.translationMode);
        j["rotationMode"] = cast::modeName(t.rotationMode);
        j["scaleMode"] = cast::modeName(t.scaleMode);
        if (t.hasBlendWeight)
            j["additiveBlendWeight"] = t.blendWeight;
        curves.push_back(std::move(j));
    }
    out["curves"] = std::move(curves);
    nlohmann::json kept = nlohmann::json::array();
    for (const cast::Node& c : node.children)
        if (c.id != cast::Curve && c.id != cast::NotificationTrack) {
            nlohmann::json cj;
            castNodeToJson(c, cj);
            kept.push_back(std::move(cj));
        }
    if (!kept.empty())
        out["otherNodes"] = std::move(kept);
}

void CastFileExtra::toJson(nlohmann::json& out) const
{
    out["version"] = file.version;
    out["flags"] = file.flags;
    nlohmann::json roots = nlohmann::json::array();
    for (const cast::Node& r : file.roots) {
        nlohmann::json rj;
        castNodeToJson(r, rj);
        roots.push_back(std::move(rj));
    }
    out["roots"] = std::move(roots);
    if (!file.trailing.empty())
        out["trailing"] = toHex(file.trailing);
}

} // namespace bonescope
