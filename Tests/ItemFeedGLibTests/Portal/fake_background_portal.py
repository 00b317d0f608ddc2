#!/usr/bin/env python3
"""A Background portal for the tests, on their session bus: it takes the
name org.freedesktop.portal.Desktop, answers RequestBackground as
xdg-desktop-portal does (the request's path, then its Response signal) and
prints each request's options as JSON. argv[1] says how it answers:
allow, allow-no-autostart, refuse, fail (an error instead of a request)."""
import json
import sys

from gi.repository import Gio, GLib

XML = """<node><interface name="org.freedesktop.portal.Background">
<method name="RequestBackground"><arg type="s" direction="in"/><arg type="a{sv}" direction="in"/><arg type="o" direction="out"/></method>
</interface></node>"""
mode = sys.argv[1]


def called(connection, sender, path, interface, method, parameters, invocation):
    parent, options = parameters.unpack()
    print(json.dumps({"parent": parent, "options": options}), flush=True)
    if mode == "fail":
        invocation.return_dbus_error("org.freedesktop.portal.Error.Failed", "no background for you")
        return
    handle = "/org/freedesktop/portal/desktop/request/%s/%s" % (sender[1:].replace(".", "_"), options["handle_token"])
    invocation.return_value(GLib.Variant("(o)", (handle,)))
    if mode == "refuse":
        response, results = 1, {}
    else:
        response = 0
        results = {"background": GLib.Variant("b", True), "autostart": GLib.Variant("b", mode == "allow" and options["autostart"])}
    connection.emit_signal(sender, handle, "org.freedesktop.portal.Request", "Response", GLib.Variant("(ua{sv})", (response, results)))


bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
bus.register_object("/org/freedesktop/portal/desktop", Gio.DBusNodeInfo.new_for_xml(XML).interfaces[0], called, None, None)
Gio.bus_own_name_on_connection(bus, "org.freedesktop.portal.Desktop", Gio.BusNameOwnerFlags.NONE, lambda *_: print("ready", flush=True), None)
GLib.MainLoop().run()
