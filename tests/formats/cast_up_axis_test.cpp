// Cast's up axis: the first Metadata node's "up" property (the specification's hint) is the file's;
// "x", anything else, or no Metadata node state nothing.
#include <gtest/gtest.h>

#include "formats/registry.h"
#include "tests/formats/cast_test_builder.h"

using namespace bonescope;
namespace cb = bonescope::test::castb;

namespace {

constexpr uint32_t MetadataId = cb::fourcc("meta");

std::optional<UpAxis> upOf(std::vector<cb::Node> metadata)
{
    using namespace cb;
    Node bone{BoneId, 101, {str("n", "root"), i32("p", {0xFFFFFFFF}), vec(3, "lp", {0, 0, 1})}, {}};
    Node model{ModelId, 1, {str("n", "m")}, {Node{SkeletonId, 100, {}, {bone}}}};
    std::vector<Node> children = std::move(metadata);
    children.insert(children.begin(), model);
    const std::vector<uint8_t> bytes = cb::file({Node{RootId, 0, {}, children}});
    return Registry::instance().byId("cast")->read(bytes).statedUp;
}

} // namespace

TEST(CastUpAxis, FirstMetadataNodeStatesIt)
{
    using namespace cb;
    EXPECT_EQ(upOf({Node{MetadataId, 2, {str("a", "me"), str("up", "z")}, {}}}), UpAxis::Z);
    EXPECT_EQ(upOf({Node{MetadataId, 2, {str("up", "y")}, {}}}), UpAxis::Y);
    // Only the first Metadata node's hints count.
    EXPECT_EQ(upOf({Node{MetadataId, 2, {str("up", "y")}, {}}, Node{MetadataId, 3, {str("up", "z")}, {}}}), UpAxis::Y);
}

TEST(CastUpAxis, OtherwiseNothingIsStated)
{
    using namespace cb;
    EXPECT_FALSE(upOf({}).has_value());
    EXPECT_FALSE(upOf({Node{MetadataId, 2, {str("a", "me")}, {}}}).has_value());
    EXPECT_FALSE(upOf({Node{MetadataId, 2, {str("up", "x")}, {}}}).has_value()); // X up: shown as Y, the user turns it
}
