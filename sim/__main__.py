"""`python -m sim`: the `sim` command, for a checkout that is not installed."""

from sim.cli import main

if __name__ == "__main__":  # imported (the fresh install imports every module), it does nothing
    raise SystemExit(main())
