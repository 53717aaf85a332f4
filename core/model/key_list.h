#pragma once
// A channel's keys, held compactly: times in one array, values in another in float while every value
// is exactly a float (what float files hold) and in double once one is not, flags only once one is
// not 0. Read like a vector of Key<T> (each read makes the key); written through set/push_back/insert
// or edit(), which keep a value exact by moving the list to double when a float cannot hold it.
// The times may be shared with other lists keyed at the same times (shareTimes: a retarget's hundreds
// of tracks with a key per frame hold one array); the first change to them makes the list its own copy.
#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <iterator>
#include <memory>
#include <stdexcept>
#include <vector>

#include "core/math/array_checks.h"
#include "core/model/key_record.h"

namespace bonescope {

// A value's components in storage order: a scalar, x y z, or a quaternion's x y z w (glm's order).
template <class T>
struct KeyParts;
template <>
struct KeyParts<double> {
    static constexpr int n = 1;
    static void split(double v, double* c) { c[0] = v; }
    template <class F>
    static double join(const F* c) { return double(c[0]); }
};
template <>
struct KeyParts<glm::dvec3> {
    static constexpr int n = 3;
    static void split(const glm::dvec3& v, double* c) { c[0] = v.x, c[1] = v.y, c[2] = v.z; }
    template <class F>
    static glm::dvec3 join(const F* c) { return {double(c[0]), double(c[1]), double(c[2])}; }
};
template <>
struct KeyParts<glm::dquat> {
    static constexpr int n = 4;
    static void split(const glm::dquat& q, double* c) { c[0] = q.x, c[1] = q.y, c[2] = q.z, c[3] = q.w; }
    template <class F>
    static glm::dquat join(const F* c) { return glm::dquat(double(c[3]), double(c[0]), double(c[1]), double(c[2])); }
};

// True when a float gives back exactly this double, bit for bit, and is not subnormal (the sampler
// runs with denormals flushed, which would read a float subnormal as 0 where the double is not).
inline bool exactAsFloat(double v)
{
    const float f = float(v);
    const uint32_t bits = std::bit_cast<uint32_t>(f);
    if ((bits & 0x7f800000u) == 0 && (bits & 0x007fffffu) != 0)
        return false;
    const double back = double(f);
    return std::memcmp(&back, &v, sizeof v) == 0;
}

template <class T>
class KeyList {
    using Parts = KeyParts<T>;
    static constexpr int N = Parts::n;

public:
    using value_type = Key<T>;
    using size_type = size_t;

    class const_iterator {
    public:
        using iterator_category = std::random_access_iterator_tag;
        using value_type = Key<T>;
        using difference_type = std::ptrdiff_t;
        using reference = const Key<T>;
        struct pointer {
            Key<T> key;
            const Key<T>* operator->() const { return &key; }
        };

        const_iterator() = default;
        const_iterator(const KeyList* list, difference_type i) : list_(list), i_(i) {}
        reference operator*() const { return (*list_)[size_t(i_)]; }
        pointer operator->() const { return {**this}; }
        reference operator[](difference_type n) const { return (*list_)[size_t(i_ + n)]; }
        const_iterator& operator++() { return ++i_, *this; }
        const_iterator operator++(int) { auto c = *this; ++i_; return c; }
        const_iterator& operator--() { return --i_, *this; }
        const_iterator operator--(int) { auto c = *this; --i_; return c; }
        const_iterator& operator+=(difference_type n) { return i_ += n, *this; }
        const_iterator& operator-=(difference_type n) { return i_ -= n, *this; }
        friend const_iterator operator+(const_iterator a, difference_type n) { return a += n; }
        friend const_iterator operator+(difference_type n, const_iterator a) { return a += n; }
        friend const_iterator operator-(const_iterator a, difference_type n) { return a -= n; }
        friend difference_type operator-(const const_iterator& a, const const_iterator& b) { return a.i_ - b.i_; }
        friend bool operator==(const const_iterator& a, const const_iterator& b) { return a.i_ == b.i_; }
        friend auto operator<=>(const const_iterator& a, const const_iterator& b) { return a.i_ <=> b.i_; }
        size_t index() const { return size_t(i_); }

