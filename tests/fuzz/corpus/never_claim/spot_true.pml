never {
T0_init:
  if
  :: ((true)) -> goto T0_init
  :: ((p) || (!(q))) -> goto accept_S1
  fi;
accept_S1:
  if
  :: ((true)) -> goto T0_init
  fi;
}
