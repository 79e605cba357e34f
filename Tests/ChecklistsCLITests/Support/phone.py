"""A phone for the CalDAV random test: another CalDAV client, the python `caldav` library.

Usage: phone.py URL USER PASSWORD. It reads one JSON request a line on stdin and answers each
with one JSON line on stdout. Like a phone, it works from its own view of the account (the
tasks it read at its last `refresh`): an edit, a completion or a delete is of the task as it
saw it, sent with `If-Match` of the ETag it read, so a task changed since is refused (412)
rather than overwritten.

Requests ({"op": ...}):
  refresh                       reads every task list; answers {"lists": [...]} (see `listing`)
  add LIST TEXT                 a new task in the task list named LIST; answers {"ok", "uid"}
  edit UID TEXT                 sets SUMMARY
  complete UID / uncomplete UID sets STATUS:COMPLETED and COMPLETED, or STATUS:NEEDS-ACTION
  delete UID                    deletes the task (If-Match)
  resources                     every calendar object of every collection, as the server
                                holds them: {"resources": [{"list", "href", "uid", "summary", "done"}]}
  put LIST ICAL                 a new calendar object of the text ICAL in the task list named LIST
  details                       every task as the phone reads SPEC §13's fields: {"tasks": [{"list",
                                "uid", "summary", "description", "categories", "priority", "start",
                                "due", "parents"}]} (dates as ISO 8601)
Changes answer {"ok": true} or {"ok": false, "reason": "412" | "gone" | "unknown" | message}.
"""

import json
import sys
import uuid
from urllib.parse import urljoin
from xml.etree import ElementTree

import caldav
import icalendar
from caldav.lib import error


def summary_of(component):
    """The SUMMARY of a VTODO component as text."""
    value = component.get("SUMMARY")
    return "" if value is None else str(value)


def done_of(component):
    """Whether a VTODO reads as checked: STATUS COMPLETED or CANCELLED (SPEC §11)."""
    return str(component.get("STATUS", "NEEDS-ACTION")).upper() in ("COMPLETED", "CANCELLED")


