#!/usr/bin/python3
"""A freedesktop Notifications service for the tests: records each Notify call it receives.

Usage: notification-service.py RECORD READY [--refuse]
Appends one JSON line per notification to RECORD ({"app", "summary", "body", "time"}), creates
READY once it owns the name org.freedesktop.Notifications on the session bus, and with --refuse
answers every Notify with an error, as a broken service would.
"""
import json
import sys
import time

import dbus
import dbus.mainloop.glib
import dbus.service
from gi.repository import GLib

INTERFACE = "org.freedesktop.Notifications"


class Notifications(dbus.service.Object):
    def __init__(self, bus, record, refuse):
        super().__init__(bus, "/org/freedesktop/Notifications")
        self.record = record
        self.refuse = refuse
        self.count = 0

    @dbus.service.method(INTERFACE, in_signature="susssasa{sv}i", out_signature="u")
    def Notify(self, app, replaces, icon, summary, body, actions, hints, timeout):
        if self.refuse:
            raise dbus.exceptions.DBusException("refused by the test", name=INTERFACE + ".Error.Refused")
        self.count += 1
        entry = {"app": str(app), "summary": str(summary), "body": str(body), "time": time.time()}
        with open(self.record, "a", encoding="utf-8") as file:
            file.write(json.dumps(entry) + "\n")
        return dbus.UInt32(self.count)

    @dbus.service.method(INTERFACE, in_signature="", out_signature="as")
    def GetCapabilities(self):
        return ["body"]

    @dbus.service.method(INTERFACE, in_signature="", out_signature="ssss")
    def GetServerInformation(self):
        return ("checklists-test", "checklists", "1", "1.2")

    @dbus.service.method(INTERFACE, in_signature="u", out_signature="")
    def CloseNotification(self, identifier):
        pass


def main():
    record, ready = sys.argv[1], sys.argv[2]
    refuse = "--refuse" in sys.argv[3:]
    dbus.mainloop.glib.DBusGMainLoop(set_as_default=True)
    bus = dbus.SessionBus()
    name = dbus.service.BusName(INTERFACE, bus)
    service = Notifications(bus, record, refuse)
    open(ready, "w").close()
    GLib.MainLoop().run()
    del name, service


if __name__ == "__main__":
    main()
