#!/usr/bin/python3
"""A stand-in for the XDG Settings portal on a private session bus, for
ItemFeed's colour-scheme test. Prints "READY" once it owns its name; each
line "N" on stdin sets org.freedesktop.appearance color-scheme to N and
emits SettingChanged. Exits when stdin closes. Needs python3-gi (Debian's).
"""
import sys
import threading

from gi.repository import Gio, GLib

XML = """
<node>
  <interface name="org.freedesktop.portal.Settings">
    <method name="Read">
      <arg type="s" name="namespace" direction="in"/>
      <arg type="s" name="key" direction="in"/>
      <arg type="v" name="value" direction="out"/>
    </method>
    <signal name="SettingChanged">
      <arg type="s" name="namespace"/>
      <arg type="s" name="key"/>
      <arg type="v" name="value"/>
    </signal>
  </interface>
</node>
"""
PATH = "/org/freedesktop/portal/desktop"
IFACE = "org.freedesktop.portal.Settings"
state = {"scheme": int(sys.argv[1]) if len(sys.argv) > 1 else 0}
loop = GLib.MainLoop()


def on_call(connection, sender, path, interface, method, parameters, invocation):
    namespace, key = parameters.unpack()
    if (namespace, key) == ("org.freedesktop.appearance", "color-scheme"):
        # Older portals wrap the value twice, as here.
        value = GLib.Variant("v", GLib.Variant("u", state["scheme"]))
        invocation.return_value(GLib.Variant.new_tuple(value))
    else:
        invocation.return_dbus_error("org.freedesktop.portal.Error.NotFound", "no such setting")


def on_bus(connection, name):
    info = Gio.DBusNodeInfo.new_for_xml(XML).interfaces[0]
    connection.register_object(PATH, info, on_call, None, None)

    def commands():
        for line in sys.stdin:
            state["scheme"] = int(line)
            GLib.idle_add(lambda: connection.emit_signal(
                None, PATH, IFACE, "SettingChanged",
                GLib.Variant("(ssv)", ("org.freedesktop.appearance", "color-scheme", GLib.Variant("u", state["scheme"])))) and False)
        GLib.idle_add(loop.quit)

    threading.Thread(target=commands, daemon=True).start()


def on_name(connection, name):
    print("READY", flush=True)


Gio.bus_own_name(Gio.BusType.SESSION, "org.freedesktop.portal.Desktop",
                 Gio.BusNameOwnerFlags.NONE, on_bus, on_name, lambda *a: loop.quit())
loop.run()
