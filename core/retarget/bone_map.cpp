#include "core/retarget/bone_map.h"

#include <cmath>
#include <stdexcept>
#include <unordered_map>

#include <nlohmann/json.hpp>

namespace bonescope {

namespace {

std::vector<std::string> stringList(const nlohmann::json& j, const std::string& where)
{
    if (!j.is_array())
        throw std::runtime_error(where + " is not a list of bone names");
    std::vector<std::string> out;
    for (const auto& e : j) {
        if (!e.is_string())
            throw std::runtime_error(where + " holds something that is not a bone name");
        out.push_back(e.get<std::string>());
    }
    return out;
}

RetargetSettings settingsFromJson(const nlohmann::json& j)
{
    if (!j.is_object())
        throw std::runtime_error("\"settings\" is not an object");
    RetargetSettings s;
    if (j.contains("mode")) {
        const auto m = j["mode"].is_string() ? parseRetargetMode(j["mode"].get<std::string>()) : std::nullopt;
        if (!m)
            throw std::runtime_error("\"settings\".\"mode\" is neither \"match-pose\" nor \"keep-rest\"");
        s.mode = *m;
    }
    if (j.contains("rootMotion")) {
        const auto m = j["rootMotion"].is_string() ? parseRootMotion(j["rootMotion"].get<std::string>()) : std::nullopt;
        if (!m)
            throw std::runtime_error("\"settings\".\"rootMotion\" is not \"keep\", \"in-place\" or \"extract\"");
        s.rootMotion = *m;
    }
    auto flag = [&](const char* key, bool& out) {
        if (!j.contains(key))
            return;
        if (!j[key].is_boolean())
            throw std::runtime_error(std::string("\"settings\".\"") + key + "\" is not true or false");
        out = j[key].get<bool>();
    };
    flag("legIk", s.legIk);
    flag("armIk", s.armIk);
    flag("footLock", s.footLock);
    return s;
}

} // namespace

BoneMap BoneMap::fromJson(std::string_view text)
{
    nlohmann::json j;
    try {
        j = nlohmann::json::parse(text);
    } catch (const nlohmann::json::parse_error& e) {
        throw std::runtime_error(std::string("not valid JSON: ") + e.what());
    }
    if (!j.is_object() || !j.contains("map") || !j["map"].is_object())
        throw std::runtime_error("expected an object {\"map\": {\"source bone\": \"target bone\", ...}}");
    BoneMap m;
    for (const auto& [src, dst] : j["map"].items()) {
        if (!dst.is_string())
            throw std::runtime_error("the target of \"" + src + "\" is not a string");
        m.map[src] = dst.get<std::string>();
    }
    if (j.contains("chains")) {
        if (!j["chains"].is_object())
            throw std::runtime_error("\"chains\" is not an object of named chains");
        for (const auto& [name, c] : j["chains"].items()) {
            if (!c.is_object() || !c.contains("source") || !c.contains("target"))
                throw std::runtime_error("chain \"" + name + "\" needs \"source\" and \"target\" lists");
            BoneChain chain{stringList(c["source"], "chain \"" + name + "\" source"),
                            stringList(c["target"], "chain \"" + name + "\" target")};
            if (chain.source.empty() || chain.target.empty())
                throw std::runtime_error("chain \"" + name + "\" has an empty list");
            m.chains[name] = std::move(chain);
        }
    }
    if (j.contains("settings"))
        m.settings = settingsFromJson(j["settings"]);
    return m;
}

std::string BoneMap::toJson() const
{
    nlohmann::json j;
    j["map"] = nlohmann::json::object();
    for (const auto& [src, dst] : map)
        j["map"][src] = dst;
    for (const auto& [name, c] : chains)
        j["chains"][name] = {{"source", c.source}, {"target", c.target}};
    if (settings)
        j["settings"] = {{"mode", modeName(settings->mode)},
                         {"rootMotion", rootMotionName(settings->rootMotion)},
                         {"legIk", settings->legIk},
                         {"armIk", settings->armIk},
                         {"footLock", settings->footLock}};
    return j.dump(2) + "\n";
}

std::vector<std::pair<int, int>> distributeChain(int sourceCount, int targetCount)
{
    std::vector<std::pair<int, int>> out;
    if (sourceCount <= 0 || targetCount <= 0)
        return out;
    if (sourceCount >= targetCount) {
        for (int j = 0; j < targetCount; ++j)
            out.emplace_back((j + 1) * sourceCount / targetCount - ((j + 1) * sourceCount % targetCount == 0), j);
    } else {
        for (int i = 0; i < sourceCount; ++i)
            out.emplace_back(i, (i + 1) * targetCount / sourceCount - ((i + 1) * targetCount % sourceCount == 0));
    }
    return out;
}

std::string bonePath(const Skeleton& s, int b)
{
    std::string path;
    for (int p = b, guard = 0; p >= 0 && guard <= int(s.size()); p = s.bones[p].parent, ++guard)
        path = path.empty() ? s.bones[p].name : s.bones[p].name + "/" + path;
    return path;
}

std::vector<std::string> boneMapNames(const Skeleton& s)
{
    std::unordered_map<std::string, int> names, paths;
    for (const Bone& b : s.bones)
        ++names[b.name];
    std::vector<std::string> out;
    for (size_t b = 0; b < s.size(); ++b)
        out.push_back(names[s.bones[b].name] > 1 ? bonePath(s, int(b)) : s.bones[b].name);
    // Siblings of one name share a path too: the second and later get "#2", "#3"...
    for (const std::string& key : out)
        ++paths[key];
    std::unordered_map<std::string, int> seen;
    for (std::string& key : out)
        if (paths[key] > 1)
            if (const int n = ++seen[key]; n > 1)
                key += "#" + std::to_string(n);
    return out;
}

int resolveBone(const Skeleton& s, std::string_view nameOrPath)
{
    // A key the map itself made ("A/B/HEAD#2") names one bone exactly.
    if (nameOrPath.find('#') != std::string_view::npos) {
        const auto keys = boneMapNames(s);
        for (size_t b = 0; b < keys.size(); ++b)
            if (keys[b] == nameOrPath)
                return int(b);
    }
    if (nameOrPath.find('/') != std::string_view::npos) {
        // Walk from a root, one name per step: names alone cannot tell two "Foot.L" apart.
        int at = -1;
        size_t start = 0;
        while (start <= nameOrPath.size()) {
            const size_t end = std::min(nameOrPath.find('/', start), nameOrPath.size());
            const std::string_view part = nameOrPath.substr(start, end - start);
            int next = -1;
            for (size_t b = 0; b < s.size() && next < 0; ++b)
                if (s.bones[b].parent == at && s.bones[b].name == part)
                    next = int(b);
            if (next < 0)
                break;
            at = next;
            if (end == nameOrPath.size())
                return at;
            start = end + 1;
        }
        // A bone whose own name holds a '/' (Assimp's FBX helper nodes do not, but a user's may).
    }
    const int exact = s.find(nameOrPath);
    return exact >= 0 ? exact : s.findLoose(nameOrPath);
}

std::vector<std::pair<int, int>> resolveBoneMap(const BoneMap& map, const Skeleton& source, const Skeleton& target)
{
    std::vector<std::pair<int, int>> pairs;
    std::vector<int> bySource(source.size(), -1), byTarget(target.size(), -1);
    auto lookUp = [](const Skeleton& s, const std::string& name, const char* side) {
        const int b = resolveBone(s, name);
        if (b < 0)
            throw std::runtime_error(std::string("the bone map names ") + side + " bone '" + name + "', which the " + side +
                                     " skeleton does not have");
        return b;
    };
    auto add = [&](int s, int t) {
        if (bySource[s] >= 0 && bySource[s] != t)
            throw std::runtime_error("the bone map maps source bone '" + source.bones[s].name + "' twice ('" +
                                     target.bones[bySource[s]].name + "' and '" + target.bones[t].name + "')");
        if (byTarget[t] >= 0 && byTarget[t] != s)
            throw std::runtime_error("the bone map gives target bone '" + target.bones[t].name + "' two sources ('" +
                                     source.bones[byTarget[t]].name + "' and '" + source.bones[s].name + "')");
        if (bySource[s] == t)
            return;
        bySource[s] = t;
        byTarget[t] = s;
        pairs.emplace_back(s, t);
    };
    for (const auto& [src, dst] : map.map)
        add(lookUp(source, src, "source"), lookUp(target, dst, "target"));
    for (const auto& [name, chain] : map.chains) {
        std::vector<int> s, t;
        for (const auto& n : chain.source)
            s.push_back(lookUp(source, n, "source"));
        for (const auto& n : chain.target)
            t.push_back(lookUp(target, n, "target"));
        for (const auto& [i, j] : distributeChain(int(s.size()), int(t.size())))
            add(s[i], t[j]);
    }
    return pairs;
}

} // namespace bonescope
