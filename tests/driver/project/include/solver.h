double solver_step(double x, int rank);
