"""An oracle of RepeatPhraseTests: python-dateutil's rrule, the first dates of whole-day series.

Reads a JSON list of cases on stdin, writes a JSON list of answers on stdout, one per case: the
first "count" dates ("YYYY-MM-DD") the rule gives from its DTSTART, the day "start" [y, m, d].
"""

import datetime
import json
import sys

from dateutil import rrule


def answer(case):
    year, month, day = case["start"]
    start = datetime.datetime(year, month, day)
    dates = []
    for occurrence in rrule.rrulestr("RRULE:" + case["rule"], dtstart=start):
        dates.append(occurrence.date().isoformat())
        if len(dates) == case["count"]:
            break
    return dates


json.dump([answer(case) for case in json.load(sys.stdin)], sys.stdout)
