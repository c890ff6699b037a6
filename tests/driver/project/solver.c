#include "solver.h"

#include <math.h>

double solver_step(double x, int rank) { return sqrt(x * x + rank); }
