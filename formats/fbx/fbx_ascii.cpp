// ASCII FBX: `Name: value, value, ... { children }`, `;` comments to the end of the line, quoted
// strings, bare words (6.x key flags), 7.x arrays `*N { a: v,v,... }` and 6.x lists that continue on
// the next lines after a leading comma. Errors name the line.
#include "formats/fbx/fbx_document.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <string_view>

#include "formats/parse_error.h"

namespace bonescope::fbx {

namespace {

class AsciiParser {
public:
    explicit AsciiParser(std::string_view text) : t_(text) {}

    void readTop(Node& root)
    {
        readChildren(root, 1, false);
    }

private:
    [[noreturn]] void fail(const std::string& why) const
    {
        throw ParseError("line " + std::to_string(lineAt(p_)) + ": " + why);
    }
    // Counted from the last position asked about (the parser moves forward, and back only a little).
    size_t lineAt(size_t pos) const
    {
        pos = std::min(pos, t_.size());
        for (; cachePos_ < pos; ++cachePos_)
            cacheLine_ += t_[cachePos_] == '\n';
        for (; cachePos_ > pos; --cachePos_)
            cacheLine_ -= t_[cachePos_ - 1] == '\n';
        return cacheLine_;
    }
    bool atEnd() const { return p_ >= t_.size(); }
    char peek() const { return atEnd() ? '\0' : t_[p_]; }

    // Spaces, and with `lines` also line breaks and comments.
    void skip(bool lines)
    {
        while (!atEnd()) {
            const char c = t_[p_];
            if (c == ' ' || c == '\t' || c == '\r' || (lines && c == '\n')) {
                ++p_;
            } else if (c == ';' && lines) {
                while (!atEnd() && t_[p_] != '\n')
                    ++p_;
            } else {
                break;
            }
        }
    }

    static bool nameChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '|' || c == '-' || c == '.'; }

    // Child nodes until `}` (closed) or the end of the text (top level).
    void readChildren(Node& parent, int depth, bool closed)
    {
        if (depth > kMaxDepth)
            fail("nodes nested deeper than " + std::to_string(kMaxDepth) + " levels");
        while (true) {
            skip(true);
            if (atEnd()) {
                if (closed)
                    fail("the file ends before a '}' that closes '" + parent.name + "'");
                return;
            }
            if (peek() == '}') {
                if (!closed)
                    fail("a '}' that closes nothing");
                ++p_;
                return;
            }
            readNode(parent.children.emplace_back(), depth);
        }
    }

    void readNode(Node& node, int depth)
    {
        node.where = lineAt(p_);
        const size_t start = p_;
        while (!atEnd() && nameChar(t_[p_]))
            ++p_;
        if (p_ == start || peek() != ':')
            fail("expected a name and ':' here");
        node.name.assign(t_.substr(start, p_ - start));
        ++p_;
        skip(false);
        if (peek() == ',') { // embedded content starts with an empty first value: `Content: , "..."`
            ++p_;
            skip(true);
        }
        if (peek() != '\n' && peek() != '{' && peek() != '}' && peek() != ';' && !atEnd()) {
            while (true) {
                readValue(node);
                // 6.x lists go on after a comma at the start of the next line.
                const size_t save = p_;
                skip(true);
                if (peek() != ',') {
                    p_ = save;
                    break;
                }
                ++p_;
                skip(true);
            }
        }
        skip(false);
        if (peek() == '{') {
            ++p_;
            readChildren(node, depth + 1, true);
        }
    }

    void readValue(Node& node)
    {
        const char c = peek();
        Value& v = node.values.emplace_back();
        if (c == '"') {
            const size_t close = t_.find('"', p_ + 1);
            if (close == std::string_view::npos)
                fail("a string that is never closed");
            v.kind = Value::Kind::Text;
            v.text = unquote(t_.substr(p_ + 1, close - p_ - 1));
            p_ = close + 1;
        } else if (c == '*') {
            readArray(v);
        } else if (std::isdigit(static_cast<unsigned char>(c)) || c == '-' || c == '+' || c == '.') {
            readNumber(v);
        } else if (nameChar(c)) {
            const size_t start = p_;
            while (!atEnd() && nameChar(t_[p_]))
                ++p_;
            v.kind = Value::Kind::Text;
            v.text.assign(t_.substr(start, p_ - start));
        } else {
            const bool printable = c >= 0x20 && c < 0x7f;
            fail(printable ? std::string("unexpected '") + c + "'"
                           : "unexpected byte " + std::to_string(static_cast<unsigned char>(c)) + " (not FBX text)");
        }
    }

