#include "colour_science.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace colour_science {
namespace {

// Machado, Oliveira and Fernandes, "A Physiologically-based Model for
// Simulation of Color Vision Deficiency", IEEE TVCG 15(6), 2009: the
// matrices for severity 1.0 from the authors' table, on linear RGB.
constexpr double kMachado[3][3][3] = {
    // protanopia
    {{0.152286, 1.052583, -0.204868}, {0.114503, 0.786281, 0.099216}, {-0.003882, -0.048116, 1.051998}},
    // deuteranopia
    {{0.367322, 0.860646, -0.227968}, {0.280085, 0.672501, 0.047413}, {-0.011820, 0.042940, 0.968881}},
    // tritanopia
    {{1.255528, -0.076749, -0.178779}, {-0.078411, 0.930809, 0.147602}, {0.004733, 0.691367, 0.303900}},
};

double to_linear(double c) {
  c /= 255.0;
  return c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4);
}

double to_encoded(double c) {
  c = std::clamp(c, 0.0, 1.0);
  return 255.0 * (c <= 0.0031308 ? 12.92 * c : 1.055 * std::pow(c, 1.0 / 2.4) - 0.055);
}

double radians(double degrees) { return degrees * std::numbers::pi / 180.0; }
double degrees(double radians) { return radians * 180.0 / std::numbers::pi; }

}  // namespace

Srgb simulate(Srgb c, Deficiency d) {
  if (d == Deficiency::None) return c;
  const auto& m = kMachado[static_cast<int>(d) - 1];
  const double in[3] = {to_linear(c.r), to_linear(c.g), to_linear(c.b)};
  double out[3];
  for (int i = 0; i < 3; ++i) out[i] = to_encoded(m[i][0] * in[0] + m[i][1] * in[1] + m[i][2] * in[2]);
  return {out[0], out[1], out[2]};
}

Lab to_lab(Srgb c) {
  const double r = to_linear(c.r), g = to_linear(c.g), b = to_linear(c.b);
  // sRGB (IEC 61966-2-1) to XYZ, then to L*a*b* with the D65 white.
  const double x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047;
  const double y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b;
  const double z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883;
  auto f = [](double t) {
    constexpr double e = 6.0 / 29.0;
    return t > e * e * e ? std::cbrt(t) : t / (3 * e * e) + 4.0 / 29.0;
  };
  return {116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))};
}

double ciede2000(const Lab& x, const Lab& y) {
  const double c1 = std::hypot(x.a, x.b), c2 = std::hypot(y.a, y.b);
  const double c_mean7 = std::pow((c1 + c2) / 2, 7);
  const double g = 0.5 * (1 - std::sqrt(c_mean7 / (c_mean7 + std::pow(25.0, 7))));
  const double a1 = (1 + g) * x.a, a2 = (1 + g) * y.a;
  const double cp1 = std::hypot(a1, x.b), cp2 = std::hypot(a2, y.b);
  auto hue = [](double b, double a) {
    if (a == 0 && b == 0) return 0.0;
    const double h = degrees(std::atan2(b, a));
    return h < 0 ? h + 360 : h;
  };
  const double h1 = hue(x.b, a1), h2 = hue(y.b, a2);
  const double dl = y.l - x.l;
  const double dc = cp2 - cp1;
  double dh = 0;
  if (cp1 * cp2 != 0) {
    dh = h2 - h1;
    if (dh > 180)
      dh -= 360;
    else if (dh < -180)
      dh += 360;
  }
  const double d_big_h = 2 * std::sqrt(cp1 * cp2) * std::sin(radians(dh / 2));
  const double l_mean = (x.l + y.l) / 2;
  const double cp_mean = (cp1 + cp2) / 2;
  double h_mean = h1 + h2;
  if (cp1 * cp2 != 0) {
    if (std::abs(h1 - h2) <= 180)
      h_mean = (h1 + h2) / 2;
    else
      h_mean = h1 + h2 < 360 ? (h1 + h2 + 360) / 2 : (h1 + h2 - 360) / 2;
  }
  const double t = 1 - 0.17 * std::cos(radians(h_mean - 30)) + 0.24 * std::cos(radians(2 * h_mean)) +
                   0.32 * std::cos(radians(3 * h_mean + 6)) - 0.20 * std::cos(radians(4 * h_mean - 63));
  const double d_theta = 30 * std::exp(-std::pow((h_mean - 275) / 25, 2));
  const double cp_mean7 = std::pow(cp_mean, 7);
  const double rc = 2 * std::sqrt(cp_mean7 / (cp_mean7 + std::pow(25.0, 7)));
  const double sl = 1 + 0.015 * std::pow(l_mean - 50, 2) / std::sqrt(20 + std::pow(l_mean - 50, 2));
  const double sc = 1 + 0.045 * cp_mean;
  const double sh = 1 + 0.015 * cp_mean * t;
  const double rt = -std::sin(radians(2 * d_theta)) * rc;
  const double l_term = dl / sl, c_term = dc / sc, h_term = d_big_h / sh;
  return std::sqrt(l_term * l_term + c_term * c_term + h_term * h_term + rt * c_term * h_term);
}

std::uint32_t simulate_argb(std::uint32_t argb, Deficiency d) {
  const Srgb in{static_cast<double>((argb >> 16) & 255u), static_cast<double>((argb >> 8) & 255u),
                static_cast<double>(argb & 255u)};
  const Srgb out = simulate(in, d);
  auto byte = [](double v) { return static_cast<std::uint32_t>(std::lround(std::clamp(v, 0.0, 255.0))); };
  return (argb & 0xFF000000u) | byte(out.r) << 16 | byte(out.g) << 8 | byte(out.b);
}

}  // namespace colour_science
