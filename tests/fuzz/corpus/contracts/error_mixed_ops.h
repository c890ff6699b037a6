int f() CONTRACT(PRE { (call!(a) | call!(b) ^ call!(c)) });
