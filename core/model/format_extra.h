#pragma once
// Format-specific data that has no place in the common model (header bytes, priorities, actors...).
// Each format defines its own subclass; the model only copies it and the JSON dump prints it.
#include <map>
#include <memory>
#include <set>
#include <string>

#include <nlohmann/json_fwd.hpp>

namespace bonescope {

struct FormatExtra {
    virtual ~FormatExtra() = default;
    virtual std::unique_ptr<FormatExtra> clone() const = 0;
    virtual void toJson(nlohmann::json& out) const = 0; // fills the dump's `extra` object
    // The animation's tracks were renamed (`to`: old name -> new name, all at once, so that two
    // names can trade places): data kept per track by name follows its track.
    virtual void renameTracks(const std::map<std::string, std::string>& to) { (void)to; }
    // The tracks of these names are gone (a retarget drops the bones no target bone plays): their
    // data goes too, so that it cannot be found by a track that takes one of the names later.
    virtual void dropTracks(const std::set<std::string>& names) { (void)names; }
};

// A name after renameTracks()'s map.
inline const std::string& renamed(const std::string& name, const std::map<std::string, std::string>& to)
{
    const auto it = to.find(name);
    return it == to.end() ? name : it->second;
}

// Owning pointer with value semantics, so that copying an Animation deep-copies its extra data
// (undo commands keep whole copies).
class ExtraPtr {
public:
    ExtraPtr() = default;
    template <class T>
    ExtraPtr(std::unique_ptr<T> p) : p_(std::move(p)) {}
    ExtraPtr(const ExtraPtr& o) : p_(o.p_ ? o.p_->clone() : nullptr) {}
    ExtraPtr(ExtraPtr&&) noexcept = default;
    ExtraPtr& operator=(const ExtraPtr& o) { p_ = o.p_ ? o.p_->clone() : nullptr; return *this; }
    ExtraPtr& operator=(ExtraPtr&&) noexcept = default;

    FormatExtra* get() const { return p_.get(); }
    explicit operator bool() const { return bool(p_); }
    template <class T> T* as() const { return dynamic_cast<T*>(p_.get()); }

private:
    std::unique_ptr<FormatExtra> p_;
};

} // namespace bonescope
