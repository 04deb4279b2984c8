// The one place where SDL runs the renderer's queued draws: presenting a
// frame, and switching the render target (SDL runs what was queued for the
// old target first). SDL_Renderer only queues the draws it is given; they
// are rasterised here, by the software renderer on the CPU, by the GPU
// otherwise. board_bench --instructions tells the two apart by this
// function's name: what runs inside it is the rasteriser's, the rest the
// CPU's share of a frame (on a Pi, the CPU's whole share).
#pragma once

#include <SDL.h>

namespace colonial::platform {

enum class QueueRun : unsigned char { Present, SwitchTarget };

// Presents (target ignored) or makes `target` the render target (null: the
// window). Returns SDL's status (0 on success). With C linkage its name is
// plain, for callgrind's --dump-before and --dump-after.
extern "C" int colonial_run_queued_draws(SDL_Renderer* renderer, QueueRun what, SDL_Texture* target = nullptr);

}  // namespace colonial::platform
