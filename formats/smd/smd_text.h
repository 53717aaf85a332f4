#pragma once
// SMD's lexical layer: lines (any of LF, CRLF or CR-less last line; trailing blanks cut), blank- and
// tab-separated tokens, numbers that must be finite. Errors name the line and its byte offset.
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace bonescope::smd {

struct Line {
    std::string_view text; // without the line break and trailing blanks
    size_t offset = 0;     // of the line's first byte
    size_t number = 0;     // 1-based
};

class Lines {
public:
    explicit Lines(std::span<const uint8_t> bytes);
    bool next(Line& out); // false at the end of the file
    bool peek(Line& out); // the next line, not consumed
    size_t size() const { return s_.size(); }
    size_t position() const { return pos_; }
    bool crlf() const { return crlf_; }

private:
    std::string_view s_;
    size_t pos_ = 0;
    size_t number_ = 0;
    bool crlf_ = false;
};

// Blank- and tab-separated words of a line.
std::vector<std::string_view> tokens(std::string_view text);
bool isComment(std::string_view text); // a whole-line `//`, `#` or `;` comment
bool equalsWord(std::string_view a, std::string_view b); // ASCII case-insensitive

[[noreturn]] void fail(const Line& line, const std::string& what);
double number(const Line& line, std::string_view token, const char* what);
long long integer(const Line& line, std::string_view token, const char* what, long long lo, long long hi);
bool isInteger(std::string_view token);

} // namespace bonescope::smd
