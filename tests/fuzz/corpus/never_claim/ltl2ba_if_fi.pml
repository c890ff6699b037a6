never { /* []<>p */
T0_init:
  if
  :: (1) -> goto T0_init
  :: (p) -> goto accept_S1
  fi;
accept_S1:
  if
  :: (1) -> goto T0_init
  fi;
}
