"""Month and weekday names, as the numeric scan and name detection read them."""

from __future__ import annotations

MONTHS = {
    m[:3].lower(): i + 1
    for i, m in enumerate(
        "January February March April May June July August September October November "
        "December".split()
    )
}
MONTH_NAMES = (
    "January February March April May June July August September October November December"
).split()
MONTH_ABBR = "Jan Feb Mar Apr Jun Jul Aug Sept Sep Oct Nov Dec".split()
WEEKDAYS = "monday tuesday wednesday thursday friday saturday sunday".split()
