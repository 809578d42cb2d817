"""``python -m citemark``: the same as the ``citemark`` command."""

from citemark.cli import main

if __name__ == "__main__":
    main(prog_name="citemark")