    private:
        const KeyList* list_ = nullptr;
        difference_type i_ = 0;
    };
    using iterator = const_iterator;

    KeyList() = default;
    KeyList(std::initializer_list<Key<T>> keys) { assign(keys.begin(), keys.end()); }
    KeyList(const std::vector<Key<T>>& keys) { assign(keys.begin(), keys.end()); }
    KeyList& operator=(std::initializer_list<Key<T>> keys) { return assign(keys.begin(), keys.end()); }
    KeyList& operator=(const std::vector<Key<T>>& keys) { return assign(keys.begin(), keys.end()); }

    size_t size() const { return keyTimes().size(); }
    bool empty() const { return keyTimes().empty(); }

    // A copy of key i (const, so that `keys[i].value = v` does not compile and silently do nothing).
    const Key<T> operator[](size_t i) const { return {keyTimes()[i], value(i), flags(i)}; }
    const Key<T> at(size_t i) const
    {
        if (i >= size())
            throw std::out_of_range("KeyList::at");
        return (*this)[i];
    }
    const Key<T> front() const { return (*this)[0]; }
    const Key<T> back() const { return (*this)[size() - 1]; }
    const_iterator begin() const { return {this, 0}; }
    const_iterator end() const { return {this, std::ptrdiff_t(size())}; }

    double time(size_t i) const { return keyTimes()[i]; }
    T value(size_t i) const { return wide_ ? Parts::join(&wideValues_[i * N]) : Parts::join(&floatValues_[i * N]); }
    uint32_t flags(size_t i) const { return flags_.empty() ? 0 : flags_[i]; }

    // The arrays themselves, for loops that read every key (the sampler, writers).
    const double* times() const { return keyTimes().data(); }
    bool inFloat() const { return !wide_; }
    const float* floatValues() const { return floatValues_.data(); } // N per key, while inFloat()
    const double* doubleValues() const { return wideValues_.data(); } // N per key, once not inFloat()
    bool hasFlags() const { return !flags_.empty(); }

    void setTime(size_t i, double t) { ownTimes()[i] = t; }
    void setValue(size_t i, const T& v)
    {
        double c[N];
        Parts::split(v, c);
        storeValue(i, c);
    }
    // One component of key i's value (storage order: x y z, and w).
    void setPart(size_t i, int c, double v)
    {
        if (!wide_ && !exactAsFloat(v))
            widen();
        if (wide_)
            wideValues_[i * N + size_t(c)] = v;
        else
            floatValues_[i * N + size_t(c)] = float(v);
    }
    void setFlags(size_t i, uint32_t f)
    {
        if (f != 0 && flags_.empty())
            flags_.assign(size(), 0);
        if (!flags_.empty())
            flags_[i] = f;
    }
    void set(size_t i, const Key<T>& k)
    {
        setTime(i, k.time);
        setValue(i, k.value);
        setFlags(i, k.flags);
    }
    // Each key as a record to change in place, written back when the loop moves on:
    // for (auto&& k : keys.edit()) k.time += offset;
    class KeyEdit : public Key<T> {
    public:
        KeyEdit(KeyList& list, size_t i) : Key<T>(list[i]), list_(list), i_(i) {}
        KeyEdit(const KeyEdit&) = delete;
        KeyEdit& operator=(const KeyEdit&) = delete;
        ~KeyEdit() { list_.set(i_, *this); }

    private:
        KeyList& list_;
        size_t i_;
    };
    class EditRange {
    public:
        struct iterator {
            KeyList* list;
            size_t i;
            KeyEdit operator*() const { return KeyEdit(*list, i); }
            iterator& operator++() { return ++i, *this; }
            bool operator==(const iterator&) const = default;
        };
        explicit EditRange(KeyList& list) : list_(list) {}
        iterator begin() const { return {&list_, 0}; }
        iterator end() const { return {&list_, list_.size()}; }

