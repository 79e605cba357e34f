"""The oracle of RecurrenceOracleTests: python-dateutil's rrule on a batch of series.

Reads a JSON list of cases on stdin, writes a JSON list of answers on stdout, one per case: the
due date of the occurrence after the anchor that is in the future (SPEC §12), "YYYY-MM-DD" for a
whole day, seconds since 1970 for a time, null when the rule gives none before the horizon,
"timeout" when dateutil takes over half a second (it walks to the year 9999 looking for a date a rule
never gives, such as BYSETPOS=3 in a one-day period).
A case: {"rule", "zone", "anchor": [y, m, d, h, mi], "wholeDay", "anchorUnix", "nowUnix",
"horizonYear"}, and for a series with a start (SPEC §12) "dueAfter", how far on the clock the
due date is after the anchor, the series' DTSTART (days for a whole day, seconds for a time):
each occurrence is then due that much after it, and "anchorUnix" is the due date's moment. A
clock time is read in the zone with fold=0: the first of a time that happens twice, the offset
before the gap for one a daylight-saving gap skips.
"""

import datetime
import json
import signal
import sys
import warnings
import zoneinfo

from dateutil import rrule

warnings.simplefilter("ignore")


def answer(case):
    zone = zoneinfo.ZoneInfo(case["zone"])
    year, month, day, hour, minute = case["anchor"]
    start = datetime.datetime(year, month, day, hour, minute)
    horizon = datetime.datetime(case["horizonYear"], 1, 1) - datetime.timedelta(seconds=1)
    rule = rrule.rrulestr(case["rule"], dtstart=start)
    until = rule._until
    rule = rule.replace(until=horizon if until is None or until > horizon else until)
    now = case["nowUnix"]
    after = case.get("dueAfter", 0)
    if case["wholeDay"]:
        today = datetime.datetime.fromtimestamp(now, zone).date()
        gap = datetime.timedelta(days=after)
        for occurrence in rule:
            due = occurrence.date() + gap
            if due > start.date() + gap and due >= today:
                return due.isoformat()
        return None
    gap = datetime.timedelta(seconds=after)
    for occurrence in rule:
        moment = int((occurrence + gap).replace(tzinfo=zone, fold=0).timestamp())
        if moment > case["anchorUnix"] and moment > now:
            return moment
    return None


class Timeout(Exception):
    pass


def alarm(signum, frame):
    raise Timeout()


def main():
    cases = json.load(sys.stdin)
    answers = []
    signal.signal(signal.SIGALRM, alarm)
    for case in cases:
        signal.setitimer(signal.ITIMER_REAL, 0.5)
        try:
            answers.append(answer(case))
        except Timeout:
            answers.append("timeout")
        except Exception as error:  # a rule dateutil refuses: said as such, not a crash
            answers.append("error: %s" % error)
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
    json.dump(answers, sys.stdout)


main()
