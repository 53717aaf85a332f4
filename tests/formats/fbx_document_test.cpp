// Bonescope's FBX document tree (formats/fbx/fbx_document.h): binary 6.x and 7.x, ASCII 6.x lists
// and 7.x arrays read from real files, and damaged or crafted input refused with the byte offset or
// line, never a crash or a large allocation.
#include <cstring>
#include <string>

#include <gtest/gtest.h>

#include "formats/fbx/fbx_document.h"
#include "formats/parse_error.h"
#include "tests/support/error_of.h"
#include "tests/support/test_support.h"

namespace bonescope {
namespace {

using fbx::Document;
using fbx::Node;
using test::errorOf;

std::span<const uint8_t> asBytes(const std::string& s) { return {reinterpret_cast<const uint8_t*>(s.data()), s.size()}; }

const Node* objectNamed(const Node& objects, const std::string& node, const std::string& name)
{
    for (const Node& o : objects.children)
        for (const auto& v : o.values)
            if (o.name == node && v.kind == fbx::Value::Kind::Text && v.text == name)
                return &o;
    return nullptr;
}

TEST(FbxDocument, Binary6100FromOzz)
{
    // ozz-animation's cube.fbx: 3ds Max 2012 through FBX SDK 2012, binary 6100, 32-bit offsets.
    const Document doc = fbx::parseDocument(test::readBytes(test::fixturePath("fbx/cube.fbx")));
    EXPECT_TRUE(doc.binary);
    EXPECT_EQ(doc.version, 6100u);
    const Node* objects = doc.root.child("Objects");
    ASSERT_NE(objects, nullptr);
    const Node* box = objectNamed(*objects, "Model", std::string("Box001\0\1Model", 13));
    ASSERT_NE(box, nullptr);
    EXPECT_EQ(box->textAt(1), "Mesh");
    // 6.x binary lists are plain values, one per number (7.x has arrays).
    ASSERT_NE(box->child("Vertices"), nullptr);
    EXPECT_EQ(box->child("Vertices")->values.size(), 24u); // 8 corners
    const auto& polygons = box->child("PolygonVertexIndex")->values;
    ASSERT_EQ(polygons.size(), 36u); // 12 triangles
    EXPECT_EQ(polygons[0].integer, 0);
    EXPECT_EQ(polygons[2].integer, -4); // the last corner of a polygon is -(index + 1)
    const Node* settings = objects->child("GlobalSettings");
    ASSERT_NE(settings, nullptr);
    bool unit = false;
    for (const Node& p : settings->child("Properties60")->children)
        if (p.textAt(0) == "UnitScaleFactor") {
            EXPECT_DOUBLE_EQ(p.numberAt(3), 2.54);
            unit = true;
        }
    EXPECT_TRUE(unit);
}

TEST(FbxDocument, Binary7500WithCompressedArrays)
{
    // ozz-animation's robot.fbx: MotionBuilder, binary 7500 (64-bit offsets), zlib arrays.
    Document doc;
    try {
        doc = fbx::parseDocument(test::readBytes(test::fixturePath("fbx/robot.fbx")));
    } catch (const std::exception& e) {
        if (std::string(e.what()).find("has no zlib") != std::string::npos)
            GTEST_SKIP() << "a build without zlib (the Windows cross-check): " << e.what();
        throw;
    }
    EXPECT_EQ(doc.version, 7500u);
    size_t curves = 0, keys = 0;
    for (const Node& o : doc.root.child("Objects")->children)
        if (o.name == "AnimationCurve") {
            ++curves;
            const auto times = o.child("KeyTime")->values[0].asIntegers();
            const auto values = o.child("KeyValueFloat")->values[0].asNumbers();
            EXPECT_EQ(times.size(), values.size());
            keys += times.size();
        }
    EXPECT_GT(curves, 20u);
    EXPECT_GT(keys, 1000u);
}

TEST(FbxDocument, Ascii6ListsAndKeys)
{
    const Document doc = fbx::parseDocument(test::readBytes(test::fixturePath("fbx/skinned_6100.fbx")));
    EXPECT_FALSE(doc.binary);
    EXPECT_EQ(doc.version, 6100u);
    const Node* body = objectNamed(*doc.root.child("Objects"), "Model", "Model::Body");
    ASSERT_NE(body, nullptr);
    // A 6.x list goes on after a comma at the start of the next line.
    EXPECT_EQ(body->child("Vertices")->values.size(), 24u);
    EXPECT_DOUBLE_EQ(body->child("Vertices")->values[13].asNumber(), 2.0);
    // Key lists mix numbers and bare letters: 0,0,U,s,0,0,n,46186158000,90,U,a,n
    const Node* hips = doc.root.child("Takes")->child("Take")->child("Model");
    ASSERT_NE(hips, nullptr);
    EXPECT_EQ(hips->textAt(0), "Model::Hips");
    const Node* r = nullptr;
    for (const Node& part : hips->child("Channel")->children)
        if (part.textAt(0) == "R")
            r = &part;
    ASSERT_NE(r, nullptr);
    const Node* key = r->children[1].child("Key"); // Y
    ASSERT_NE(key, nullptr);
    ASSERT_EQ(key->values.size(), 12u);
    EXPECT_EQ(key->values[2].text, "U");
    EXPECT_EQ(key->values[7].integer, 46186158000);
    EXPECT_DOUBLE_EQ(key->values[8].asNumber(), 90.0);
}

TEST(FbxDocument, Ascii7ArraysKeepExactIntegers)
{
    const Document doc = fbx::parseDocument(test::readBytes(test::fixturePath("fbx/pivot_skeleton.fbx")));
    EXPECT_EQ(doc.version, 7400u);
    const Node* curve = doc.root.child("Objects")->child("AnimationCurve");
    ASSERT_NE(curve, nullptr);
    const auto times = curve->child("KeyTime")->values[0].asIntegers();
    ASSERT_EQ(times.size(), 3u);
    EXPECT_EQ(times[1], 23093079000); // half a second in FBX ticks, exact
    EXPECT_EQ(times[2], 46186158000);
}

// A binary 7.4 header and one node record holding `values` (already encoded), closed properly.
std::string binaryWith(const std::string& name, const std::string& values, uint32_t count)
{
    std::string out("Kaydara FBX Binary  \0\x1a\0", 23);
    const uint32_t version = 7400;
    out.append(reinterpret_cast<const char*>(&version), 4);
    const uint32_t start = uint32_t(out.size());
    const uint32_t end = start + 13 + uint32_t(name.size()) + uint32_t(values.size());
    const uint32_t fields[3] = {end, count, uint32_t(values.size())};
    out.append(reinterpret_cast<const char*>(fields), 12);
    out += char(name.size());
    out += name;
    out += values;
    out.append(13, '\0'); // the top level's closing record
    return out;
}

std::string u32(uint32_t v) { return std::string(reinterpret_cast<const char*>(&v), 4); }

TEST(FbxBadInput, RefusedWithWhereAndWhy)
{
    // A well-formed crafted file reads.
    const std::string good = binaryWith("N", "I" + u32(7), 1);
    const Document doc = fbx::parseDocument(asBytes(good));
    ASSERT_EQ(doc.root.children.size(), 1u);
    EXPECT_EQ(doc.root.children[0].integerAt(0), 7);

    // A real file cut short.
    auto cube = test::readBytes(test::fixturePath("fbx/cube.fbx"));
    cube.resize(5000);
    EXPECT_NE(errorOf([&] { fbx::parseDocument(cube); }).find("at byte "), std::string::npos);

    // Counts and lengths beyond the bytes there.
    EXPECT_NE(errorOf([&] { fbx::parseDocument(asBytes(binaryWith("N", "I" + u32(7), 1000000))); }).find("1000000 values"),
              std::string::npos);
    EXPECT_NE(errorOf([&] { fbx::parseDocument(asBytes(binaryWith("N", "S" + u32(0x7fffffff) + "abc", 1))); })
                  .find("runs past"),
              std::string::npos);
    // A raw array of 10 million doubles stored in 8 bytes, and a compressed one claiming as much
    // from 10 bytes: refused before anything that size is allocated; 100 million, never read.
    const auto arrayError = [&](uint32_t length, uint32_t encoding, uint32_t stored) {
        const std::string file =
            binaryWith("N", "d" + u32(length) + u32(encoding) + u32(stored) + std::string(stored, '\0'), 1);
        return errorOf([&] { fbx::parseDocument(asBytes(file)); });
    };
    std::string e = arrayError(10000000, 0, 8);
    EXPECT_NE(e.find("an array of 10000000 values is stored in 8 bytes"), std::string::npos) << e;
    e = arrayError(10000000, 1, 10);
    EXPECT_NE(e.find("claims 10000000 values, more than it can hold"), std::string::npos) << e;
    e = arrayError(100000000, 1, 10);
    EXPECT_NE(e.find("larger than Bonescope reads"), std::string::npos) << e;
    // Damaged zlib data of a plausible size (a build without zlib says it cannot inflate at all).
    const std::string damaged =
        errorOf([&] { fbx::parseDocument(asBytes(binaryWith("N", "i" + u32(4) + u32(1) + u32(10) + std::string(10, 'x'), 1))); });
    EXPECT_TRUE(damaged.find("damaged") != std::string::npos || damaged.find("has no zlib") != std::string::npos) << damaged;
    EXPECT_NE(errorOf([&] { fbx::parseDocument(asBytes(binaryWith("N", "Q", 1))); }).find("unknown value type 'Q'"),
              std::string::npos);

    // ASCII: the line is named.
    EXPECT_EQ(errorOf([] { fbx::parseDocument(asBytes("; FBX 7.4.0 project file\nA: 1 {\n  B: 2\n")); }),
              "line 4: the file ends before a '}' that closes 'A'");
    EXPECT_EQ(errorOf([] { fbx::parseDocument(asBytes("A: *3 {\n a: 1,2\n}\n")); }),
              "line 3: an array says it holds 3 values and holds 2");
    EXPECT_EQ(errorOf([] { fbx::parseDocument(asBytes("A: 1.2.3\n")); }), "line 1: '1.2.3' is not a number");
    std::string deep;
    for (int i = 0; i < 100; ++i)
        deep += "A: {\n";
    EXPECT_NE(errorOf([&] { fbx::parseDocument(asBytes(deep)); }).find("nested deeper than 64 levels"), std::string::npos);
    // Binary nesting as deep is refused the same way (each node ends where its parent does).
    std::string nested("Kaydara FBX Binary  \0\x1a\0", 23);
    nested += u32(7400);
    const size_t levels = 100, total = nested.size() + levels * 14 + 13;
    for (size_t i = 0; i < levels; ++i)
        nested += u32(uint32_t(total - 13)) + u32(0) + u32(0) + std::string(1, '\1') + "N";
    nested.append(13, '\0');
    EXPECT_NE(errorOf([&] { fbx::parseDocument(asBytes(nested)); }).find("nested deeper"), std::string::npos);
}

} // namespace
} // namespace bonescope
