#pragma once
// Whole-clip operations of the editor: frame rate, time scale, trim, duration, reverse, resample.
#include "core/model/animation.h"

namespace bonescope {

// New frame rate. rescaleTimes = true keeps every key on its frame number (the clip plays faster or
// slower); false keeps every key at its time in seconds.
void setFrameRate(Animation& a, double fps, bool rescaleTimes);

// Multiplies every time by k > 0 (keys, notes, duration, loop range): 2 plays half as fast and
// lasts twice as long. The frame rate stays.
void scaleTime(Animation& a, double k);

// Keeps [start, end] seconds and shifts it to start at 0. Channels get a key at each end, sampled by
// their own rules, so the trimmed clip plays as that part of the original did. Notes outside go.
void trimClip(Animation& a, double start, double end);
// Whether a note (or anything at `time`) stays in a trim to [start, end]: the test trimClip applies.
bool keptByTrim(double time, double start, double end);

// Sets the length; keys and notes past it are removed (a channel keyed past the new end gets a key
// at the end first, so its motion up to there is unchanged).
void setDuration(Animation& a, double duration);

// Plays the clip backwards: t -> duration - t. Per-key segment flags move with their segment.
void reverseClip(Animation& a);

// Replaces every channel's keys by keys on each frame of `fps` from 0 to the duration, sampled by
// the channel's own rules (frame-based formats).
void resampleClip(Animation& a, double fps);

// Notes (notetracks). Notes stay ordered by time; several may share a time. Each returns the
// note's index after the change (-1 for a bad index).
int addNote(Animation& a, double time, std::string name);       // after the notes already at `time`
int renameNote(Animation& a, int index, std::string name);
int moveNote(Animation& a, int index, double time);            // clamped at 0
void deleteNote(Animation& a, int index);

} // namespace bonescope
