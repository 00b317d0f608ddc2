#!/usr/bin/env python3
"""The desktop's notification server for the tests, on their session bus:
it takes org.freedesktop.Notifications, prints each notification as JSON
(id, summary, body, actions) and, told "invoke ID KEY" on its standard
input, presses that action (ActionInvoked), as a user clicking its button."""
import json
import sys

from gi.repository import Gio, GLib

XML = """<node><interface name="org.freedesktop.Notifications">
<method name="Notify"><arg type="s" direction="in"/><arg type="u" direction="in"/><arg type="s" direction="in"/><arg type="s" direction="in"/>
<arg type="s" direction="in"/><arg type="as" direction="in"/><arg type="a{sv}" direction="in"/><arg type="i" direction="in"/><arg type="u" direction="out"/></method>
<method name="CloseNotification"><arg type="u" direction="in"/></method>
<method name="GetCapabilities"><arg type="as" direction="out"/></method>
<method name="GetServerInformation"><arg type="s" direction="out"/><arg type="s" direction="out"/><arg type="s" direction="out"/><arg type="s" direction="out"/></method>
<signal name="ActionInvoked"><arg type="u"/><arg type="s"/></signal>
<signal name="NotificationClosed"><arg type="u"/><arg type="u"/></signal>
</interface></node>"""
bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
senders = {}
count = [0]


def called(connection, sender, path, interface, method, parameters, invocation):
    if method == "Notify":
        app, replaces, icon, summary, body, actions, hints, timeout = parameters.unpack()
        count[0] += 1
        number = replaces or count[0]
        senders[number] = sender
        print(json.dumps({"id": number, "summary": summary, "body": body, "actions": actions}), flush=True)
        invocation.return_value(GLib.Variant("(u)", (number,)))
    elif method == "CloseNotification":
        print(json.dumps({"closed": parameters.unpack()[0]}), flush=True)
        invocation.return_value(None)
    elif method == "GetCapabilities":
        invocation.return_value(GLib.Variant("(as)", (["actions", "body"],)))
    else:
        invocation.return_value(GLib.Variant("(ssss)", ("fake", "itemfeed-tests", "1", "1.2")))


def told(channel, condition):
    line = sys.stdin.readline()
    if not line:
        loop.quit()
        return False
    words = line.split(maxsplit=2)
    if len(words) == 3 and words[0] == "invoke":
        number = int(words[1])
        bus.emit_signal(senders.get(number), "/org/freedesktop/Notifications", "org.freedesktop.Notifications", "ActionInvoked",
                        GLib.Variant("(us)", (number, words[2].strip())))
    return True


bus.register_object("/org/freedesktop/Notifications", Gio.DBusNodeInfo.new_for_xml(XML).interfaces[0], called, None, None)
Gio.bus_own_name_on_connection(bus, "org.freedesktop.Notifications", Gio.BusNameOwnerFlags.NONE, lambda *_: print("ready", flush=True), None)
GLib.io_add_watch(GLib.IOChannel.unix_new(sys.stdin.fileno()), GLib.PRIORITY_DEFAULT, GLib.IOCondition.IN | GLib.IOCondition.HUP, told)
loop = GLib.MainLoop()
loop.run()