    private:
        KeyList& list_;
    };
    EditRange edit() { return EditRange(*this); }

    void reverse()
    {
        KeyList r;
        r.reserve(size());
        for (size_t i = size(); i-- > 0;)
            r.push_back((*this)[i]);
        *this = std::move(r);
    }
    // Sorts the keys by time, keeping the order of keys at equal times.
    void sortByTime()
    {
        std::vector<Key<T>> v = toVector();
        std::stable_sort(v.begin(), v.end(), [](const Key<T>& a, const Key<T>& b) { return a.time < b.time; });
        *this = v;
    }

    void push_back(const Key<T>& k)
    {
        const size_t i = size();
        grow(i + 1);
        set(i, k);
    }
    // A reader's n keys in float: time(k) gives key k's time, values(k, out) writes its N floats.
    // Written straight into the arrays; a subnormal among them moves the list to double.
    template <class Time, class Values>
    void appendFloats(size_t n, Time time, Values values)
    {
        const size_t at = size();
        if (wide_ || hasFlags()) {
            float c[N];
            for (size_t k = 0; k < n; ++k) {
                values(k, c);
                push_back({time(k), Parts::join(c)});
            }
            return;
        }
        ownTimes().resize(at + n);
        floatValues_.resize((at + n) * N);
        double* t = times_.data() + at;
        float* v = floatValues_.data() + at * N;
        for (size_t k = 0; k < n; ++k) {
            t[k] = time(k);
            values(k, v + k * N);
        }
        if (!noSubnormals(v, n * N)) // a float from a file is exact unless subnormal
            widen();
    }
    const_iterator insert(const_iterator pos, const Key<T>& k)
    {
        const size_t i = pos.index();
        std::vector<double>& times = ownTimes();
        times.insert(times.begin() + std::ptrdiff_t(i), k.time);
        if (wide_)
            wideValues_.insert(wideValues_.begin() + std::ptrdiff_t(i * N), N, 0.0);
        else
            floatValues_.insert(floatValues_.begin() + std::ptrdiff_t(i * N), N, 0.f);
        if (!flags_.empty())
            flags_.insert(flags_.begin() + std::ptrdiff_t(i), 0);
        setValue(i, k.value);
        setFlags(i, k.flags);
        return {this, std::ptrdiff_t(i)};
    }
    const_iterator erase(const_iterator first, const_iterator last)
    {
        const size_t a = first.index(), b = last.index();
        std::vector<double>& times = ownTimes();
        times.erase(times.begin() + std::ptrdiff_t(a), times.begin() + std::ptrdiff_t(b));
        if (wide_)
            wideValues_.erase(wideValues_.begin() + std::ptrdiff_t(a * N), wideValues_.begin() + std::ptrdiff_t(b * N));
        else
            floatValues_.erase(floatValues_.begin() + std::ptrdiff_t(a * N), floatValues_.begin() + std::ptrdiff_t(b * N));
        if (!flags_.empty())
            flags_.erase(flags_.begin() + std::ptrdiff_t(a), flags_.begin() + std::ptrdiff_t(b));
        return {this, std::ptrdiff_t(a)};
    }
    const_iterator erase(const_iterator pos) { return erase(pos, pos + 1); }
    void pop_back() { erase(end() - 1); }
    // Removes the keys `drop` says to, keeping the others in order; returns how many went.
    template <class Drop>
    size_t eraseIf(Drop drop)
    {
        KeyList kept;
        for (size_t i = 0; i < size(); ++i)
            if (const Key<T> k = (*this)[i]; !drop(k))
                kept.push_back(k);
        const size_t removed = size() - kept.size();
        *this = std::move(kept);
        return removed;
    }
    void resize(size_t n) { grow(n); }
    // The list becomes times->size() keys at these times, held with every list given the same array
    // (not copied); the values and flags of its first keys are kept, the others are 0 until set.
    void shareTimes(std::shared_ptr<const std::vector<double>> times)
    {
        const size_t n = times->size();
        times_ = {};
        shared_ = std::move(times);
        (wide_ ? wideValues_.resize(n * N) : floatValues_.resize(n * N));
        if (!flags_.empty())
            flags_.resize(n);
    }
    void reserve(size_t n)
    {
        ownTimes().reserve(n);
        (wide_ ? wideValues_.reserve(n * N) : floatValues_.reserve(n * N));
    }
    void clear() { *this = KeyList(); }
    void shrink_to_fit()
    {
        if (!shared_)
            times_.shrink_to_fit();
        floatValues_.shrink_to_fit();
        wideValues_.shrink_to_fit();
        flags_.shrink_to_fit();
    }
    void swap(KeyList& other) noexcept { std::swap(*this, other); }

