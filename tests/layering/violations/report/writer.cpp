#include "cliio.h" // a library reaching into app/
#include <QWidget> // a report draws no widgets
#include "words.h"