class Phone:
    """The phone's account and its view of the tasks (by UID)."""

    def __init__(self, url, user, password):
        self.client = caldav.DAVClient(url=url, username=user or None, password=password or None)
        self.principal = self.client.principal()
        self.view = {}
        self.added = 0

    def task_lists(self):
        """The collections that hold tasks, with their names."""
        result = []
        for calendar in self.principal.calendars():
            try:
                components = calendar.get_supported_components()
            except error.DAVError:
                components = ["VTODO"]
            if "VTODO" not in components:
                continue
            result.append((calendar.get_display_name() or "", calendar))
        return result

    def refresh(self, _request):
        self.view = {}
        lists = []
        for name, calendar in self.task_lists():
            tasks = []
            for todo in calendar.search(todo=True, include_completed=True):
                component = todo.icalendar_component
                uid = str(component.get("UID", ""))
                self.view[uid] = todo
                tasks.append({"uid": uid, "summary": summary_of(component), "done": done_of(component)})
            lists.append({"name": name, "tasks": tasks})
        return {"lists": lists}

    def add(self, request):
        wanted = request["list"].lower()
        for name, calendar in self.task_lists():
            if name.lower() != wanted:
                continue
            self.added += 1
            uid = "phone-%d-%s" % (self.added, uuid.uuid4().hex[:8])
            ical = (
                "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test phone//EN\r\nBEGIN:VTODO\r\n"
                "UID:%s\r\nDTSTAMP:20260101T000000Z\r\nSUMMARY:%s\r\nSTATUS:NEEDS-ACTION\r\n"
                "END:VTODO\r\nEND:VCALENDAR\r\n" % (uid, request["text"])
            )
            todo = calendar.add_todo(ical=ical, no_overwrite=True)
            self.view[uid] = todo
            return {"ok": True, "uid": uid}
        return {"ok": False, "reason": "no task list named %s" % request["list"]}

    def put(self, request):
        for name, calendar in self.task_lists():
            if name.lower() == request["list"].lower():
                calendar.add_todo(ical=request["ical"], no_overwrite=True)
                return {"ok": True}
        return {"ok": False, "reason": "no task list named %s" % request["list"]}

    def details(self, _request):
        tasks = []
        for name, calendar in self.task_lists():
            for todo in calendar.search(todo=True, include_completed=True):
                component = todo.icalendar_component
                categories = []
                values = component.get("CATEGORIES")
                for value in values if isinstance(values, list) else [values] if values is not None else []:
                    categories += [str(category) for category in value.cats]
                relations = component.get("RELATED-TO")
                parents = [
                    str(relation)
                    for relation in (relations if isinstance(relations, list) else [relations] if relations else [])
                    if str(relation.params.get("RELTYPE", "PARENT")).upper() == "PARENT"
                ]
                def date(key):
                    value = component.get(key)
                    return None if value is None else value.dt.isoformat()
                tasks.append({
                    "list": name, "uid": str(component.get("UID", "")), "summary": summary_of(component),
                    "description": str(component.get("DESCRIPTION", "")), "categories": categories,
                    "priority": int(component.get("PRIORITY", 0)), "start": date("DTSTART"), "due": date("DUE"),
                    "parents": parents,
                })
        return {"tasks": tasks}

    def change(self, request):
        todo = self.view.get(request["uid"])
        if todo is None:
            return {"ok": False, "reason": "not in the phone's view"}
        op = request["op"]
        if op == "edit":
            todo.icalendar_component["SUMMARY"] = request["text"]
            todo.save()
        elif op == "complete":
            if todo.is_pending():
                todo.complete()
            else:
                todo.save()
        elif op == "uncomplete":
            todo.uncomplete()
        elif op == "delete":
            todo.delete(if_match=True)
            del self.view[request["uid"]]
        return {"ok": True}

    def resources(self, _request):
        """Every member of every task list, listed by PROPFIND and read by GET: the server as it
        is, without the library's reports or sync tokens in between."""
        result = []
        body = '<d:propfind xmlns:d="DAV:"><d:prop><d:getetag/></d:prop></d:propfind>'
        for name, calendar in self.task_lists():
            base = str(calendar.url)
            listing = self.client.request(base, "PROPFIND", body, {"Depth": "1", "Content-Type": "application/xml"})
            root = ElementTree.fromstring(listing.raw.encode() if isinstance(listing.raw, str) else listing.raw)
            for href in root.iter("{DAV:}href"):
                url = urljoin(base, href.text.strip())
                if url.rstrip("/") == base.rstrip("/") or url.endswith("/"):
                    continue
                data = self.client.request(url, "GET").raw
                text = data.decode() if isinstance(data, bytes) else data
                for component in icalendar.Calendar.from_ical(text).walk("VTODO"):
                    result.append({
                        "list": name, "href": url, "uid": str(component.get("UID", "")),
                        "summary": summary_of(component), "done": done_of(component),
                    })
                    break
        return {"resources": result}


def answer(phone, request):
    """One request's answer; a refused write is an answer, not a failure of the phone."""
    op = request.get("op")
    try:
        if op == "refresh":
            return phone.refresh(request)
        if op == "add":
            return phone.add(request)
        if op in ("edit", "complete", "uncomplete", "delete"):
            return phone.change(request)
        if op == "resources":
            return phone.resources(request)
        if op == "put":
            return phone.put(request)
        if op == "details":
            return phone.details(request)
        return {"ok": False, "reason": "unknown request %r" % op}
    except (error.ETagMismatchError, error.ScheduleTagMismatchError):
        return {"ok": False, "reason": "412"}
    except error.NotFoundError:
        request_uid = request.get("uid")
        if request_uid in phone.view:
            del phone.view[request_uid]
        return {"ok": False, "reason": "gone"}
    except Exception as failure:  # noqa: BLE001 - the test reports what went wrong
        # The write may or may not have happened.
        return {"ok": False, "reason": "unknown", "detail": "%s: %s" % (type(failure).__name__, failure)}


def main():
    url, user, password = sys.argv[1], sys.argv[2], sys.argv[3]
    phone = Phone(url, user, password)
    print(json.dumps({"ready": True}), flush=True)
    for line in sys.stdin:
        if not line.strip():
            continue
        print(json.dumps(answer(phone, json.loads(line))), flush=True)


if __name__ == "__main__":
    main()
