#include "formats/smd/smd_text.h"

#include <cctype>
#include <charconv>
#include <cmath>

#include "formats/parse_error.h"
#include "formats/text_encoding.h"

namespace bonescope::smd {

namespace {
bool blank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v'; }
} // namespace

Lines::Lines(std::span<const uint8_t> bytes) : s_(reinterpret_cast<const char*>(bytes.data()), bytes.size())
{
    if (s_.substr(0, 3) == "\xEF\xBB\xBF")
        pos_ = 3;
    const size_t lf = s_.find('\n');
    crlf_ = lf != std::string_view::npos && lf > 0 && s_[lf - 1] == '\r';
}

bool Lines::next(Line& out)
{
    if (pos_ >= s_.size())
        return false;
    size_t end = s_.find('\n', pos_);
    const size_t after = end == std::string_view::npos ? s_.size() : end + 1;
    if (end == std::string_view::npos)
        end = s_.size();
    size_t last = end;
    while (last > pos_ && blank(s_[last - 1]))
        --last;
    out.text = s_.substr(pos_, last - pos_);
    out.offset = pos_;
    out.number = ++number_;
    pos_ = after;
    return true;
}

bool Lines::peek(Line& out)
{
    const size_t pos = pos_, number = number_;
    const bool got = next(out);
    pos_ = pos;
    number_ = number;
    return got;
}

std::vector<std::string_view> tokens(std::string_view text)
{
    std::vector<std::string_view> out;
    size_t i = 0;
    while (i < text.size()) {
        while (i < text.size() && blank(text[i]))
            ++i;
        const size_t start = i;
        while (i < text.size() && !blank(text[i]))
            ++i;
        if (i > start)
            out.push_back(text.substr(start, i - start));
    }
    return out;
}

bool isComment(std::string_view t)
{
    size_t i = 0;
    while (i < t.size() && blank(t[i]))
        ++i;
    t.remove_prefix(i);
    return t.starts_with("//") || t.starts_with("#") || t.starts_with(";");
}

bool equalsWord(std::string_view a, std::string_view b)
{
    if (a.size() != b.size())
        return false;
    for (size_t i = 0; i < a.size(); ++i)
        if (std::tolower((unsigned char)a[i]) != std::tolower((unsigned char)b[i]))
            return false;
    return true;
}

void fail(const Line& line, const std::string& what)
{
    throw ParseError("line " + std::to_string(line.number) + ": " + what, line.offset);
}

static std::string shown(std::string_view token)
{
    return "'" + validUtf8(token.substr(0, 40)) + (token.size() > 40 ? "...'" : "'");
}

double number(const Line& line, std::string_view t, const char* what)
{
    const char* b = t.data();
    const char* e = b + t.size();
    if (b != e && *b == '+')
        ++b;
    double v = 0;
    auto [p, ec] = std::from_chars(b, e, v);
    if (ec == std::errc::result_out_of_range || (ec == std::errc() && p == e && !std::isfinite(v)))
        fail(line, std::string(what) + " " + shown(t) + " is not a finite number");
    if (ec != std::errc() || p != e)
        fail(line, std::string("expected ") + what + ", found " + shown(t));
    return v;
}

bool isInteger(std::string_view t)
{
    long long v = 0;
    auto [p, ec] = std::from_chars(t.data(), t.data() + t.size(), v);
    return ec == std::errc() && p == t.data() + t.size();
}

long long integer(const Line& line, std::string_view t, const char* what, long long lo, long long hi)
{
    long long v = 0;
    auto [p, ec] = std::from_chars(t.data(), t.data() + t.size(), v);
    if (ec == std::errc::result_out_of_range || (ec == std::errc() && p == t.data() + t.size() && (v < lo || v > hi)))
        fail(line, std::string(what) + " " + shown(t) + " is outside " + std::to_string(lo) + ".." + std::to_string(hi));
    if (ec != std::errc() || p != t.data() + t.size())
        fail(line, std::string("expected ") + what + " (a whole number), found " + shown(t));
    return v;
}

} // namespace bonescope::smd
