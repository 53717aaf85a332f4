#pragma once
// The one error type a reader throws: what was wrong, where (byte offset), and in which file.
#include <cstdint>
#include <stdexcept>
#include <string>

namespace bonescope {

class ParseError : public std::runtime_error {
public:
    static constexpr uint64_t NoOffset = ~uint64_t(0);

    ParseError(std::string what, uint64_t offset = NoOffset, std::string file = {})
        : std::runtime_error(what), what_(std::move(what)), offset_(offset), file_(std::move(file))
    {
        rebuild();
    }

    const char* what() const noexcept override { return message_.c_str(); }
    const std::string& reason() const { return what_; }
    uint64_t offset() const { return offset_; }
    const std::string& file() const { return file_; }

    // Readers work on bytes; the caller that knows the path names the file.
    ParseError& withFile(std::string file)
    {
        file_ = std::move(file);
        rebuild();
        return *this;
    }

private:
    void rebuild()
    {
        message_.clear();
        if (!file_.empty())
            message_ = file_ + ": ";
        if (offset_ != NoOffset)
            message_ += "at byte " + std::to_string(offset_) + ": ";
        message_ += what_;
    }

    std::string what_;
    uint64_t offset_;
    std::string file_;
    std::string message_;
};

// For writers: the scene cannot be expressed in the target format.
class WriteError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

} // namespace bonescope
