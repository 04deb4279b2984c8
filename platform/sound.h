// Sound for the table: short generated tones (the phase timer's warnings),
// through SDL audio. A machine without sound (a kiosk with no speaker, a
// test under Xvfb) plays nothing and says so once; the countdown on screen
// is the same either way.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace colonial::platform {

// The samples of a tone: a sine of `hz` for `ms` milliseconds at `rate`
// samples a second, mono signed 16-bit, `volume` 0..1, faded in and out
// over 10 ms so it does not click. A pure function (tested).
void make_tone(float hz, int ms, int rate, float volume, std::vector<std::int16_t>& out);

class Sound {
 public:
  Sound() = default;
  ~Sound();
  Sound(const Sound&) = delete;
  Sound& operator=(const Sound&) = delete;

  // Plays a tone now (queued behind one still playing). Opens the audio
  // device the first time; false (once with `error` filled) when there is
  // no sound on this machine.
  bool tone(float hz, int ms, float volume, std::string& error);

 private:
  std::uint32_t device_ = 0;  // SDL_AudioDeviceID
  int rate_ = 0;
  bool tried_ = false;
};

}  // namespace colonial::platform
