#pragma once
#include <headroom/io/catalogue.h> // planning must not read files
