"""The base protocol of `storygraph lsp`, byte by byte (no LSP client sends these): bad
headers and bodies get JSON-RPC errors and the server goes on; the lifecycle is the
specification's."""

import json
import subprocess

from conftest import BINARY


class Server:
    def __init__(self):
        self.process = subprocess.Popen([BINARY, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)

    def write(self, raw: bytes):
        self.process.stdin.write(raw)
        self.process.stdin.flush()

    def send(self, message):
        body = json.dumps(message).encode()
        self.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)

    def read(self):
        header = b""
        while not header.endswith(b"\r\n\r\n"):
            byte = self.process.stdout.read(1)
            assert byte, "the server closed its output"
            header += byte
        assert header.startswith(b"Content-Length: ")
        length = int(header[len(b"Content-Length: ") : -4])
        return json.loads(self.process.stdout.read(length))

    def finish(self) -> int:
        self.process.stdin.close()
        return self.process.wait(timeout=10)


def error(id, code):
    return lambda message: message["id"] == id and message["error"]["code"] == code


def test_a_request_before_initialize_is_refused():
    server = Server()
    server.send({"jsonrpc": "2.0", "id": 1, "method": "textDocument/hover", "params": {}})
    assert server.read() == {"jsonrpc": "2.0", "id": 1, "error": {"code": -32002, "message": "initialize first"}}
    server.send({"jsonrpc": "2.0", "id": 2, "method": "initialize", "params": {}})
    assert server.read()["result"]["capabilities"]["textDocumentSync"] == {
        "openClose": True,
        "change": 2,
        "save": {"includeText": False},
    }
    server.send({"jsonrpc": "2.0", "id": 3, "method": "initialize", "params": {}})
    assert server.read()["error"]["code"] == -32600
    assert server.finish() == 1


def test_malformed_messages_get_errors_and_the_server_goes_on():
    server = Server()
    server.send({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {}})
    server.read()
    server.write(b"Content-Length: 9\r\n\r\n{not json")
    assert server.read() == {"jsonrpc": "2.0", "id": None, "error": {"code": -32700, "message": "the message is not JSON"}}
    server.write(b"Content-Type: text/plain\r\n\r\n")
    assert server.read()["error"] == {"code": -32700, "message": "header without Content-Length"}
    server.write(b"Content-Length: lots\r\n\r\n")
    assert server.read()["error"] == {"code": -32700, "message": "Content-Length is not a length: lots"}
    server.write(b"garbage line\r\n\r\n")
    assert server.read()["error"]["code"] == -32700
    server.send([1, 2])
    assert [m["error"]["code"] for m in (server.read(), server.read())] == [-32600, -32600]
    server.send({"jsonrpc": "2.0", "id": 7, "method": "workspace/unknownThing", "params": {}})
    assert server.read() == {"jsonrpc": "2.0", "id": 7, "error": {"code": -32601, "message": "no method workspace/unknownThing"}}
    # An unknown notification is no error; a hover on a file that is not open is null.
    server.send({"jsonrpc": "2.0", "method": "$/somethingElse", "params": {}})
    server.send(
        {
            "jsonrpc": "2.0",
            "id": 8,
            "method": "textDocument/hover",
            "params": {"textDocument": {"uri": "file:///nowhere.twee"}, "position": {"line": 0, "character": 0}},
        }
    )
    assert server.read() == {"jsonrpc": "2.0", "id": 8, "result": None}
    server.send({"jsonrpc": "2.0", "id": 9, "method": "textDocument/hover", "params": {"textDocument": {}}})
    assert server.read()["error"]["code"] == -32602
    server.send({"jsonrpc": "2.0", "id": 10, "method": "shutdown"})
    assert server.read() == {"jsonrpc": "2.0", "id": 10, "result": None}
    server.send({"jsonrpc": "2.0", "id": 11, "method": "textDocument/hover", "params": {}})
    assert server.read()["error"]["code"] == -32600
    server.send({"jsonrpc": "2.0", "method": "exit"})
    assert server.process.wait(timeout=10) == 0
