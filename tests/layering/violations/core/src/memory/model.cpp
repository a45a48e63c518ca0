#include <headroom/planning/plan.h> // the memory model must not plan
#include <headroom/memory/units.h>
