"""``python -m citemark``: the same as the ``citemark`` command."""

from citemark.cli import entry

if __name__ == "__main__":
    entry()
