#pragma once
// Builds Cast files byte by byte from the specification for the tests, independently of
// formats/cast (which must not check itself): every node's size is summed here.
#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <string>
#include <vector>

namespace bonescope::test::castb {

inline void put(std::vector<uint8_t>& o, uint64_t v, int n)
{
    for (int i = 0; i < n; ++i)
        o.push_back(uint8_t(v >> (8 * i)));
}
inline void putF(std::vector<uint8_t>& o, float f)
{
    uint32_t b;
    std::memcpy(&b, &f, 4);
    put(o, b, 4);
}
inline void putD(std::vector<uint8_t>& o, double d)
{
    uint64_t b;
    std::memcpy(&b, &d, 8);
    put(o, b, 8);
}

struct Prop {
    std::vector<uint8_t> bytes;
};

// Header: two type characters (second NUL for one-letter types), name size, array length.
inline Prop header(const char* type, const std::string& name, uint32_t count)
{
    Prop p;
    p.bytes.push_back(uint8_t(type[0]));
    p.bytes.push_back(uint8_t(type[1]));
    put(p.bytes, name.size(), 2);
    put(p.bytes, count, 4);
    p.bytes.insert(p.bytes.end(), name.begin(), name.end());
    return p;
}

inline Prop str(const std::string& name, const std::string& value)
{
    Prop p = header("s\0", name, 1);
    p.bytes.insert(p.bytes.end(), value.begin(), value.end());
    p.bytes.push_back(0);
    return p;
}
inline Prop ints(const char* type, const std::string& name, std::initializer_list<uint64_t> v)
{
    const int size = type[0] == 'b' ? 1 : type[0] == 'h' ? 2 : type[0] == 'i' ? 4 : 8;
    Prop p = header(type, name, uint32_t(v.size()));
    for (uint64_t x : v)
        put(p.bytes, x, size);
    return p;
}
inline Prop b(const std::string& n, std::initializer_list<uint64_t> v) { return ints("b\0", n, v); }
inline Prop h(const std::string& n, std::initializer_list<uint64_t> v) { return ints("h\0", n, v); }
inline Prop i32(const std::string& n, std::initializer_list<uint64_t> v) { return ints("i\0", n, v); }
inline Prop l(const std::string& n, std::initializer_list<uint64_t> v) { return ints("l\0", n, v); }
inline Prop f(const std::string& name, std::initializer_list<float> v)
{
    Prop p = header("f\0", name, uint32_t(v.size()));
    for (float x : v)
        putF(p.bytes, x);
    return p;
}
inline Prop d(const std::string& name, std::initializer_list<double> v)
{
    Prop p = header("d\0", name, uint32_t(v.size()));
    for (double x : v)
        putD(p.bytes, x);
    return p;
}
// Vectors: `dims` floats per element; stored type id "2v", "3v", "4v".
inline Prop vec(int dims, const std::string& name, std::initializer_list<float> v)
{
    const char type[2] = {char('0' + dims), 'v'};
    Prop p = header(type, name, uint32_t(v.size() / dims));
    for (float x : v)
        putF(p.bytes, x);
    return p;
}

struct Node {
    uint32_t id;
    uint64_t hash;
    std::vector<Prop> props;
    std::vector<Node> children;

    size_t size() const
    {
        size_t s = 24;
        for (const Prop& p : props)
            s += p.bytes.size();
        for (const Node& c : children)
            s += c.size();
        return s;
    }
    void write(std::vector<uint8_t>& o) const
    {
        put(o, id, 4);
        put(o, size(), 4);
        put(o, hash, 8);
        put(o, props.size(), 4);
        put(o, children.size(), 4);
        for (const Prop& p : props)
            o.insert(o.end(), p.bytes.begin(), p.bytes.end());
        for (const Node& c : children)
            c.write(o);
    }
};

// Ids from the specification, written out as the four characters they spell.
constexpr uint32_t fourcc(const char (&s)[5])
{
    return uint32_t(uint8_t(s[0])) | uint32_t(uint8_t(s[1])) << 8 | uint32_t(uint8_t(s[2])) << 16 |
           uint32_t(uint8_t(s[3])) << 24;
}
constexpr uint32_t RootId = fourcc("root"), ModelId = fourcc("modl"), MeshId = fourcc("mesh"), SkeletonId = fourcc("skel"),
                   BoneId = fourcc("bone"), IKHandleId = fourcc("ikhd"), ConstraintId = fourcc("cnst"),
                   AnimationId = fourcc("anim"), CurveId = fourcc("curv"), CurveModeOverrideId = fourcc("CMOV"),
                   NotificationTrackId = fourcc("ntif"), MaterialId = fourcc("matl"), FileId = fourcc("file"),
                   BlendShapeId = fourcc("blsh");

inline std::vector<uint8_t> file(const std::vector<Node>& roots)
{
    std::vector<uint8_t> o = {'c', 'a', 's', 't'};
    put(o, 1, 4);
    put(o, roots.size(), 4);
    put(o, 0, 4);
    for (const Node& r : roots)
        r.write(o);
    return o;
}

// A file of one Root node whose header declares `props` properties and `children` children in
// `body` bytes, which the caller appends (crafted files).
inline std::vector<uint8_t> rootHeader(uint32_t body, uint32_t props, uint32_t children)
{
    std::vector<uint8_t> o = {'c', 'a', 's', 't'};
    put(o, 1, 4);
    put(o, 1, 4);
    put(o, 0, 4);
    put(o, RootId, 4);
    put(o, 24 + uint64_t(body), 4);
    put(o, 0, 8);
    put(o, props, 4);
    put(o, children, 4);
    return o;
}

// A Curve node: node name, property, key frames, values, mode, then any other properties.
inline Node curve(uint64_t hash, const std::string& node, const std::string& kp, Prop kb, Prop kv,
                  const std::string& mode, std::vector<Prop> more = {})
{
    Node c{CurveId, hash, {str("nn", node), str("kp", kp)}, {}};
    c.props.push_back(std::move(kb));
    c.props.push_back(std::move(kv));
    c.props.push_back(str("m", mode));
    for (auto& p : more)
        c.props.push_back(std::move(p));
    return c;
}

} // namespace bonescope::test::castb
