"""`python -m sim`: the `sim` command, for a checkout that is not installed."""

from sim.cli import main

raise SystemExit(main())
