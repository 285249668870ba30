"""Loopback ports for the end-to-end checks' servers."""
import socket
import time


def free_port():
    """A port nothing listens on now, on 127.0.0.1."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_port(port, check, seconds=60):
    """Waits until something listens on 127.0.0.1:port; else ends the check `check` as failed."""
    deadline = time.time() + seconds
    while time.time() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            time.sleep(0.1)
    raise SystemExit(f"{check}: FAILED: nothing listens on 127.0.0.1:{port}")
