#include "cliio.h" // the window reaching into app/
#include "words.h"
#include "writer.h"
