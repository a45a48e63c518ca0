#pragma once

// A measurement file's problems and figures in words, for the CLI and the window alike
// (translated in the "Measured" context).

#include <QString>

#include <headroom/io/measuredfile.h>

namespace headroom {

//! What is wrong with the file: its name, the key and the problem ("m.json:
//! measured.gradients: expected a whole number from 0 to ..., got \"12\"").
QString measuredErrorText(const MeasuredFileError &error);

//! "Gradients", "Backward peak", "Peak allocated", ...
QString measuredFigureText(MeasuredFigure figure);

} // namespace headroom
