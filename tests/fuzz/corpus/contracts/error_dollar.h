int f() CONTRACT(POST { call!(g, $:0) });
