#include "formats/gltf/gltf_json.h"

#include <cstring>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "formats/parse_error.h"

namespace bonescope {

namespace {

// SAX events tracked with the stack of open containers: the top-level keys, and each entry of the
// top-level "nodes" array with its "children" indices.
class Scanner : public nlohmann::json_sax<nlohmann::json> {
public:
    std::vector<std::vector<size_t>> children; // per node
    std::vector<GltfSkinFacts> skins;
    std::vector<uint64_t> accessorCounts;      // per accessor ("count", 0 when absent)
    bool hasAsset = false;
    std::string version;
    uint64_t errorOffset = ~uint64_t(0);

    bool null() override { return true; }
    bool boolean(bool) override { return true; }
    bool number_integer(number_integer_t v) override
    {
        if (atVersion())
            version = std::to_string(v);
        if (v >= 0)
            number(uint64_t(v));
        return true;
    }
    bool number_unsigned(number_unsigned_t v) override
    {
        if (atVersion())
            version = std::to_string(v);
        number(v);
        return true;
    }
    bool number_float(number_float_t, const string_t& text) override
    {
        if (atVersion())
            version = text;
        return true;
    }
    bool string(string_t& s) override
    {
        if (atVersion())
            version = s;
        return true;
    }
    bool binary(binary_t&) override { return true; }
    bool start_object(std::size_t) override
    {
        if (open_.size() == 2 && inTop("nodes"))
            children.emplace_back();
        if (open_.size() == 2 && inTop("skins"))
            skins.emplace_back();
        if (open_.size() == 2 && inTop("accessors"))
            accessorCounts.push_back(0);
        open_.push_back({'{', {}});
        return true;
    }
    bool key(string_t& k) override
    {
        open_.back().key = k;
        if (open_.size() == 1 && k == "asset")
            hasAsset = true;
        return true;
    }
    bool end_object() override
    {
        open_.pop_back();
        return true;
    }
    bool start_array(std::size_t) override
    {
        open_.push_back({'[', {}});
        return true;
    }
    bool end_array() override
    {
        open_.pop_back();
        return true;
    }
    bool parse_error(std::size_t position, const std::string&, const nlohmann::detail::exception&) override
    {
        errorOffset = position ? position - 1 : 0; // nlohmann counts the offending byte in
        return false;
    }

private:
    struct Open {
        char kind;
        std::string key; // the current key, in an object
    };
    // At top["asset"]["version"].
    bool atVersion() const
    {
        return open_.size() == 2 && open_[0].kind == '{' && open_[0].key == "asset" && open_[1].kind == '{' &&
               open_[1].key == "version";
    }
    // Inside the top-level array `name` (open_: top object, that array, ...).
    bool inTop(const char* name) const
    {
        return open_.size() >= 2 && open_[0].kind == '{' && open_[0].key == name && open_[1].kind == '[';
    }
    // A member of an entry of a top-level array: top["array"][i]["member"] (a number there, or the
    // array that member holds).
    bool atMember(const char* array, const char* member, size_t depth) const
    {
        return open_.size() == depth && inTop(array) && open_[2].kind == '{' && open_[2].key == member;
    }
    // The numbers the checks need: nodes[i].children[], skins[i].joints[] (counted),
    // skins[i].inverseBindMatrices and accessors[i].count.
    void number(uint64_t v)
    {
        if (atMember("nodes", "children", 4) && open_[3].kind == '[' && !children.empty())
            children.back().push_back(size_t(v));
        else if (atMember("skins", "joints", 4) && open_[3].kind == '[' && !skins.empty())
            ++skins.back().joints;
        else if (atMember("skins", "inverseBindMatrices", 3) && !skins.empty())
            skins.back().inverseBindMatrices = v;
        else if (atMember("accessors", "count", 3) && !accessorCounts.empty())
            accessorCounts.back() = v;
    }
    std::vector<Open> open_;
};

} // namespace

GltfJsonFacts scanGltfJson(std::string_view json)
{
    Scanner s;
    GltfJsonFacts out;
    const bool complete = nlohmann::json::sax_parse(json.begin(), json.end(), &s);
    out.hasAsset = s.hasAsset;
    out.version = s.version;
    out.skins = std::move(s.skins);
    out.accessorCounts = std::move(s.accessorCounts);
    out.errorOffset = complete ? ~uint64_t(0) : s.errorOffset;
    // Depth of every node from its parent chain, memoised, without recursion.
    const size_t n = s.children.size();
    constexpr size_t kNone = ~size_t(0);
    std::vector<size_t> parent(n, kNone), depth(n, 0);
    for (size_t p = 0; p < n; ++p)
        for (size_t c : s.children[p])
            if (c < n && parent[c] == kNone && c != p)
                parent[c] = p;
            else if (c == p)
                out.nodeCycle = true;
    std::vector<size_t> chain;
    for (size_t i = 0; i < n && !out.nodeCycle; ++i) {
        chain.clear();
        size_t at = i;
        while (at != kNone && depth[at] == 0) {
            if (chain.size() > n) { // longer than the node count: the chain loops
                out.nodeCycle = true;
                break;
            }
            chain.push_back(at);
            at = parent[at];
        }
        size_t d = at == kNone ? 0 : depth[at];
        for (auto it = chain.rbegin(); it != chain.rend(); ++it)
            depth[*it] = ++d;
        out.nodeDepth = std::max(out.nodeDepth, d);
    }
    return out;
}

std::string skinProblem(const GltfJsonFacts& f)
{
    for (size_t i = 0; i < f.skins.size(); ++i) {
        const GltfSkinFacts& s = f.skins[i];
        if (!s.inverseBindMatrices)
            continue; // identity matrices, by the specification
        const std::string skin = "glTF skin " + std::to_string(i);
        if (*s.inverseBindMatrices >= f.accessorCounts.size())
            return skin + " names inverseBindMatrices accessor " + std::to_string(*s.inverseBindMatrices) + ", which the file lacks";
        const uint64_t count = f.accessorCounts[*s.inverseBindMatrices];
        if (count < s.joints)
            return skin + " has " + std::to_string(s.joints) + " joints but its inverseBindMatrices accessor " +
                   std::to_string(*s.inverseBindMatrices) + " holds " + std::to_string(count) + " matrices";
    }
    return {};
}

std::optional<std::string_view> glbJsonChunk(std::span<const uint8_t> b)
{
    if (const std::optional<GlbChunks> chunks = glbChunks(b))
        return chunks->json;
    return std::nullopt;
}

std::optional<GlbChunks> glbChunks(std::span<const uint8_t> b)
{
    if (b.size() < 4 || std::memcmp(b.data(), "glTF", 4) != 0)
        return std::nullopt;
    GlbChunks out;
    auto u32 = [&](size_t at) { // little-endian
        return uint32_t(b[at]) | uint32_t(b[at + 1]) << 8 | uint32_t(b[at + 2]) << 16 | uint32_t(b[at + 3]) << 24;
    };
    auto need = [&](uint64_t end, uint64_t at, const char* what) {
        if (end > b.size())
            throw ParseError(std::string("truncated .glb: ") + what + " ends at byte " + std::to_string(end) +
                                 ", after the end of the file (" + std::to_string(b.size()) + " bytes)",
                             at);
    };
    need(12, 4, "the header");
    const uint32_t version = u32(4), length = u32(8);
    if (version != 2)
        throw ParseError("a .glb of version " + std::to_string(version) + "; Bonescope reads glTF 2.0 binaries", 4);
    if (length > b.size())
        throw ParseError("truncated .glb: the header gives a length of " + std::to_string(length) +
                             " bytes, the file has " + std::to_string(b.size()),
                         8);
    // From here on the container is the header's length; chunks must lie inside it.
    b = b.first(length);
    need(20, 12, "the JSON chunk header");
    if (u32(16) != 0x4E4F534A)
        throw ParseError("the first chunk of a .glb must be JSON", 16);
    const uint64_t jsonLength = u32(12);
    need(20 + jsonLength, 12, "the JSON chunk");
    std::string_view json(reinterpret_cast<const char*>(b.data() + 20), size_t(jsonLength));
    // Some exporters pad the JSON with NUL bytes instead of spaces; Assimp stops at the first.
    while (!json.empty() && json.back() == '\0')
        json.remove_suffix(1);
    out.json = json;
    // Anything after the JSON chunk (once padded to 4 bytes) is the BIN chunk.
    const uint64_t bin = 20 + ((jsonLength + 3) & ~uint64_t(3));
    if (bin < b.size()) {
        need(bin + 8, bin, "the chunk header after the JSON chunk");
        if (u32(bin + 4) != 0x004E4942)
            throw ParseError("the chunk after the JSON chunk of a .glb must be BIN", bin + 4);
        need(bin + 8 + u32(bin), bin, "the BIN chunk");
        out.bin = b.subspan(size_t(bin + 8), u32(bin));
        out.binOffset = bin + 8;
        out.hasBin = true;
    }
    return out;
}

} // namespace bonescope
