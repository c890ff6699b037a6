never  {    /* !(p V q) */
T0_init:
	do
	:: atomic { (! ((q))) -> assert(!(! ((q)))) }
	:: (! ((p))) -> goto T0_init
	od;
accept_all:
	skip
}
