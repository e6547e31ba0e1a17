"""A TCP proxy in front of a service whose connections a test can cut (`drop()`), as a lost
network path would: the client sees its stream end mid-way and must resume it; or stall
(`stall()`), as a path that stopped carrying packets: the client's time-out must end its wait."""

from __future__ import annotations

import socket
import threading


class DroppingProxy:
    def __init__(self, upstream: str) -> None:
        host, _, port = upstream.rpartition(":")
        self._upstream = (host, int(port))
        self._listener = socket.create_server(("127.0.0.1", 0))
        self.address = f"127.0.0.1:{self._listener.getsockname()[1]}"
        self.connections = 0
        self._open: list[socket.socket] = []
        self._lock = threading.Lock()
        self._flowing = threading.Event()
        self._flowing.set()
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                client, _ = self._listener.accept()
            except OSError:
                return  # closed
            server = socket.create_connection(self._upstream)
            with self._lock:
                self.connections += 1
                self._open += [client, server]
            for source, sink in ((client, server), (server, client)):
                threading.Thread(target=self._pump, args=(source, sink), daemon=True).start()

    def _pump(self, source: socket.socket, sink: socket.socket) -> None:
        try:
            while data := source.recv(65536):
                self._flowing.wait()
                sink.sendall(data)
        except OSError:
            pass
        finally:
            for end in (source, sink):
                try:
                    end.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass

    def drop(self) -> None:
        """Cuts every connection open now; new ones are still taken."""
        with self._lock:
            dropped, self._open = self._open, []
        for end in dropped:
            try:
                end.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
            end.close()

    def stall(self) -> None:
        """Holds every byte from now on, in both directions, until `flow()`."""
        self._flowing.clear()

    def flow(self) -> None:
        self._flowing.set()

    def close(self) -> None:
        self._listener.close()
        self.flow()
        self.drop()
