#include "formats/file_io.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <stdexcept>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "formats/format.h"
#include "formats/parse_error.h"
#include "formats/registry.h"

namespace bonescope {

FileBytes FileBytes::open(const std::string& path)
{
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        throw std::runtime_error(path + ": cannot open: " + std::strerror(errno));
    FileBytes f;
    struct stat st {};
    if (::fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0) {
        // MAP_POPULATE maps every page up front: one call instead of a page fault per 4 KiB.
        void* p = ::mmap(nullptr, size_t(st.st_size), PROT_READ, MAP_PRIVATE | MAP_POPULATE, fd, 0);
        if (p != MAP_FAILED) {
            f.data_ = static_cast<const uint8_t*>(p);
            f.size_ = size_t(st.st_size);
            f.mapped_ = true;
            ::close(fd);
            return f;
        }
    }
    if (S_ISDIR(st.st_mode)) {
        ::close(fd);
        throw std::runtime_error(path + ": is a folder, not a file");
    }
    uint8_t buf[65536];
    for (;;) {
        const ssize_t n = ::read(fd, buf, sizeof buf);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            const int e = errno;
            ::close(fd);
            throw std::runtime_error(path + ": cannot read: " + std::strerror(e));
        }
        if (n == 0)
            break;
        f.copy_.insert(f.copy_.end(), buf, buf + n);
    }
    ::close(fd);
    f.data_ = f.copy_.data();
    f.size_ = f.copy_.size();
    return f;
}

FileBytes::FileBytes(FileBytes&& o) noexcept { *this = std::move(o); }

FileBytes& FileBytes::operator=(FileBytes&& o) noexcept
{
    if (this != &o) {
        if (mapped_)
            ::munmap(const_cast<uint8_t*>(data_), size_);
        copy_ = std::move(o.copy_);
        mapped_ = o.mapped_;
        size_ = o.size_;
        data_ = mapped_ ? o.data_ : copy_.data();
        o.data_ = nullptr;
        o.size_ = 0;
        o.mapped_ = false;
    }
    return *this;
}

FileBytes::~FileBytes()
{
    if (mapped_)
        ::munmap(const_cast<uint8_t*>(data_), size_);
}

void writeFileAtomic(const std::string& path, std::span<const uint8_t> bytes)
{
    std::string tmp = path + ".tmp-XXXXXX";
    const int fd = ::mkstemp(tmp.data());
    if (fd < 0)
        throw std::runtime_error(path + ": cannot create a temporary file beside it: " + std::strerror(errno));
    auto failWith = [&](const char* step) {
        const int e = errno;
        ::close(fd);
        ::unlink(tmp.c_str());
        throw std::runtime_error(path + ": " + step + ": " + std::strerror(e) + " (the original is unchanged)");
    };
    size_t done = 0;
    while (done < bytes.size()) {
        const ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            failWith("cannot write");
        }
        done += size_t(n);
    }
    // Keep the permissions of a file being replaced; new files get the usual 0644 less umask.
    struct stat st {};
    mode_t mode = 0644;
    if (::stat(path.c_str(), &st) == 0)
        mode = st.st_mode & 07777;
    else {
        const mode_t mask = ::umask(0);
        ::umask(mask);
        mode &= ~mask;
    }
    ::fchmod(fd, mode);
    if (::fsync(fd) != 0)
        failWith("cannot flush");
    if (::close(fd) != 0) {
        ::unlink(tmp.c_str());
        throw std::runtime_error(path + ": cannot close: " + std::strerror(errno));
    }
    if (::rename(tmp.c_str(), path.c_str()) != 0) {
        const int e = errno;
        ::unlink(tmp.c_str());
        throw std::runtime_error(path + ": cannot replace: " + std::strerror(e) + " (the original is unchanged)");
    }
}

const Format* formatForFile(std::span<const uint8_t> bytes, const std::string& path, std::string* why)
{
    const Registry& reg = Registry::instance();
    if (const Format* f = reg.detect(bytes, path))
        return f;
    // No content match: let the extension's reader say what is wrong with the bytes.
    if (const Format* f = reg.byExtension(path))
        return f;
    if (why)
        *why = "not a file of any supported format (unknown extension '" + extensionOf(path) +
               "' and no known signature)";
    return nullptr;
}

const Format& requireFormat(std::span<const uint8_t> bytes, const std::string& path)
{
    std::string why;
    const Format* f = formatForFile(bytes, path, &why);
    if (!f)
        throw ParseError(why, ParseError::NoOffset, path);
    return *f;
}

LoadedScene readScene(std::span<const uint8_t> bytes, const std::string& path)
{
    LoadedScene out;
    out.format = &requireFormat(bytes, path);
    out.scene = namingFile(path, [&] { return out.format->readFrom(bytes, path); });
    out.scene.format = out.format->id();
    return out;
}

LoadedScene loadScene(const std::string& path)
{
    const FileBytes file = FileBytes::open(path);
    return readScene(file.bytes(), path);
}

} // namespace bonescope