    // Keys the list holds memory for, and the bytes of it.
    // Shared times count in full in every list that holds them.
    size_t capacity() const { return shared_ ? shared_->capacity() : times_.capacity(); }
    size_t bytesHeld() const
    {
        return capacity() * sizeof(double) + floatValues_.capacity() * sizeof(float) +
               wideValues_.capacity() * sizeof(double) + flags_.capacity() * sizeof(uint32_t);
    }

    std::vector<Key<T>> toVector() const { return {begin(), end()}; }

    // Equal keys: times, values and flags bit for bit (-0 against 0, or a NaN's payload, differs).
    friend bool operator==(const KeyList& a, const KeyList& b)
    {
        if (a.size() != b.size() || std::memcmp(a.times(), b.times(), a.size() * sizeof(double)) != 0)
            return false;
        for (size_t i = 0; i < a.size(); ++i) {
            if (a.flags(i) != b.flags(i))
                return false;
            double ca[N], cb[N];
            a.components(i, ca);
            b.components(i, cb);
            if (std::memcmp(ca, cb, sizeof ca) != 0)
                return false;
        }
        return true;
    }

private:
    template <class It>
    KeyList& assign(It first, It last)
    {
        KeyList fresh;
        fresh.reserve(size_t(std::distance(first, last)));
        for (; first != last; ++first)
            fresh.push_back(*first);
        return *this = std::move(fresh);
    }
    void components(size_t i, double* c) const
    {
        for (int j = 0; j < N; ++j)
            c[j] = wide_ ? wideValues_[i * N + j] : double(floatValues_[i * N + j]);
    }
    void grow(size_t n)
    {
        ownTimes().resize(n);
        (wide_ ? wideValues_.resize(n * N) : floatValues_.resize(n * N));
        if (!flags_.empty())
            flags_.resize(n);
    }
    void storeValue(size_t i, const double* c)
    {
        if (!wide_) {
            bool exact = true;
            for (int j = 0; j < N; ++j)
                exact = exact && exactAsFloat(c[j]);
            if (exact) {
                for (int j = 0; j < N; ++j)
                    floatValues_[i * N + j] = float(c[j]);
                return;
            }
            widen();
        }
        std::copy(c, c + N, wideValues_.begin() + std::ptrdiff_t(i * N));
    }
    // From now on values are held in double (a value came that a float does not hold exactly).
    void widen()
    {
        wideValues_.assign(floatValues_.begin(), floatValues_.end());
        std::vector<float>().swap(floatValues_);
        wide_ = true;
    }

    const std::vector<double>& keyTimes() const { return shared_ ? *shared_ : times_; }
    // The times to change: the list's own (a copy of the shared ones at the first change).
    std::vector<double>& ownTimes()
    {
        if (shared_) {
            times_ = *shared_;
            shared_.reset();
        }
        return times_;
    }

    std::vector<double> times_;                          // unless shared_
    std::shared_ptr<const std::vector<double>> shared_; // times shared with other lists (shareTimes)
    std::vector<float> floatValues_;
    std::vector<double> wideValues_;
    std::vector<uint32_t> flags_; // empty while every key's flags are 0
    bool wide_ = false;
};

} // namespace bonescope
