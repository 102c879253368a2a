"""The machine's floor for the half-load tails: a bare epoll HTTP server (no framework, no
allocations to speak of), run on the service core and paced like the endpoints. Its p99/p50 is
what the core, the kernel and the hypervisor alone give a sub-millisecond request."""

import select
import socket
import sys

RESPONSE = b'HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 18\r\n\r\n{"hello": "world"}'


def serve(port: int) -> None:
    listener = socket.socket()
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind(("127.0.0.1", port))
    listener.listen(128)
    listener.setblocking(False)
    ep = select.epoll()
    ep.register(listener.fileno(), select.EPOLLIN)
    conns: dict[int, socket.socket] = {}
    while True:
        for fd, _ in ep.poll():
            if fd == listener.fileno():
                c, _ = listener.accept()
                c.setblocking(False)
                c.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
                conns[c.fileno()] = c
                ep.register(c.fileno(), select.EPOLLIN)
                continue
            c = conns[fd]
            data = c.recv(65536)
            if not data:
                ep.unregister(fd)
                conns.pop(fd).close()
                continue
            c.sendall(RESPONSE * data.count(b"\r\n\r\n"))


if __name__ == "__main__":
    serve(int(sys.argv[1]))
