#include "sound.h"

#include <SDL.h>

#include <cmath>

namespace colonial::platform {

void make_tone(float hz, int ms, int rate, float volume, std::vector<std::int16_t>& out) {
  const int n = rate * ms / 1000;
  const int fade = rate / 100;  // 10 ms
  out.assign(static_cast<std::size_t>(n > 0 ? n : 0), 0);
  constexpr double kTwoPi = 6.283185307179586;
  for (int i = 0; i < n; ++i) {
    double envelope = 1.0;
    if (i < fade) envelope = static_cast<double>(i) / fade;
    if (n - 1 - i < fade) envelope = std::min(envelope, static_cast<double>(n - 1 - i) / fade);
    const double v = std::sin(kTwoPi * hz * i / rate) * envelope * volume;
    out[static_cast<std::size_t>(i)] = static_cast<std::int16_t>(std::lround(v * 32000.0));
  }
}

Sound::~Sound() {
  if (device_) SDL_CloseAudioDevice(device_);
}

bool Sound::tone(float hz, int ms, float volume, std::string& error) {
  if (!device_) {
    if (tried_) return false;
    tried_ = true;
    if (SDL_InitSubSystem(SDL_INIT_AUDIO) != 0) {
      error = std::string("no sound on this machine (SDL: ") + SDL_GetError() + ")";
      return false;
    }
    SDL_AudioSpec want{}, have{};
    want.freq = 22050;
    want.format = AUDIO_S16SYS;
    want.channels = 1;
    want.samples = 1024;
    device_ = SDL_OpenAudioDevice(nullptr, 0, &want, &have, 0);
    if (!device_) {
      error = std::string("no sound device (SDL: ") + SDL_GetError() + ")";
      return false;
    }
    rate_ = have.freq;
    SDL_PauseAudioDevice(device_, 0);
  }
  std::vector<std::int16_t> samples;
  make_tone(hz, ms, rate_, volume, samples);
  if (SDL_QueueAudio(device_, samples.data(), static_cast<Uint32>(samples.size() * sizeof(std::int16_t))) != 0) {
    error = std::string("the tone could not be played (SDL: ") + SDL_GetError() + ")";
    return false;
  }
  return true;
}

}  // namespace colonial::platform