    // FBX writes a quote inside a string as &quot;.
    static std::string unquote(std::string_view s)
    {
        std::string out;
        for (size_t i = 0; i < s.size(); ++i) {
            if (s.substr(i, 6) == "&quot;") {
                out += '"';
                i += 5;
            } else {
                out += s[i];
            }
        }
        return out;
    }

    void readNumber(Value& v)
    {
        size_t end = p_;
        while (end < t_.size() && (std::isalnum(static_cast<unsigned char>(t_[end])) || t_[end] == '.' || t_[end] == '-' ||
                                   t_[end] == '+'))
            ++end;
        const char* first = t_.data() + p_;
        const char* last = t_.data() + end;
        if (first == last)
            fail("expected a number here");
        if (*first == '+')
            ++first;
        int64_t i = 0;
        const auto ri = std::from_chars(first, last, i);
        if (ri.ec == std::errc() && ri.ptr == last) {
            v.kind = Value::Kind::Integer;
            v.integer = i;
            v.number = double(i);
        } else {
            double d = 0;
            const auto rd = std::from_chars(first, last, d);
            if (rd.ec == std::errc::result_out_of_range)
                d = 0; // a denormal or overflowing literal: read as 0, not refused
            else if (rd.ec != std::errc() || rd.ptr != last)
                fail("'" + std::string(t_.substr(p_, end - p_)) + "' is not a number");
            v.kind = Value::Kind::Number;
            v.number = d;
            v.integer = d > -9.2e18 && d < 9.2e18 ? int64_t(d) : 0;
        }
        p_ = end;
    }

    // `*N { a: v, v, ... }`: N is checked against what follows, never trusted for room.
    void readArray(Value& v)
    {
        ++p_;
        Value count;
        readNumber(count);
        skip(true);
        if (peek() != '{')
            fail("expected '{' after an array's size");
        ++p_;
        skip(true);
        v.kind = Value::Kind::NumberArray;
        if (peek() == 'a' && p_ + 1 < t_.size() && t_[p_ + 1] == ':') {
            p_ += 2;
            skip(true);
            while (peek() != '}') {
                Value n;
                readNumber(n);
                v.numbers.push_back(n.number);
                if (n.kind == Value::Kind::Integer)
                    v.integers.push_back(n.integer);
                skip(true);
                if (peek() == ',') {
                    ++p_;
                    skip(true);
                } else if (peek() != '}') {
                    fail("expected ',' or '}' in an array");
                }
            }
        }
        skip(true);
        if (peek() != '}')
            fail("expected '}' closing an array");
        ++p_;
        if (count.integer < 0 || uint64_t(count.integer) != v.numbers.size())
            fail("an array says it holds " + std::to_string(count.integer) + " values and holds " +
                 std::to_string(v.numbers.size()));
        // All integers (indices, ids): keep them exact.
        if (v.integers.size() == v.numbers.size() && !v.numbers.empty()) {
            v.kind = Value::Kind::IntegerArray;
            v.numbers.clear();
        } else {
            v.integers.clear();
        }
    }

    std::string_view t_;
    size_t p_ = 0;
    mutable size_t cachePos_ = 0, cacheLine_ = 1;
};

} // namespace

Document parseAscii(std::span<const uint8_t> bytes)
{
    std::string_view text(reinterpret_cast<const char*>(bytes.data()), bytes.size());
    if (text.starts_with("\xEF\xBB\xBF"))
        text.remove_prefix(3);
    Document doc;
    AsciiParser(text).readTop(doc.root);
    // The header's FBXVersion is the file's; the comment line is only a fallback.
    if (const Node* header = doc.root.child("FBXHeaderExtension"))
        if (const Node* version = header->child("FBXVersion"))
            doc.version = uint32_t(version->integerAt(0));
    if (doc.version == 0)
        doc.version = versionOf(bytes);
    if (doc.root.children.empty())
        throw ParseError("no FBX nodes in the file (an empty or non-FBX text file)");
    return doc;
}

} // namespace bonescope::fbx
